import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MotionGate } from '../../src/vision/detection/motion-gate.js';

const W = 160, H = 96;
function cloth(): Uint8Array {
  const img = new Uint8Array(W * H * 3);
  for (let i = 0; i < W * H; i++) { img[3 * i] = 40; img[3 * i + 1] = 120; img[3 * i + 2] = 50; }
  return img;
}
function ball(img: Uint8Array, cx: number, cy: number, r = 5): Uint8Array {
  const out = Uint8Array.from(img);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) {
    if ((x - cx) ** 2 + (y - cy) ** 2 > r * r) continue;
    out.set([235, 235, 230], 3 * (y * W + x));
  }
  return out;
}

test('the first frame and a periodic refresh search everything', () => {
  const gate = new MotionGate(W, H, { refreshFrames: 3 });
  const a = ball(cloth(), 40, 40);
  const d0 = gate.decide(a);
  assert.equal(d0.kind, 'all');
  gate.commit(a, d0);
  assert.equal(gate.decide(a).kind, 'none');
  assert.equal(gate.decide(a).kind, 'none');
  assert.equal(gate.decide(a).kind, 'all', 'the third frame since a full search is a full search again');
});

test('a periodic full search still knows where nothing changed since the last search', () => {
  // (1235000 at 3.0 s: the refresh of a still rack found ball 13 and lost ball 11 beside it; a ball held
  // where nothing changed is kept through it, see unfoundWhereUnchanged())
  const gate = new MotionGate(W, H, { refreshFrames: 1 });
  const a = ball(ball(cloth(), 40, 40), 130, 70);
  gate.commit(a, gate.decide(a));
  const b = ball(ball(cloth(), 40, 40), 110, 70);
  const d = gate.decide(b);
  assert.equal(d.kind, 'all');
  assert.ok(gate.unchangedAt(d, 40, 40), 'the still ball\'s place is unchanged');
  assert.ok(!gate.unchangedAt(d, 130, 70) && !gate.unchangedAt(d, 110, 70), 'the moved ball\'s old and new places changed');
  gate.commit(b, d);
  const first = new MotionGate(W, H).decide(a);
  assert.ok(!new MotionGate(W, H).unchangedAt(first, 40, 40), 'the first frame knows nothing of change');
});

test('a full search keeps a held ball it did not find again where nothing changed, and takes its own finding of one it did', async () => {
  const { unfoundWhereUnchanged } = await import('../../src/vision/detection/detector.js');
  const det = (u: number, v: number) => ({ u_px: u, v_px: v, r_px: 14, x_mm: u, y_mm: v, rExpected_px: 14, confidence: 0.9 });
  const held = [det(100, 100), det(200, 100), det(300, 100)];
  const found = [det(203, 101)];
  const kept = unfoundWhereUnchanged(held as never, found as never, (b) => b.u_px !== 300);
  assert.deepEqual(kept.map((b) => b.u_px), [100], 'the unfound still ball is kept; the refound one is not doubled; the one where the picture changed goes');
});

test('an unchanged picture with sensor noise is not searched', () => {
  const gate = new MotionGate(W, H);
  const a = ball(cloth(), 40, 40);
  gate.commit(a, gate.decide(a));
  const noisy = Uint8Array.from(a, (v, i) => Math.max(0, Math.min(255, v + ((i * 7919) % 9) - 4)));
  assert.equal(gate.decide(noisy).kind, 'none');
});

test('a moving ball dirties its neighbourhood only, and a ball elsewhere is not covered', () => {
  const gate = new MotionGate(W, H);
  const base = ball(ball(cloth(), 40, 40), 130, 70);
  gate.commit(base, gate.decide(base));
  const moved = ball(ball(cloth(), 44, 41), 130, 70);
  const d = gate.decide(moved);
  assert.equal(d.kind, 'some');
  assert.ok(d.share > 0 && d.share < 0.5);
  assert.ok(MotionGate.covers(d, W, 40, 40) && MotionGate.covers(d, W, 44, 41), 'old and new place searched');
  assert.ok(!MotionGate.covers(d, W, 130, 70), 'the ball that stood still is not searched again');
});

