// Stroke inference on made-up observations (no pixels): what the back half of the pipeline makes of
// balls that roll, wobble on a hand, are carried by one, or are hidden by an arm.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ObservationAnalyzer } from '../../src/vision/analyze-observations.js';
import type { BallDetection, FrameObservation, OccludedBox } from '../../src/vision/observation.js';
import type { MovedRecord, ShotRecord, TableRecord } from '../../src/protocol/records.js';
import { RUSSIAN_12FT } from '../../src/table/geometry.js';
import { at, det, reading } from './observations.js';

const FPS = 30;
interface Ball { id: 'cue' | number; x: number; y: number }
/** Eight resting balls spread over the table, the cue ball first; they carry their look as a cue-like score. */
function layout(): Ball[] {
  const out: Ball[] = [{ id: 'cue', x: -900, y: 0 }];
  for (let i = 1; i <= 7; i++) out.push({ id: i, x: -300 + 180 * i, y: (i % 2 ? 1 : -1) * 300 });
  return out;
}
const seen = (b: Ball): BallDetection => ({ x_mm: b.x, y_mm: b.y, conf: 0.95, cueLike: b.id === 'cue' ? 0.95 : 0.03 });
/** A piece of a hand found as part of a ball's outline. */
const part = (x: number, y: number): BallDetection => ({ x_mm: x, y_mm: y, conf: 0.5, cueLike: 0.03, partial: true });
function frame(i: number, balls: Ball[], occluded: OccludedBox[] = [], extra: BallDetection[] = []): FrameObservation {
  return { index: i, t_s: i / FPS, detections: [...balls.map(seen), ...extra], occluded };
}

/** The layout, one of its balls, and the rest. */
function setAside(idx: number): { balls: Ball[]; ball: Ball; others: Ball[] } {
  const balls = layout();
  const ball = balls[idx]!;
  return { balls, ball, others: balls.filter((b) => b !== ball) };
}

function run(frames: FrameObservation[]): TableRecord[] {
  const a = new ObservationAnalyzer(RUSSIAN_12FT, { rack: false });
  const out: TableRecord[] = [];
  for (const f of frames) out.push(...a.push(f));
  out.push(...a.finish());
  return out;
}
const shots = (r: TableRecord[]) => r.filter((x): x is ShotRecord => x.type === 'shot');
/** No stroke in the records, and one `moved` record. */
function movedNotStruck(recs: TableRecord[]): void {
  assert.deepEqual(shots(recs), [], JSON.stringify(recs));
  assert.equal(recs.filter((r): r is MovedRecord => r.type === 'moved').length, 1, JSON.stringify(recs));
}

/** Two seconds at rest, then `move(k, balls)` for frames k = 0.. of the action, then three seconds at rest. */
function scene(actionFrames: number, move: (k: number, balls: Ball[]) => { occluded?: OccludedBox[]; extra?: BallDetection[] } | void): FrameObservation[] {
  const balls = layout();
  const out: FrameObservation[] = [];
  let i = 0;
  for (; i < 2 * FPS; i++) out.push(frame(i, balls));
  for (let k = 0; k < actionFrames; k++, i++) {
    const extra = move(k, balls) ?? {};
    out.push(frame(i, balls, extra.occluded, extra.extra));
  }
  for (let k = 0; k < 3 * FPS; k++, i++) out.push(frame(i, balls));
  return out;
}

test('a cue ball struck into nothing is a stroke: struck cue, no contact', () => {
  // 2 m/s slowing to a stop over two seconds, away from every ball
  const recs = run(scene(60, (k, b) => { b[0]!.y = -20 * k + 0.17 * k * k; b[0]!.x = -900; }));
  const s = shots(recs);
  assert.equal(s.length, 1);
  assert.equal(s[0]!.struck, 'cue');
  assert.equal(s[0]!.firstContact, null);
});

test('a ball the cue ball grazed, which crept off too slowly for the contact to be seen, is the first contact though a later one was seen', () => {
  // (1185006: the cue ball at 2.2 m/s grazed ball 2, which crept 42 mm at 85 mm/s, then hit ball 14 full: "first
  // contact 14", silently.) The cue ball runs along y = 0 at 2.1 m/s past ball 1, 69 mm off its line (a thin cut),
  // and into ball 2 full on, stopping dead; ball 1 creeps off at 90 mm/s, ball 2 runs on at 2 m/s and stops
  const one: Ball = { id: 1, x: 0, y: -69 }, two: Ball = { id: 2, x: 700, y: 0 };
  const far: Ball[] = [{ id: 3, x: -300, y: 600 }, { id: 4, x: 300, y: 600 }, { id: 5, x: 900, y: -600 }];
  const out: FrameObservation[] = [];
  let i = 0;
  const cue = { id: 'cue' as const, x: -900, y: 0 };
  for (; i < 2 * FPS; i++) out.push(frame(i, [cue, one, two, ...far]));
  const hit = Math.ceil((two.x - 68 - cue.x) / 70);
  const passed = Math.ceil((one.x - cue.x) / 70);
  for (let k = 1; k <= 3 * FPS; k++, i++) {
    const c = { ...cue, x: Math.min(cue.x + 70 * k, two.x - 68) };
    const o = { ...one, y: one.y - 3 * Math.max(0, Math.min(k - passed, 15)) };
    const t = { ...two, x: two.x + (k <= hit ? 0 : Math.min(66 * (k - hit) - 1.1 * (k - hit) ** 2, 990)) };
    out.push(frame(i, [c, o, t, ...far]));
  }
  const s = shots(run(out));
  assert.equal(s.length, 1, JSON.stringify(s));
  assert.equal(s[0]!.struck, 'cue');
  assert.equal(s[0]!.firstContact, 1, JSON.stringify(s[0]));
});

test('a ball the cue ball grazed that crept into a pocket, no contact seen, is the first contact guessed: flagged', () => {
  // (1275004 at 65.8 s: the cue ball at 450 mm/s cut ball 14, in front of a middle pocket, so thinly that 14 started
  // 0.5 s later at 100 mm/s, the cue ball 200 mm on, and crept into the pocket: "first contact null".) The cue ball
  // runs along y = 742 past ball 1 at (0, 811), 69 mm off its line; ball 1 creeps in at 3 mm a frame from 0.5 s on
  const one: Ball = { id: 1, x: 0, y: 811 };
  const far: Ball[] = [{ id: 2, x: -300, y: -600 }, { id: 3, x: 300, y: -600 }, { id: 4, x: 900, y: -300 }];
  const out: FrameObservation[] = [];
  let i = 0;
  const cue = { id: 'cue' as const, x: -900, y: 742 };
  // (read clearly: the flag asked for is the guess's, not a name's)
  const read = (i: number, balls: Ball[]) => at(i, balls.map((b) => det(b)));
  for (; i < 2 * FPS; i++) out.push(read(i, [cue, one, ...far]));
  for (let k = 1; k <= 7 * FPS; k++, i++) {
    const after = Math.min(Math.max(0, k - 60), 125);
    const c = { ...cue, x: cue.x + 15 * Math.min(k, 60) + 15 * after - 0.06 * after * after };
    const y = one.y + 3 * Math.max(0, k - 75);
    out.push(read(i, [c, ...(y < 880 ? [{ ...one, y }] : []), ...far]));
  }
  const s = shots(run(out));
  assert.equal(s.length, 1, JSON.stringify(s));
  assert.equal(s[0]!.struck, 'cue');
  assert.deepEqual(s[0]!.pocketed.map((p) => p.ball), [1], JSON.stringify(s[0]));
  assert.equal(s[0]!.firstContact, 1, JSON.stringify(s[0]));
  assert.ok(s[0]!.review.some((r) => r.what === 'firstContact' && r.ball === 1 && /touching distance/.test(r.why ?? '')), JSON.stringify(s[0]!.review));
});

test('a cue ball hidden under the arm as it was struck, never seen on its way, found resting by the balls that moved, was struck: first contact guessed, both flagged', () => {
  // (1325000's break: the cue ball, at 5.8 m/s, was not found in one frame of its run to the rack; its track stayed
  // hidden on its place, the rack's back ball was seen to move first, and the stroke was "struck 2".) Here the cue
  // ball is boxed by the arm and never found on its way; ball 2 behind ball 1 moves a frame before ball 1 does, and
  // the cue ball is found at rest beside them a second later
  const cue: Ball = { id: 'cue', x: -900, y: 300 };
  const one: Ball = { id: 1, x: 500, y: 0 }, two: Ball = { id: 2, x: 569, y: 0 };
  const far: Ball[] = [{ id: 4, x: -300, y: -600 }, { id: 5, x: 300, y: -600 }];
  const arm: OccludedBox = { x0_mm: -1050, y0_mm: 150, x1_mm: -750, y1_mm: 450 };
  const read = (i: number, balls: Ball[], occluded: OccludedBox[] = []) => at(i, balls.map((b) => det(b)), occluded);
  const out: FrameObservation[] = [];
  let i = 0;
  for (; i < 2 * FPS; i++) out.push(read(i, [cue, one, two, ...far]));
  const rolled = (k: number, v: number) => (k <= 0 ? 0 : Math.min(v * k - 0.5 * k * k, v * v / 2));
  for (let k = 0; k < 6 * FPS; k++, i++) {
    const o = { ...one, x: one.x + rolled(k - 16, 30), y: one.y + rolled(k - 16, 10) };
    const t = { ...two, x: two.x + rolled(k - 15, 40) };
    const c: Ball[] = k >= 45 ? [{ id: 'cue', x: 450, y: 220 }] : [];
    out.push(read(i, [...c, o, t, ...far], k < 30 ? [arm] : []));
  }
  const s = shots(run(out));
  assert.equal(s.length, 1, JSON.stringify(s));
  assert.equal(s[0]!.struck, 'cue', JSON.stringify(s[0]));
  assert.equal(s[0]!.firstContact, 1, JSON.stringify(s[0]));
  assert.ok(s[0]!.review.some((r) => r.what === 'struck' && r.ball === 'cue' && /unseen on its way/.test(r.why ?? '')), JSON.stringify(s[0]!.review));
  assert.ok(s[0]!.review.some((r) => r.what === 'firstContact'), JSON.stringify(s[0]!.review));
});

test('a ball in a corner\'s mouth whose track follows a hand\'s pieces into the pocket, found whole on its place the frame after, was not pocketed', () => {
  // (1325002 at 41.0 s: ball 10, resting in the corner's mouth, unfound for two frames as a hand came over it; its
  // track took a piece of the hand 59 mm off, followed the pieces into the jaws and was "pocketed" in a stroke
  // "struck 10"; the ball was found whole on its place the frame after, and under the hand for a second more)
  const ten: Ball = { id: 10, x: 1716, y: -784 };
  const far: Ball[] = [{ id: 'cue', x: -900, y: 0 }, { id: 2, x: 300, y: 300 }, { id: 3, x: -300, y: -400 }];
  const read = (i: number, balls: Ball[], extra: BallDetection[] = [], occluded: OccludedBox[] = []) => at(i, [...balls.map((b) => det(b)), ...extra], occluded);
  const hand: OccludedBox = { x0_mm: 1530, y0_mm: -980, x1_mm: 1840, y1_mm: -680 };
  const out: FrameObservation[] = [];
  let i = 0;
  for (; i < 2 * FPS; i++) out.push(read(i, [ten, ...far]));
  // the hand comes: the ball unfound for two frames, pieces of the hand found instead, then boxed
  out.push(read(i++, far, [part(1660, -734), part(1701, -840)]));
  out.push(read(i++, far, [part(1749, -856)], [hand]));
  out.push(read(i++, [ten, ...far], [part(1766, -842)], [hand]));
  for (let k = 0; k < 3; k++, i++) out.push(read(i, [ten, ...far], [], [hand]));
  // under the hand for a second, then in view again
  for (let k = 0; k < FPS; k++, i++) out.push(read(i, far, [], [hand]));
  for (let k = 0; k < 3 * FPS; k++, i++) out.push(read(i, [ten, ...far]));
  const recs = run(out);
  assert.deepEqual(shots(recs), [], JSON.stringify(recs));
});

test('a ball that shifts a few mm in one frame as the cue ball sets off, and stays, is no first contact: flagged as jitter', () => {
  // 1030700: ball 10 "moved" 17 mm in one frame as a shadow crossed it, far from the cue ball, which
  // touched nothing; a ball that rolls off with no cause seen is still taken as the guess
  const run1 = (shift: (k: number) => number) => shots(run(scene(60, (k, b) => {
    b[0]!.y = -20 * k + 0.17 * k * k;
    b[4]!.y = -300 + shift(k);
  })));
  const s = run1((k) => (k >= 2 ? 17 : 0));
  assert.equal(s.length, 1, JSON.stringify(s));
  assert.equal(s[0]!.firstContact, null);
  assert.ok(s[0]!.review.some((r) => r.what === 'firstContact' && r.ball === 4 && /jitter/.test(r.why ?? '')), JSON.stringify(s[0]!.review));
  const rolled = run1((k) => (k < 2 ? 0 : Math.min(200, 15 * (k - 1))));
  assert.equal(rolled.length, 1, JSON.stringify(rolled));
  assert.equal(rolled[0]!.firstContact, 4);
});

test('a cue ball lost from sight while rolling right beside a ball, which then barely moves, is no silent "touched nothing": flagged', () => {
  // the cue ball rolls at 0.6 m/s from rest at (-900, 0) to a ball's width and a bit from ball 1 at
  // (-120, 300); a player's arm hides it there for two-thirds of a second; it comes back having rebounded
  // 80 mm, and ball 1 crept 3 mm (a touch too light to show)
  const balls = layout();
  const cue = balls[0]!, one = balls[1]!;
  const ux = (one.x - cue.x) / Math.hypot(one.x - cue.x, one.y - cue.y), uy = (one.y - cue.y) / Math.hypot(one.x - cue.x, one.y - cue.y);
  const reach = Math.hypot(one.x - cue.x, one.y - cue.y) - 78;
  const out: FrameObservation[] = [];
  let i = 0;
  for (; i < 2 * FPS; i++) out.push(frame(i, balls));
  const rollFrames = Math.ceil(reach / 20);
  for (let k = 1; k <= rollFrames; k++, i++) {
    const d = Math.min(reach, 20 * k);
    out.push(frame(i, [{ ...cue, x: -900 + ux * d, y: uy * d }, ...balls.slice(1)]));
  }
  const lost = { x: -900 + ux * reach, y: uy * reach };
  const arm: OccludedBox = { x0_mm: lost.x - 120, y0_mm: lost.y - 120, x1_mm: lost.x + 60, y1_mm: lost.y + 60 };
  const crept = [{ ...one, x: one.x + 3 }, ...balls.slice(2)];
  for (let k = 0; k < 20; k++, i++) out.push(frame(i, crept, [arm]));
  const back = { ...cue, x: lost.x - ux * 80, y: lost.y - uy * 80 };
  for (let k = 0; k < 3 * FPS; k++, i++) out.push(frame(i, [back, ...crept]));
  const s = shots(run(out));
  assert.equal(s.length, 1, JSON.stringify(s));
  assert.equal(s[0]!.struck, 'cue');
  assert.equal(s[0]!.firstContact, null);
  assert.ok(s[0]!.review.some((r) => r.what === 'firstContact' && r.ball === 1), JSON.stringify(s[0]!.review));
});

test('a stroke begun while the balls of an object ball "struck by the cue" (F3) still roll is flagged as possibly one stroke seen late', () => {
  // ball 3 starts rolling with nothing seen near it (taken as struck, F3); 0.8 s later the cue ball starts
  // too, far from every ball: by the rules a stroke while balls roll (F7), more likely one stroke whose
  // cue ball was hidden at first
  const recs = run(scene(70, (k, b) => {
    if (k < 40) b[3]!.y = 300 - (30 * k - 0.35 * k * k);
    if (k >= 25) b[0]!.y = -25 * (k - 25) + 0.25 * (k - 25) ** 2;
  }));
  const s = shots(recs);
  assert.equal(s.length, 2, JSON.stringify(s));
  assert.equal(s[0]!.struck, 3);
  assert.equal(s[1]!.struck, 'cue');
  assert.equal(s[1]!.whileMoving, true);
  assert.ok(s[1]!.review.some((r) => r.what === 'whileMoving'), JSON.stringify(s[1]!.review));
});

test('a ball the cue ball knocked on too softly to count as moving keeps its stroke open while it creeps: a stroke then is played while balls roll', () => {
  // (1330900: ball 9, knocked on at 127 mm/s, crept on at 48 mm/s when the cue ball was struck again; the first
  // stroke had been closed, and the second was not "played while balls rolled", silently.) The cue ball slows from
  // 1.2 m/s to 120 mm/s as it reaches ball 2 and stops there; ball 2 creeps off at 127 mm/s, slowing; 1.3 s later,
  // ball 2 still creeping at about 60 mm/s, the cue ball is struck away from it
  const two: Ball = { id: 2, x: 0, y: 300 };
  const far: Ball[] = [{ id: 3, x: -300, y: -600 }, { id: 4, x: 300, y: -600 }, { id: 5, x: 900, y: -300 }];
  const run_mm = 30 * (40 + 4) / 2;
  const cue = { id: 'cue' as const, x: two.x - 68 - run_mm, y: 300 };
  // (read clearly: the names are not what is asked)
  const frame = (i: number, balls: Ball[]) => at(i, balls.map((b) => det(b)));
  const out: FrameObservation[] = [];
  let i = 0;
  for (; i < 2 * FPS; i++) out.push(frame(i, [cue, two, ...far]));
  // (frame by frame: the cue ball's steps shrink from 40 mm to 4 mm over 30 frames; then ball 2's from 4.2 mm by 0.05 mm a frame)
  let cx = cue.x, bx = two.x;
  for (let k = 0; k < 30; k++, i++) { cx += 40 - (36 * k) / 29; out.push(frame(i, [{ ...cue, x: cx }, two, ...far])); }
  const again = 40;
  for (let k = 0; k < 4 * FPS; k++, i++) {
    bx += Math.max(0, 4.2 - 0.05 * k);
    const j = k - again;
    const c = j <= 0 ? cx : cx - (j * 40 - 0.4 * Math.min(j, 50) ** 2);
    out.push(frame(i, [{ ...cue, x: Math.max(c, cx - 1000) }, { ...two, x: bx }, ...far]));
  }
  const s = shots(run(out));
  assert.equal(s.length, 2, JSON.stringify(s));
  assert.equal(s[0]!.firstContact, 2, JSON.stringify(s[0]));
  assert.equal(s[1]!.struck, 'cue', JSON.stringify(s[1]));
  assert.equal(s[1]!.whileMoving, true, JSON.stringify(s[1]));
});

test('the outlines of a packed cluster found anew at once, every centre thrown up to 21 mm and staying, are no stroke', () => {
  // (1330400 at 2.97 s: the rack's partial outlines, drawn again as the player came to the table, threw ball 14's
  // centre 21 mm and its neighbours' 12-14 mm; ball 14 was "struck", F3, flagged, before the break.) Six touching
  // balls found in part, each centre off its ball by up to 21 mm for two seconds, then on it
  const D = 68.5, h = D * Math.sqrt(3) / 2;
  const rack: Ball[] = [
    { id: 1, x: 900, y: 0 }, { id: 2, x: 900 + h, y: D / 2 }, { id: 3, x: 900 + h, y: -D / 2 },
    { id: 4, x: 900 + 2 * h, y: D }, { id: 5, x: 900 + 2 * h, y: 0 }, { id: 6, x: 900 + 2 * h, y: -D },
  ];
  const off: [number, number][] = [[3, -2], [-5, -11], [4, 10], [-8, -19], [10, 6], [-3, 12]];
  const cue: Ball = { id: 'cue', x: -1000, y: 200 };
  const read = (i: number, shifted: boolean) => at(i, [det(cue), ...rack.map((b, k) => det({ ...b, x: b.x + (shifted ? 0 : off[k]![0]), y: b.y + (shifted ? 0 : off[k]![1]) }, { partial: true, conf: 0.6 }))]);
  const out: FrameObservation[] = [];
  let i = 0;
  for (; i < 2 * FPS; i++) out.push(read(i, false));
  for (let k = 0; k < 3 * FPS; k++, i++) out.push(read(i, true));
  const recs = run(out);
  assert.deepEqual(shots(recs), [], JSON.stringify(recs));
});

