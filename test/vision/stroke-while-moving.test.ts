// A stroke played while balls still roll strikes a ball resting under the cue: one begun by a ball the
// camera did not see resting where it started from is flagged (a ball lost and found again elsewhere
// makes a "stroke" of its own otherwise, silently).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ObservationAnalyzer } from '../../src/vision/analyze-observations.js';
import type { BallDetection, FrameObservation } from '../../src/vision/observation.js';
import type { ShotRecord, TableRecord } from '../../src/protocol/records.js';
import { RUSSIAN_12FT } from '../../src/table/geometry.js';

const FPS = 30;
interface Ball { id: 'cue' | number; x: number; y: number; hidden?: boolean }
const seen = (b: Ball): BallDetection => ({ x_mm: b.x, y_mm: b.y, conf: 0.95, cueLike: b.id === 'cue' ? 0.95 : 0.03 });

/**
 * The cue ball, struck along the table, sends ball 1 rolling slowly towards the foot cushion and stops;
 * `between(k, cue)` may move or hide the cue ball while ball 1 rolls on; then the cue ball is struck
 * again, across the table, with ball 1 still rolling.
 */
function twoStrokes(between: (k: number, cue: Ball) => void): ShotRecord[] {
  const cue: Ball = { id: 'cue', x: -900, y: 0 };
  const one: Ball = { id: 1, x: -500, y: 0 };
  const rest: Ball[] = [2, 3, 4, 5].map((n) => ({ id: n, x: -300 + 250 * n, y: 600 }));
  const frames: FrameObservation[] = [];
  let i = 0;
  const push = () => { frames.push({ index: i, t_s: i / FPS, detections: [cue, one, ...rest].filter((b) => !b.hidden).map(seen), occluded: [] }); i++; };
  for (let k = 0; k < 2 * FPS; k++) push();
  // stroke 1: the cue ball at 1.5 m/s into ball 1 (330 mm off), stopping at once (a stun shot)
  for (let k = 1; k <= 7; k++) { cue.x = -900 + 47 * k; push(); }
  // ball 1 rolls on at 0.5 m/s, slowing by 0.1 m/s a second, for the rest of the clip
  let v = 500;
  const roll = () => { one.x += v / FPS; v = Math.max(300, v - 100 / FPS); };
  for (let k = 0; k < 40; k++) { roll(); between(k, cue); push(); }
  // stroke 2 while ball 1 rolls: the cue ball across the table at 1 m/s, slowing to a stop
  for (let k = 1; k <= 30; k++) { roll(); cue.y = -(33 * k - 0.55 * k * k); cue.hidden = false; push(); }
  for (let k = 0; k < 3 * FPS; k++) { if (v > 0) { one.x += v / FPS; v = Math.max(0, v - 600 / FPS); } push(); }
  const a = new ObservationAnalyzer(RUSSIAN_12FT, { rack: false });
  const out: TableRecord[] = [];
  for (const f of frames) out.push(...a.push(f));
  out.push(...a.finish());
  return out.filter((x): x is ShotRecord => x.type === 'shot');
}

const unsettled = (s: ShotRecord) => s.review.some((r) => r.what === 'whileMoving' && /without being seen at rest/.test(r.why ?? ''));

test('a cue ball seen resting, then struck while a ball still rolls: played while moving, not flagged as unsettled', () => {
  const s = twoStrokes(() => {});
  assert.equal(s.length, 2, JSON.stringify(s));
  assert.equal(s[1]!.struck, 'cue');
  assert.equal(s[1]!.whileMoving, true);
  assert.ok(!unsettled(s[1]!), JSON.stringify(s[1]!.review));
});

test('a cue ball lost from view and found again elsewhere just before it "starts" while a ball rolls: the stroke is flagged', () => {
  // lost for two-thirds of a second, found 150 mm off, where it is seen for two frames before it rolls
  const s = twoStrokes((k, cue) => {
    cue.hidden = k >= 18 && k < 38;
    if (k === 38) cue.y = 150;
  });
  assert.equal(s.length, 2, JSON.stringify(s));
  assert.equal(s[1]!.whileMoving, true);
  assert.ok(unsettled(s[1]!), JSON.stringify(s[1]!.review));
});