test('slow creep adds up against the last searched picture, not the previous frame', () => {
  const gate = new MotionGate(W, H);
  let img = ball(cloth(), 40.0, 40);
  gate.commit(img, gate.decide(img));
  let searched = false;
  // a soft-edged ball moving a fraction of a pixel per frame
  for (let k = 1; k <= 20 && !searched; k++) {
    img = ball(cloth(), 40 + k * 0.25, 40);
    const d = gate.decide(img);
    if (d.kind !== 'none') searched = true;
    gate.commit(img, d);
  }
  assert.ok(searched, 'the creeping ball is searched again once it has moved');
});

test('a change over most of the table is one full search', () => {
  const gate = new MotionGate(W, H);
  const a = cloth();
  gate.commit(a, gate.decide(a));
  const bright = Uint8Array.from(a, (v) => Math.min(255, v + 40));
  assert.equal(gate.decide(bright).kind, 'all');
});

test('a search that reaches part of a held ball searches all of it, and leaves untouched balls alone', () => {
  // cells are 16 px: a change in the cell x 16..31 dirties the cells x 0..47 around it, and the ball at
  // x = 48 lies across that edge; a hand drawing away beside a ball does this
  const base = ball(ball(cloth(), 48, 40), 130, 70);
  const change = (img: Uint8Array) => {
    const out = Uint8Array.from(img);
    for (let y = 34; y < 46; y++) for (let x = 20; x < 28; x++) out.set([200, 170, 150], 3 * (y * W + x));
    return out;
  };
  const held = [{ x: 48, y: 40, r: 5 }, { x: 130, y: 70, r: 5 }];
  const plain = new MotionGate(W, H);
  plain.commit(base, plain.decide(base));
  const cut = plain.decide(change(base));
  assert.equal(cut.kind, 'some');
  assert.ok(MotionGate.covers(cut, W, 44, 40) && !MotionGate.covers(cut, W, 52, 40), 'without the held balls the search cuts the ball');
  const gate = new MotionGate(W, H);
  gate.commit(base, gate.decide(base));
  const d = gate.decide(change(base), held);
  assert.equal(d.kind, 'some');
  for (const [x, y] of [[43, 40], [53, 40], [48, 35], [48, 45]] as const) assert.ok(MotionGate.covers(d, W, x, y), `(${x}, ${y}) of the held ball searched`);
  assert.ok(d.boxes!.some((b) => b.x0 <= 43 && b.x1 > 53 && b.y0 <= 35 && b.y1 > 45), 'a box holds the whole ball');
  assert.ok(!MotionGate.covers(d, W, 130, 70), 'a held ball nothing reached is not searched');
});

test("the gate's image: at an odd scale the nearest-exact resize is the linear one, pixel for pixel", async () => {
  const { default: cv } = await import('../../src/vision/cv.js');
  const { gateInterpolation } = await import('../../src/vision/detection/detector.js');
  let s = 7;
  for (const scale of [1, 2, 3, 4, 5]) {
    const w = 40 * scale, h = 30 * scale;
    const buf = Buffer.alloc(w * h * 3);
    for (let i = 0; i < buf.length; i++) { s = (s * 1103515245 + 12345) & 0x7fffffff; buf[i] = s >> 23; }
    const img = new cv.Mat(buf, h, w, cv.CV_8UC3);
    const linear = img.resize(30, 40, 0, 0, cv.INTER_LINEAR).getData();
    const chosen = img.resize(30, 40, 0, 0, gateInterpolation(scale)).getData();
    assert.ok(linear.equals(chosen), `scale ${scale}`);
  }
  assert.equal(gateInterpolation(2), cv.INTER_LINEAR);
  assert.notEqual(gateInterpolation(3), cv.INTER_LINEAR);
});