test('a ball put down beside balls still under the hand that placed it takes no hidden track: nothing moved', () => {
  // (1335005 at 15.9 s: a hand respotting ball 3 beside balls 6 and 15 under it; 6's track took 3 as it showed 65 mm
  // off, 15's took 6, and 12's took 15: three balls "moved".) Balls 6 and 15 boxed by the hand for a second; ball 3
  // is found 65 mm from 6 while both are still boxed, and they are found on their places a few frames later
  const six: Ball = { id: 6, x: 947, y: -34 }, fifteen: Ball = { id: 15, x: 1006, y: 0 }, three: Ball = { id: 3, x: 893, y: 1 };
  const far: Ball[] = [{ id: 'cue', x: -900, y: 300 }, { id: 4, x: -300, y: -600 }, { id: 5, x: 300, y: -600 }];
  const hand: OccludedBox = { x0_mm: 905, y0_mm: -80, x1_mm: 1050, y1_mm: 45 };
  const read = (i: number, balls: Ball[], occluded: OccludedBox[] = []) => at(i, balls.map((b) => det(b)), occluded);
  const out: FrameObservation[] = [];
  let i = 0;
  for (; i < 2 * FPS; i++) out.push(read(i, [six, fifteen, ...far]));
  for (let k = 0; k < FPS; k++, i++) out.push(read(i, far, [hand]));
  for (let k = 0; k < 4; k++, i++) out.push(read(i, [three, ...far], [hand]));
  for (let k = 0; k < 3 * FPS; k++, i++) out.push(read(i, [three, six, fifteen, ...far]));
  const recs = run(out);
  assert.deepEqual(recs.filter((r) => r.type === 'moved' || r.type === 'shot'), [], JSON.stringify(recs));
});

test('a ball that wobbles a few centimetres for a quarter of a second is no stroke (a hand or the cue tip on it)', () => {
  const recs = run(scene(8, (k, b) => { b[3]!.x = -300 + 540 + (k < 4 ? 15 * k : 15 * (8 - k)); }));
  assert.deepEqual(shots(recs), []);
});

test('a ball carried under a hand is moved, not struck', () => {
  const hand = (x: number, y: number): OccludedBox => ({ x0_mm: x - 60, y0_mm: y - 60, x1_mm: x + 60, y1_mm: y + 60 });
  // ball 2 slides 40 cm over 1.3 s with a hand over it all the way
  const recs = run(scene(40, (k, b) => { b[2]!.x = -300 + 360 + 10 * k; return { occluded: [hand(b[2]!.x, b[2]!.y)] }; }));
  assert.deepEqual(shots(recs), []);
  const moved = recs.filter((r): r is MovedRecord => r.type === 'moved');
  assert.equal(moved.length, 1);
});

test('a ball carried under a hand while another, under the arm, is thrown off its place and back is moved, not struck', () => {
  // 1051200: ball 9, under the arm of the hand carrying ball 11 past it, "started" 30 mm and came back to its
  // place: taken as a contact nobody saw, it made the carried ball "struck 11"
  const box = (x: number, y: number): OccludedBox => ({ x0_mm: x - 60, y0_mm: y - 60, x1_mm: x + 60, y1_mm: y + 60 });
  const recs = run(scene(40, (k, b) => {
    b[2]!.x = -300 + 360 + 10 * k;
    const four = b[4]!;
    four.x = 420 + (k >= 20 && k < 25 ? 30 : 0);
    return { occluded: [box(b[2]!.x, b[2]!.y), box(420, -300)] };
  }));
  assert.deepEqual(shots(recs), []);
  const moved = recs.filter((r): r is MovedRecord => r.type === 'moved');
  assert.equal(moved.length, 1, JSON.stringify(recs));
  assert.deepEqual(moved[0]!.balls, [2]);
});

test('a ball pushed by a hand nobody boxed past another, whose centre the hand shifts and lets go, is moved, not struck', () => {
  // 1091201: a fingertip pushing ball 14 along the cushion made one blob with it, its centre drawn ahead, that
  // came within touching distance of ball 11 as the hand shifted ball 11's centre 17 mm for two frames and hid
  // it for one: a "contact", and the pushed ball was "struck 14". Here ball 5 is eased 280 mm towards ball 3
  // (at x 240) to rest 80 mm short of it, the blob 26 mm ahead of it for five frames near the end.
  const ease = (s: number) => s * s * (3 - 2 * s);
  const balls = layout();
  const out: FrameObservation[] = [];
  let i = 0;
  for (; i < 2 * FPS; i++) out.push(frame(i, balls));
  for (let k = 0; k < 24; k++, i++) {
    balls[5]!.x = 600 - 280 * ease((k + 1) / 24) - (k >= 18 && k < 23 ? 26 : 0);
    balls[3]!.x = 240 + (k === 18 || k === 19 ? 18 : 0);
    out.push(frame(i, k === 20 ? balls.filter((b) => b.id !== 3) : balls));
  }
  for (let k = 0; k < 3 * FPS; k++, i++) out.push(frame(i, balls));
  const recs = run(out);
  assert.deepEqual(shots(recs), [], JSON.stringify(recs));
  assert.equal(recs.filter((r) => r.type === 'moved').length, 1);
});

test('a ball whose centre an arm throws off for a frame and then hides for a second, back on its place, was not struck', () => {
  // 1050200: ball 15, as the player walked past, was found 45 mm off for one frame and then lay under the arm
  // for a second: a "stroke" struck 15 (F3) that touched nothing
  const hiddenByArm = (backOff_mm: number) => {
    const balls = layout();
    const three = balls[3]!;
    const arm: OccludedBox = { x0_mm: three.x - 150, y0_mm: three.y - 100, x1_mm: three.x + 90, y1_mm: three.y + 100 };
    const out: FrameObservation[] = [];
    let i = 0;
    for (; i < 2 * FPS; i++) out.push(frame(i, balls));
    out.push(frame(i++, balls.map((b) => (b === three ? { ...b, x: b.x - 35, y: b.y - 28 } : b)), [arm]));
    for (let k = 0; k < 32; k++, i++) out.push(frame(i, balls.filter((b) => b !== three), [arm]));
    three.x += backOff_mm;
    for (let k = 0; k < 3 * FPS; k++, i++) out.push(frame(i, balls));
    return run(out).filter((r) => r.type === 'shot' || r.type === 'moved');
  };
  assert.deepEqual(hiddenByArm(0), []);
  // found 60 mm on when the arm goes: a hand moved it meanwhile
  const moved = hiddenByArm(60);
  assert.equal(moved.length, 1, JSON.stringify(moved));
  assert.equal(moved[0]!.type, 'moved');
});

test('a ball glimpsed under the arm off its place for a frame, hidden again while a stroke is played, is judged against its place before the arm came', () => {
  // 1250200 at 4.4 s: ball 12, under the arm, was "found" on a fingertip 60 mm off for one frame and hidden again;
  // the stroke played meanwhile dropped the question, and when the arm went ball 12, back on its place, had
  // "moved" from the fingertip's
  const hiddenThroughStroke = (back: { dx: number; dy: number }) => {
    const balls = layout();
    const cue = balls[0]!, three = balls[3]!;
    const arm: OccludedBox = { x0_mm: three.x - 150, y0_mm: three.y - 100, x1_mm: three.x + 120, y1_mm: three.y + 100 };
    const out: FrameObservation[] = [];
    let i = 0;
    const without3 = () => balls.filter((b) => b !== three);
    for (; i < 2 * FPS; i++) out.push(frame(i, balls));
    for (let k = 0; k < 10; k++, i++) out.push(frame(i, without3(), [arm]));
    out.push(frame(i++, without3(), [arm], [seen({ id: 3, x: three.x + 36, y: three.y - 48 })]));
    // the cue ball rolls 400 mm and stops, touching nothing, while the arm stays
    for (let k = 0; k < 45; k++, i++) {
      cue.x = -900 + 400 * Math.sin((Math.PI / 2) * Math.min(1, k / 30));
      out.push(frame(i, without3(), [arm]));
    }
    for (let k = 0; k < 2 * FPS; k++, i++) out.push(frame(i, without3(), [arm]));
    three.x += back.dx;
    three.y += back.dy;
    for (let k = 0; k < 3 * FPS; k++, i++) out.push(frame(i, balls));
    return run(out).filter((r) => r.type === 'shot' || r.type === 'moved');
  };
  const back = hiddenThroughStroke({ dx: 0, dy: 0 });
  assert.deepEqual(back.map((r) => r.type), ['shot'], JSON.stringify(back));
  // found on the glimpsed place when the arm goes: a hand had moved it
  const moved = hiddenThroughStroke({ dx: 36, dy: -48 });
  assert.deepEqual(moved.map((r) => r.type), ['shot', 'moved'], JSON.stringify(moved));
});

test('two balls whose tracks leap onto a hand for two frames each and lose sight of them, back on their places after, were not struck', () => {
  // 1090201: a player leaning over the table; ball 15 under the body and ball 1 by the hand each leapt onto
  // the hand for two frames and lost it (15 under the arm after, 1 lost from view): "struck 15", ball 1 lost
  // away from the pockets, and later ball 1's name given to ball 15 back in view. Here ball 3 is under the
  // body, ball 4 out in the open.
  const balls = layout();
  const three = balls[3]!, four = balls[4]!;
  const body: OccludedBox = { x0_mm: three.x - 100, y0_mm: three.y - 100, x1_mm: three.x + 100, y1_mm: three.y + 150 };
  const hand: OccludedBox = { x0_mm: 160, y0_mm: -80, x1_mm: 320, y1_mm: 80 };
  const phantom = (x: number, y: number): BallDetection => ({ x_mm: x, y_mm: y, conf: 0.45, cueLike: 0.1, partial: true });
  const out: FrameObservation[] = [];
  let i = 0;
  const push = (bs: Ball[], occ: OccludedBox[], extra?: BallDetection) => out.push(frame(i++, bs, occ, extra ? [extra] : []));
  for (let k = 0; k < 2 * FPS; k++) push(balls, []);
  const others = balls.filter((b) => b !== three && b !== four);
  push([...others, four], [body]);
  // ball 3's track takes a fingertip 300 mm off for two frames, and the hand is then boxed over it
  for (let k = 0; k < 2; k++) push([...others, four], [body], phantom(200 + 40 * k, 0));
  push([...others, four], [body, hand]);
  // ball 4's is lost, and takes a knuckle 180 mm off for two frames
  for (let k = 0; k < 2; k++) push(others, [body, hand], phantom(420 - 30 * k, -480));
  for (let k = 0; k < 40; k++) push(others, [body, hand]);
  for (let k = 0; k < 3 * FPS; k++) push(balls, []);
  assert.deepEqual(run(out).filter((r) => r.type === 'shot' || r.type === 'moved'), []);
});

test('a "ball" first believed during a stroke that then moves off with no ball near it is no unseen first contact', () => {
  // 1111500: a "ball" on the bridge hand by the rail, confirmed 0.4 s into the stroke, "started" as the hand
  // rose while the cue ball still rolled, and was taken as its first contact (a ball with no name); the cue
  // ball went on to hit ball 4. Here the cue ball rolls from (-900, 0) at 1 m/s into ball 1 at (-120, 300).
  const balls = layout();
  const cue = balls[0]!, one = balls[1]!;
  const dir = { x: one.x - cue.x, y: one.y - cue.y };
  const len = Math.hypot(dir.x, dir.y);
  const reach = len - 68;
  const out: FrameObservation[] = [];
  let i = 0;
  for (; i < 2 * FPS; i++) out.push(frame(i, balls));
  for (let k = 1; k <= 60; k++, i++) {
    const d = Math.min(reach, (1000 * k) / FPS);
    cue.x = -900 + (dir.x / len) * d;
    cue.y = (dir.y / len) * d;
    if (d >= reach) one.x = -120 + Math.min(300, 15 * (k - Math.ceil((reach * FPS) / 1000)));
    // the knuckle: seen from 0.1 s, still for 0.6 s, then rising off at 0.3 m/s
    const knuckle: BallDetection[] = k >= 3 && k < 40 ? [{ x_mm: -1650 + (k > 21 ? 10 * (k - 21) : 0), y_mm: -820, conf: 0.7, cueLike: 0.1 }] : [];
    out.push(frame(i, balls, [], knuckle));
  }
  for (let k = 0; k < 3 * FPS; k++, i++) out.push(frame(i, balls));
  const s = shots(run(out));
  assert.equal(s.length, 1, JSON.stringify(s));
  assert.equal(s[0]!.firstContact, 1, JSON.stringify(s[0]));
});

test('a ball slid by a hand the camera does not see, speeding up and slowing down again, is moved, not struck', () => {
  // ball 5 eased 250 mm over 0.7 s (fastest, 530 mm/s, halfway: faster than a hand is assumed to slide one),
  // no hand reported over it (1021200: a hand the detector did not box)
  const ease = (s: number) => s * s * (3 - 2 * s);
  const recs = run(scene(21, (k, b) => { b[5]!.x = -300 + 900 - 250 * ease((k + 1) / 21); }));
  assert.deepEqual(shots(recs), [], 'no stroke');
  assert.equal(recs.filter((r) => r.type === 'moved').length, 1);
  // a cue ball struck as softly, fastest as it leaves the tip and slowing to a stop, is a stroke
  const soft = shots(run(scene(30, (k, b) => { b[0]!.y = 20 * k - (20 / 60) * k * k; })));
  assert.equal(soft.length, 1, JSON.stringify(soft));
  assert.equal(soft[0]!.struck, 'cue');
});

test('a ball slid off its place slower than a ball counts as moving, found only in part under the hand, and left there, is moved', () => {
  // 1241201: ball 15 slid 61 mm at about 140 mm/s under a hand the camera did not box, its outline cut by the
  // fingers all the way; its rest place followed it, and no `moved` record went out
  const slid = (step_mm: number) => {
    const balls = layout();
    const four = balls[4]!;
    const out: FrameObservation[] = [];
    for (let i = 0; i < 2 * FPS; i++) out.push(frame(out.length, balls));
    for (let k = 0; k < 15; k++) {
      four.x += step_mm; four.y += step_mm / 2;
      out.push(frame(out.length, balls.filter((b) => b !== four), [], [part(four.x, four.y)]));
    }
    for (let k = 0; k < 3 * FPS; k++) out.push(frame(out.length, balls));
    return run(out).filter((r) => r.type === 'moved' || r.type === 'shot');
  };
  const moved = slid(4);
  assert.deepEqual(moved.map((r) => r.type === 'moved' && r.balls), [[4]], JSON.stringify(moved));
  // slid 22 mm in all (a nudge, or a centre off on a cut outline): no record
  assert.deepEqual(slid(1.3), []);
});

test('a ball whose track leaps onto the fingertips of a hand over it and crawls on with them is moved, not struck', () => {
  // 1171200: a pale hand the size of a ball slid ball 12 125 mm; no arm was boxed, the ball was not found under
  // the hand, and its track leapt 59 mm onto a fingertip and followed the fingers at 150 mm/s: "struck 12"
  const frames = (crawl_mm: number): FrameObservation[] => {
    const balls = layout();
    const ball = balls[5]!;
    const others = balls.filter((b) => b !== ball);
    const out: FrameObservation[] = [];
    let i = 0;
    for (; i < 2 * FPS; i++) out.push(frame(i, balls));
    const tip = { x: ball.x, y: ball.y - 59 };
    for (let k = 0; k < 20; k++, i++, tip.y -= crawl_mm) out.push(frame(i, others, [], [{ x_mm: tip.x, y_mm: tip.y, conf: 0.7, cueLike: 0.03, partial: true }]));
    ball.y -= 100;
    for (let k = 0; k < 3 * FPS; k++, i++) out.push(frame(i, balls));
    return out;
  };
  const recs = run(frames(5));
  assert.deepEqual(shots(recs), [], 'no stroke');
  const moved = recs.filter((r): r is MovedRecord => r.type === 'moved');
  assert.equal(moved.length, 1, JSON.stringify(recs));
  assert.deepEqual(moved[0]!.balls, [5]);
  // one that keeps its leap's pace (60 mm a frame, slowing a little) was struck
  const struck = shots(run(frames(55)));
  assert.equal(struck.length, 1, JSON.stringify(struck));
  assert.equal(struck[0]!.struck, 5);
});

test('a cue ball lost at a strike\'s pace a few frames short of a cushion and never found again left the table, flagged; one lost far from any cushion did not', () => {
  // 1160604: struck at 5.7 m/s from 300 mm short of the side cushion, seen for one step at 2 m/s, then nothing
  const lost = (y0: number, step: { x: number; y: number }, foundAgain?: Ball): ShotRecord[] => {
    const balls = layout();
    balls[0]!.y = y0;
    const out: FrameObservation[] = [];
    let i = 0;
    for (; i < 2 * FPS; i++) out.push(frame(i, balls));
    out.push(frame(i++, [{ ...balls[0]!, x: balls[0]!.x + step.x, y: y0 + step.y }, ...balls.slice(1)]));
    for (let k = 0; k < 3 * FPS; k++, i++) out.push(frame(i, [...balls.slice(1), ...(foundAgain && k >= 5 ? [foundAgain] : [])]));
    return shots(run(out));
  };
  const over = lost(590, { x: 9, y: 67 });
  assert.equal(over.length, 1, JSON.stringify(over));
  assert.deepEqual(over[0]!.offTable, ['cue']);
  assert.ok(over[0]!.review.some((r) => r.what === 'offTable' && r.ball === 'cue'), 'flagged for a person');
  // the same while a ball the camera was not following comes to rest elsewhere (the cue ball, found again
  // on a new track, its look not yet known: 1110900): it may be that one
  assert.deepEqual(lost(590, { x: 9, y: 67 }, { id: 'cue', x: 300, y: -500 })[0]!.offTable, []);
  // heading along the table's length, a metre and more from any cushion: lost from view, not gone
  const midTable = lost(0, { x: 67, y: 9 });
  assert.equal(midTable.length, 1, JSON.stringify(midTable));
  assert.deepEqual(midTable[0]!.offTable, []);
  assert.ok(midTable[0]!.review.some((r) => r.what === 'pocketed' && /lost from view/.test(r.why ?? '')), JSON.stringify(midTable[0]!.review));
});

test('a ball seen clear at a hand\'s pace as it starts, then faster once a hand is boxed over it, was moved, not struck; one that keeps its launch pace under the arm was struck', () => {
  // 1171201: ball 13, slid by a pale hand the camera boxed only 0.2 s in; seen clear at up to 276 mm/s, then
  // at 479 mm/s on the fingers' edge under the hand, 0.26 s into a run of a second
  const box = (x: number, y: number): OccludedBox => ({ x0_mm: x - 60, y0_mm: y - 60, x1_mm: x + 60, y1_mm: y + 60 });
  const slide = (steps_mm: number[]) => run(scene(steps_mm.length, (k, b) => {
    b[3]!.x += steps_mm[k]!;
    return k >= 7 && k < 13 ? { occluded: [box(b[3]!.x, b[3]!.y)] } : {};
  }));
  // 6-7 mm a frame clear (200 mm/s), 16 mm a frame under the hand (boxed for six frames), then slowing to a stop
  const hand = slide([6, 7, 6, 7, 6, 7, 6, 16, 16, 16, 14, 12, 10, 10, 8, 8, 6, 4, 2, 1]);
  assert.deepEqual(shots(hand), [], JSON.stringify(shots(hand)));
  assert.equal(hand.filter((r) => r.type === 'moved').length, 1);
  // 20 mm a frame clear (600 mm/s), slowing evenly under the arm: a soft stroke into nothing
  const cued = shots(slide([20, 20, 20, 19, 19, 19, 18, 18, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]));
  assert.equal(cued.length, 1, JSON.stringify(cued));
  assert.equal(cued[0]!.struck, 3);
});

test('a "ball" on an arm is never confirmed while the arm is there, and its motion makes no stroke', () => {
  const arm: OccludedBox = { x0_mm: 200, y0_mm: -700, x1_mm: 900, y1_mm: -500 };
  // a phantom appears on the arm, holds still for a second (the player aims), then moves with it
  const recs = run(scene(60, (k) => {
    const x = k < 30 ? 500 : 500 + 20 * (k - 30);
    return { occluded: [{ ...arm, x1_mm: arm.x1_mm + (k < 30 ? 0 : 20 * (k - 30)) }], extra: [{ x_mm: x, y_mm: -600, conf: 0.8, cueLike: 0.03 }] };
  }));
  assert.deepEqual(shots(recs), []);
});

test('an object ball set moving by a contact the camera missed stays in the stroke, and the guess is flagged', () => {
  // the cue ball rolls along the table's axis; ball 1 (-120, 300) starts rolling with the cue ball
  // never seen near it (the frames of the contact lost), while the cue ball rolls on
  const recs = run(scene(70, (k, b) => {
    if (k < 40) { b[0]!.x = -900 + 20 * k; b[0]!.y = k < 20 ? 0 : -12 * (k - 20); }
    if (k >= 20 && k < 40) b[1]!.x = -120 + 25 * (k - 19);
  }));
  const s = shots(recs);
  assert.equal(s.length, 1, JSON.stringify(s));
  assert.equal(s[0]!.whileMoving, false);
  assert.equal(s[0]!.firstContact, 1);
  assert.ok(s[0]!.review.some((r) => r.what === 'firstContact'));
});

test('a ball slid slowly with nothing seen over it (a small hand) is moved, not struck', () => {
  // 25 cm/s for 0.6 s, touching nothing: slower than any cued ball leaves the tip
  const recs = run(scene(18, (k, b) => { b[4]!.y = -300 + (250 / FPS) * k; }));
  assert.deepEqual(shots(recs), []);
  assert.equal(recs.filter((r) => r.type === 'moved').length, 1);
});