test('a cue ball struck while a ball rolls, across the place that ball had left: no contact, none guessed', () => {
  // ball 1 set rolling along the table; while it rolls, the cue ball is struck across the table through the
  // very place ball 1 was at that moment, reaching it half a second later with ball 1 150 mm on by then
  // (1050900: a ball rolling on from the stroke before was taken as touched, its displacement as a creep)
  const one: Ball = { id: 1, x: 0, y: 0 };
  const rest: Ball[] = [2, 3, 4, 5].map((n) => ({ id: n, x: -300 + 250 * n, y: 650 }));
  let v = 500;
  const roll = () => { one.x += v / FPS; v = Math.max(300, v - 100 / FPS); };
  const ROLL_BEFORE = 20;
  const x0 = -800;
  for (let k = 0; k < ROLL_BEFORE; k++) roll();
  const cue: Ball = { id: 'cue', x: x0 + one.x, y: -600 };
  one.x = x0; v = 500;
  const frames: FrameObservation[] = [];
  let i = 0;
  const push = () => { frames.push({ index: i, t_s: i / FPS, detections: [cue, one, ...rest].map(seen), occluded: [] }); i++; };
  for (let k = 0; k < 2 * FPS; k++) push();
  for (let k = 0; k < ROLL_BEFORE; k++) { roll(); push(); }
  assert.ok(Math.abs(one.x - cue.x) < 1);
  for (let k = 1; k <= 31; k++) { roll(); cue.y = -600 + 50 * k - 0.8 * k * k; push(); }
  for (let k = 0; k < 3 * FPS; k++) { if (v > 0) { one.x += v / FPS; v = Math.max(0, v - 600 / FPS); } push(); }
  const a = new ObservationAnalyzer(RUSSIAN_12FT, { rack: false });
  const out: TableRecord[] = [];
  for (const f of frames) out.push(...a.push(f));
  out.push(...a.finish());
  const shots = out.filter((x): x is ShotRecord => x.type === 'shot');
  const s = shots.find((x) => x.struck === 'cue');
  assert.ok(s, JSON.stringify(shots));
  assert.equal(s.whileMoving, true);
  assert.equal(s.firstContact, null, JSON.stringify(s));
});

test('a stroke whose only "rolling" ball was set going by a motion taken for no stroke (a hand) is flagged, not silently F7', () => {
  // six balls and the cue ball at rest; a hand slides ball 6, by the side cushion, slowly along it for a
  // third of a second (a "ball" on the bridge hand does the same as the player settles); the cue ball is
  // struck while it still slides, and rolls to a stop touching nothing
  const run = (slide: boolean) => {
    const cue: Ball = { id: 'cue', x: -900, y: 0 };
    const six: Ball = { id: 6, x: 600, y: -840 };
    const rest: Ball[] = [1, 2, 3, 4, 5].map((n) => ({ id: n, x: -600 + 250 * n, y: 500 }));
    const frames: FrameObservation[] = [];
    let i = 0;
    const push = () => { frames.push({ index: i, t_s: i / FPS, detections: [cue, six, ...rest].map(seen), occluded: [] }); i++; };
    for (let k = 0; k < 2 * FPS; k++) push();
    for (let k = 0; k < 10; k++) { if (slide) six.x += 8; push(); }
    for (let k = 1; k <= 30; k++) { if (slide && k <= 6) six.x += 8; cue.y = -(33 * k - 0.55 * k * k); push(); }
    for (let k = 0; k < 3 * FPS; k++) push();
    const a = new ObservationAnalyzer(RUSSIAN_12FT, { rack: false });
    const out: TableRecord[] = [];
    for (const f of frames) out.push(...a.push(f));
    out.push(...a.finish());
    return out.filter((x): x is ShotRecord => x.type === 'shot');
  };
  const still = run(false);
  assert.equal(still.length, 1, JSON.stringify(still));
  assert.equal(still[0]!.whileMoving, false);
  const s = run(true);
  assert.equal(s.length, 1, JSON.stringify(s));
  assert.equal(s[0]!.struck, 'cue');
  // (ball 6 still slid when the cue ball was struck: played while moving, if the slide was a ball's at all)
  assert.equal(s[0]!.whileMoving, true);
  assert.ok(s[0]!.review.some((r) => r.what === 'whileMoving' && /no stroke/.test(r.why ?? '')), JSON.stringify(s[0]!.review));
});
