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