test('at a third of the frame rate (a live camera analysing every 3rd frame) a struck cue ball is still a stroke', () => {
  const frames = scene(60, (k, b) => { b[0]!.y = -20 * k + 0.17 * k * k; }).filter((_, i) => i % 3 === 0);
  const s = shots(run(frames));
  assert.equal(s.length, 1, JSON.stringify(run(frames)));
  assert.equal(s[0]!.struck, 'cue');
});

/**
 * The layout two seconds at rest, then ball `idx` of it hidden for `hidden` frames under a box from `below`
 * to `above` mm round it (along x; 80 mm either side along y unless `halfY`): the frames so far, and the balls.
 */
function restThenHidden(idx: number, hidden: number, below = 150, above = 80, halfY = 80) {
  const balls = layout();
  const ball = balls[idx]!;
  const box: OccludedBox = { x0_mm: ball.x - below, y0_mm: ball.y - halfY, x1_mm: ball.x + above, y1_mm: ball.y + halfY };
  const others = balls.filter((b) => b !== ball);
  const out: FrameObservation[] = [];
  let i = 0;
  for (; i < 2 * FPS; i++) out.push(frame(i, balls));
  for (let k = 0; k < hidden; k++, i++) out.push(frame(i, others, [box]));
  return { balls, ball, others, out, i };
}

/** Rest, then the cue ball hidden under a box for `hidden` frames, then three seconds with the box gone and the cue ball there or not. */
function hiddenCue(hidden: number, back: boolean): FrameObservation[] {
  const { balls, others, out, i: i0 } = restThenHidden(0, hidden);
  let i = i0;
  for (let k = 0; k < 3 * FPS; k++, i++) out.push(frame(i, back ? balls : others));
  return out;
}

/** 1285006's hand coming down over a resting ball: where (mm from its place) the track's centre was thrown in the hand's first frames. */
const THROWN_BY_HAND: readonly (readonly [number, number])[] = [[-2, 2], [16, -22], [-13, 0], [-43, 16], [-70, 23], [-73, 26], [-37, 57]];
/** That hand's box over a ball at `b`, from its seventh frame on (the camera boxed it late). */
const handOverBall = (b: { x: number; y: number }): OccludedBox => ({ x0_mm: b.x - 150, y0_mm: b.y - 60, x1_mm: b.x + 60, y1_mm: b.y + 400 });

test('a resting ball whose track is thrown one way and back onto the pieces of a hand coming down over it, then hidden, was not struck; one struck into a cushion beside it, back off it, was', () => {
  // (1285006 at 15.4 s: ball 3, 47 mm from touching the side cushion; a hand reached over it before the camera
  // boxed it, its track went 27 mm one way and 36 mm back along fingertips, then under the arm: "struck 3")
  const { balls, ball, others } = setAside(3);
  const arm = handOverBall(ball);
  const out: FrameObservation[] = [];
  let i = 0;
  for (; i < 2 * FPS; i++) out.push(frame(i, balls));
  for (let k = 1; k <= 60; k++, i++) {
    const o = THROWN_BY_HAND[k - 1];
    out.push(frame(i, others, k >= 7 ? [arm] : [], o ? [{ x_mm: ball.x + o[0], y_mm: ball.y + o[1], conf: 0.8, cueLike: 0.03 }] : []));
  }
  for (let k = 0; k < 3 * FPS; k++, i++) out.push(frame(i, balls));
  assert.deepEqual(run(out).filter((r) => r.type === 'shot' || r.type === 'moved'), [], 'the ball never moved');
  // the cue ball 30 mm from touching the side cushion, struck nearly straight into it: back off it, going on along it
  const cue: Ball = { id: 'cue', x: 240, y: RUSSIAN_12FT.width_mm / 2 - 34 - 30 };
  const rest = layout().slice(1);
  const struck: FrameObservation[] = [];
  i = 0;
  for (; i < 2 * FPS; i++) struck.push(frame(i, [cue, ...rest]));
  const path = (k: number) => { const j = Math.min(k, 28); return { x: cue.x + 10 * j - 0.15 * j * j, y: cue.y + 30 - 30 * (j - 1) + 0.5 * (j - 1) ** 2 }; };
  for (let k = 1; k <= 40; k++, i++) struck.push(frame(i, [{ id: 'cue', ...path(k) }, ...rest]));
  const shotsStruck = shots(run(struck));
  assert.equal(shotsStruck.length, 1, JSON.stringify(shotsStruck));
  assert.equal(shotsStruck[0]!.struck, 'cue');
});

test('a ball gone from rest under the cue, its place clear and empty, left the table unseen: a stroke, flagged', () => {
  const s = shots(run(hiddenCue(20, false)));
  assert.equal(s.length, 1);
  assert.equal(s[0]!.struck, 'cue');
  assert.deepEqual(s[0]!.offTable, ['cue']);
  assert.ok(Math.abs((s[0]!.t0 ?? NaN) - (2 * FPS - 1) / FPS) < 0.05, `the stroke began when the ball was last seen (t0 ${s[0]!.t0})`);
  assert.ok(s[0]!.review?.some((r) => r.what === 'offTable' && r.ball === 'cue'), 'flagged for a person');
  assert.ok(s[0]!.before?.cue, 'the vanished ball is in the stroke\'s before positions');
});

test('a ball gone from rest under the cue is still found gone when a hand slides another ball before its place has been clear a second', () => {
  // 1070601: the cue ball, struck off the table under the arm; a moment after the arm went, a phantom on
  // the hand "moved" and was taken for a ball carried by hand, which wrote no record, yet counted as a
  // stroke since the cue ball was last seen: it was never called gone, and the stroke was missed
  const { others, out, i: i0 } = restThenHidden(0, 20);
  let i = i0;
  const slid = others.find((b) => b.id === 5)!;
  for (let k = 0; k < 8; k++, i++) {
    slid.x += 8;
    out.push(frame(i, others, [{ x0_mm: slid.x - 60, y0_mm: slid.y - 60, x1_mm: slid.x + 120, y1_mm: slid.y + 60 }]));
  }
  for (let k = 0; k < 3 * FPS; k++, i++) out.push(frame(i, others));
  const s = shots(run(out));
  assert.equal(s.length, 1, JSON.stringify(s));
  assert.deepEqual(s[0]!.offTable, ['cue']);
  assert.ok(s[0]!.review?.some((r) => r.what === 'offTable' && r.ball === 'cue'), 'flagged for a person');
});

test('a ball hidden under an arm and there again when the arm goes is no stroke', () => {
  assert.deepEqual(shots(run(hiddenCue(20, true))), []);
});

test('a ball slid under a hand, put down as its old track is last seen, is no ball gone off the table', () => {
  // ball 3 under a hand for 20 frames; in the last of them the hand shows a ball-like piece at the ball's
  // old place (its track takes it) while the ball, put down 100 mm on, is found there (1031201: the new
  // ball was born in the very frame the old track was last seen, and the ball "left the table unseen")
  const { balls, ball, others, out, i: i0 } = restThenHidden(3, 20);
  let i = i0;
  const moved = { ...ball, y: ball.y - 100 };
  const hand: OccludedBox = { x0_mm: ball.x - 150, y0_mm: ball.y - 60, x1_mm: ball.x + 80, y1_mm: ball.y + 80 };
  out.push(frame(i++, [...others, { ...ball, x: ball.x + 5 }, moved], [hand]));
  // the hand stays a moment over the old place, then goes
  for (let k = 0; k < 10; k++, i++) out.push(frame(i, [...others, moved], [hand]));
  for (let k = 0; k < 3 * FPS; k++, i++) out.push(frame(i, [...others, moved]));
  assert.equal(balls.length, others.length + 1);
  assert.deepEqual(shots(run(out)), []);
});

test('a hidden ball is not handed to a phantom on the arm far from its place', () => {
  // the cue ball is covered; a ball-like detection on the arm 30 cm away moves with it, then the arm goes
  const balls = layout();
  const cue = balls[0]!;
  const arm = (x: number): OccludedBox => ({ x0_mm: x - 100, y0_mm: cue.y - 100, x1_mm: x + 400, y1_mm: cue.y + 400 });
  const others = balls.slice(1);
  const out: FrameObservation[] = [];
  let i = 0;
  for (; i < 2 * FPS; i++) out.push(frame(i, balls));
  for (let k = 0; k < 40; k++, i++) {
    // the phantom shows up half a second into the cover, then goes off with the arm
    const phantom = k < 15 ? [] : [{ x_mm: cue.x + 50 + 15 * (k - 15), y_mm: cue.y + 300, conf: 0.8, cueLike: 0.5, partial: true }];
    const box = arm(cue.x + (k < 15 ? 0 : 15 * (k - 15)));
    const covered = cue.x >= box.x0_mm - 40 && cue.x <= box.x1_mm + 40;
    out.push(frame(i, covered ? others : balls, [box], phantom));
  }
  for (let k = 0; k < 3 * FPS; k++, i++) out.push(frame(i, balls));
  assert.deepEqual(run(out).filter((r) => r.type === 'shot' || r.type === 'moved'), [], 'the cue ball never moved');
});

/**
 * The cue ball rests at (-900, 0) for two seconds (under `arm`, if any, for the second of them); then, for
 * action frames k = 1..n, the camera finds `seenAt(k)` in its place (nothing while it is hidden), the arm
 * still there; then it rests at (`end_x`, 0) for three seconds with the arm gone.
 */
function cueStruck(n: number, seenAt: (k: number) => BallDetection[], end_x: number, arm?: OccludedBox): FrameObservation[] {
  const balls = layout();
  const others = balls.slice(1);
  const out: FrameObservation[] = [];
  let i = 0;
  for (; i < 2 * FPS; i++) out.push(frame(i, balls, arm && i >= FPS ? [arm] : []));
  for (let k = 1; k <= n; k++, i++) out.push(frame(i, others, arm ? [arm] : [], seenAt(k)));
  for (let k = 0; k < 3 * FPS; k++, i++) out.push(frame(i, [{ id: 'cue', x: end_x, y: 0 }, ...others]));
  return out;
}
/** One stroke, the cue ball's, begun when it left its place at 2 s (within `tol_s`). */
function assertStruckFromRest(frames: FrameObservation[], tol_s: number): void {
  const s = shots(run(frames));
  assert.equal(s.length, 1, JSON.stringify(s.map((x) => x.t0)));
  assert.equal(s[0]!.struck, 'cue');
  assert.ok(Math.abs((s[0]!.t0 ?? NaN) - 2) < tol_s, `the stroke began when the ball left its place (t0 ${s[0]!.t0})`);
}
const streak = (x_mm: number, partial: boolean): BallDetection => ({ x_mm, y_mm: 0, conf: partial ? 0.7 : 0.8, cueLike: partial ? 0.8 : 0.9, ...(partial && { partial: true }) });

test('a ball struck under an arm, seen only in part until it rolls clear, is the struck ball from where it rested', () => {
  // an arm lies across the table over the cue ball (from its side: a striker's arm is never ahead of the ball
  // on its line, see arm-side.ts); the ball rolls off under it at 1.5 m/s, found only in part (partial) while
  // under it, whole once clear
  const arm: OccludedBox = { x0_mm: -1000, y0_mm: -700, x1_mm: -600, y1_mm: 90 };
  const x = (k: number) => -900 + 50 * k - 0.4 * k * k;
  assertStruckFromRest(cueStruck(40, (k) => [{ ...streak(x(k), false), ...(x(k) < arm.x1_mm + 34 && { partial: true }) }], x(40), arm), 0.1);
});

test('a ball struck hard, lost for a frame and then found only as a blurred streak, is followed from where it rested', () => {
  // the cue tip shows as a partial "ball" beside the cue ball as it strikes; the ball is not found in
  // the next frame (a streak too faint), then in part only (blurred) at 3 m/s, clear of any arm
  const x = (k: number) => -900 + 100 * k - 1.2 * k * k;
  const tip: BallDetection = { x_mm: -930, y_mm: -60, conf: 0.6, cueLike: 0.5, partial: true };
  const rest: BallDetection = { x_mm: -900, y_mm: 0, conf: 0.95, cueLike: 0.95 };
  assertStruckFromRest(cueStruck(41, (k) => (k === 1 ? [rest, tip] : k === 2 ? [] : [streak(x(k - 1), true)]), x(40)), 0.1);
});

test('a ball struck under an arm at a middling pace, its first sighting in part with its centre thrown aside, is the struck ball and meets the ball on its line', () => {
  // (1285002 at 51.4 s: a cue ball struck from under the player's arm along the head cushion at 560 mm/s, first
  // found on part of its outline at the arm's edge 15 mm off its straight run, was left to a new "ball" that
  // never counted; a second later it met ball 3, and the stroke was "struck 3".) Hidden for the last frames
  // before the strike; unseen a frame; found 16 mm aside, then on its line, with a middling look, into a ball
  // 368 mm on, which rolls away
  const arm: OccludedBox = { x0_mm: -1100, y0_mm: -700, x1_mm: -880, y1_mm: 90 };
  const cueX = (k: number) => -900 + 19 * Math.min(k, 20) - 0.2 * Math.min(k, 20) ** 2;
  const hitX = (k: number) => (k <= 20 ? -532 : -532 + 11 * Math.min(k - 20, 27) - 0.2 * Math.min(k - 20, 27) ** 2);
  const ball = (x_mm: number, y_mm: number, cueLike: number, partial = false): BallDetection => ({ x_mm, y_mm, conf: 0.8, cueLike, ...(partial && { partial: true }) });
  const balls = layout(), others = balls.slice(1);
  const out: FrameObservation[] = [];
  let i = 0;
  for (; i < 2 * FPS; i++) out.push(frame(i, i < 2 * FPS - 5 ? balls : others, i >= FPS ? [arm] : [], [ball(hitX(0), 0, 0.03)]));
  for (let k = 1; k <= 60; k++, i++) out.push(frame(i, others, k < 10 ? [arm] : [], [...(k < 2 ? [] : [ball(cueX(k), k === 2 ? 16 : 0, 0.3, k === 2)]), ball(hitX(k), 0, 0.03)]));
  for (let k = 0; k < 3 * FPS; k++, i++) out.push(frame(i, others, [], [ball(cueX(60), 0, 0.3), ball(hitX(60), 0, 0.03)]));
  const s = shots(run(out));
  assert.equal(s.length, 1, JSON.stringify(s));
  assert.equal(s[0]!.struck, 'cue', JSON.stringify(s));
  assert.ok(Math.abs((s[0]!.t0 ?? NaN) - 2) < 0.25, `the stroke began when the ball left its place (t0 ${s[0]!.t0})`);
  const hit = Object.entries(s[0]!.before ?? {}).find(([, p]) => p?.[0] === -532 && p[1] === 0)?.[0];
  assert.ok(hit !== undefined && String(s[0]!.firstContact) === hit, JSON.stringify(s));
});

test('a ball struck hard under an arm, a blurred streak (never a whole outline) once clear, is the struck ball from where it rested', () => {
  // hidden under the arm (across the table, from the ball's side) for four frames, then partial all the way
  // (fast and blurred) until it stops
  const arm: OccludedBox = { x0_mm: -1000, y0_mm: -500, x1_mm: -700, y1_mm: 90 };
  const x = (k: number) => -900 + 90 * k - 1.1 * k * k;
  assertStruckFromRest(cueStruck(40, (k) => (k <= 4 ? [] : [streak(x(k), true)]), x(40), arm), 0.2);
});

test('a cue ball pushed softly into a ball a few mm off under the cue, which rolls out under 300 mm/s, first found in part beside its place, is a stroke with that first contact', () => {
  // ball 1 rests 7 mm past touching the cue ball, the cue over both; the cue ball creeps 45 mm at under
  // 100 mm/s; ball 1 rolls out at 290 mm/s, slowing as a rolling ball does, first found 43 mm off its
  // place on part of its outline, whole from the next frame on
  const cue: Ball = { id: 'cue', x: 0, y: 0 };
  const one: Ball = { id: 1, x: 0, y: 75 };
  const rest = layout().slice(2);
  const arm: OccludedBox = { x0_mm: -40, y0_mm: -300, x1_mm: 40, y1_mm: 100 };
  const out: FrameObservation[] = [];
  let i = 0;
  for (; i < 2 * FPS; i++) out.push(frame(i, [cue, one, ...rest], i >= FPS ? [arm] : []));
  const cueY = (k: number) => Math.min(45, 3 * k);
  const oneY = (k: number) => 75 + 43 + 9.7 * (k - 2) - 0.105 * (k - 2) ** 2;
  for (let k = 1; k <= 40; k++, i++) {
    const seenOne = k < 2 ? [] : [{ ...seen({ id: 1, x: 0, y: oneY(k) }), ...(k === 2 && { partial: true }) }];
    out.push(frame(i, [{ id: 'cue', x: 0, y: cueY(k) }, ...rest], [arm], seenOne));
  }
  for (let k = 0; k < 3 * FPS; k++, i++) out.push(frame(i, [{ id: 'cue', x: 0, y: 45 }, { id: 1, x: 0, y: oneY(40) }, ...rest]));
  const s = shots(run(out));
  assert.equal(s.length, 1, JSON.stringify(run(out)));
  assert.equal(s[0]!.struck, 'cue');
  assert.equal(s[0]!.firstContact, 1);
});

test('a cue ball that reaches two balls within one frame, both set off in the next, names one first contact and flags it', () => {
  // the cue ball rolls at 2 m/s between ball 1 and ball 2, which stand 66 and 67 mm off its line: its
  // samples a frame apart find it short of both, then within touching of both; it stops, and both roll off
  // (every ball's number read clearly, so that no doubt about names hides the one about the contact)
  const balls: Ball[] = [{ id: 'cue', x: -900, y: 0 }, { id: 1, x: 40, y: 66 }, { id: 2, x: 45, y: -67 }, ...layout().slice(3)];
  const out: FrameObservation[] = [];
  const push = (bs: Ball[]) => out.push(at(out.length, bs.map((b) => det(b))));
  for (let k = 0; k < 2 * FPS; k++) push(balls);
  for (let k = 1; k <= 14; k++) push([{ id: 'cue', x: -900 + 66.7 * k, y: 0 }, ...balls.slice(1)]);
  const roll = (k: number) => 30 * k - 0.3 * k * k;
  const after = (k: number): Ball[] => [{ id: 'cue', x: 40 + Math.min(k, 5), y: 0 }, { id: 1, x: 40, y: 66 + roll(k) }, { id: 2, x: 45, y: -67 - roll(k) }, ...balls.slice(3)];
  for (let k = 1; k <= 45; k++) push(after(k));
  for (let k = 0; k < 3 * FPS; k++) push(after(45));
  const s = shots(run(out));
  assert.equal(s.length, 1);
  assert.ok(s[0]!.firstContact === 1 || s[0]!.firstContact === 2, String(s[0]!.firstContact));
  assert.ok(s[0]!.review?.some((r) => r.what === 'firstContact' && /not certain/.test(r.why ?? '')), JSON.stringify(s[0]!.review));
});

test('a cue ball that reaches two balls within one frame takes for first the one its straight run in meets, and flags it', () => {
  // the cue ball rolls along y = 0 at 2.1 m/s; ball 1 stands 75 mm off its line (out of its way), ball 2 40 mm
  // off it further on (in its way). The frame of the contact is lost (blurred), and the next finds the cue ball
  // turned off ball 2 towards ball 1, within touching of both, and both set off: 1185000's pair
  const balls: Ball[] = [{ id: 'cue', x: -900, y: 0 }, { id: 1, x: 40, y: 75 }, { id: 2, x: 70, y: -40 }, ...layout().slice(3)];
  const out: FrameObservation[] = [];
  const push = (bs: Ball[]) => out.push(at(out.length, bs.map((b) => det(b))));
  for (let k = 0; k < 2 * FPS; k++) push(balls);
  for (let k = 1; k <= 12; k++) push([{ id: 'cue', x: -900 + 70 * k, y: 0 }, ...balls.slice(1)]);
  push(balls.slice(1));
  const roll = (k: number) => 25 * k - 0.25 * k * k;
  const after = (k: number): Ball[] => [{ id: 'cue', x: 23 + Math.min(k, 3), y: 11 }, { id: 1, x: 40 + 0.26 * roll(k), y: 75 + 0.97 * roll(k) },
    { id: 2, x: 70 + 0.81 * (10 + roll(k)), y: -40 - 0.59 * (10 + roll(k)) }, ...balls.slice(3)];
  for (let k = 0; k <= 45; k++) push(after(k));
  for (let k = 0; k < 3 * FPS; k++) push(after(45));
  const s = shots(run(out));
  assert.equal(s.length, 1, JSON.stringify(s));
  assert.equal(s[0]!.firstContact, 2);
  assert.ok(s[0]!.review?.some((r) => r.what === 'firstContact' && /not certain/.test(r.why ?? '')), JSON.stringify(s[0]!.review));
});

test('a resting ball whose centre is thrown 26 mm while the cue ball rolls a metre and a half away is not its first contact, but is said', () => {
  // (1195000 at 69.0 s: a dim ball in a far corner, found only in part.) The cue ball runs along y = 0 at 2.1 m/s
  // into ball 8 full on; ball 7, 300 mm off its line at the far end, is found 26 mm off its place from the fifth
  // frame on, the cue ball then 1.5 m from it (every ball's number read clearly, so that no doubt about names
  // hides the one about the contact)
  const balls: Ball[] = [...layout(), { id: 8, x: 1200, y: 0 }];
  const out: FrameObservation[] = [];
  for (let k = 0; k < 2 * FPS; k++) out.push(at(out.length, balls.map((x) => det(x))));
  const seven = balls.findIndex((b) => b.id === 7);
  const shifted = balls.map((b, i) => (i === seven ? { ...b, x: b.x - 26 } : b));
  for (let k = 1; k <= 28; k++) out.push(at(out.length, [{ id: 'cue' as const, x: -900 + 70 * k, y: 0 }, ...(k >= 5 ? shifted : balls).slice(1)].map((x) => det(x))));
  const roll = (k: number) => 60 * k - 0.6 * k * k;
  const after = (k: number): Ball[] => [{ id: 'cue', x: 1132, y: 0 }, ...shifted.slice(1, -1), { id: 8, x: 1200 + roll(Math.min(k, 40)), y: 0 }];
  for (let k = 1; k <= 45; k++) out.push(at(out.length, after(k).map((x) => det(x))));
  for (let k = 0; k < 3 * FPS; k++) out.push(at(out.length, after(45).map((x) => det(x))));
  const s = shots(run(out));
  assert.equal(s.length, 1, JSON.stringify(s));
  assert.equal(s[0]!.firstContact, 8, JSON.stringify(s[0]));
  // (said, though: the cue ball's track may be the one that is wrong)
  assert.ok(s[0]!.review?.some((r) => r.what === 'firstContact' && /ball 7 shifted 26 mm/.test(r.why ?? '')), JSON.stringify(s[0]!.review));
});

test('a hand that jerks one ball\'s track off its place and drags another\'s away, with that ball found again at its place, made no stroke', () => {
  // (1185007 at 81.2 s: a hand by ball 1 on the foot cushion, not boxed as an arm; ball 1's track hopped 46 mm
  // onto a finger and back, ball 11's leapt onto another and followed the hand 360 mm away, and ball 11 was
  // found at its place as a new track: "struck 1", flagged, where nothing was struck)
  const balls = layout();
  const one = balls[1]!, three = balls[3]!;
  const out: FrameObservation[] = [];
  for (let k = 0; k < 2 * FPS; k++) out.push(frame(out.length, balls));
  const others = balls.filter((b) => b !== one && b !== three);
  const finger = (k: number): BallDetection => ({ ...seen({ id: 3, x: three.x + 40 + 45 * Math.min(k, 8), y: three.y }), partial: true, conf: 0.7 });
  out.push(frame(out.length, [...others, three], [], [{ ...seen({ id: 1, x: one.x + 46, y: one.y }), partial: true, conf: 0.7 }]));
  for (let k = 0; k < 3; k++) out.push(frame(out.length, [...others, one, three]));
  for (let k = 0; k <= 2; k++) out.push(frame(out.length, [...others, one], [], [finger(k)]));
  for (let k = 3; k <= 20; k++) out.push(frame(out.length, [...others, one, three], [], [finger(k)]));
  for (let k = 0; k < 3 * FPS; k++) out.push(frame(out.length, [...others, one, three]));
  const s = shots(run(out));
  assert.deepEqual(s.map((x) => [x.struck, x.t0, x.t1, x.review?.map((r) => r.why)]), [], 'no stroke');
});

test('a ball under a body whose track flits onto something beside it, back, and onto it again, was not moved by hand', () => {
  // (1205004 at 16.2 s: ball 8's track under a player leaning over leapt 62 mm onto a knuckle, came back, and
  // leapt again, held there 0.7 s: "moved", though the ball never left its place; and its coming back is no move)
  const balls = layout();
  const eight = balls[4]!;
  const others = balls.filter((b) => b !== eight);
  const body: OccludedBox = { x0_mm: eight.x - 150, y0_mm: eight.y - 300, x1_mm: eight.x + 150, y1_mm: eight.y - 20 };
  const knuckle = { ...seen({ id: 4, x: eight.x + 44, y: eight.y - 44 }), conf: 0.85 };
  const out: FrameObservation[] = [];
  for (let k = 0; k < 2 * FPS; k++) out.push(frame(out.length, balls));
  for (let k = 0; k < 6; k++) out.push(frame(out.length, balls, [body]));
  out.push(frame(out.length, others, [body], [knuckle]));
  for (let k = 0; k < 3; k++) out.push(frame(out.length, balls, [body]));
  for (let k = 0; k < 22; k++) out.push(frame(out.length, others, [body], [knuckle]));
  for (let k = 0; k < 3 * FPS; k++) out.push(frame(out.length, balls));
  const recs = run(out);
  assert.deepEqual(recs.filter((r) => r.type === 'moved' || r.type === 'shot'), []);
});

test('a ball whose track an arm coming in takes off at a stroke\'s pace for three frames, found again on its place before the arm hides it, was not struck', () => {
  // (1235002 at 68.6 s: the arm not boxed in its first frames, boxed from the fourth on, over the ball and the
  // pieces its track followed; the ball was found on its place for two frames first: "struck 2")
  const balls = layout();
  const two = balls[2]!;
  const others = balls.filter((b) => b !== two);
  const piece = (k: number): BallDetection => ({ ...seen({ id: 2, x: two.x + 50 * k, y: two.y + 15 * k }), conf: 0.8 });
  const arm: OccludedBox = { x0_mm: two.x - 150, y0_mm: two.y - 150, x1_mm: two.x + 400, y1_mm: two.y + 200 };
  const out: FrameObservation[] = [];
  for (let k = 0; k < 2 * FPS; k++) out.push(frame(out.length, balls));
  out.push(frame(out.length, others, [], [piece(1)]));
  for (let k = 2; k <= 3; k++) out.push(frame(out.length, balls.map((b) => (b === two ? { ...b, x: b.x + 2 } : b)), [], [piece(k)]));
  for (let k = 0; k < 30; k++) out.push(frame(out.length, others, [arm]));
  for (let k = 0; k < 3 * FPS; k++) out.push(frame(out.length, balls));
  const s = shots(run(out));
  assert.deepEqual(s.map((x) => [x.struck, x.t0]), [], 'no stroke');
});

test('a cue ball that touches two balls between two frames, its straight step passing just out of reach of the first, has a tie flagged and the ball its run in meets first', () => {
  // (1295004 at 61.7 s, its centres rounded: the cue ball at 2.3 m/s, unseen for a frame, touched 14 and then 5
  // between two samples; its step from (1027, 194) to (993, 155) passes 78.2 mm from 14's centre, just beyond
  // reach, and 5 was taken without a word)
  const cuePath: [number, number][] = [[1186, 567], [1153, 489], [1121, 414], [1090, 340], [NaN, NaN], [1027, 194], [993, 155], [964, 164], [935, 170], [906, 175]];
  const aPath: [number, number][] = [[1065, 89], [1086, 59], [1105, 32], [1126, 10]];
  const bPath: [number, number][] = [[965, 80], [932, 68], [901, 58], [884, 65]];
  const still = layout().slice(1, 6).map((b) => det({ ...b, id: (b.id as number) + 5, x: b.x - 600 }));
  const frameAt = (i: number, cue: [number, number], a: [number, number], b: [number, number]): FrameObservation => ({
    index: i, t_s: i / FPS, occluded: [],
    detections: [...(Number.isNaN(cue[0]) ? [] : [det({ id: 'cue', x: cue[0], y: cue[1] })]), det({ id: 5, x: b[0], y: b[1] }), det({ id: 14, x: a[0], y: a[1] }), ...still],
  });
  // (5's track is the older, as in the clip: its start is taken first, and 14's is then weighed against it)
  // after the listed steps each ball runs on its last step's way, slowing to a stop in 20 frames
  const onward = (p: [number, number][], k: number): [number, number] => {
    if (k < p.length) return p[k]!;
    const [x1, y1] = p.at(-1)!, [x0, y0] = p.at(-2)!;
    const j = Math.min(k - p.length + 1, 20), d = j - j * j / 40;
    return [x1 + (x1 - x0) * d, y1 + (y1 - y0) * d];
  };
  const out: FrameObservation[] = [];
  let i = 0;
  for (; i < 2 * FPS; i++) out.push(frameAt(i, cuePath[0]!, [1054, 106], [975, 89]));
  const hit = 6; // the cue ball's first sample past both touches
  for (let k = 1; k < 40; k++, i++) out.push(frameAt(i, onward(cuePath, k), k < hit ? [1054, 106] : onward(aPath, k - hit), k < hit ? [975, 89] : onward(bPath, k - hit)));
  for (let k = 0; k < 3 * FPS; k++, i++) out.push(frameAt(i, onward(cuePath, 40), onward(aPath, 40 - hit), onward(bPath, 40 - hit)));
  const s = shots(run(out));
  assert.equal(s.length, 1, JSON.stringify(s));
  assert.equal(s[0]!.firstContact, 14, JSON.stringify(s));
  assert.ok(s[0]!.review.some((r) => r.what === 'firstContact' && /within a frame/.test(r.why ?? '')), JSON.stringify(s[0]!.review));
});

test('a thin cut found only as the stroke ends (the ball touched crept off) is the first contact, though the cue ball ran on into a ball more than a second before the end', () => {
  // (1285006 at 49.7 s: the cue ball grazed ball 7, which crept off at under 120 mm/s, and ran on into ball 13.
  // The contact with 7, found at the stroke's end, was put where the cue ball had been a second before the end,
  // past 13, and the path to it "ran into 13" first.) The cue ball rolls at 27 mm a frame past ball 1 66 mm off
  // its line (ball 1 creeps 40 mm at 2 mm a frame), into ball 2 on its line, and follows on slowly for 1.5 s
  const seenAt = (id: Ball['id'], x: number, y: number): BallDetection => seen({ id, x, y });
  const still = layout().slice(3).map((b) => seen({ ...b, y: b.y * 1.6 }));
  const hit = Math.round((332 + 900) / 27), cut = Math.round(900 / 27);
  const cueX = (k: number) => (k <= hit ? -900 + 27 * k : 332 + 6 * Math.min(k - hit, 45));
  const oneY = (k: number) => 66 + 2 * Math.max(0, Math.min(k - cut, 20));
  const twoX = (k: number) => { const j = Math.max(0, Math.min(k - hit, 50)); return 400 + 25 * j - 0.25 * j * j; };
  const at = (i: number, k: number): FrameObservation => ({ index: i, t_s: i / FPS, occluded: [], detections: [seenAt('cue', cueX(k), 0), seenAt(1, 0, oneY(k)), seenAt(2, twoX(k), 0), ...still] });
  const out: FrameObservation[] = [];
  let i = 0;
  for (; i < 2 * FPS; i++) out.push(at(i, 0));
  for (let k = 1; k <= 120; k++, i++) out.push(at(i, k));
  for (let k = 0; k < 2 * FPS; k++, i++) out.push(at(i, 120));
  const s = shots(run(out));
  assert.equal(s.length, 1, JSON.stringify(s));
  const grazed = Object.entries(s[0]!.before ?? {}).find(([, p]) => p?.[0] === 0 && p[1] === 66)?.[0];
  assert.ok(grazed !== undefined && String(s[0]!.firstContact) === grazed, JSON.stringify(s));
});

test('a cue ball pushed softly under the cue into a ball 29 mm off, too slowly to count as moving, struck that ball (not a ball moved by hand)', () => {
  // the cue ball creeps at 140 mm/s under the cue, found once on its way; ball 1 rolls off at 260 mm/s,
  // slowing, touching nothing else
  const cue: Ball = { id: 'cue', x: 0, y: 0 };
  const rest = layout().slice(2);
  const arm: OccludedBox = { x0_mm: -400, y0_mm: -20, x1_mm: -10, y1_mm: 20 };
  const out: FrameObservation[] = [];
  const push = (bs: Ball[], occ: OccludedBox[] = []) => out.push(at(out.length, bs.map((b) => det(b)), occ));
  const one = (k: number): Ball => ({ id: 1, x: 97 + Math.max(0, 8.7 * (k - 7) - 0.06 * (k - 7) ** 2), y: 0 });
  for (let k = 0; k < 2 * FPS; k++) push([cue, one(0), ...rest], k >= FPS ? [arm] : []);
  for (let k = 1; k <= 60; k++) {
    // (seen once on its way, 24 mm on, then not until it creeps on after ball 1, slower)
    const x = k <= 6 ? 4.8 * k : 29 + Math.min(20, 1.5 * (k - 6));
    push([...(k === 5 || (k > 12 && k % 2) ? [{ id: 'cue' as const, x, y: 0 }] : []), one(k), ...rest], [{ ...arm, x1_mm: x - 10 }]);
  }
  for (let k = 0; k < 3 * FPS; k++) push([{ id: 'cue', x: 49, y: 0 }, one(60), ...rest]);
  const recs = run(out);
  const s = shots(recs);
  assert.equal(s.length, 1, JSON.stringify(recs));
  assert.equal(s[0]!.struck, 'cue');
  assert.equal(s[0]!.firstContact, 1);
});

test('a motion that turned back on itself as it started (a hand) and is now hidden does not hold a stroke begun soon after: a cue ball pushed softly into a ball is its own stroke', () => {
  // (1295003 at 46.9 s: ball 4's track thrown onto a hand and back, then hidden under it, kept the motion open;
  // the cue ball, pushed into ball 13 1.3 s later too slowly to count as moving, was taken into it: "struck 4")
  const cue: Ball = { id: 'cue', x: 0, y: 0 };
  const three: Ball = { id: 3, x: 240, y: 300 };
  const rest = layout().slice(2).filter((b) => b.id !== 3);
  const one = (k: number): Ball => ({ id: 1, x: 97 + Math.max(0, 8.7 * (k - 7) - 0.06 * (k - 7) ** 2), y: 0 });
  const hand = handOverBall(three);
  const cueArm: OccludedBox = { x0_mm: -400, y0_mm: -20, x1_mm: -10, y1_mm: 20 };
  const out: FrameObservation[] = [];
  const push = (ds: BallDetection[], occ: OccludedBox[] = []) => out.push(at(out.length, ds, occ));
  for (let k = 0; k < 2 * FPS; k++) push([cue, one(0), three, ...rest].map((b) => det(b)));
  // the hand over ball 3: its track thrown one way and back, then the ball hidden under the hand
  for (let k = 1; k <= 24; k++) {
    const o = THROWN_BY_HAND[k - 1];
    push([...[cue, one(0), ...rest].map((b) => det(b)), ...(o ? [det({ ...three, x: three.x + o[0], y: three.y + o[1] })] : [])], k >= 7 ? [hand] : []);
  }
  // 0.6 s after ball 3 was last seen the cue ball creeps into ball 1 at 140 mm/s under the cue (see the test above)
  for (let k = 1; k <= 60; k++) {
    const x = k <= 6 ? 4.8 * k : 29 + Math.min(20, 1.5 * (k - 6));
    push([...(k === 5 || (k > 12 && k % 2) ? [{ id: 'cue' as const, x, y: 0 }] : []), one(k), ...rest].map((b) => det(b)), [hand, { ...cueArm, x1_mm: x - 10 }]);
  }
  for (let k = 0; k < 3 * FPS; k++) push([{ id: 'cue' as const, x: 49, y: 0 }, one(60), three, ...rest].map((b) => det(b)));
  const recs = run(out);
  const s = shots(recs);
  assert.equal(s.length, 1, JSON.stringify(recs));
  assert.equal(s[0]!.struck, 'cue', JSON.stringify(s));
  assert.equal(s[0]!.firstContact, 1, JSON.stringify(s));
  assert.ok(Math.abs((s[0]!.t0 ?? NaN) - (2 + 25 / FPS)) < 0.2, `the stroke began when the cue ball was pushed (t0 ${s[0]!.t0})`);
  assert.deepEqual(recs.filter((r) => r.type === 'moved'), [], 'ball 3 never moved');
});

/**
 * The cue ball rolls from `from` into a pocket's jaws at `jaw`, touching nothing, and stops there; the next
 * stroke strikes it out of them, `step_mm` a frame (1.7 m/s unless given; its first step, mid-frame,
 * `first_mm`), into ball 1 at `target`.
 */
function jawStrike(jaw: { x: number; y: number }, from: { x: number; y: number }, target: { x: number; y: number }, first_mm = 25, step_mm = 57): { s: ShotRecord[]; struck_s: number; met_s: number } {
  const rest = layout().slice(2);
  const one: Ball = { id: 1, ...target };
  const out: FrameObservation[] = [];
  const push = (cue: Ball) => out.push(at(out.length, [cue, one, ...rest].map((b) => det(b))));
  for (let k = 0; k < 2 * FPS; k++) push({ id: 'cue', ...from });
  for (let k = 1; k <= 30; k++) { const f = 1 - (1 - k / 30) ** 2; push({ id: 'cue', x: from.x + f * (jaw.x - from.x), y: from.y + f * (jaw.y - from.y) }); }
  for (let k = 0; k < 3 * FPS; k++) push({ id: 'cue', ...jaw });
  const struck_s = out.length / FPS;
  const ux = one.x - jaw.x, uy = one.y - jaw.y, n = Math.hypot(ux, uy), reach = n - 68;
  for (let k = 1, d = 0; d < reach; k++) { d = Math.min(reach, first_mm + step_mm * (k - 1)); push({ id: 'cue', x: jaw.x + (d * ux) / n, y: jaw.y + (d * uy) / n }); }
  const met_s = out.length / FPS;
  const cueEnd: Ball = { id: 'cue', x: one.x - (68 * ux) / n, y: one.y - (68 * uy) / n };
  for (let k = 1; k <= 30; k++) { one.x += 20 * (1 - k / 30) * ux / n; one.y += 20 * (1 - k / 30) * uy / n; push(cueEnd); }
  for (let k = 0; k < 3 * FPS; k++) push(cueEnd);
  return { s: shots(run(out)), struck_s, met_s };
}

test('a cue ball left in a corner\'s jaws by one stroke and struck out of them by the next: the next stroke begins when it leaves', () => {
  const { s, struck_s, met_s } = jawStrike({ x: -1741, y: -854 }, { x: -1300, y: -600 }, { x: -600, y: -300 });
  assert.equal(s.length, 2, JSON.stringify(s.map((x) => [x.t0, x.struck, x.firstContact])));
  assert.equal(s[1]!.struck, 'cue');
  assert.equal(s[1]!.firstContact, 1);
  assert.ok(Math.abs(s[1]!.t0! - struck_s) < 0.15, `the second stroke began at ${s[1]!.t0}, the ball left the jaws at ${struck_s.toFixed(2)} (met ball 1 at ${met_s.toFixed(2)})`);
});

test('a cue ball struck out of a middle pocket\'s jaws well off straight out: the stroke begins when it leaves', () => {
  // 1055002: 54° off the line to the table's middle, at 0.7 m/s, its first step 10 mm (its speed measured
  // at 0.27 m/s when it was first seen moving); the stroke was seen only when ball 7 moved, 1.8 s later
  const jaw = { x: 9, y: 847 };
  const dir = { x: Math.sin((54 * Math.PI) / 180), y: -Math.cos((54 * Math.PI) / 180) };
  for (const [first_mm, step_mm] of [[25, 57], [10, 23]] as const) {
    const { s, struck_s } = jawStrike(jaw, { x: -300, y: 500 }, { x: jaw.x + 700 * dir.x, y: jaw.y + 700 * dir.y }, first_mm, step_mm);
    assert.equal(s.length, 2, JSON.stringify(s.map((x) => [x.t0, x.struck, x.firstContact])));
    assert.equal(s[1]!.struck, 'cue');
    assert.equal(s[1]!.firstContact, 1);
    assert.ok(Math.abs(s[1]!.t0! - struck_s) < 0.15, `${step_mm} mm a frame: the second stroke began at ${s[1]!.t0}, the ball left the jaws at ${struck_s.toFixed(2)}`);
  }
});

test('a cue ball left in the jaws and shaken into the hole, its track stepping back out as it drops, was not struck out of them', () => {
  // (1071400: ball 11, shaken into a corner's hole, was found as it dropped at what still showed of it, its
  // track stepping back out at a few hundred mm/s; taken as struck out of the jaws, its fall became a "stroke")
  const jaw = { x: 5, y: -853 };
  const rest = layout().slice(1);
  const out: FrameObservation[] = [];
  const push = (cue: Ball | null) => out.push(at(out.length, [...(cue ? [cue] : []), ...rest].map((b) => det(b))));
  const from = { x: -300, y: -500 };
  for (let k = 0; k < 2 * FPS; k++) push({ id: 'cue', ...from });
  for (let k = 1; k <= 30; k++) { const f = 1 - (1 - k / 30) ** 2; push({ id: 'cue', x: from.x + f * (jaw.x - from.x), y: from.y + f * (jaw.y - from.y) }); }
  for (let k = 0; k < 3 * FPS; k++) push({ id: 'cue', ...jaw });
  for (const d of [2, 6, 13, 23, 37]) push({ id: 'cue', x: jaw.x, y: jaw.y - d });
  for (const d of [26, 16, 8, 2]) push({ id: 'cue', x: jaw.x - 4, y: jaw.y - d });
  for (let k = 0; k < 3 * FPS; k++) push(null);
  const s = shots(run(out));
  assert.equal(s.length, 1, JSON.stringify(s.map((x) => [x.t0, x.struck, x.firstContact])));
});

test('fingertips by a corner pocket (never a whole ball, there a moment) that go are no ball pocketed', () => {
  const balls = layout();
  const out: FrameObservation[] = [];
  let i = 0;
  for (; i < 2 * FPS; i++) out.push(frame(i, balls));
  // a partial "ball" rests in the head-right pocket's corner for 1.5 s (long enough to count), then goes
  for (let k = 0; k < 1.5 * FPS; k++, i++) out.push(frame(i, balls, [], [{ x_mm: -1740, y_mm: -860, conf: 0.8, cueLike: 0.4, partial: true }]));
  for (let k = 0; k < 3 * FPS; k++, i++) out.push(frame(i, balls));
  assert.deepEqual(run(out).filter((r) => r.type === 'shot' || r.type === 'fall'), []);
});

test('fingertips on the foot rail (never a whole ball, there two seconds) that slide over the cushion and go are no ball off the table', () => {
  const balls = layout();
  const out: FrameObservation[] = [];
  let i = 0;
  for (; i < 2 * FPS; i++) out.push(frame(i, balls));
  // a partial "ball" rests by the foot cushion for 2 s (long enough to count as a ball), slides outward, then goes
  const tip = { x_mm: 1716, y_mm: -181, conf: 0.6, cueLike: 0.4, partial: true };
  for (let k = 0; k < 2 * FPS; k++, i++) out.push(frame(i, balls, [], [{ ...tip }]));
  for (let k = 1; k <= 2; k++, i++) out.push(frame(i, balls, [], [{ ...tip, x_mm: tip.x_mm + 22 * k }]));
  for (let k = 0; k < 3 * FPS; k++, i++) out.push(frame(i, balls));
  const recs = run(out);
  assert.deepEqual(shots(recs).filter((s) => s.offTable.length), [], JSON.stringify(recs));
  // seen whole once or twice it is still fingertips (a frame or two of a whole outline is chance); seen whole
  // three times it is a ball: it left the table
  const wholeIn = (frames: number) => out.map((f, k) => (k >= 2 * FPS + 10 && k < 2 * FPS + 10 + frames ? { ...f, detections: f.detections.map((d) => (d.x_mm === 1716 ? { ...d, partial: false } : d)) } : f));
  assert.deepEqual(shots(run(wholeIn(2))).flatMap((s) => s.offTable).length, 0);
  assert.deepEqual(shots(run(wholeIn(3))).flatMap((s) => s.offTable).length, 1);
});

test('a ball seen whole that rolls into a corner pocket is pocketed', () => {
  const s = shots(run(scene(45, (k, b) => {
    // ball 1 from (-120, 300) rolls to the head-right pocket (-1775, -887) and is gone after 40 frames
    const f = Math.min(1, k / 40);
    if (k < 40) { b[1]!.x = -120 + (-1760 + 120) * f; b[1]!.y = 300 + (-872 - 300) * f; } else if (b[1]!.id === 1) b.splice(1, 1);
  })));
  assert.equal(s.length, 1);
  assert.deepEqual(s[0]!.pocketed.map((p) => p.pocket), ['HR']);
});

/**
 * Like run(), with every ball's name known for sure from the first second (as after a rack or many readings),
 * told by where it started.
 */
function runNamed(frames: FrameObservation[], start: readonly Ball[] = layout()): TableRecord[] {
  const a = new ObservationAnalyzer(RUSSIAN_12FT, { rack: false });
  const out: TableRecord[] = [];
  frames.forEach((f, i) => {
    out.push(...a.push(f));
    if (i === FPS) {
      for (const t of a.tracker.live()) {
        const b = start.find((q) => Math.hypot(q.x - t.x_mm, q.y - t.y_mm) < 20);
        if (b) a.ids.seed(t.id, b.id, 50);
      }
    }
  });
  out.push(...a.finish());
  return out;
}

test('an object ball struck by the cue (F3) is always for a person to confirm, however sure its name; the cue ball struck is not', () => {
  // ball 3 struck into open cloth, 2 m/s slowing to a stop
  const s = shots(runNamed(scene(60, (k, b) => { b[3]!.x = 240 - 20 * k + 0.17 * k * k; })));
  assert.equal(s.length, 1);
  assert.equal(s[0]!.struck, 3);
  assert.equal(s[0]!.review.filter((r) => /named with/.test(r.why ?? '')).length, 0, `its name is sure: ${JSON.stringify(s[0]!.review)}`);
  const flag = s[0]!.review.find((r) => r.what === 'struck');
  assert.ok(flag, JSON.stringify(s[0]!.review));
  assert.match(flag.why ?? '', /F3/);
  // the same stroke of the cue ball raises no struck flag
  const cue = shots(runNamed(scene(60, (k, b) => { b[0]!.y = -20 * k + 0.17 * k * k; })));
  assert.equal(cue[0]!.struck, 'cue');
  assert.equal(cue[0]!.review.filter((r) => r.what === 'struck').length, 0, JSON.stringify(cue[0]!.review));
});

test('a ball taken off the table by its last step over a cushion is flagged unless seen over the cushion, and says so when a ball the camera was not following comes to rest during the stroke', () => {
  const make = (comesBack: boolean, step_mm = 25, lostBeyond_mm = 860): FrameObservation[] => {
    const balls = layout();
    const out: FrameObservation[] = [];
    let i = 0;
    for (; i < 2 * FPS; i++) out.push(frame(i, balls));
    // ball 7 struck straight at the left cushion (0.75 m/s a step of 25 mm); lost from view as it reaches it
    const b7 = balls[7]!;
    let gone = false;
    for (let k = 0; k < 3 * FPS; k++, i++) {
      if (!gone) b7.y += step_mm;
      if (b7.y > lostBeyond_mm) gone = true;
      const shown = balls.filter((b) => !(gone && b === b7));
      // ...and a ball the tracker never followed appears and rests while it rolls (a ball the camera lost earlier, found again)
      const extra = comesBack && k > 3 ? [{ x_mm: b7.x - 200, y_mm: 700, conf: 0.95, cueLike: 0.03 }] : [];
      out.push(frame(i, shown, [], extra));
    }
    for (let k = 0; k < 3 * FPS; k++, i++) out.push(frame(i, balls.filter((b) => b !== b7), [], comesBack ? [{ x_mm: b7.x - 200, y_mm: 700, conf: 0.95, cueLike: 0.03 }] : []));
    return out;
  };
  // lost on the cloth heading for the cushion: gone, but the camera may only have lost it there
  const lost = shots(runNamed(make(false)));
  assert.equal(lost.length, 1);
  assert.deepEqual(lost[0]!.offTable, [7]);
  assert.match(lost[0]!.review.find((r) => r.what === 'offTable')?.why ?? '', /on the cloth/);
  // seen with its centre over the cushion's nose at 1.8 m/s (in the air over the rail), then never again: no doubt
  const over = shots(runNamed(make(false, 60, 900)));
  assert.equal(over.length, 1);
  assert.deepEqual(over[0]!.offTable, [7]);
  assert.equal(over[0]!.review.filter((r) => r.what === 'offTable').length, 0, JSON.stringify(over[0]!.review));
  const found = shots(runNamed(make(true)));
  assert.equal(found.length, 1);
  assert.deepEqual(found[0]!.offTable, [7]);
  const flag = found[0]!.review.find((r) => r.what === 'offTable');
  assert.ok(flag, JSON.stringify(found[0]!.review));
  assert.match(flag.why ?? '', /not following/);
});

test('on a full table, a cue ball struck hard under the cue, a streak in pieces too blurred to look like it, is the struck ball and meets the ball it hits', () => {
  // the break's case: sixteen balls on the table, so no 17th "ball" may be made; the cue ball rests under
  // the arm and cue for a second, then crosses 1.2 m at 4.5 m/s as two pieces of a blurred streak, clear of
  // the arm but with an object ball's look (the blur mixes its colour with the cloth's), and stops dead
  // against ball 1, which goes on
  const cue: Ball = { id: 'cue', x: -900, y: 0 };
  const one: Ball = { id: 1, x: 400, y: 0 };
  const rest: Ball[] = Array.from({ length: 14 }, (_, k): Ball => ({ id: k + 2, x: 600 + 70 * (k % 7), y: k < 7 ? -400 : 400 }));
  const arm: OccludedBox = { x0_mm: -1400, y0_mm: -60, x1_mm: -870, y1_mm: 60 };
  const out: FrameObservation[] = [];
  let i = 0;
  for (; i < 2 * FPS; i++) out.push(frame(i, [cue, one, ...rest], i >= FPS ? [arm] : []));
  let x = cue.x;
  for (; x + 150 < one.x - 2 * 34; i++) {
    x += 150;
    const piece = (dx: number): BallDetection => ({ x_mm: x + dx, y_mm: (dx > 0 ? 3 : -3), conf: 0.7, cueLike: 0.05, partial: true });
    out.push(frame(i, [one, ...rest], [arm], x - 40 > arm.x1_mm + 34 ? [piece(-40), piece(40)] : x > arm.x1_mm + 34 ? [piece(40)] : []));
  }
  const stop: Ball = { id: 'cue', x: one.x - 2 * 34, y: 0 };
  for (let k = 0; k < 3 * FPS; k++, i++) out.push(frame(i, [stop, { id: 1, x: Math.min(one.x + 100 * k, 1500), y: 0 }, ...rest], k < 5 ? [arm] : []));
  const s = shots(run(out));
  assert.equal(s.length, 1, JSON.stringify(s));
  assert.equal(s[0]!.struck, 'cue', JSON.stringify(s[0]));
  assert.equal(s[0]!.firstContact, 1, JSON.stringify(s[0]));
  assert.ok(Math.abs((s[0]!.t0 ?? NaN) - 2) < 0.1, `the stroke began when the ball left its place (t0 ${s[0]!.t0})`);
});

test('at the break, a cue ball struck hard from under the cue and seen clear of it for only three frames before it meets the rack, the last one merged with ball 1 is the struck ball', () => {
  // sixteen balls: the cue ball rests under the arm and cue for a second, then crosses to ball 1 at 6 m/s
  // as a blurred streak seen in three frames, and stops dead against it; ball 1 goes on
  const cue: Ball = { id: 'cue', x: -900, y: 0 };
  const one: Ball = { id: 1, x: -200, y: 0 };
  const rest: Ball[] = Array.from({ length: 14 }, (_, k): Ball => ({ id: k + 2, x: 600 + 70 * (k % 7), y: k < 7 ? -400 : 400 }));
  const arm: OccludedBox = { x0_mm: -1400, y0_mm: -60, x1_mm: -870, y1_mm: 60 };
  const out: FrameObservation[] = [];
  let i = 0;
  for (; i < 2 * FPS; i++) out.push(frame(i, [cue, one, ...rest], i >= FPS ? [arm] : []));
  const streak = (x: number): BallDetection => ({ x_mm: x, y_mm: 2, conf: 0.6, cueLike: 0.05, partial: true });
  // (as it nears ball 1 the two are one blob: ball 1 is not found in the streak's last frame)
  for (const x of [-700, -500, -300]) out.push(frame(i++, x > -400 ? rest : [one, ...rest], [arm], [streak(x)]));
  const stop: Ball = { id: 'cue', x: one.x - 2 * 34, y: 0 };
  for (let k = 1; k <= 3 * FPS; k++, i++) out.push(frame(i, [stop, { id: 1, x: Math.min(one.x + 130 * k, 1500), y: 0 }, ...rest], k < 5 ? [arm] : []));
  const s = shots(run(out));
  assert.equal(s.length, 1, JSON.stringify(s));
  assert.equal(s[0]!.struck, 'cue', JSON.stringify(s[0]));
  assert.equal(s[0]!.firstContact, 1, JSON.stringify(s[0]));
  assert.ok(Math.abs((s[0]!.t0 ?? NaN) - 2) < 0.1, `the stroke began when the ball left its place (t0 ${s[0]!.t0})`);
});

/** Eight balls resting at the head end, far from the action: late in a game (a new "ball" may be a candidate). */
function headEnd(): Ball[] {
  return Array.from({ length: 8 }, (_, k): Ball => ({ id: k + 1, x: -1200 + 150 * (k % 4), y: k < 4 ? -400 : 400 }));
}

test('a cue ball struck at a middling pace from under the arm, first seen a ball\'s width off its place and off a cushion within eight frames, is the struck ball', () => {
  // ten balls (late in a game: a new "ball" may be a candidate); the cue ball rests under the arm, is
  // struck towards the side cushion at 1.6 m/s and first found 60 mm from its place (the arm still over
  // its edge), bounces off the cushion after six frames and runs into ball 14, which goes on
  const cue: Ball = { id: 'cue', x: 1000, y: 500 };
  const fourteen: Ball = { id: 14, x: 1134, y: 591 };
  const rest = headEnd();
  const arm: OccludedBox = { x0_mm: 900, y0_mm: 300, x1_mm: 1100, y1_mm: 510 };
  const out: FrameObservation[] = [];
  let i = 0;
  for (; i < 2 * FPS; i++) out.push(frame(i, [cue, fourteen, ...rest], i >= FPS ? [arm] : []));
  const path: [number, number][] = [];
  for (let k = 0; k < 6; k++) path.push([1000, 560 + 53 * k]);
  for (let k = 1; k <= 5; k++) path.push([1000 + 20 * k, 825 - 35 * k]);
  // (the first time on part of its outline, the arm's edge still over it)
  path.forEach(([x, y], k) => out.push(frame(i++, [fourteen, ...rest], [k ? arm : { ...arm, y1_mm: 580 }], [{ ...seen({ id: 'cue', x, y }), partial: k === 0 }])));
  const stop: Ball = { id: 'cue', x: 1100, y: 650 };
  for (let k = 1; k <= 3 * FPS; k++, i++) out.push(frame(i, [stop, { id: 14, x: fourteen.x + 20 * Math.min(k, 15), y: fourteen.y - 35 * Math.min(k, 15) }, ...rest]));
  const s = shots(run(out));
  assert.equal(s.length, 1, JSON.stringify(s));
  assert.equal(s[0]!.struck, 'cue', JSON.stringify(s[0]));
  assert.ok(s[0]!.firstContact !== null, JSON.stringify(s[0]));
  assert.ok(Math.abs((s[0]!.t0 ?? NaN) - 2) < 0.1, `the stroke began when the ball left its place (t0 ${s[0]!.t0})`);
});

test('a cue ball struck out from under the arm whose first sighting is taken by a fingertip candidate that stood still three frames by the rail is the struck ball', () => {
  // (1140300: a striped cue ball, its band turned away at rest so that it looked like any ball, struck from under
  // the arm at 2 m/s; a fingertip by the side cushion, followed for three frames, leapt 234 mm onto it while its
  // own track took a piece of the hand 15 mm off its place and stayed hidden there: "struck 5".) The ball rolls
  // off to the left, clear of the arm, its band showing now, and stops
  const still = (b: Ball): BallDetection => ({ ...seen(b), cueLike: 0.03 });
  const cue: Ball = { id: 'cue', x: 1000, y: 700 };
  const rest = headEnd();
  const arm: OccludedBox = { x0_mm: 960, y0_mm: 640, x1_mm: 1200, y1_mm: 760 };
  const finger: BallDetection = { ...still({ id: 3, x: 1170, y: 840 }), partial: true };
  const out: FrameObservation[] = [];
  let i = 0;
  for (; i < 2 * FPS - 3; i++) out.push(frame(i, rest, i >= FPS ? [arm] : [], [still(cue)]));
  for (; i < 2 * FPS; i++) out.push(frame(i, rest, [arm], [still(cue), finger]));
  // struck: first found 63 mm on, and a piece of the hand 15 mm off the ball's place
  out.push(frame(i++, rest, [arm], [seen({ id: 'cue', x: 940, y: 681 }), { ...still({ id: 5, x: 1012, y: 709 }), partial: true }]));
  let c = { x: 940, y: 681 };
  for (let k = 1; k < 30; k++, i++) {
    const v = 60 * Math.max(0, 1 - k / 30);
    c = { x: c.x - v, y: c.y - 0.3 * v };
    out.push(frame(i, [{ id: 'cue', ...c }, ...rest], k < 5 ? [arm] : []));
  }
  for (let k = 0; k < 3 * FPS; k++, i++) out.push(frame(i, [{ id: 'cue', ...c }, ...rest]));
  // (its name is the identity book's matter: looking like any ball at rest, with no readings here, it has none
  // sure; what is asserted is that the stroke is the ball's from under the arm, followed to where it stopped)
  const s = shots(run(out));
  assert.equal(s.length, 1, JSON.stringify(s));
  assert.deepEqual(s[0]!.before?.[String(s[0]!.struck)], [cue.x, cue.y], JSON.stringify(s[0]));
  assert.deepEqual(s[0]!.offTable, [], JSON.stringify(s[0]));
  const end = (s[0]!.cuePath ?? []).at(-1) ?? [NaN, NaN];
  assert.ok(Math.hypot(end[0] - c.x, end[1] - c.y) < 20, `the cue ball followed to where it stopped (${JSON.stringify(s[0]!.cuePath)})`);
  assert.ok(Math.abs((s[0]!.t0 ?? NaN) - 2) < 0.1, `the stroke began when the ball left its place (t0 ${s[0]!.t0})`);
});

test('a cue ball struck hard whose track stays two frames on the cue\'s tip beside its place is handed the streak: struck cue, the ball it met first', () => {
  // (1325007 at 33.8 s: the cue ball struck at 3.3 m/s, a streak found in pieces every other frame, unlike it; its
  // track took the cue's tip 29 mm and then 58 mm off its place for two frames after the streak's first piece was
  // found, so no handover took the streak, and the stroke was "struck 2" when the cue ball met ball 2 0.3 s later)
  const C = { x: -1349, y: 712 }, u = { x: 0.281, y: -0.96 };
  const along = (d: number) => ({ x: C.x + d * u.x, y: C.y + d * u.y });
  const two: Ball = { id: 2, x: C.x + 970 * u.x, y: C.y + 970 * u.y };
  const far: Ball[] = [{ id: 3, x: 600, y: 300 }, { id: 4, x: 900, y: -500 }, { id: 5, x: 200, y: 600 }];
  const piece = (p: { x: number; y: number }): BallDetection => ({ x_mm: p.x, y_mm: p.y, conf: 0.6, cueLike: 0.03, partial: true });
  // (the balls read clearly: the names are not in question here)
  const read = (i: number, balls: Ball[], extra: BallDetection[] = []) => at(i, [...balls.map((b) => det(b)), ...extra]);
  const out: FrameObservation[] = [];
  let i = 0;
  for (; i < 2 * FPS; i++) out.push(read(i, [{ id: 'cue', ...C }, two, ...far]));
  const streak: Record<number, number> = { 2: 189, 4: 395, 5: 500, 7: 700, 8: 800 };
  const tip: Record<number, { x: number; y: number }> = { 2: { x: C.x - 22, y: C.y + 19 }, 3: { x: C.x + 17, y: C.y - 24 } };
  for (let k = 1; k <= 8; k++, i++) {
    const extra = [...(streak[k] !== undefined ? [piece(along(streak[k]!))] : []), ...(tip[k] ? [piece(tip[k]!)] : [])];
    out.push(read(i, [two, ...far], extra));
  }
  // the cue ball meets ball 2 at frame 9 and stops short; ball 2 runs on at 2.4 m/s, slowing, and stops
  for (let k = 0; k < 60; k++, i++) {
    const d = Math.min(80 * k - 0.67 * k * k, 2400);
    out.push(read(i, [{ id: 'cue', ...along(902 + Math.min(4 * k, 40)) }, { ...two, ...along(970 + d) }, ...far]));
  }
  const end = along(970 + 2400);
  for (let k = 0; k < 3 * FPS; k++, i++) out.push(read(i, [{ id: 'cue', ...along(942) }, { ...two, ...end }, ...far]));
  const s = shots(run(out));
  assert.equal(s.length, 1, JSON.stringify(s));
  assert.equal(s[0]!.struck, 'cue', JSON.stringify(s[0]));
  assert.equal(s[0]!.firstContact, 2, JSON.stringify(s[0]));
  assert.ok(Math.abs((s[0]!.t0 ?? NaN) - 2) < 0.1, `the stroke began when the cue ball left its place (t0 ${s[0]!.t0})`);
  // (its path to the contact runs along the streak, not by the cue's tip)
  assert.ok((s[0]!.cuePath ?? []).every(([x, y]) => Math.abs((x - C.x) * u.y - (y - C.y) * u.x) < 20), JSON.stringify(s[0]!.cuePath));
});

test('a cue ball struck from under the arm over the side cushion is off the table: a piece of the cue drawn back over the arm\'s side is not the ball', () => {
  // (1160601: the cue ball, 160 mm from the side cushion, struck over it from under the arm and never seen again;
  // 0.7 s later a piece of the cue, drawn back towards the player at 1.9 m/s, straight out from the ball's place
  // the other way, was taken for the ball struck out and followed into the head-left corner: "pocketed", silently)
  const cue: Ball = { id: 'cue', x: -960, y: -725 };
  const rest = headEnd().map((b) => ({ ...b, x: b.x + 1800 }));
  // the arm: over the ball and back from it towards the middle of the table and the head-left corner
  const arm: OccludedBox[] = [{ x0_mm: -1250, y0_mm: -790, x1_mm: -900, y1_mm: -560 }, { x0_mm: -1500, y0_mm: -560, x1_mm: -1050, y1_mm: -200 }];
  const out: FrameObservation[] = [];
  let i = 0;
  for (; i < 2 * FPS; i++) out.push(frame(i, [cue, ...rest], i >= FPS ? arm : []));
  // struck (over the cushion, unseen); the arm stays a little, then goes
  for (let k = 0; k < 18; k++, i++) out.push(frame(i, rest, arm));
  for (let k = 0; k < 3; k++, i++) out.push(frame(i, rest));
  // the cue's piece: out from 430 mm behind the ball's place, back from it, and into the corner
  const ux = -0.506, uy = 0.862;
  for (let k = 0; k < 22; k++, i++) out.push(frame(i, rest, [], [{ ...seen({ id: 3, x: -1072 + 63 * k * ux, y: -311 + 63 * k * uy }), cueLike: 0.9 }]));
  for (let k = 0; k < 3 * FPS; k++, i++) out.push(frame(i, rest));
  const s = shots(run(out));
  assert.equal(s.length, 1, JSON.stringify(s));
  assert.equal(s[0]!.struck, 'cue', JSON.stringify(s[0]));
  assert.deepEqual(s[0]!.pocketed, [], JSON.stringify(s[0]));
  assert.deepEqual(s[0]!.offTable, ['cue'], JSON.stringify(s[0]));
});

test('a cue ball found only in part against the cue, struck, first seen 86 mm on under the cue\'s shaft and into a ball the next frame, is the struck ball (its look says so)', () => {
  // (965006 at 85.3 s: "struck 15", the cue ball's track left behind under the cue and lost.) The cue ball
  // rests under the arm, is lost from view the frame it is struck at 1.3 m/s, is found again 86 mm on
  // (under the cue's shaft, then clear of it), and at once cuts ball 15, which goes on while the cue ball veers off
  // slowly: no straight run of samples, only its look
  const cue: Ball = { id: 'cue', x: 1000, y: 500 };
  const fifteen: Ball = { id: 15, x: 1150, y: 540 };
  const rest = headEnd();
  const arm: OccludedBox = { x0_mm: 800, y0_mm: 440, x1_mm: 1010, y1_mm: 560 };
  const out: FrameObservation[] = [];
  let i = 0;
  for (; i < 2 * FPS; i++) out.push(frame(i, [cue, fifteen, ...rest], i >= FPS ? [arm] : []));
  out.push(frame(i++, [fifteen, ...rest], [arm]));
  const ux = 0.85, uy = 0.53;
  for (let k = 0; k < 20; k++, i++) {
    // (veering off slowly, and after three frames turned again by a kiss off ball 15: never eight samples on a line)
    const c: Ball = { id: 'cue', x: 1086 + 9 * Math.min(k, 3) + 12 * Math.min(Math.max(0, k - 3), 9), y: 500 - 9 * Math.min(k, 3) };
    // (ball 15 already going the frame the cue ball is found again: the stroke begins with it)
    const f: Ball = { id: 15, x: fifteen.x + ux * 30 * Math.min(k + 1, 15), y: fifteen.y + uy * 30 * Math.min(k + 1, 15) };
    // (the cue over it the first time: the shaft's box reaches past the tip)
    out.push(frame(i, [c, f, ...rest], k === 0 ? [{ ...arm, x1_mm: 1110 }] : k < 3 ? [arm] : []));
  }
  const last = out.at(-1)!.detections.slice(0, 2).map((d) => ({ x: d.x_mm, y: d.y_mm }));
  for (let k = 0; k < 3 * FPS; k++, i++) out.push(frame(i, [{ id: 'cue', ...last[0]! }, { id: 15, ...last[1]! }, ...rest]));
  const s = shots(runNamed(out, [cue, fifteen, ...rest]));
  assert.equal(s.length, 1, JSON.stringify(s));
  assert.equal(s[0]!.struck, 'cue', JSON.stringify(s[0]));
  assert.equal(s[0]!.firstContact, 15, JSON.stringify(s[0]));
  assert.ok(Math.abs((s[0]!.t0 ?? NaN) - 2) < 0.1, `the stroke began when the ball left its place (t0 ${s[0]!.t0})`);
});

test('a cue ball struck hard out in the open, too faint a streak to be found until it has hit a ball 2.4 m off 0.4 s later, is the struck ball (its look says so)', () => {
  // (1145001, the break and a stroke at 16.7 s: a red cue ball on burgundy cloth, struck at 8 m/s, unseen for
  // eleven frames; ball 1 set going at 0.3 s; the cue ball found again moving off it at 0.4 s: "struck 1")
  const cue: Ball = { id: 'cue', x: -1200, y: 300 };
  const one: Ball = { id: 1, x: 1100, y: 0 };
  const rest: Ball[] = Array.from({ length: 8 }, (_, k): Ball => ({ id: k + 2, x: -1200 + 150 * (k % 4), y: k < 4 ? -400 : -700 }));
  const out: FrameObservation[] = [];
  let i = 0;
  for (; i < 2 * FPS; i++) out.push(frame(i, [cue, one, ...rest]));
  // struck at frame 60: gone from view; ball 1 hit between frames 68 and 69 and rolls on at 3 m/s
  const hit = 69;
  for (; i < hit + 3; i++) {
    const k = i - hit + 1;
    out.push(frame(i, [...(k > 0 ? [{ id: 1, x: one.x + 100 * k, y: one.y - 20 * k }] : [one]), ...rest]));
  }
  // the cue ball found again 0.4 s after it left (frame 72), coming off ball 1 at 1.2 m/s, then slowing to rest
  let c = { x: 1020, y: 60 }, b1 = { x: one.x + 400, y: one.y - 80 };
  for (let k = 0; k < 40; k++, i++) {
    const slow = Math.max(0, 1 - k / 40);
    c = { x: c.x - 40 * slow, y: c.y + 12 * slow };
    b1 = { x: Math.min(1600, b1.x + 100 * slow), y: b1.y - 20 * slow };
    out.push(frame(i, [{ id: 'cue', ...c }, { id: 1, ...b1 }, ...rest]));
  }
  for (let k = 0; k < 3 * FPS; k++, i++) out.push(frame(i, [{ id: 'cue', ...c }, { id: 1, ...b1 }, ...rest]));
  const s = shots(runNamed(out, [cue, one, ...rest]));
  assert.equal(s.length, 1, JSON.stringify(s));
  assert.equal(s[0]!.struck, 'cue', JSON.stringify(s[0]));
  assert.equal(s[0]!.firstContact, 1, JSON.stringify(s[0]));
  assert.ok(Math.abs((s[0]!.t0 ?? NaN) - 2) < 0.1, `the stroke began when the ball left its place (t0 ${s[0]!.t0})`);
});

test('a stroke so soft no ball rolls fast enough to count as moving (the cue ball pushed 18 mm into ball 1) is a stroke, flagged, not balls moved at rest', () => {
  // the cue ball rests 9 mm short of ball 1; it creeps 18 mm at 90 mm/s, and ball 1, touched after three
  // frames, creeps 24 mm on at 140 mm/s; both stop
  const cue: Ball = { id: 'cue', x: -900, y: 0 };
  const one: Ball = { id: 1, x: -900 + 68 + 9, y: 0 };
  const rest = layout().slice(2);
  const out: FrameObservation[] = [];
  let i = 0;
  for (; i < 2 * FPS; i++) out.push(frame(i, [cue, one, ...rest]));
  for (let k = 0; k < 8; k++, i++) {
    if (k < 6) cue.x += 3;
    if (k >= 3) one.x += 4.8;
    out.push(frame(i, [cue, one, ...rest]));
  }
  for (let k = 0; k < 3 * FPS; k++, i++) out.push(frame(i, [cue, one, ...rest]));
  const recs = run(out);
  const s = shots(recs);
  assert.equal(s.length, 1, JSON.stringify(recs));
  assert.equal(s[0]!.struck, 'cue', JSON.stringify(s[0]));
  assert.equal(s[0]!.firstContact, 1, JSON.stringify(s[0]));
  assert.ok(s[0]!.review.some((r) => r.what === 'struck'), `a creeping start is flagged: ${JSON.stringify(s[0]!.review)}`);
  assert.equal(recs.filter((r) => r.type === 'moved').length, 0, JSON.stringify(recs));
});

test('a resting ball whose found centre wanders a few mm back and forth starts no stroke', () => {
  // detection noise: the cue ball's centre found up to 5 mm off, this way and that, for two seconds
  const cue: Ball = { id: 'cue', x: -900, y: 0 };
  const rest = layout().slice(1);
  const out: FrameObservation[] = [];
  let i = 0;
  for (; i < 2 * FPS; i++) out.push(frame(i, [cue, ...rest]));
  for (let k = 0; k < 2 * FPS; k++, i++) out.push(frame(i, [{ ...cue, x: cue.x + 5 * Math.sin(k * 0.9), y: 4 * Math.cos(k * 1.3) }, ...rest]));
  const recs = run(out);
  assert.equal(recs.length, 0, JSON.stringify(recs));
});

test('a "ball" resting on the bridge hand that takes the cue ball\'s streak as it leaves the cue does not keep the stroke from the cue ball', () => {
  // the cue ball rests under the arm; a part-found "ball" on the bridge hand, under the arm too, holds
  // still there for a second; the cue ball is struck at 1.8 m/s and is found as a blurred streak once
  // clear of the arm; it stops against ball 1, which goes on
  const cue: Ball = { id: 'cue', x: -900, y: 0 };
  const one: Ball = { id: 1, x: -300, y: 0 };
  const rest = layout().slice(2);
  const arm: OccludedBox = { x0_mm: -1400, y0_mm: -60, x1_mm: -870, y1_mm: 120 };
  const hand: BallDetection = { x_mm: -960, y_mm: 90, conf: 0.6, cueLike: 0.05, partial: true };
  const out: FrameObservation[] = [];
  let i = 0;
  for (; i < FPS; i++) out.push(frame(i, [cue, one, ...rest]));
  for (; i < 2 * FPS; i++) out.push(frame(i, [cue, one, ...rest], [arm], [hand]));
  const streak = (x: number): BallDetection => ({ x_mm: x, y_mm: 2, conf: 0.6, cueLike: 0.3, partial: true });
  let x = cue.x;
  for (; x + 60 < one.x - 68; i++) {
    x += 60;
    out.push(frame(i, [one, ...rest], [arm], x > arm.x1_mm + 34 ? [streak(x)] : [hand]));
  }
  const stop: Ball = { id: 'cue', x: one.x - 68, y: 0 };
  for (let k = 1; k <= 3 * FPS; k++, i++) out.push(frame(i, [stop, { id: 1, x: Math.min(one.x + 40 * k, 1500), y: 0 }, ...rest], k < 5 ? [arm] : []));
  const s = shots(run(out));
  assert.equal(s.length, 1, JSON.stringify(s));
  assert.equal(s[0]!.struck, 'cue', JSON.stringify(s[0]));
  assert.equal(s[0]!.firstContact, 1, JSON.stringify(s[0]));
  assert.ok(Math.abs((s[0]!.t0 ?? NaN) - 2) < 0.15, `the stroke began when the ball left its place (t0 ${s[0]!.t0})`);
});

test('a cue ball seen to take one quick step before an arm hides it, its smoothed speed still low, is the struck ball of the stroke that follows', () => {
  // the cue ball rests 40 mm short of ball 1 (too far to be frozen to it); struck softly, it is seen
  // moving 2, 2 and 14 mm, then the arm hides it; it reaches ball 1, which rolls off at 240 mm/s three
  // frames later
  const cue: Ball = { id: 'cue', x: -900, y: 0 };
  const one: Ball = { id: 1, x: -900 + 68 + 40, y: 0 };
  const rest = layout().slice(2);
  const arm: OccludedBox = { x0_mm: -1000, y0_mm: -60, x1_mm: -860, y1_mm: 60 };
  const out: FrameObservation[] = [];
  let i = 0;
  for (; i < 2 * FPS; i++) out.push(frame(i, [cue, one, ...rest]));
  for (const step of [2, 2, 14]) { cue.x += step; out.push(frame(i++, [cue, one, ...rest])); }
  for (let k = 0; k < 24; k++, i++) {
    if (k >= 3) one.x += 8;
    out.push(frame(i, [one, ...rest], [arm]));
  }
  const stop: Ball = { id: 'cue', x: -900 + 40, y: 0 };
  for (let k = 0; k < 3 * FPS; k++, i++) out.push(frame(i, [stop, one, ...rest]));
  const recs = run(out);
  const s = shots(recs);
  assert.equal(s.length, 1, JSON.stringify(recs));
  assert.equal(s[0]!.struck, 'cue', JSON.stringify(s[0]));
  assert.ok(!s[0]!.review.some((r) => (r.why ?? '').includes('creeping')), `not flagged as a creep: ${JSON.stringify(s[0]!.review)}`);
});

test('a resting ball whose track is put onto a phantom on an arm 60 mm off for one frame, and back, is not the stroke\'s first contact', () => {
  // the cue ball rolls into ball 1; meanwhile ball 2 rests beside an arm on the rail side, unseen for one
  // frame in which a whole ball-like phantom shows on the arm 60 mm away (less than a ball's width)
  const cue: Ball = { id: 'cue', x: -900, y: 0 };
  const one: Ball = { id: 1, x: 0, y: 0 };
  const two: Ball = { id: 2, x: 500, y: 400 };
  const arm: OccludedBox = { x0_mm: 540, y0_mm: 340, x1_mm: 800, y1_mm: 460 };
  const out: FrameObservation[] = [];
  let i = 0;
  for (; i < 2 * FPS; i++) out.push(frame(i, [cue, one, two], [arm]));
  let x = cue.x;
  for (let k = 0; x + 33 < one.x - 68; k++, i++) {
    x += 33;
    const phantomFrame = k === 10;
    out.push(frame(i, [{ id: 'cue', x, y: 0 }, one, ...(phantomFrame ? [] : [two])], [arm],
      phantomFrame ? [{ x_mm: two.x + 60, y_mm: two.y, conf: 0.6, cueLike: 0.03 }] : []));
  }
  for (let k = 1; k <= 3 * FPS; k++, i++) out.push(frame(i, [{ id: 'cue', x, y: 0 }, { id: 1, x: Math.min(one.x + 25 * k, 1200), y: 0 }, two]));
  const s = shots(run(out));
  assert.equal(s.length, 1, JSON.stringify(s));
  assert.equal(s[0]!.firstContact, 1, JSON.stringify(s[0]));
});

test('a resting cue ball lost for a few frames as the cue comes to it does not leap onto the bridge hand on the rail behind it', () => {
  // the cue ball rests 325 mm from the head cushion; as the player addresses it the camera loses it for
  // three frames, while the bridge hand on the rail throws a part-found "ball" centred on the cushion's
  // line, coloured like the cue ball (a hand's skin is as odd among ivory balls as a red cue ball); then
  // the cue ball is struck into ball 1
  const cue: Ball = { id: 'cue', x: -1450, y: 300 };
  const one: Ball = { id: 1, x: -120, y: 300 };
  const hand: BallDetection = { x_mm: -RUSSIAN_12FT.length_mm / 2 - 5, y_mm: 310, conf: 0.6, cueLike: 0.9, partial: true };
  const out: FrameObservation[] = [];
  let i = 0;
  for (; i < 2 * FPS; i++) out.push(frame(i, [cue, one]));
  for (let k = 0; k < 3; k++, i++) out.push(frame(i, [one], [], [hand]));
  for (let k = 0; k < 3; k++, i++) out.push(frame(i, [cue, one], [], [hand]));
  let x = cue.x;
  for (; x + 33 < one.x - 68; i++) { x += 33; out.push(frame(i, [{ id: 'cue', x, y: 300 }, one])); }
  for (let k = 1; k <= 3 * FPS; k++, i++) out.push(frame(i, [{ id: 'cue', x, y: 300 }, { id: 1, x: Math.min(one.x + 25 * k, 1200), y: 300 }]));
  const s = shots(run(out));
  assert.equal(s.length, 1, JSON.stringify(s));
  assert.equal(s[0]!.struck, 'cue', JSON.stringify(s[0]));
  assert.equal(s[0]!.firstContact, 1, JSON.stringify(s[0]));
  assert.deepEqual(s[0]!.cuePath?.[0], [cue.x, cue.y], JSON.stringify(s[0]));
});

test('a resting cue ball struck from by the head cushion does not leap back onto the bridge hand that rested there a moment before', () => {
  // 1060101: the cue ball rests 190 mm off the head cushion; the bridge hand's knuckles are found as a "ball" by the
  // cushion for 0.6 s while the player settles, then not; as the ball is struck it is a streak too faint to find for
  // two frames, and the knuckles are found at their place again, 170 mm behind it
  const nose = -RUSSIAN_12FT.length_mm / 2;
  const cue: Ball = { id: 'cue', x: nose + 190, y: 126 };
  const one: Ball = { id: 1, x: -200, y: 126 };
  const hand: BallDetection = { x_mm: nose + 22, y_mm: 156, conf: 0.7, cueLike: 0.9, partial: true };
  const out: FrameObservation[] = [];
  let i = 0;
  for (; i < 2 * FPS; i++) out.push(frame(i, [cue, one], [], i >= FPS && i < 1.6 * FPS ? [hand] : []));
  const t0 = i / FPS;
  let x = cue.x;
  for (let k = 1; x + 110 < one.x - 68; k++, i++) { x += 110; out.push(frame(i, k <= 2 ? [one] : [{ id: 'cue', x, y: 126 }, one], [], [hand])); }
  for (let k = 1; k <= 3 * FPS; k++, i++) out.push(frame(i, [{ id: 'cue', x, y: 126 }, { id: 1, x: Math.min(one.x + 30 * k, 1200), y: 126 }], [], k < 10 ? [hand] : []));
  const s = shots(run(out));
  assert.equal(s.length, 1, JSON.stringify(s));
  assert.equal(s[0]!.struck, 'cue', JSON.stringify(s[0]));
  assert.equal(s[0]!.firstContact, 1, JSON.stringify(s[0]));
  assert.ok(Math.abs(s[0]!.t0! - t0) < 0.1, `the stroke starts as the cue ball leaves: ${s[0]!.t0} against ${t0}`);
});

test('a stroke begun before any ball is named the cue ball (its band turned away, no ball standing out) follows the struck ball to its first contact', () => {
  // every ball looks alike and none has been read; the ball struck rolls into ball 1's place
  const plain = (b: Ball): BallDetection => ({ x_mm: b.x, y_mm: b.y, conf: 0.95, cueLike: 0.03 });
  const cue: Ball = { id: 'cue', x: -900, y: 0 };
  const one: Ball = { id: 1, x: 0, y: 0 };
  const two: Ball = { id: 2, x: 500, y: 400 };
  const out: FrameObservation[] = [];
  const f = (i: number, balls: Ball[]): FrameObservation => ({ index: i, t_s: i / FPS, detections: balls.map(plain), occluded: [] });
  let i = 0;
  for (; i < 2 * FPS; i++) out.push(f(i, [cue, one, two]));
  let x = cue.x;
  for (; x + 33 < one.x - 68; i++) { x += 33; out.push(f(i, [{ id: 'cue', x, y: 0 }, one, two])); }
  for (let k = 1; k <= 3 * FPS; k++, i++) out.push(f(i, [{ id: 'cue', x, y: 0 }, { id: 1, x: Math.min(one.x + 25 * k, 1200), y: 0 }, two]));
  const s = shots(run(out));
  assert.equal(s.length, 1, JSON.stringify(s));
  assert.notEqual(s[0]!.firstContact, null, JSON.stringify(s[0]));
  assert.equal(s[0]!.cuePath?.length, 2, JSON.stringify(s[0]));
});

test('a cue ball unseen in the frame it touches a ball, then seen beside a second one it sets going, touched the first one first', () => {
  // the cue ball rolls along y = 0 at 3 m/s, touches ball 1 thinly in a frame it is not found in (blurred
  // into it) and is turned aside onto ball 2: the straight line between its two samples either side misses
  // ball 1's place, but passes ball 2's (development game 865003 at 97.4 s: the 15 touched first, the 7 taken)
  const balls: Ball[] = [{ id: 'cue', x: -900, y: 0 }, { id: 1, x: 5, y: -62 }, { id: 2, x: 110, y: 120 }, { id: 3, x: -900, y: 500 }, { id: 4, x: 900, y: -500 }];
  const frames: FrameObservation[] = [];
  let i = 0;
  for (; i < 2 * FPS; i++) frames.push(frame(i, balls));
  const [cue, one, two] = balls as [Ball, Ball, Ball];
  // contact with ball 1 in action frame 9 (the cue ball at (0, 0), unseen); with ball 2 in frame 10
  for (let k = 0; k < 40; k++, i++) {
    if (k <= 9) { cue.x = -900 + 100 * k; cue.y = 0; } else if (k < 14) { cue.x = 60 + 10 * (k - 10); cue.y = 70 + 10 * (k - 10); }
    if (k >= 9 && k < 25) { one.x = 5 + 30 * (k - 8); one.y = -62 - 90 * (k - 8); }
    if (k >= 10 && k < 25) { two.x = 110 + 50 * (k - 9); two.y = 120 + 80 * (k - 9); }
    frames.push(frame(i, k === 9 ? balls.filter((b) => b !== cue) : balls));
  }
  for (let k = 0; k < 3 * FPS; k++, i++) frames.push(frame(i, balls));
  const s = shots(run(frames));
  assert.equal(s.length, 1, JSON.stringify(s));
  assert.equal(s[0]!.struck, 'cue');
  assert.equal(s[0]!.firstContact, 1, JSON.stringify(s[0]));
});

test('a cue ball pushed softly up to a ball and back, the ball nudged 9 mm on, touched it: a stroke, not a ball moved by hand', () => {
  // (development game 885005 at 91.2 s: the cue ball 4 mm past touching by its found centre, ball 2 on 9 mm; here ball 1)
  const scene = (nudge_mm: number, away: boolean) => {
    const cue: Ball = { id: 'cue', x: -900, y: 0 };
    const one: Ball = { id: 1, x: -900 - 68 - 40, y: 0 };
    const rest = layout().slice(2);
    const out: FrameObservation[] = [];
    let i = 0;
    for (; i < 2 * FPS; i++) out.push(frame(i, [cue, one, ...rest]));
    // the cue ball rolls 36 mm towards ball 1 at 270 mm/s (4 mm short of touching by its found centre),
    // ball 1 goes off (away, or towards it), and the cue ball rolls 70 mm back over a second
    for (let k = 0; k < 40; k++, i++) {
      if (k < 4) cue.x -= 9; else cue.x += 70 / 36;
      if (k >= 4 && k < 7) one.x += ((away ? -1 : 1) * nudge_mm) / 3;
      out.push(frame(i, [cue, one, ...rest]));
    }
    for (let k = 0; k < 3 * FPS; k++, i++) out.push(frame(i, [cue, one, ...rest]));
    return run(out);
  };
  const recs = scene(9, true);
  const s = shots(recs);
  assert.equal(s.length, 1, JSON.stringify(recs));
  assert.equal(s[0]!.struck, 'cue');
  assert.equal(s[0]!.firstContact, 1, JSON.stringify(s[0]));
  assert.equal(recs.filter((r) => r.type === 'moved').length, 0, JSON.stringify(recs));
  // a ball "nudged" towards the cue ball, or by detection noise only, was not touched
  for (const [n, away] of [[9, false], [3, true]] as const) {
    const r = scene(n, away);
    assert.ok(!shots(r).some((x) => x.firstContact === 1), `${n} mm ${away ? 'away' : 'towards'}: ${JSON.stringify(r)}`);
  }
});

test('a cue ball rolling two seconds before it touches a ball that creeps off too slowly to be seen starting, and on for two more, touched that ball', () => {
  // (development game 885000 at 70.6 s: the contact fell out of the cue ball's track history, which keeps
  // its last 1.5 s, before the stroke ended; the stroke was "touched nothing", unflagged)
  const cue: Ball = { id: 'cue', x: -900, y: 0 };
  const one: Ball = { id: 1, x: -900 + 60 * 20 + 67, y: 0 };
  const rest = layout().slice(2);
  const out: FrameObservation[] = [];
  let i = 0;
  for (; i < 2 * FPS; i++) out.push(frame(i, [cue, one, ...rest]));
  for (let k = 0; k < 130; k++, i++) {
    if (k < 60) cue.x += 20; else if (k < 120) cue.y += 10;
    if (k >= 60 && k < 90) one.x += 3; // 90 mm/s: never "moving"
    out.push(frame(i, [cue, one, ...rest]));
  }
  for (let k = 0; k < 3 * FPS; k++, i++) out.push(frame(i, [cue, one, ...rest]));
  const recs = run(out);
  const s = shots(recs);
  assert.equal(s.length, 1, JSON.stringify(recs));
  assert.equal(s[0]!.struck, 'cue');
  assert.equal(s[0]!.firstContact, 1, JSON.stringify(s[0]));
});

test('a resting ball whose found centre is thrown 30 mm for a frame just as the cue ball is struck does not make the stroke one played while balls rolled', () => {
  // (development game 885000 at 101.4 s: ball 3's centre pulled 30 mm towards the cue ball struck at it)
  const cue: Ball = { id: 'cue', x: -900, y: 0 };
  const one: Ball = { id: 1, x: -900 + 200, y: 0 };
  const rest = layout().slice(2);
  // (ball 1 first: its track is older than the cue ball's, and so is looked at first in a frame)
  const out: FrameObservation[] = [];
  let i = 0;
  for (; i < 2 * FPS; i++) out.push(frame(i, [one, cue, ...rest]));
  for (let k = 0; k < 60; k++, i++) {
    cue.x += k < 4 ? 35 : 0;
    if (k === 4) { cue.x = one.x - 68; }
    if (k >= 5 && k < 30) { one.x += 30; }
    const thrown = k === 0 ? [{ ...one, x: one.x - 26, y: -16 }] : [one];
    out.push(frame(i, [...thrown, cue, ...rest]));
  }
  for (let k = 0; k < 3 * FPS; k++, i++) out.push(frame(i, [one, cue, ...rest]));
  const recs = run(out);
  const s = shots(recs);
  assert.equal(s.length, 1, JSON.stringify(recs));
  assert.equal(s[0]!.struck, 'cue');
  assert.equal(s[0]!.whileMoving, false, JSON.stringify(s[0]));
  assert.equal(s[0]!.firstContact, 1, JSON.stringify(s[0]));
});

test('a ball resting in a pocket\'s jaws that vanishes during a stroke with nothing seen to touch it is pocketed only with a flag', () => {
  // (development game 885002 at 57.5 s: ball 2 resting in the HL jaws missed by the detector for 2.5 s
  // while the stroke was played at the far end; it was called pocketed, unflagged)
  const cue: Ball = { id: 'cue', x: 900, y: 0 };
  const one: Ball = { id: 1, x: 1300, y: 0 };
  const jaw: Ball = { id: 2, x: -1745, y: 857 };
  const rest = layout().slice(3).map((b) => ({ ...b, x: b.x - 200 }));
  const out: FrameObservation[] = [];
  const start = [cue, one, jaw, ...rest].map((b) => ({ ...b }));
  let i = 0;
  for (; i < 2 * FPS; i++) out.push(frame(i, [cue, one, jaw, ...rest]));
  for (let k = 0; k < 60; k++, i++) {
    if (k < 10) cue.x += 32; else if (k < 40) one.x += 10;
    out.push(frame(i, [cue, one, ...(k < 12 ? [jaw] : []), ...rest]));
  }
  for (let k = 0; k < 3 * FPS; k++, i++) out.push(frame(i, [cue, one, ...rest]));
  // every name sure from the first second (as after many readings): only the pocketing is in doubt
  const recs = runNamed(out, start);
  const s = shots(recs);
  assert.equal(s.length, 1, JSON.stringify(s));
  assert.deepEqual(s[0]!.pocketed.map((p) => p.ball), [2], JSON.stringify(s[0]));
  assert.ok(s[0]!.review.some((r) => r.what === 'pocketed' && r.ball === 2), JSON.stringify(s[0]!.review));
});

test('a ball left in a middle pocket\'s jaws, clipped into it by the passing cue ball, is that stroke\'s first contact and pocketing (not a fall by itself)', () => {
  // (development game 965000 at 85.0 s: the cue ball cut ball 2 into the middle pocket thinly; ball 2 moved
  // 6 mm in the one frame it was still seen, and its going was told as a fall by itself, the ball the cue
  // ball went on to hit as the first contact, unflagged)
  const cue: Ball = { id: 'cue', x: 974, y: -18 };
  const jaw: Ball = { id: 2, x: -2, y: -865 };
  const five: Ball = { id: 5, x: -600, y: -835 };
  const seven: Ball = { id: 7, x: 600, y: 500 };
  const rest = layout().slice(3, 5).map((b) => ({ ...b, y: b.y + 200 }));
  const all = () => [cue, jaw, five, seven, ...rest];
  const out: FrameObservation[] = [];
  let i = 0;
  const push = (balls: Ball[]) => out.push(frame(i++, balls));
  const start = all().map((b) => ({ ...b }));
  for (let k = 0; k < 2 * FPS; k++) push(all());
  // stroke 1, to leave ball 2 in the jaws when a stroke ends: ball 7 rolls 300 mm and stops
  for (let k = 0; k < 30; k++) { seven.x -= 10; push(all()); }
  for (let k = 0; k < 3 * FPS; k++) push(all());
  // stroke 2: the cue ball at 3.7 m/s to its touch on ball 2 (centres 68 mm apart at (-8, -797))
  const touch = { x: -8, y: -797 };
  const n = Math.hypot(touch.x - cue.x, touch.y - cue.y);
  const ux = (touch.x - cue.x) / n, uy = (touch.y - cue.y) / n;
  let gone = false;
  for (let d = 0; ; ) {
    d = Math.min(n, d + 124);
    cue.x = 974 + ux * d; cue.y = -18 + uy * d;
    if (d >= n) break;
    push(all());
  }
  // the touch's frame: ball 2 nudged 6 mm into the pocket, then gone; the cue ball goes on along the cushion
  jaw.y -= 6;
  push(all());
  gone = true;
  const visible = () => all().filter((b) => !(gone && b === jaw));
  for (let k = 0; cue.x > five.x + 68; k++) { cue.x = Math.max(five.x + 68, cue.x - 110); cue.y = Math.max(-825, cue.y - 4); push(visible()); }
  for (let k = 0; k < 20; k++) { five.x -= 12 - 0.5 * k; cue.x -= 1; push(visible()); }
  for (let k = 0; k < 3 * FPS; k++) push(visible());
  const recs = runNamed(out, start);
  const s = shots(recs);
  assert.equal(s.length, 2, JSON.stringify(recs));
  assert.equal(s[1]!.struck, 'cue');
  assert.equal(s[1]!.firstContact, 2, JSON.stringify(s[1]));
  assert.deepEqual(s[1]!.pocketed.map((p) => [p.ball, p.pocket]), [[2, 'MR']], JSON.stringify(s[1]));
  assert.equal(recs.filter((r) => r.type === 'fall').length, 0, JSON.stringify(recs.filter((r) => r.type === 'fall')));
});

test('a cue ball come to rest where the ball it hit stood, its outline thrown 25 mm for three frames while that ball still rolls, starts no second stroke', () => {
  // (development game 965003 at 87.5 s: the cue ball followed ball 13 onto 13's old place and stopped; a
  // three-frame slip of its detection started a stroke "while moving", and ball 13, still rolling from the
  // first stroke, was taken as touched by it, measured from where 13 had stood before the first stroke)
  const cue: Ball = { id: 'cue', x: 0, y: 0 };
  const a: Ball = { id: 1, x: 400, y: 0 };
  const rest: Ball[] = [{ id: 2, x: -1000, y: 500 }, { id: 3, x: -1000, y: -500 }, { id: 4, x: 1200, y: 600 }];
  const out: FrameObservation[] = [];
  let i = 0;
  const push = (extra: Partial<Ball> = {}) => out.push(frame(i++, [{ ...cue, ...extra }, a, ...rest]));
  for (let k = 0; k < 2 * FPS; k++) push();
  // struck at 1.8 m/s into ball 1, which goes off at 150 mm/s and rolls on for four seconds
  while (cue.x + 60 < a.x - 68) { cue.x += 60; push(); }
  cue.x = a.x - 68; push();
  const rollFrames = 4 * FPS;
  let creep = 3;
  let slipAt = -1;
  for (let k = 0; k < rollFrames; k++) {
    a.x += 5;
    // the cue ball follows through onto ball 1's old place, slowing to a stop 10 mm short of its centre
    if (cue.x < 390) { cue.x = Math.min(390, cue.x + creep); creep = Math.max(1.2, creep * 0.97); }
    // a second after it stopped, its outline is found 25 mm back for three frames
    if (cue.x >= 390 && slipAt < 0 && k > 70) slipAt = k;
    if (slipAt >= 0 && k - slipAt < 3) push({ x: cue.x - 25 }); else push();
  }
  for (let k = 0; k < 3 * FPS; k++) push();
  assert.ok(slipAt >= 0, 'the slip happened while ball 1 rolled');
  const s = shots(run(out));
  assert.equal(s.length, 1, JSON.stringify(s));
  assert.equal(s[0]!.firstContact, 1);
});

test('a cue ball at address whose found centre flickers 17 mm off its spot and back (the cue tip over it) is dated from when it was struck, not from the first flicker', () => {
  // 2 s at rest; for 3 s the cue ball is found 17 mm off its spot for 6 frames in every 15 (its outline
  // cut by the cue's tip), then it is struck at 5 s into nothing at 2 m/s
  const flicker = 3 * FPS;
  const s = shots(run(scene(flicker + 60, (k, b) => {
    const cue = b[0]!, j = k - flicker + 1;
    if (k < flicker) [cue.x, cue.y] = k % 15 < 6 ? [-895, -17] : [-900, 0];
    else [cue.x, cue.y] = [-900, -20 * j + 0.17 * j * j];
  })));
  const struck_s = (2 * FPS + flicker) / FPS;
  assert.equal(s.length, 1, JSON.stringify(s));
  assert.equal(s[0]!.struck, 'cue');
  assert.ok(Math.abs(s[0]!.t0! - struck_s) <= 0.1, `t0 ${s[0]!.t0} against the strike at ${struck_s.toFixed(2)} s`);
});

test('a cue ball hidden under an arm at rest, back in view on its spot and struck 0.3 s later, was not moved by hand', () => {
  const { balls, ball: cue, others, out, i: i0 } = restThenHidden(0, 6);
  let i = i0;
  for (let k = 0; k < 9; k++, i++) out.push(frame(i, balls));
  for (let k = 1; k <= 60; k++, i++) out.push(frame(i, [{ ...cue, y: -20 * k + 0.17 * k * k }, ...others]));
  for (let k = 0; k < 3 * FPS; k++, i++) out.push(frame(i, [{ ...cue, y: -20 * 60 + 0.17 * 3600 }, ...others]));
  const recs = run(out);
  assert.deepEqual(recs.filter((r) => r.type === 'moved'), []);
  assert.equal(shots(recs).length, 1);
});

test('a ball moved 32 mm under a hand, back in view first in part off its centre and then found whole 19 mm on, was moved by hand', () => {
  // 981203: the jump from the part-found centre to the whole one started a "stroke" that was none, and
  // the question whether the hand had moved the ball was dropped with it
  const { ball: five, others, out, i: i0 } = restThenHidden(5, 15, 120, 120, 120);
  let i = i0;
  const part: BallDetection = { x_mm: five.x - 38, y_mm: five.y - 22, conf: 0.7, cueLike: 0.03, partial: true };
  for (let k = 0; k < 6; k++, i++) out.push(frame(i, others, [], [part]));
  for (let k = 0; k < 3 * FPS; k++, i++) out.push(frame(i, [...others, { ...five, x: five.x - 20, y: five.y - 25 }]));
  const recs = run(out);
  assert.deepEqual(shots(recs), []);
  const moved = recs.filter((r): r is MovedRecord => r.type === 'moved');
  assert.equal(moved.length, 1, JSON.stringify(recs));
  assert.deepEqual(moved[0]!.balls, [5]);
});

test('a ball back in view from under an arm just before a stroke, found 30 mm off by the stroke\'s end, is not "moved by hand": the stroke may have moved it', () => {
  const { balls, ball: three, others, out, i: i0 } = restThenHidden(3, 10, 120, 120, 120);
  const cue = others[0]!;
  let i = i0;
  for (let k = 0; k < 3; k++, i++) out.push(frame(i, balls));
  // the cue ball struck away from it; ball 3 creeps 30 mm, too slowly to be seen starting
  for (let k = 1; k <= 60; k++, i++) {
    out.push(frame(i, [{ ...cue, y: -20 * k + 0.17 * k * k }, ...others.slice(1), { ...three, x: three.x + Math.min(30, k) }]));
  }
  for (let k = 0; k < 3 * FPS; k++, i++) out.push(frame(i, [{ ...cue, y: -20 * 60 + 0.17 * 3600 }, ...others.slice(1), { ...three, x: three.x + 30 }]));
  const recs = run(out);
  assert.equal(shots(recs).length, 1, JSON.stringify(recs));
  assert.deepEqual(recs.filter((r) => r.type === 'moved'), []);
});

test('a cue ball lost in flight, three balls of a cluster set off in the same frame: the first contact guessed is the one that stood nearest where the cue ball was last seen, flagged', () => {
  // three touching balls, the back two listed (and so tracked) first; the cue ball, struck at 8 m/s, is
  // last found 390 mm short of them (as at a hard break, a blurred streak the detector stops finding)
  const cue: Ball = { id: 'cue', x: -900, y: 0 };
  const cluster: Ball[] = [{ id: 3, x: 689, y: 34 }, { id: 2, x: 689, y: -34 }, { id: 1, x: 630, y: 0 }];
  const far: Ball[] = [{ id: 4, x: -1200, y: 600 }, { id: 5, x: 1300, y: -600 }];
  const seenAll = (i: number, balls: Ball[]) => at(i, balls.map((b) => det(b)));
  const out: FrameObservation[] = [];
  let i = 0;
  for (; i < 2 * FPS; i++) out.push(seenAll(i, [...cluster, ...far, cue]));
  for (const x of [-880, -600, -320, -40, 240]) out.push(seenAll(i++, [...cluster, ...far, { ...cue, x }]));
  for (let k = 0; k < 2; k++, i++) out.push(seenAll(i, [...cluster, ...far]));
  // then the three roll off together, away from where the cue ball came
  const dir = new Map<number | 'cue', [number, number]>([[1, [40, 0]], [2, [30, -25]], [3, [30, 25]]]);
  for (let k = 1; k <= 2 * FPS; k++, i++) {
    const d = Math.min(k, 20);
    out.push(seenAll(i, [...cluster.map((b) => ({ ...b, x: b.x + dir.get(b.id)![0] * d, y: b.y + dir.get(b.id)![1] * d })), ...far]));
  }
  const s = shots(run(out));
  assert.equal(s.length, 1, JSON.stringify(s));
  assert.equal(s[0]!.struck, 'cue', JSON.stringify(s[0]));
  assert.equal(s[0]!.firstContact, 1, JSON.stringify(s[0]));
  assert.ok(s[0]!.review.some((r) => r.what === 'firstContact'), 'the first contact is flagged as a guess');
});

test('a stroke followed on a resting "ball" named the cue ball (a hand\'s odd colour), while the struck ball, read as the cue ball by the end, touched ball 1: that touch is the first contact', () => {
  // the real cue ball shows no numeral and an object ball's look until it rests after the stroke, when it
  // is read clearly; a still hand on the cloth by the side cushion looks odd-coloured, like a cue ball
  const cue: Ball = { id: 'cue', x: -900, y: -500 };
  const one: Ball = { id: 1, x: -700, y: 0 };
  const others: Ball[] = [{ id: 2, x: 600, y: 400 }, { id: 3, x: 900, y: -300 }, { id: 4, x: 300, y: -600 }];
  const hand = { x: -1100, y: -780 };
  const unread = Array.from({ length: 17 }, (_, c) => (c === 16 ? 0.97 : 0.002));
  const cueSeen = (b: Ball, read: boolean) => det(b, { cueLike: 0.03, ...(read ? {} : { idProbs: unread }) });
  const handSeen = det({ id: 5, x: hand.x, y: hand.y }, { cueLike: 0.95, idProbs: unread });
  const out: FrameObservation[] = [];
  let i = 0;
  for (; i < 2 * FPS; i++) out.push(at(i, [cueSeen(cue, false), det(one), ...others.map((b) => det(b)), handSeen]));
  // the cue ball rolls to ball 1 (200, 500 mm off) in 20 frames, stops against it; ball 1 rolls on
  let c = { ...cue }, o = { ...one };
  for (let k = 1; k <= 3 * FPS; k++, i++) {
    if (k <= 18) c = { ...cue, x: cue.x + 10 * k, y: cue.y + 25 * k };
    if (k > 18) o = { ...one, x: one.x + 15 * Math.min(k - 18, 40), y: one.y + 37 * Math.min(k - 18, 40) };
    out.push(at(i, [cueSeen(c, k > 2 * FPS), det(o), ...others.map((b) => det(b)), handSeen]));
  }
  const s = shots(run(out));
  assert.equal(s.length, 1, JSON.stringify(s));
  assert.equal(s[0]!.struck, 'cue', JSON.stringify(s[0]));
  assert.equal(s[0]!.firstContact, 1, JSON.stringify(s[0]));
});

test('a cue ball struck while a ball still rolls, stopping all but dead against the ball it knocks on a frame later, starts its stroke then: that ball is its first contact', () => {
  // (1110901: 85 mm in its first frame, then 3 mm and a creep; taken for a track put onto a wrong
  // detection, the stroke was seen only 0.15 s later, its ball gone as an unseen contact of the stroke before)
  const cue: Ball = { id: 'cue', x: -900, y: 0 };
  const a: Ball = { id: 1, x: -500, y: 0 };
  const b: Ball = { id: 2, x: -568, y: -150 };
  const rest = layout().slice(3);
  const out: FrameObservation[] = [];
  let i = 0;
  for (; i < 2 * FPS; i++) out.push(frame(i, [cue, a, b, ...rest]));
  let hit = -1;
  for (let k = 0; k < 150; k++, i++) {
    if (k < 9) cue.x += 37; // to (-567, 0), touching ball 1
    if (k >= 9) a.x += Math.max(0, 10 - 0.06 * (k - 9)); // ball 1 rolls on slowly for four seconds
    if (k === 60) { cue.y = -150 + 68; hit = i; } // struck: 82 mm in a frame, against ball 2
    if (k > 60 && k < 70) cue.y -= 7; // creeping on after ball 2
    if (k > 60 && k < 85) b.y -= 40 - 1.5 * (k - 61); // ball 2 knocked away
    out.push(frame(i, [cue, a, b, ...rest]));
  }
  for (let k = 0; k < 3 * FPS; k++, i++) out.push(frame(i, [cue, a, b, ...rest]));
  const s = shots(run(out));
  assert.equal(s.length, 2, JSON.stringify(s));
  assert.equal(s[1]!.struck, 'cue');
  assert.equal(s[1]!.whileMoving, true, JSON.stringify(s[1]));
  assert.equal(s[1]!.firstContact, 2, JSON.stringify(s[1]));
  assert.ok(Math.abs((s[1]!.t0 ?? NaN) - (hit - 1) / FPS) < 0.05, `t0 ${s[1]!.t0}, struck ${(hit - 1) / FPS}`);
});

test('a second "ball" with the cue ball\'s look, resting while the cue ball is in view elsewhere and balls roll, is not believed: it follows an arm away and is not pocketed', () => {
  // (1110901: a red sleeve on red cloth beside a red cue ball, a "ball" on the forearm for 0.7 s while the
  // player aimed, became a ball, followed the arm into a corner and was "pocketed")
  const recs = run(scene(150, (k, b) => {
    if (k < 20) b[0]!.x += 30; // the cue ball into ball 1's neighbourhood, then ball 3 rolls slowly a long while
    if (k >= 20) b[3]!.x += Math.max(0, 8 - 0.05 * (k - 20));
    if (k < 30 || k >= 90) return;
    // the sleeve: still for a second, then off towards the far right corner
    const p = k < 75 ? { x: 800, y: -600 } : { x: 800 + 60 * (k - 75), y: -600 - 20 * (k - 75) };
    if (p.x > 1740) return;
    return { extra: [{ x_mm: p.x, y_mm: p.y, conf: 0.9, cueLike: 0.95 }] };
  }));
  const s = shots(recs);
  assert.ok(s.every((x) => !x.pocketed.some((p) => p.ball === 'cue') && !x.offTable.includes('cue')), JSON.stringify(s));
});

test('a ball whose track steps onto the hand over it and is lost there, put down 170 mm on by that hand, was moved, not struck', () => {
  // (development clip 1121200: ball 1's track took a piece of the hand 32 mm off as the hand closed over it and
  // was lost when the hand moved on; the ball was put down 170 mm away, found by a track born on the hand in
  // that same frame: "struck 1", lost away from the pockets, and ball 1 lost for the rest of the clip)
  const balls = layout();
  const one = balls[1]!;
  const others = balls.filter((b) => b !== one);
  const home = { x: one.x, y: one.y }, dest = { x: one.x + 30, y: one.y - 170 };
  const box = (x: number, y: number): OccludedBox => ({ x0_mm: x - 45, y0_mm: y - 45, x1_mm: x + 45, y1_mm: y + 45 });
  const out: FrameObservation[] = [];
  let i = 0;
  for (; i < 2 * FPS; i++) out.push(frame(i, balls));
  // the hand closes over it
  for (let k = 0; k < 4; k++, i++) out.push(frame(i, others, [box(home.x, home.y)]));
  out.push(frame(i++, others, [box(home.x, home.y)], [part(home.x + 18, home.y + 27), part(home.x - 40, home.y + 23)]));
  // and carries it off, a piece of the hand found now and then
  for (let k = 1; k <= 30; k++, i++) {
    const f = k / 30, hx = home.x + f * (dest.x - home.x), hy = home.y + f * (dest.y - home.y);
    out.push(frame(i, others, [box(hx, hy)], k % 3 === 0 ? [part(hx - 40 * (1 - f), hy + 23 * (1 - f))] : []));
  }
  // puts it down, lingers, and goes
  for (let k = 0; k < 6; k++, i++) out.push(frame(i, [...others, { id: 1, ...dest }], [box(dest.x + 30, dest.y)]));
  for (let k = 0; k < 4 * FPS; k++, i++) out.push(frame(i, [...others, { id: 1, ...dest }]));
  movedNotStruck(run(out));
});

test('a ball slid under a hand whose track began on the fingers before the ball was last seen, and ends on the ball put down, was moved: not picked up', () => {
  // (development clip 1241200: the fingers coming in over the side cushion were found as "balls" 0.2 s before ball
  // 12 was hidden; one of them moved with the hand and ended on the ball, put down 86 mm on. The ball's own track
  // was taken as gone from rest with no new ball come to rest anywhere, and the clip had a stroke "off the table")
  const { balls, ball: three, others } = setAside(3);
  const home = { x: three.x, y: three.y }, dest = { x: three.x - 4, y: three.y - 86 };
  const box = (x: number, y: number): OccludedBox => ({ x0_mm: x - 60, y0_mm: y - 200, x1_mm: x + 60, y1_mm: y + 40 });
  const out: FrameObservation[] = [];
  let i = 0;
  for (; i < 2 * FPS; i++) out.push(frame(i, balls));
  // the fingers come in from the cushion's side, the ball still in view
  for (let k = 0; k < 6; k++, i++) out.push(frame(i, balls, [], [part(home.x + 12, home.y - 200 + 15 * k)]));
  // the hand over the ball slides it on, a piece of the fingers found with it
  for (let k = 0; k <= 24; k++, i++) {
    const f = k / 24, x = home.x + f * (dest.x - home.x), y = home.y + f * (dest.y - home.y);
    out.push(frame(i, others, [box(x, y)], [part(x + 12 * (1 - f), y - 110 * (1 - f))]));
  }
  // puts it down and goes
  for (let k = 0; k < 6; k++, i++) out.push(frame(i, [...others, { id: 3, ...dest }], [box(dest.x, dest.y - 60)]));
  for (let k = 0; k < 4 * FPS; k++, i++) out.push(frame(i, [...others, { id: 3, ...dest }]));
  movedNotStruck(run(out));
});

test('a ball whose track walks off along pieces of a hand coming over it onto a knuckle under the arm was not moved, when the arm goes and it is there', () => {
  // (development game 1275003 at 27.6 s: the track stepped 15 and 32 mm onto pieces of the fingers, then 76 mm onto a
  // knuckle found whole under the arm, and stayed on it; the ball never moved, and a `moved` record went out)
  const { balls, ball: three, others } = setAside(3);
  const home = { x: three.x, y: three.y };
  const knuckle: BallDetection = { x_mm: home.x - 100, y_mm: home.y + 13, conf: 0.8, cueLike: 0.03 };
  const arm: OccludedBox = { x0_mm: home.x - 160, y0_mm: home.y - 60, x1_mm: home.x + 60, y1_mm: home.y + 80 };
  const out: FrameObservation[] = [];
  let i = 0;
  for (; i < 2 * FPS; i++) out.push(frame(i, balls));
  out.push(frame(i++, others, [], [part(home.x - 15, home.y - 9)]));
  out.push(frame(i++, others, [], [part(home.x - 25, home.y + 20)]));
  for (let k = 0; k < 25; k++, i++) out.push(frame(i, others, [arm], k % 6 === 5 ? [] : [knuckle]));
  for (let k = 0; k < 4 * FPS; k++, i++) out.push(frame(i, balls));
  const recs = run(out);
  assert.deepEqual(recs.filter((r) => r.type === 'moved' || r.type === 'shot'), [], JSON.stringify(recs));
});

test('a ball whose track steps onto pieces of the hand over it and is lost, slid 118 mm on by that hand, was moved', () => {
  // (development clip 1261209: the stroke its step began was judged a hand's while the track was lost, and the
  // ball, found on by a new track, was reunited with it with no `moved` record)
  const { balls, ball: three, others } = setAside(3);
  const home = { x: three.x, y: three.y }, dest = { x: three.x + 118, y: three.y - 14 };
  const box = (x: number, y: number): OccludedBox => ({ x0_mm: x - 50, y0_mm: y - 60, x1_mm: x + 50, y1_mm: y + 200 });
  const out: FrameObservation[] = [];
  let i = 0;
  for (; i < 2 * FPS; i++) out.push(frame(i, balls));
  for (let k = 0; k < 3; k++, i++) out.push(frame(i, others, [box(home.x, home.y)]));
  // its track steps onto pieces of the hand, 29, 40 and 52 mm off, and loses them
  out.push(frame(i++, others, [box(home.x, home.y)], [part(home.x + 7, home.y + 28)]));
  out.push(frame(i++, others, [box(home.x, home.y)], [part(home.x + 9, home.y + 39)]));
  out.push(frame(i++, others, [box(home.x, home.y)], [part(home.x + 12, home.y + 51)]));
  for (let k = 1; k <= 24; k++, i++) {
    const f = k / 24;
    out.push(frame(i, others, [box(home.x + f * (dest.x - home.x), home.y + f * (dest.y - home.y))]));
  }
  for (let k = 0; k < 6; k++, i++) out.push(frame(i, [...others, { id: 3, ...dest }], [box(dest.x, dest.y)]));
  for (let k = 0; k < 4 * FPS; k++, i++) out.push(frame(i, [...others, { id: 3, ...dest }]));
  movedNotStruck(run(out));
});

test('a cue ball that rebounds off a ball resting against a cushion, which barely moves, touched it; one turned back by the cushion beside it did not', () => {
  // (development game 1135003: the cue ball came back three times off ball 10, pressed to the head cushion,
  // which moved a millimetre; each stroke was "no contact", or no stroke at all)
  const scene = (cueY: number) => {
    const cue: Ball = { id: 'cue', x: 1560, y: cueY };
    const one: Ball = { id: 1, x: 1775 - 34 - 1, y: 0 };
    const rest = layout().slice(2);
    const out: FrameObservation[] = [];
    let i = 0;
    for (; i < 2 * FPS; i++) out.push(frame(i, [cue, one, ...rest]));
    // in at 420 mm/s, to touching ball 1 or, passing beside it, to the cushion's nose
    const hits = Math.abs(cueY) < 68;
    const stopAt = hits ? one.x - Math.sqrt(68 ** 2 - cueY ** 2) : 1775 - 34;
    while (cue.x < stopAt - 0.5) {
      cue.x = Math.min(stopAt, cue.x + 14);
      if (hits && cue.x >= stopAt) one.x += 1;
      out.push(frame(i++, [cue, one, ...rest]));
    }
    // back out at a third of the pace, slowing to a stop
    for (let v = 6; v > 0.2; v *= 0.93) { cue.x -= v; out.push(frame(i++, [cue, one, ...rest])); }
    for (let k = 0; k < 3 * FPS; k++) out.push(frame(i++, [cue, one, ...rest]));
    return shots(run(out));
  };
  const hit = scene(0);
  assert.equal(hit.length, 1, JSON.stringify(hit));
  assert.equal(hit[0]!.struck, 'cue');
  assert.equal(hit[0]!.firstContact, 1, JSON.stringify(hit[0]));
  // its centre 76 mm from ball 1's when the cushion turned it: clear of it by 8 mm
  const beside = scene(-76);
  assert.equal(beside.length, 1, JSON.stringify(beside));
  assert.equal(beside[0]!.firstContact, null, JSON.stringify(beside[0]));
});

test('a ball whose centre is found shifted a frame or two before the cue ball reaches it is not hit before the ball the cue ball met first', () => {
  // the cue ball at 5 m/s meets ball 1 off-centre, glances off it and touches ball 2 half a frame later;
  // ball 2, found only in part, showed its centre 10 mm off two frames before the cue ball got there (so
  // its start is dated then), as a rack ball under dim lamps at 1195000's break did
  const cue: Ball = { id: 'cue', x: -900, y: 20 };
  const one: Ball = { id: 1, x: 0, y: 0 };
  const two: Ball = { id: 2, x: -30, y: 100 };
  const rest = layout().slice(3);
  const out: FrameObservation[] = [];
  const push = (bs: Ball[]) => out.push(at(out.length, bs.map((b) => det(b))));
  for (let k = 0; k < 2 * FPS; k++) push([cue, one, two, ...rest]);
  for (let k = 1; k <= 4; k++) push([{ ...cue, x: -900 + 167 * k }, one, k >= 3 ? { ...two, x: -22, y: 106 } : two, ...rest]);
  // from the contact at (-65, 20): ball 1 along the line of centres, the cue ball across it into ball 2,
  // which rolls off away from it
  const n = { x: 65 / 68, y: -20 / 68 };
  const slow = (k: number) => 12 * k - 0.1 * k * k;
  for (let k = 1; k <= 40; k++) {
    push([
      { id: 'cue', x: -65 + 10 * Math.min(k, 2), y: 20 + 30 * Math.min(k, 2) },
      { id: 1, x: n.x * slow(k), y: n.y * slow(k) },
      { id: 2, x: -22 + 0.3 * slow(k), y: 106 + slow(k) },
      ...rest,
    ]);
  }
  for (let k = 0; k < 3 * FPS; k++) out.push({ ...out.at(-1)!, index: out.length, t_s: out.length / FPS });
  const s = shots(run(out));
  assert.equal(s.length, 1, JSON.stringify(s));
  assert.equal(s[0]!.struck, 'cue');
  assert.equal(s[0]!.firstContact, 1, JSON.stringify(s[0]));
  // (and the cue ball's path runs on to ball 1, not cut short where ball 2 seemed to start)
  const end = s[0]!.cuePath!.at(-1)!;
  assert.ok(Math.hypot(end[0] - one.x, end[1] - one.y) < 3 * 34, `the cue path ends at ${end}`);
});

test('a cue ball struck from under the arm straight into a ball, stopped dead by it and then following it into a corner, is the struck ball, pocketed', () => {
  // 1160204: the cue ball, hidden under the arm, was found 117 mm out 0.1 s after it was last seen, then
  // (having hit ball 9) crept 3-4 mm a frame and followed 9 into the corner at 350 mm/s; its candidate's first
  // step was taken for a leap onto it and cut, the rest was too slow and too far from the ball's place to be
  // handed over, and the stroke was "struck 9", the cue ball's fall unseen
  const from = { x: 1350, y: -456 }, corner = { x: 1775, y: -887 };
  const L = Math.hypot(corner.x - from.x, corner.y - from.y);
  const u = [(corner.x - from.x) / L, (corner.y - from.y) / L];
  const along = (d: number, id: Ball['id'] = 'cue'): Ball => ({ id, x: from.x + u[0]! * d, y: from.y + u[1]! * d });
  // (under that lamp the cue ball looks like any other ball: no look to hand it over by)
  const cueSeen = (d: number): BallDetection[] => [{ ...seen(along(d)), cueLike: 0.03, idProbs: reading('cue') }];
  const nine0 = 305;
  const rest = headEnd();
  // (the arm's edge still over the ball where it is first found)
  const arm: OccludedBox = { x0_mm: 1100, y0_mm: -560, x1_mm: 1445, y1_mm: -200 };
  const out: FrameObservation[] = [];
  const on = (d: number) => d < L - 60;
  let i = 0;
  for (; i < 2 * FPS; i++) out.push(frame(i, [along(nine0, 9), ...rest], i >= FPS ? [arm] : [], cueSeen(0)));
  // hidden three frames under the arm as it is struck
  for (let k = 0; k < 3; k++) out.push(frame(i++, [along(nine0, 9), ...rest], [arm]));
  out.push(frame(i++, [along(nine0, 9), ...rest], [arm], cueSeen(117)));
  out.push(frame(i++, [along(nine0 + 20, 9), ...rest], [arm]));
  // against ball 9: the cue ball all but stops, 9 runs on at 1.2 m/s into the corner; the cue ball follows at 350 mm/s
  let c = 236, n = nine0 + 60;
  for (let k = 0; k < 5; k++, i++) { c += 3.5; n += 40; out.push(frame(i, [...(on(n) ? [along(n, 9)] : []), ...rest], [arm], cueSeen(c))); }
  for (; on(c); i++) { c += 11.7; n += 40; out.push(frame(i, [...(on(n) ? [along(n, 9)] : []), ...rest], [], on(c) ? cueSeen(c) : [])); }
  for (let k = 0; k < 3 * FPS; k++, i++) out.push(frame(i, rest));
  const s = shots(run(out));
  assert.equal(s.length, 1, JSON.stringify(s));
  assert.equal(s[0]!.struck, 'cue', JSON.stringify(s[0]));
  assert.deepEqual(s[0]!.pocketed.map((p) => [p.ball === 'cue' ? 'cue' : 'object', p.pocket]).sort(), [['cue', 'FR'], ['object', 'FR']], JSON.stringify(s[0]));
});

test('a slow cue ball that passes one ball at about a touch on its way into another cannot say which it met first: the one its run in meets, flagged', () => {
  // (1375003 at 29.1 s, its places rounded: the cue ball at 240 mm/s along y = -35 met ball 6, 67 mm off its line
  // ahead, a frame before it grazed ball 5, 69 mm off its line to the side, which crept off at 75 mm/s. Within
  // reach of 5 (two radii and the noise) 0.05 s before 6, the 5 was taken without a word.)
  const five: Ball = { id: 5, x: 954, y: 33 }, six: Ball = { id: 6, x: 986, y: -88 };
  const rest = layout().slice(7).map((b) => ({ ...b, x: b.x - 700 }));
  const out: FrameObservation[] = [];
  const push = (bs: Ball[]) => out.push(at(out.length, bs.map((b) => det(b))));
  const cueAt = (k: number): Ball => ({ id: 'cue', x: 600 + 8 * k, y: -35 - 0.5 * Math.max(0, k - 44) });
  for (let k = 0; k < 2 * FPS; k++) push([cueAt(0), five, six, ...rest]);
  const touches = (b: Ball, k: number) => Math.hypot(cueAt(k).x - b.x, cueAt(k).y - b.y) <= 68.5;
  let sixFrom = -1, fiveFrom = -1;
  for (let k = 1; k <= 110; k++) {
    if (sixFrom < 0 && touches(six, k)) sixFrom = k;
    if (fiveFrom < 0 && touches(five, k)) fiveFrom = k;
    const j6 = sixFrom < 0 ? 0 : Math.min(k - sixFrom, 40), d6 = 11 * j6 - 0.13 * j6 * j6;
    const j5 = fiveFrom < 0 ? 0 : Math.min(k - fiveFrom, 30), d5 = 2.6 * j5 - 0.043 * j5 * j5;
    const slow = Math.min(k, 80);
    push([{ ...cueAt(slow), x: cueAt(slow).x }, { ...five, y: five.y + d5 }, { ...six, x: six.x + 0.7 * d6, y: six.y - 0.7 * d6 }, ...rest]);
  }
  assert.ok(sixFrom > 0 && fiveFrom === sixFrom + 1, `6 met at frame ${sixFrom}, 5 at ${fiveFrom}`);
  const last = out.at(-1)!;
  for (let k = 0; k < 3 * FPS; k++) out.push({ ...last, index: out.length, t_s: out.length / FPS });
  const s = shots(run(out));
  assert.equal(s.length, 1, JSON.stringify(s));
  assert.equal(s[0]!.firstContact, 6, JSON.stringify(s[0]));
  assert.ok(s[0]!.review?.some((r) => r.what === 'firstContact'), JSON.stringify(s[0]!.review));
});
