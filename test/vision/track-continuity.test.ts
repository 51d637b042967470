// Keeping one track per ball when the detector loses it: a hard-struck ball found again further on, a
// ball lost for good and found elsewhere, "balls" that add up to more than 16, and a ball lost by a
// pocket that turns up again beside it. Made-up observations, no pixels.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ObservationAnalyzer } from '../../src/vision/analyze-observations.js';
import { Tracker, type Track } from '../../src/vision/tracking/tracker.js';
import { reunions, surplusLost } from '../../src/vision/tracking/reunion.js';
import { shotRecord } from '../../src/vision/strokes/shot-record.js';
import type { Stroke } from '../../src/vision/strokes/stroke-state.js';
import { StruckMotion } from '../../src/vision/strokes/struck-motion.js';
import { pocketMouth, RUSSIAN_12FT } from '../../src/table/geometry.js';
import { at, det, FPS, R, type Ball } from './observations.js';
import { ID_CLASSES, type BallDetection } from '../../src/vision/observation.js';

const far: Ball[] = [{ id: 1, x: -1000, y: 500 }, { id: 2, x: -1000, y: -500 }];

/** `frames` frames (from the first) of `ball` at rest, found with `extra`, beside the far balls; its track's id. */
function restFor(tr: Tracker, ball: Ball, frames: number, extra: Partial<BallDetection> = {}): number {
  for (let i = 0; i < frames; i++) tr.update(at(i, [det(ball, extra), ...far.map((f) => det(f))]));
  return tr.live().find((t) => Math.hypot(t.x_mm - ball.x, t.y_mm - ball.y) < R)!.id;
}

test('a ball hidden under the arm for a frame does not take a piece of the cue 172 mm back towards the arm; hidden four frames, a hand may have slid it there', () => {
  // (1335002's break: the cue ball, struck at 5 m/s, was unfound in that frame under the arm's cells; the next frame
  // the cells were gone and its track took a piece of the cue 172 mm back towards the bridge hand, inside a hidden
  // ball's wide gate, and the break became two strokes.) The piece looks as odd as the cue ball (wood beside ivory)
  const taken = (hidden: number) => {
    const tr = new Tracker(RUSSIAN_12FT);
    const b: Ball = { id: 'cue', x: -1489, y: -669 };
    const id = restFor(tr, b, 30);
    const arm = [{ x0_mm: -1860, y0_mm: -900, x1_mm: -1270, y1_mm: -600 }];
    let i = 30;
    for (let k = 0; k < hidden; k++, i++) tr.update(at(i, far.map((f) => det(f)), arm));
    const piece: BallDetection = { x_mm: -1656, y_mm: -713, conf: 0.6, cueLike: 0.9, partial: true };
    tr.update(at(i, [piece, ...far.map((f) => det(f))]));
    const t = tr.tracks.find((k) => k.id === id)!;
    return Math.hypot(t.x_mm - piece.x_mm, t.y_mm - piece.y_mm) < 1;
  };
  assert.equal(taken(1), false, 'hidden a frame: 172 mm is further than a hand slides a ball');
  assert.equal(taken(3), true, 'hidden 0.1 s: a hand may have slid it');
});

test('a ball lost from view at rest over a second, no arm boxed over it, does not take a "ball" found whole 280 mm off; a moment lost, it may', () => {
  // (1260201 at 4.7 s: ball 13, lost 1.6 s under an arm the map did not box, took a knuckle 280 mm off on the hand)
  const found = (lost: number) => {
    const tr = new Tracker(RUSSIAN_12FT);
    const b: Ball = { id: 13, x: -426, y: 440 };
    const id = restFor(tr, b, 30);
    let i = 30;
    for (let k = 0; k < lost; k++, i++) tr.update(at(i, far.map((f) => det(f))));
    const knuckle = det({ id: 13, x: -263, y: 664 }, { cueLike: 0.03 });
    tr.update(at(i, [knuckle, ...far.map((f) => det(f))]));
    const t = tr.tracks.find((k) => k.id === id)!;
    return Math.hypot(t.x_mm - knuckle.x_mm, t.y_mm - knuckle.y_mm) < 1;
  };
  assert.equal(found(48), false, 'lost 1.6 s: a new track takes it, if anything');
  assert.equal(found(15), true, 'lost half a second: a hand may have moved it');
});

test('a ball struck hard, lost for five frames and found again further on as a blurred streak, keeps its track', () => {
  const tr = new Tracker(RUSSIAN_12FT);
  const b: Ball = { id: 'cue', x: 1200, y: 0 };
  let i = 0;
  for (; i < 30; i++) tr.update(at(i, [det(b), ...far.map((f) => det(f))]));
  const id = tr.live().find((t) => Math.hypot(t.x_mm - b.x, t.y_mm) < R)!.id;
  // two frames seen speeding up, five unseen, then 20 partial ones at 2.4 m/s (80 mm a frame)
  for (let k = 0; k < 27; k++, i++) {
    b.x -= k === 0 ? 10 : k === 1 ? 40 : 80;
    const seen = k < 2 || k >= 7;
    tr.update(at(i, [...(seen ? [det(b, { partial: k >= 7 })] : []), ...far.map((f) => det(f))]));
  }
  const now = tr.tracks.filter((t) => t.state === 'visible' && Math.hypot(t.x_mm - b.x, t.y_mm - b.y) < R);
  assert.equal(now.length, 1);
  assert.equal(now[0]!.id, id, 'the rolling ball is followed by the track it had at rest');
  assert.ok(now[0]!.confirmed);
});

test('a ball lost away from the pockets and found at rest elsewhere takes the lost one\'s name and is moved; a stroke does not start', () => {
  const a = new ObservationAnalyzer(RUSSIAN_12FT, { rack: false });
  const cue: Ball = { id: 'cue', x: 500, y: 200 };
  const recs = [];
  let i = 0;
  for (; i < 60; i++) recs.push(...a.push(at(i, [det(cue), ...far.map((f) => det(f))])));
  // gone from view for two seconds (the detector lost it), then found 1.9 m away (beyond any lost
  // track's reach) with no number read
  for (let k = 0; k < 60; k++, i++) recs.push(...a.push(at(i, far.map((f) => det(f)))));
  const found: Ball = { id: 'cue', x: -1400, y: -100 };
  for (let k = 0; k < 60; k++, i++) recs.push(...a.push(at(i, [det(found, { idProbs: undefined }), ...far.map((f) => det(f))])));
  const live = a.tracker.live();
  assert.equal(live.length, 3, 'the lost track is no longer followed');
  const names = a.ids.resolve(live.map((t) => t.id), ['cue', ...Array.from({ length: 15 }, (_, k) => k + 1)]);
  const t = live.find((x) => Math.hypot(x.x_mm - found.x, x.y_mm - found.y) < R)!;
  assert.equal(names.get(t.id)?.id, 'cue');
  assert.ok(names.get(t.id)!.confidence > 0.5, `named with confidence ${names.get(t.id)!.confidence}`);
  assert.equal(recs.filter((r) => r.type === 'shot').length, 0);
  // it lay still, went from view and came back elsewhere with nothing rolling: a hand moved it (981201:
  // ball 13, hidden under a hand and put down 4 cm off, its track lost, taken up by a new one)
  const moved = recs.filter((r) => r.type === 'moved');
  assert.equal(moved.length, 1, JSON.stringify(recs));
  assert.deepEqual(moved[0]!.balls, ['cue']);
  const at_s = moved[0]!.t ?? NaN;
  assert.ok(Math.abs(at_s - 2) < 0.1, `moved at ${at_s} s, when it was last seen`);
});

test('a ball lost from view while another rolled, and found at rest elsewhere, may have been struck: no moved record', () => {
  const a = new ObservationAnalyzer(RUSSIAN_12FT, { rack: false });
  const cue: Ball = { id: 'cue', x: 500, y: 200 };
  const five: Ball = { id: 5, x: 0, y: 0 };
  const recs = [];
  let i = 0;
  for (; i < 60; i++) recs.push(...a.push(at(i, [det(cue), det(five), ...far.map((f) => det(f))])));
  // the cue ball rolls towards ball 5 at 30 mm a frame; ball 5 is lost from view as it nears and stays
  // lost for two seconds; it turns up at rest 1.5 m off
  for (let k = 0; k < 40; k++, i++) { cue.x -= k < 14 ? 30 : 5; recs.push(...a.push(at(i, [det(cue), ...(k < 10 ? [det(five)] : []), ...far.map((f) => det(f))]))); }
  for (let k = 0; k < 30; k++, i++) recs.push(...a.push(at(i, [det(cue), ...far.map((f) => det(f))])));
  const found: Ball = { id: 5, x: -1400, y: -300 };
  for (let k = 0; k < 90; k++, i++) recs.push(...a.push(at(i, [det(cue), det(found, { idProbs: undefined }), ...far.map((f) => det(f))])));
  recs.push(...a.finish());
  assert.ok(recs.some((r) => r.type === 'shot'), JSON.stringify(recs));
  assert.equal(recs.filter((r) => r.type === 'moved').length, 0, JSON.stringify(recs));
});

test('on a full table a ball lost for seconds does not leap onto a "ball" far off (a hand on the rail), and is found again where it comes to rest', () => {
  const a = new ObservationAnalyzer(RUSSIAN_12FT, { rack: false });
  const balls: Ball[] = [{ id: 'cue', x: 500, y: 200 }, ...Array.from({ length: 15 }, (_, k): Ball => ({ id: k + 1, x: -1200 + 150 * (k % 8), y: k < 8 ? -500 : 500 }))];
  const others = balls.slice(1);
  let i = 0;
  for (; i < 60; i++) a.push(at(i, balls.map((b) => det(b))));
  const cueId = a.tracker.live().find((t) => Math.hypot(t.x_mm - 500, t.y_mm - 200) < R)!.id;
  // the detector loses the cue ball for five seconds
  for (let k = 0; k < 150; k++, i++) a.push(at(i, others.map((b) => det(b))));
  // fingertips on the rail 1.3 m away (beyond a ball's reach in a frame), pale, ball-like and clear of
  // any arm, for a few frames
  const hand: Ball = { id: 3, x: -700, y: 700 };
  for (let k = 0; k < 5; k++, i++) a.push(at(i, [det(hand, { idProbs: undefined, cueLike: 0.9 }), ...others.map((b) => det(b))]));
  const cue = a.tracker.tracks.find((t) => t.id === cueId)!;
  assert.equal(cue.state, 'missing', 'the lost track stays lost');
  // the cue ball found again at rest 1.2 m from where it was lost
  const found: Ball = { id: 'cue', x: -700, y: 0 };
  for (let k = 0; k < 40; k++, i++) a.push(at(i, [det(found, { idProbs: undefined }), ...others.map((b) => det(b))]));
  const t = a.tracker.live().find((x) => Math.hypot(x.x_mm - found.x, x.y_mm - found.y) < R);
  assert.ok(t, 'a track follows the ball where it rests');
  const names = a.ids.resolve(a.tracker.live().map((x) => x.id), ['cue', ...Array.from({ length: 15 }, (_, k) => k + 1)]);
  assert.equal(names.get(t.id)?.id, 'cue');
});

test('two balls lost and one found: no guess which it is', () => {
  const a = new ObservationAnalyzer(RUSSIAN_12FT, { rack: false });
  const lost: Ball[] = [{ id: 7, x: 500, y: 200 }, { id: 9, x: 700, y: -200 }];
  let i = 0;
  for (; i < 60; i++) a.push(at(i, [...lost, ...far].map((b) => det(b, { cueLike: 0.03 }))));
  for (let k = 0; k < 60; k++, i++) a.push(at(i, far.map((f) => det(f))));
  for (let k = 0; k < 60; k++, i++) a.push(at(i, [det({ id: 7, x: -1400, y: -100 }, { idProbs: undefined }), ...far.map((f) => det(f))]));
  assert.equal(a.tracker.live().length, 5, 'both lost tracks are kept beside the new one');
});

/** A struck ball seen moving in `frames` frames, clear of hands, at up to `peak_mm_s` (for shot records built by hand) */
function seenMoving(frames: number, peak_mm_s: number): StruckMotion {
  return Object.assign(new StruckMotion({ t_s: 0, x_mm: 0, y_mm: 0 }), { frames, peak_mm_s });
}

const track = (id: number, extra: Partial<Track>): Track => ({
  id, state: 'visible', x_mm: 0, y_mm: 0, vx_mm_s: 0, vy_mm_s: 0, lastSeen_s: 10, born_s: 0, history: [], streak: 1, confirmed: true, wholeSeen: 100, ...extra,
});

test('more tracks than the 16 balls: the least-seen lost ones go', () => {
  const balls = Array.from({ length: 15 }, (_, k) => track(k + 1, {}));
  const phantom = track(20, { state: 'missing', born_s: 5, lastSeen_s: 6, wholeSeen: 0 });
  const realLost = track(21, { state: 'missing', born_s: 0, lastSeen_s: 6, wholeSeen: 300 });
  assert.deepEqual(surplusLost([...balls, phantom, realLost], 10).map((t) => t.id), [20], '17 tracks: the phantom goes');
  assert.deepEqual(surplusLost([...balls, realLost], 10), [], '16 tracks: nothing goes');
  assert.deepEqual(surplusLost([...balls, phantom, realLost], 6.5), [], 'lost for under a second: kept');
  const gone = track(22, { state: 'pocketed' });
  assert.deepEqual(surplusLost([...balls.slice(1), gone, phantom, realLost], 10).map((t) => t.id), [20], 'a pocketed ball counts');
});

/**
 * A ball resting 300 mm out from a corner along each cushion for a second, then rolling `steps` frames of
 * 14 mm along each towards it, `far` seen all along: its track's id, where the ball is, the next frame.
 */
function rollTowards(tr: Tracker, corner: { x: number; y: number }, id: number, steps: number): { id: number; b: Ball; i: number } {
  const dx = Math.sign(corner.x), dy = Math.sign(corner.y);
  const b: Ball = { id, x: corner.x - dx * 300, y: corner.y - dy * 300 };
  let i = 30;
  const trackId = restFor(tr, b, 30);
  for (let k = 0; k < steps; k++, i++) {
    b.x += dx * 14; b.y += dy * 14;
    tr.update(at(i, [det(b), ...far.map((f) => det(f))]));
  }
  return { id: trackId, b, i };
}

/**
 * rollTowards() into a corner pocket, then `lost` frames with the ball unseen: it is taken as pocketed there. Its
 * track's id, where it was last, the next frame, and the pocket's direction from the table's centre.
 */
function rolledInto(tr: Tracker, pocket: 'FR' | 'FL', id: number, steps: number, lost: number): { id: number; b: Ball; i: number; dx: number; dy: number } {
  const mouth = pocketMouth(RUSSIAN_12FT, pocket);
  const rolled = rollTowards(tr, mouth, id, steps);
  let i = rolled.i;
  for (let k = 0; k < lost; k++, i++) tr.update(at(i, far.map((f) => det(f))));
  assert.equal(tr.tracks.find((t) => t.id === rolled.id)!.state, 'pocketed');
  return { ...rolled, i, dx: Math.sign(mouth.x), dy: Math.sign(mouth.y) };
}

test('a ball lost by a pocket that turns up again beside it is back on the table, and may be lost again; one that stays gone stays pocketed', () => {
  const mouth = pocketMouth(RUSSIAN_12FT, 'FR');
  let backAt: Ball = { id: 6, x: 0, y: 0 };
  const run = (comesBack: boolean, thenGone = false): Track => {
    const tr = new Tracker(RUSSIAN_12FT);
    // rolling at 600 mm/s towards the FR pocket, from 400 mm out
    const dx = Math.sign(mouth.x), dy = Math.sign(mouth.y);
    const rolled = rollTowards(tr, mouth, 6, 18);
    const { id, b } = rolled;
    let i = rolled.i;
    // lost in the corner for half a second
    for (let k = 0; k < 15; k++, i++) tr.update(at(i, far.map((f) => det(f))));
    // (found again in the pocket's zone when it is to be lost there again)
    const off = thenGone ? 20 : 60;
    const back: Ball = { id: 6, x: b.x - dx * off, y: b.y - dy * off };
    backAt = back;
    for (let k = 0; k < 10; k++, i++) tr.update(at(i, [...(comesBack ? [det(back)] : []), ...far.map((f) => det(f))]));
    if (thenGone) for (let k = 0; k < 10; k++, i++) tr.update(at(i, far.map((f) => det(f))));
    return tr.tracks.find((t) => t.id === id)!;
  };
  const back = run(true);
  assert.equal(back.state, 'visible', 'the same track, not a new one');
  assert.equal(back.cameBack?.pocket, 'FR');
  assert.ok(Math.hypot(back.x_mm - backAt.x, back.y_mm - backAt.y) < 1, 'where it was found again');
  const lostAgain = run(true, true);
  assert.equal(lostAgain.state, 'pocketed', 'gone again by the pocket: pocketed after all');
  const stays = run(false);
  assert.equal(stays.state, 'pocketed');
  assert.ok(!stays.maybeBack && !stays.cameBack);
});

test('a "ball" beside a pocket for one frame just after a ball was lost there, then gone, does not keep that ball on the table', () => {
  // (1195000 at 98.2 s: ball 6 lost in the head-right pocket; 0.3 s later something on the cushion's face,
  // found in part for one frame, took its track back out, and the stroke had ball 6 "still on the table")
  const tr = new Tracker(RUSSIAN_12FT);
  const rolled = rolledInto(tr, 'FR', 6, 18, 9);
  const { dx, dy } = rolled;
  let i = rolled.i;
  const flicker: Ball = { id: 6, x: rolled.b.x - dx * 60, y: rolled.b.y - dy * 60 };
  tr.update(at(i++, [det(flicker, { partial: true, conf: 0.67 }), ...far.map((f) => det(f))]));
  assert.ok(tr.tracks.find((x) => x.id === rolled.id)!.cameBack, 'taken back out for a moment');
  for (let k = 0; k < 15; k++, i++) tr.update(at(i, far.map((f) => det(f))));
  const t = tr.tracks.find((x) => x.id === rolled.id)!;
  assert.equal(t.state, 'pocketed', 'fell after all');
  assert.equal(t.pocket, 'FR');
  assert.equal(t.cameBack, undefined);
});

test('a ball that fell into a corner pocket is not brought back by a "ball" found deep in the hole', () => {
  // (965003 at 44.9 s: ball 9 went down in the FL pocket and a frame later the hole's dark mouth, 12 mm
  // from the surface's corner, was found as a "ball" and taken for it come back out)
  const m = pocketMouth(RUSSIAN_12FT, 'FL');
  const tr = new Tracker(RUSSIAN_12FT);
  const rolled = rolledInto(tr, 'FL', 9, 16, 10);
  const { id, dx, dy } = rolled;
  let i = rolled.i;
  const hole: Ball = { id: 9, x: m.x - dx * 8, y: m.y - dy * 9 };
  for (let k = 0; k < 10; k++, i++) tr.update(at(i, [det(hole, { partial: true }), ...far.map((f) => det(f))]));
  const t = tr.tracks.find((x) => x.id === id)!;
  assert.equal(t.state, 'pocketed', 'still down');
  assert.equal(t.cameBack, undefined);
});

/** Ball 9 resting in the MR pocket's jaws for 2 s; then, frame counts each, phases seeing what is given besides the far balls. */
const jawBall = (): Ball => { const m = pocketMouth(RUSSIAN_12FT, 'MR'); return { id: 9, x: m.x + 5, y: m.y - Math.sign(m.y) * R }; };
function jawPhases(...phases: [frames: number, seen: Ball[]][]) {
  const a = new ObservationAnalyzer(RUSSIAN_12FT, { rack: false });
  const recs = [];
  let i = 0;
  for (const [frames, seen] of [[60, [jawBall()]] as [number, Ball[]], ...phases]) {
    for (let k = 0; k < frames; k++, i++) recs.push(...a.push(at(i, [...seen.map((b) => det(b)), ...far.map((f) => det(f))])));
  }
  recs.push(...a.finish());
  return recs;
}

test('a ball resting in the jaws that the camera loses for half a second and finds again did not fall; one that stays gone did', () => {
  const run = (comesBack: boolean) => jawPhases([15, []], [75, comesBack ? [jawBall()] : []]);
  assert.deepEqual(run(true), []);
  assert.deepEqual(run(false).map((r) => r.type === 'fall' && [r.ball, r.pocket]), [[9, 'MR']]);
});

test('a jaw ball that drops and is put back where it hung fell because the table was shaken (R8.2); one left in the pocket fell by itself (R8.1)', () => {
  // (hanging-shake 1021400: someone leaned on the rail, ball 4 dropped and was put back in the jaw; the
  // fall was told as its own, which counts the ball for the striker instead of putting it back)
  const jaw = jawBall();
  // gone for two seconds, then (perhaps) put down again and left
  const run = (putAt: Ball | null) => jawPhases([60, []], [60, putAt ? [putAt] : []]).map((r) => (r.type === 'fall' ? [r.ball, r.pocket, r.cause] : r.type));
  assert.deepEqual(run({ ...jaw, x: jaw.x + 6, y: jaw.y + 4 }), [[9, 'MR', 'shake']]);
  assert.deepEqual(run(null), [[9, 'MR', 'self']]);
  // set down elsewhere (a ball respotted, or another ball): not back where it hung
  assert.deepEqual(run({ ...jaw, x: jaw.x - 300 }), [[9, 'MR', 'self']]);
});

test('a "ball" resting deep in a corner pocket\'s hole, past its jaws, never becomes a ball; one held by the jaws does', () => {
  // (965005: the FL pocket's dark round mouth, 10 mm from the surface's corner, found in part frame after
  // frame, became a ball after two seconds and was "pocketed" when the detector next missed it)
  const m = pocketMouth(RUSSIAN_12FT, 'FL');
  const run = (p: Ball) => {
    const tr = new Tracker(RUSSIAN_12FT);
    for (let i = 0; i < 5 * 30; i++) tr.update(at(i, [det(p, { partial: true }), ...far.map((f) => det(f))]));
    return tr.live().some((t) => Math.hypot(t.x_mm - p.x, t.y_mm - p.y) < R);
  };
  assert.equal(run({ id: 8, x: m.x - 9, y: m.y - 5 }), false, 'the hole is no ball');
  // a ball in the jaws has its centre about the jaw line, half the opening (36 mm) from the corner
  assert.equal(run({ id: 8, x: m.x - 27, y: m.y - 27 }), true, 'a ball in the jaws is one');
});

test('a "ball" in a corner pocket\'s hole that no reading names (the hole\'s dark disc) makes no fall when it goes', () => {
  // (965005: the FL pocket's round dark hole, beside a ball resting in the jaws, was found as a "ball" now
  // and then; named by elimination at 6%, it "fell" three times.) The cue ball is struck across the
  // table between two sightings of it; then it is gone for good
  const m = pocketMouth(RUSSIAN_12FT, 'FL');
  const flat = new Array<number>(ID_CLASSES).fill(1 / ID_CLASSES);
  const hole = (): BallDetection => det({ id: 8, x: m.x - 9, y: m.y - 5 }, { idProbs: flat, sharp: false });
  const a = new ObservationAnalyzer(RUSSIAN_12FT, { rack: false });
  const recs = [];
  const cue: Ball = { id: 'cue', x: -900, y: 0 };
  let i = 0;
  for (; i < 60; i++) recs.push(...a.push(at(i, [hole(), det(cue), ...far.map((f) => det(f))])));
  for (let k = 0; k < 40; k++, i++) recs.push(...a.push(at(i, [hole(), det({ ...cue, x: -900 + 25 * k - 0.3 * k * k }), ...far.map((f) => det(f))])));
  const stop = { ...cue, x: -900 + 25 * 40 - 0.3 * 1600 };
  for (let k = 0; k < 60; k++, i++) recs.push(...a.push(at(i, [hole(), det(stop), ...far.map((f) => det(f))])));
  for (let k = 0; k < 90; k++, i++) recs.push(...a.push(at(i, [det(stop), ...far.map((f) => det(f))])));
  recs.push(...a.finish());
  assert.equal(recs.filter((r) => r.type === 'shot').length, 1, JSON.stringify(recs));
  assert.deepEqual(recs.filter((r) => r.type === 'fall'), []);
});

test('a ball held in a middle pocket\'s jaws that drops does not leap onto a hand on the rail 230 mm away', () => {
  // (hanging-shake at 13.4 s: ball 10, its centre 17 mm past the cushion's line, dropped as the table was
  // shaken; its track took a "ball" on the hand by the rail, followed it, and the fall was a stroke)
  const m = pocketMouth(RUSSIAN_12FT, 'MR');
  const sy = Math.sign(m.y);
  const tr = new Tracker(RUSSIAN_12FT);
  const jaw: Ball = { id: 10, x: m.x + 7, y: m.y + sy * 17 };
  let i = 60;
  const id = restFor(tr, jaw, 60);
  const hand: Ball = { id: 'cue', x: m.x + 216, y: m.y - sy * 66 };
  for (let k = 0; k < 10; k++, i++) tr.update(at(i, [det({ ...hand, y: hand.y - sy * 5 * k }, { partial: true, cueLike: 0.4 }), ...far.map((f) => det(f))]));
  const t = tr.tracks.find((x) => x.id === id)!;
  assert.ok(Math.hypot(t.x_mm - jaw.x, t.y_mm - jaw.y) < R, `stayed at the jaw, not on the hand (${t.x_mm.toFixed(0)}, ${t.y_mm.toFixed(0)})`);
});

test('a shot whose other balls moved or fell with no first contact seen says so (a jaw ball falling too); one that touched nothing does not', () => {
  const cue = track(1, { state: 'visible' });
  const three = track(3, { state: 'pocketed', pocket: 'HL', gone_s: 12, history: [{ t_s: 11.9, x_mm: -1700, y_mm: 800 }, { t_s: 12, x_mm: -1710, y_mm: 810 }] });
  const stroke = (gone: Track[], independentFalls: Track[] = []): Stroke => ({
    t0_s: 10, struck: 1, whileMoving: false, whileMovingDoubt: false, contacts: [], cueTrack: 1, cueSamples: [], cueAfter: [], cueContact: null,
    firstContactTrack: null, before: new Map(), rollingAtStart: new Set(), gone, independentFalls, tracksAtStart: [1, 3], struckMotion: seenMoving(20, 1500),
    namesAtStart: new Map(), mixedAtStart: new Map(),
    unseenContacts: [], seenMoving: new Map(), firstContactGuessed: false, cueHiddenBeside: null, struckFrozen: false,
  });
  const ctx = {
    names: new Map<number, { id: 'cue' | number; confidence: number }>([[1, { id: 'cue', confidence: 0.99 }], [3, { id: 3, confidence: 0.99 }]]),
    live: [cue], minConfidence: 0.5, fastGone_mm_s: 4000, restSince_s: () => 14,
  };
  const fell = shotRecord(stroke([three]), 15, false, ctx);
  assert.deepEqual(fell.pocketed.map((p) => p.ball), [3]);
  assert.ok(fell.review.some((r) => r.what === 'firstContact'), JSON.stringify(fell.review));
  const nothing = shotRecord(stroke([]), 15, false, ctx);
  assert.ok(!nothing.review.some((r) => r.what === 'firstContact'), JSON.stringify(nothing.review));
  // a ball that hung in the jaws fell while the cue ball rolled, nothing seen touching it
  const jaw = shotRecord(stroke([], [three]), 15, false, ctx);
  assert.deepEqual(jaw.pocketed, [], 'a fall of its own, not this shot\'s pocketing');
  assert.ok(jaw.review.some((r) => r.what === 'firstContact' && r.ball === 3), JSON.stringify(jaw.review));
});

/** A ball resting for a second 300 mm from a pocket along its diagonal, two more far off: the tracker, the ball, its track, the way in. */
function restingByPocket(pocket: 'FL' | 'HL', ballId: number) {
  const tr = new Tracker(RUSSIAN_12FT);
  const mouth = pocketMouth(RUSSIAN_12FT, pocket);
  const dx = Math.sign(mouth.x), dy = Math.sign(mouth.y);
  const b: Ball = { id: ballId, x: mouth.x - dx * 300, y: mouth.y - dy * 300 };
  for (let i = 0; i < 30; i++) tr.update(at(i, [det(b), ...far.map((f) => det(f))]));
  const id = tr.live().find((t) => Math.hypot(t.x_mm - b.x, t.y_mm - b.y) < R)!.id;
  return { tr, mouth, dx, dy, b, id };
}

test('a ball lost in a corner pocket\'s mouth does not leap along the cushion onto a passing "ball" (a hand\'s edge on the rail)', () => {
  const { tr, mouth, dx, dy, b, id } = restingByPocket('FL', 10);
  let i = 30;
  // it rolls slowly into the mouth (0.3 m/s) and is lost there
  for (let k = 0; k < 34; k++, i++) { b.x += dx * 7; b.y += dy * 7; tr.update(at(i, [det(b), ...far.map((f) => det(f))])); }
  for (let k = 0; k < 3; k++, i++) tr.update(at(i, far.map((f) => det(f))));
  // a partial "ball" 800 mm along the long cushion, for a few frames
  const edge: Ball = { id: 4, x: mouth.x - dx * 820, y: mouth.y - dy * 5 };
  for (let k = 0; k < 4; k++, i++) { edge.x -= dx * 40; tr.update(at(i, [det(edge, { partial: true, conf: 0.6 }), ...far.map((f) => det(f))])); }
  for (let k = 0; k < 30; k++, i++) tr.update(at(i, far.map((f) => det(f))));
  const t = tr.tracks.find((x) => x.id === id)!;
  assert.equal(t.state, 'pocketed');
  assert.equal(t.pocket, 'FL');
});

test('a resting ball\'s track that leaps once onto a blur nearer the cushion and is then lost is not taken off the table', () => {
  const tr = new Tracker(RUSSIAN_12FT);
  const b: Ball = { id: 14, x: 1000, y: 776 };
  let i = 30;
  const id = restFor(tr, b, 30);
  // one frame of a partial outline 50 mm nearer the cushion (a ball rushing past smears the two), then nothing
  tr.update(at(i++, [det({ id: 14, x: 1020, y: 822 }, { partial: true, conf: 0.6 }), ...far.map((f) => det(f))]));
  for (let k = 0; k < 30; k++, i++) tr.update(at(i, far.map((f) => det(f))));
  assert.notEqual(tr.tracks.find((x) => x.id === id)!.state, 'offTable');
});

test('a ball struck from rest near a cushion, seen for one step at a strike\'s speed before it jumps the cushion, is off the table', () => {
  // 1020600: the cue ball 230 mm from the side cushion, struck at 5.5 m/s, seen once 183 mm on, then gone
  const run = (step_mm: number) => {
    const tr = new Tracker(RUSSIAN_12FT);
    const b: Ball = { id: 'cue', x: -1225, y: 657 };
    let i = 0;
    for (; i < 30; i++) tr.update(at(i, [det(b), ...far.map((f) => det(f))]));
    const id = tr.live().find((t) => Math.hypot(t.x_mm - b.x, t.y_mm - b.y) < R)!.id;
    tr.update(at(i++, [det({ id: 'cue', x: b.x, y: b.y + step_mm }), ...far.map((f) => det(f))]));
    for (let k = 0; k < 30; k++, i++) tr.update(at(i, far.map((f) => det(f))));
    return tr.tracks.find((x) => x.id === id)!.state;
  };
  assert.equal(run(183), 'offTable');
  // a step that repeated once stays on the cloth is a ball lost from view there, not one gone over the cushion
  assert.notEqual(run(100), 'offTable');
});

test('a ball that bounces off a side cushion fast and is lost heading over the head cushion is off the table', () => {
  // 1030600: the cue ball, struck into the side cushion near the head, tracked at (-1572, -705),
  // (-1655, -819) by the cushion and (-1734, -659) coming off it at 5 m/s, then gone
  const run = (path: [number, number][]) => {
    const tr = new Tracker(RUSSIAN_12FT);
    const b: Ball = { id: 'cue', x: path[0]![0], y: path[0]![1] };
    let i = 0;
    for (; i < 30; i++) tr.update(at(i, [det(b), ...far.map((f) => det(f))]));
    const id = tr.live().find((t) => Math.hypot(t.x_mm - b.x, t.y_mm - b.y) < R)!.id;
    for (const [x, y] of path.slice(1)) tr.update(at(i++, [det({ id: 'cue', x, y }), ...far.map((f) => det(f))]));
    for (let k = 0; k < 30; k++, i++) tr.update(at(i, far.map((f) => det(f))));
    return tr.tracks.find((x) => x.id === id)!.state;
  };
  assert.equal(run([[-1490, -590], [-1572, -705], [-1655, -819], [-1734, -659]]), 'offTable');
  // the same turn half a metre from the side cushion is no bounce (a track that leapt): lost from view,
  // though its last step carried on goes over the head cushion too
  assert.notEqual(run([[-1490, -71], [-1572, -186], [-1655, -300], [-1734, -140]]), 'offTable');
});

test('a ball struck away from the cue does not leap back onto the cue and hand behind it', () => {
  // 1031001: the cue ball struck at 2 m/s, seen one step on, then missed for a frame while a ball-like
  // piece of the cue and hand showed 250 mm behind it, under the arm; then found rolling on
  // (here 1000 mm further along the table, clear of the two far balls)
  const tr = new Tracker(RUSSIAN_12FT);
  const b: Ball = { id: 'cue', x: -96, y: -489 };
  const arm = { x0_mm: -500, y0_mm: -560, x1_mm: -140, y1_mm: -420 };
  let i = 0;
  for (; i < 30; i++) tr.update(at(i, [det(b), ...far.map((f) => det(f))], i >= 20 ? [arm] : []));
  const id = tr.live().find((t) => Math.hypot(t.x_mm - b.x, t.y_mm - b.y) < R)!.id;
  tr.update(at(i++, [det({ id: 'cue', x: 17, y: -455 }), ...far.map((f) => det(f))], [arm]));
  tr.update(at(i++, [det({ id: 'cue', x: -234, y: -491 }, { partial: true, conf: 0.6, cueLike: 0.6 }), ...far.map((f) => det(f))], [arm]));
  let x = 149, y = -417;
  for (let k = 0; k < 20; k++, i++, x += 60, y += 18) tr.update(at(i, [det({ id: 'cue', x, y }), ...far.map((f) => det(f))]));
  const t = tr.tracks.find((q) => q.id === id)!;
  assert.ok(Math.hypot(t.x_mm - (x - 60), t.y_mm - (y - 18)) < R, `the cue ball's track follows it (at ${t.x_mm.toFixed(0)}, ${t.y_mm.toFixed(0)}; ${t.state})`);
});

/** A tracker after a second (30 frames) of the cue ball resting with `beside` and the far balls; the cue ball's track, and the others' detections. */
function restingBeside(cue: Ball, beside: Ball): { tr: Tracker; id: number; others: () => BallDetection[] } {
  const tr = new Tracker(RUSSIAN_12FT);
  const others = () => [det(beside), ...far.map((f) => det(f))];
  for (let i = 0; i < 30; i++) tr.update(at(i, [det(cue), ...others()]));
  return { tr, id: tr.live().find((t) => Math.hypot(t.x_mm - cue.x, t.y_mm - cue.y) < R)!.id, others };
}

test('a ball rolling on, unfound for a frame, does not leap back further than it came onto a fingertip with nothing ahead to turn it (no arm boxed)', () => {
  // 1365001 at 17.7 s: the cue ball struck at 4.5 m/s, its first step 103 mm, unfound the next frame; a fingertip of
  // the bridge hand, as odd in colour as the cue ball, showed 280 mm behind it with no arm boxed over it, and ball 8
  // stood beside the path, not on it. The track took the fingertip, rested there, was "pocketed" in the corner as
  // the hand drew away, and the stroke was cut in two
  const cue: Ball = { id: 'cue', x: 1626, y: -699 };
  const { tr, id, others } = restingBeside(cue, { id: 8, x: 1495, y: -674 });
  let i = 30;
  const fingertip: BallDetection = { x_mm: 1733, y_mm: -842, conf: 0.5, cueLike: 1, partial: true };
  tr.update(at(i++, [det({ id: 'cue', x: 1560, y: -620 }, { partial: true, conf: 0.67, cueLike: 0.05 }), ...others()]));
  tr.update(at(i++, [fingertip, ...others()]));
  const after = tr.tracks.find((t) => t.id === id)!;
  assert.ok(Math.hypot(after.x_mm - fingertip.x_mm, after.y_mm - fingertip.y_mm) > 2 * R, `the track stays off the fingertip (at ${after.x_mm.toFixed(0)}, ${after.y_mm.toFixed(0)})`);
  tr.update(at(i++, [det({ id: 'cue', x: 1391, y: -418 }, { cueLike: 0.05 }), fingertip, ...others()]));
  tr.update(at(i++, [det({ id: 'cue', x: 1297, y: -305 }, { partial: true, cueLike: 0.05 }), fingertip, ...others()]));
  const t = tr.tracks.find((q) => q.id === id)!;
  assert.ok(Math.hypot(t.x_mm - 1297, t.y_mm + 305) < R, `the cue ball's track follows it (at ${t.x_mm.toFixed(0)}, ${t.y_mm.toFixed(0)}; ${t.state})`);
});

test('a ball rolling fast, unfound for frames, does not turn aside onto a "ball" with nothing on its way to turn it', () => {
  // 1375006 at 5.3 s: the cue ball crossing the table at 2.9 m/s, unfound for two frames, took a shade beside the
  // rack 180 mm back and aside (found in part now and then), and sat there named the cue ball for 2.4 s while the
  // ball rolled on; its stroke was cut in two when it was found again
  const cue: Ball = { id: 'cue', x: 1160, y: -802 };
  const { tr, id, others } = restingBeside(cue, { id: 12, x: 1136, y: -14 });
  let i = 30;
  const run = (k: number): Ball => ({ id: 'cue', x: 1160 + 27 * k, y: -802 + 96 * k });
  for (let k = 1; k <= 8; k++) tr.update(at(i++, [det(run(k)), ...others()]));
  const shade: BallDetection = { x_mm: 1202, y_mm: -29, conf: 0.65, cueLike: 0.05, partial: true };
  tr.update(at(i++, [shade, ...others()]));
  tr.update(at(i++, [shade, ...others()]));
  const after = tr.tracks.find((t) => t.id === id)!;
  assert.ok(Math.hypot(after.x_mm - shade.x_mm, after.y_mm - shade.y_mm) > 2 * R, `the track stays off the shade (at ${after.x_mm.toFixed(0)}, ${after.y_mm.toFixed(0)})`);
  tr.update(at(i++, [det(run(11)), ...others()]));
  tr.update(at(i++, [det(run(12)), ...others()]));
  const t = tr.tracks.find((q) => q.id === id)!;
  assert.ok(Math.hypot(t.x_mm - run(12).x, t.y_mm - run(12).y) < R, `the cue ball's track follows it (at ${t.x_mm.toFixed(0)}, ${t.y_mm.toFixed(0)}; ${t.state})`);
});

test('a ball that comes back off a ball ahead of it, further than its first step, is still followed', () => {
  // the same first step (a first step from rest is mid-frame, short of the ball's pace), with a ball on the way 130 mm
  // ahead: what shows 260 mm behind may be the cue ball sent back
  const tr = new Tracker(RUSSIAN_12FT);
  const cue: Ball = { id: 'cue', x: 1626, y: -699 };
  const ahead: Ball = { id: 8, x: 1560 - 0.64 * 130, y: -620 + 0.77 * 130 };
  const others = () => [det(ahead), ...far.map((f) => det(f))];
  let i = 0;
  for (; i < 30; i++) tr.update(at(i, [det(cue), ...others()]));
  const id = tr.live().find((t) => Math.hypot(t.x_mm - cue.x, t.y_mm - cue.y) < R)!.id;
  tr.update(at(i++, [det({ id: 'cue', x: 1560, y: -620 }), ...others()]));
  const back = { id: 'cue' as const, x: 1560 + 0.64 * 260, y: -620 - 0.77 * 260 };
  tr.update(at(i++, [det(back), ...others()]));
  const t = tr.tracks.find((q) => q.id === id)!;
  assert.ok(Math.hypot(t.x_mm - back.x, t.y_mm - back.y) < R, `followed back (at ${t.x_mm.toFixed(0)}, ${t.y_mm.toFixed(0)}; ${t.state})`);
});

test('a ball that comes back off a cushion under an arm is still followed there', () => {
  // 1030600: the cue ball struck into the side cushion by the head; after the bounce it was found under the
  // player's arm, 83 mm "behind" its last step, then went over the head cushion
  const tr = new Tracker(RUSSIAN_12FT);
  const b: Ball = { id: 'cue', x: -1490, y: -590 };
  const arm = { x0_mm: -1900, y0_mm: -760, x1_mm: -1700, y1_mm: -300 };
  let i = 0;
  for (; i < 30; i++) tr.update(at(i, [det(b), ...far.map((f) => det(f))]));
  const id = tr.live().find((q) => Math.hypot(q.x_mm - b.x, q.y_mm - b.y) < R)!.id;
  tr.update(at(i++, [det({ id: 'cue', x: -1572, y: -705 }), ...far.map((f) => det(f))], [arm]));
  tr.update(at(i++, [det({ id: 'cue', x: -1655, y: -819 }), ...far.map((f) => det(f))], [arm]));
  tr.update(at(i++, [det({ id: 'cue', x: -1734, y: -659 }, { partial: true, conf: 0.6 }), ...far.map((f) => det(f))], [arm]));
  const t = tr.tracks.find((q) => q.id === id)!;
  assert.ok(Math.hypot(t.x_mm + 1734, t.y_mm + 659) < R, `followed off the cushion (at ${t.x_mm.toFixed(0)}, ${t.y_mm.toFixed(0)}; ${t.state})`);
});

test('a ball hit towards a middle pocket, seen one step and lost, went into the pocket its last step headed for', () => {
  // 1030900: ball 4 at rest 190 mm from the middle pocket's mouth, hit at 1.6 m/s, seen once 52 mm on,
  // then gone; its smoothed velocity (lagging the start) headed 2 mm short of the pocket's zone
  const tr = new Tracker(RUSSIAN_12FT);
  const b: Ball = { id: 4, x: -38, y: -695 };
  let i = 30;
  const id = restFor(tr, b, 30);
  tr.update(at(i++, [det({ id: 4, x: -26, y: -746 }), ...far.map((f) => det(f))]));
  for (let k = 0; k < 30; k++, i++) tr.update(at(i, far.map((f) => det(f))));
  const t = tr.tracks.find((x) => x.id === id)!;
  assert.equal(t.state, 'pocketed');
  assert.equal(t.pocket, 'MR');
});

test("a ball struck fast by a corner pocket, seen one step heading over the cushion clear of the pocket's mouth and lost, is off the table; one heading into the mouth is pocketed", () => {
  // 1110600: the cue ball at rest 180 mm from the head-right corner, struck at 5 m/s, seen once 119 mm on
  // heading to cross the side cushion's line 100 mm from the corner (the jaw point is 52 mm from it), then gone
  const run = (to: { x: number; y: number }) => {
    const tr = new Tracker(RUSSIAN_12FT);
    const b: Ball = { id: 'cue', x: -1578, y: -672 };
    let i = 0;
    for (; i < 30; i++) tr.update(at(i, [det(b), ...far.map((f) => det(f))]));
    const id = tr.live().find((t) => Math.hypot(t.x_mm - b.x, t.y_mm - b.y) < R)!.id;
    tr.update(at(i++, [det({ id: 'cue', ...to }), ...far.map((f) => det(f))]));
    for (let k = 0; k < 30; k++, i++) tr.update(at(i, far.map((f) => det(f))));
    return tr.tracks.find((x) => x.id === id)!;
  };
  assert.equal(run({ x: -1626, y: -781 }).state, 'offTable');
  // the same strike aimed at the corner itself crosses the cushion's line inside the mouth
  const into = run({ x: -1660, y: -755 });
  assert.equal(into.state, 'pocketed');
  assert.equal(into.pocket, 'HR');
});

test('while every ball of the set has a track, a new "ball" must rest two seconds with no ball rolling before it counts (balls are not made)', () => {
  // fifteen balls at rest; the sixteenth is struck off the table (so all sixteen are accounted for) or
  // was never there; then a "ball" shows by the rail (the bridge hand's knuckles) and holds still a second
  const run = (sixteenth: boolean, rest_s: number) => {
    const tr = new Tracker(RUSSIAN_12FT);
    const balls: Ball[] = Array.from({ length: 15 }, (_, k) => ({ id: k + 1, x: -1200 + 170 * k, y: k % 2 ? -400 : 0 }));
    const cue: Ball = { id: 'cue', x: -1225, y: 657 };
    let i = 0;
    for (; i < 30; i++) tr.update(at(i, [...balls.map((b) => det(b)), ...(sixteenth ? [det(cue)] : [])]));
    if (sixteenth) tr.update(at(i++, [...balls.map((b) => det(b)), det({ id: 'cue', x: cue.x, y: cue.y + 183 })]));
    for (let k = 0; k < 10; k++, i++) tr.update(at(i, balls.map((b) => det(b))));
    if (sixteenth) assert.equal(tr.tracks.filter((t) => t.state === 'offTable').length, 1);
    const knuckles: Ball = { id: 3, x: 1642, y: 454 };
    // (ball 1 struck at rollFrom_s, if given, rolls 10 mm a frame while the knuckles stay)
    for (let k = 0; k < rest_s * 30; k++, i++) {
      if (rollFrom_s !== undefined && k >= rollFrom_s * 30) balls[0]!.y += 10;
      tr.update(at(i, [...balls.map((b) => det(b)), det(knuckles, { idProbs: undefined })]));
    }
    return tr.tracks.find((t) => Math.hypot(t.x_mm - knuckles.x, t.y_mm - knuckles.y) < R)?.confirmed ?? false;
  };
  let rollFrom_s: number | undefined;
  assert.equal(run(false, 1), true, 'with a ball unaccounted for, half a second at rest makes a ball');
  assert.equal(run(true, 1), false);
  assert.equal(run(true, 2.3), true, 'a ball put back on the table still counts, later');
  // still 1.6 s while the player aims, then a second more while the struck ball rolls: no ball
  rollFrom_s = 1.6;
  assert.equal(run(true, 2.6), false, 'the two seconds are two with no ball rolling');
});

test('a clip that begins mid-game: with every ball the rules engine has on the table held, a new "ball" waits two seconds too', () => {
  // six object balls and the cue ball at rest, the other nine pocketed before the video began (no tracks
  // for them); the bridge hand's knuckles by a corner pocket hold still a second while the player aims
  // told: the count the tracker is given, or the analyzer's rules table (cue ball and balls 1–6) to pass on
  const run = (told: number | undefined | 'via the analyzer') => {
    const balls: Ball[] = [...Array.from({ length: 6 }, (_, k): Ball => ({ id: k + 1, x: -900 + 300 * k, y: k % 2 ? -400 : 200 })), { id: 'cue', x: -1293, y: -849 }];
    const analyzer = told === 'via the analyzer' ? new ObservationAnalyzer(RUSSIAN_12FT, { rack: false, onTable: () => ['cue', 1, 2, 3, 4, 5, 6] }) : null;
    const tr = analyzer?.tracker ?? new Tracker(RUSSIAN_12FT, typeof told === 'number' ? { ballsOnTable: () => told } : {});
    const push = (i: number, ds: BallDetection[]) => (analyzer ? analyzer.push(at(i, ds)) : tr.update(at(i, ds)));
    let i = 0;
    for (; i < 30; i++) push(i, balls.map((b) => det(b)));
    const knuckles: Ball = { id: 9, x: -1756, y: -800 };
    for (let k = 0; k < 30; k++, i++) push(i, [...balls.map((b) => det(b)), det(knuckles, { idProbs: undefined })]);
    assert.equal(balls.filter((b) => tr.tracks.some((t) => t.confirmed && Math.hypot(t.x_mm - b.x, t.y_mm - b.y) < R)).length, 7, 'the seven balls are balls');
    return tr.tracks.find((t) => Math.hypot(t.x_mm - knuckles.x, t.y_mm - knuckles.y) < R)?.confirmed ?? false;
  };
  assert.equal(run(undefined), true, 'not told the rules\' count: seven of sixteen held, half a second makes a ball');
  assert.equal(run(7), false, 'told seven balls on the table, all seven held: the knuckles wait');
  assert.equal(run(8), true, 'told eight (a ball to be put back): half a second, as before');
  assert.equal(run('via the analyzer'), false, 'the analyzer passes the rules engine\'s table (seven balls) to the tracker');
});

test('a clip that begins with the cue ball in hand: put down while a phantom is believed beside a ball, it still counts in half a second', () => {
  // six object balls at rest and a "ball" near one of them (a knuckle or a highlight on the cloth, believed as a
  // seventh; clear of the ball: one overlapping it is never believed); the rules have six and the cue ball on the
  // table; the cue ball is put down in the house, or knuckles rest
  const run = (placed: Ball) => {
    const tr = new Tracker(RUSSIAN_12FT, { lookOf: (d) => d.cueLike, ballsOnTable: () => 7 });
    const balls: Ball[] = Array.from({ length: 6 }, (_, k): Ball => ({ id: k + 1, x: -900 + 300 * k, y: k % 2 ? -400 : 200 }));
    const phantom: Ball = { id: 7, x: balls[5]!.x + 60, y: balls[5]!.y - 70 };
    let i = 0;
    for (; i < 90; i++) tr.update(at(i, [...balls, phantom].map((b) => det(b))));
    assert.equal(tr.tracks.filter((t) => t.confirmed).length, 7, 'the phantom is believed too');
    for (let k = 0; k < 30; k++, i++) tr.update(at(i, [...[...balls, phantom].map((b) => det(b)), det(placed, { idProbs: undefined })]));
    return tr.tracks.find((t) => Math.hypot(t.x_mm - placed.x, t.y_mm - placed.y) < R)?.confirmed ?? false;
  };
  assert.equal(run({ id: 'cue', x: -1300, y: 150 }), true, 'the cue ball, which no ball held looks like');
  assert.equal(run({ id: 9, x: -1756, y: -800 }), false, 'knuckles that look like an object ball wait');
});

test('balls do not overlap: a "ball" 42 mm from one seen round is not believed, and the cue ball put down in hand then counts', () => {
  // (1170601) six object balls at rest, each found round; beside ball 6, 42 mm off, a fit found whole but never
  // round, as odd in colour as a cue ball (its shadow and the cloth). The rules have six and the cue ball. Believed,
  // it made up the count and was a cue ball held elsewhere, and the real one put down in hand was never believed
  const tr = new Tracker(RUSSIAN_12FT, { lookOf: (d) => d.cueLike, ballsOnTable: () => 7 });
  const balls: Ball[] = Array.from({ length: 6 }, (_, k): Ball => ({ id: k + 1, x: -900 + 300 * k, y: k % 2 ? -400 : 200 }));
  const twin: BallDetection = det({ id: 'cue', x: balls[5]!.x - 42, y: balls[5]!.y + 3 }, { idProbs: undefined, round: false });
  const seenRound = () => balls.map((b) => det(b, { round: true }));
  let i = 0;
  for (; i < 90; i++) tr.update(at(i, [...seenRound(), twin]));
  assert.equal(tr.tracks.filter((t) => t.confirmed).length, 6, 'the six balls, not the fit beside ball 6');
  for (const b of balls) assert.ok(tr.tracks.some((t) => t.confirmed && Math.hypot(t.x_mm - b.x, t.y_mm - b.y) < 5), `ball ${b.id} is a ball`);
  assert.ok(!tr.tracks.some((t) => t.confirmed && Math.hypot(t.x_mm - twin.x_mm, t.y_mm - twin.y_mm) < 5), 'the fit beside ball 6 is not');
  const cue: Ball = { id: 'cue', x: -1300, y: 150 };
  for (let k = 0; k < 30; k++, i++) tr.update(at(i, [...seenRound(), twin, det(cue, { idProbs: undefined, round: true })]));
  assert.equal(tr.tracks.find((t) => Math.hypot(t.x_mm - cue.x, t.y_mm - cue.y) < R)?.confirmed, true, 'the cue ball counts within a second');
});

test('a ball put back on the table after it left (respotted) stands for its gone track, and a cue ball gone from the table is always put back: the cue ball put down in hand counts in half a second', () => {
  // thirteen balls at rest; balls 14 and 15 jump the cushion, and the cue ball too or not; ball 15 is
  // respotted and rests; then the cue ball is put down in hand, or (the cue ball on the table) knuckles on
  // the rail hold still while every ball is held (13 + the cue ball + ball 15 respotted, and ball 14 gone)
  const run = (cueGone: boolean, rest_s: number) => {
    const tr = new Tracker(RUSSIAN_12FT, { lookOf: (d) => d.cueLike });
    const balls: Ball[] = Array.from({ length: 13 }, (_, k) => ({ id: k + 1, x: -1200 + 170 * k, y: k % 2 ? -400 : 150 }));
    const cue: Ball = { id: 'cue', x: -1225, y: 657 };
    const jumpers: Ball[] = [{ id: 14, x: -300, y: 657 }, { id: 15, x: 300, y: -657 }];
    let i = 0;
    for (; i < 30; i++) tr.update(at(i, [...balls, cue, ...jumpers].map((b) => det(b))));
    const over = (b: Ball) => det({ ...b, y: b.y + Math.sign(b.y) * 183 });
    tr.update(at(i++, [...balls.map((b) => det(b)), ...jumpers.map(over), cueGone ? over(cue) : det(cue)]));
    const onTable = [...balls, ...(cueGone ? [] : [cue])];
    for (let k = 0; k < 10; k++, i++) tr.update(at(i, onTable.map((b) => det(b))));
    assert.equal(tr.tracks.filter((t) => t.state === 'offTable').length, cueGone ? 3 : 2);
    const respotted: Ball = { id: 15, x: 887.5, y: 0 };
    onTable.push(respotted);
    for (let k = 0; k < 75; k++, i++) tr.update(at(i, onTable.map((b) => det(b))));
    assert.ok(tr.tracks.find((t) => t.confirmed && Math.hypot(t.x_mm - respotted.x, t.y_mm - respotted.y) < R), 'the respotted ball is a ball');
    const placed = cueGone ? det({ id: 'cue', x: -1300, y: 150 }) : det({ id: 3, x: 1642, y: 454 }, { idProbs: undefined });
    for (let k = 0; k < rest_s * 30; k++, i++) tr.update(at(i, [...onTable.map((b) => det(b)), placed]));
    return tr.tracks.find((t) => Math.hypot(t.x_mm - placed.x_mm, t.y_mm - placed.y_mm) < R)?.confirmed ?? false;
  };
  assert.equal(run(true, 1), true, 'the cue ball put down in hand is the fifteenth ball on the table');
  assert.equal(run(false, 1), false, 'ball 15 respotted stands for one gone track, not two: every ball is held, the knuckles wait');
  assert.equal(run(false, 2.3), true);
});

test('a cue ball that looks like any ball, gone from the table and named the cue ball by the stroke, holds no place in the set: put down in hand, it counts in half a second', () => {
  // (1295001 at 70.8 s: an ivory cue ball, pocketed, put down in hand, held to the two seconds' wait of a ball
  // beyond the set's count; the player's arm came over it 1.4 s in, and it was struck unbelieved)
  const run = (namedCue: boolean) => {
    const tr = new Tracker(RUSSIAN_12FT, { lookOf: (d) => d.cueLike });
    const balls: Ball[] = Array.from({ length: 15 }, (_, k) => ({ id: k + 1, x: -1200 + 170 * k, y: k % 2 ? -400 : 150 }));
    const cue: Ball = { id: 'cue', x: -1225, y: 657 };
    const plain = { cueLike: 0.03 };
    let i = 0;
    for (; i < 30; i++) tr.update(at(i, [...balls.map((b) => det(b)), det(cue, plain)]));
    tr.update(at(i++, [...balls.map((b) => det(b)), det({ ...cue, y: cue.y + 183 }, plain)]));
    for (let k = 0; k < 10; k++, i++) tr.update(at(i, balls.map((b) => det(b))));
    const gone = tr.tracks.find((t) => t.state === 'offTable');
    assert.ok(gone, 'the cue ball left the table');
    if (namedCue) tr.goneAsCue(gone);
    const placed = det({ id: 'cue', x: -1300, y: 250 }, plain);
    for (let k = 0; k < 30; k++, i++) tr.update(at(i, [...balls.map((b) => det(b)), placed]));
    return tr.tracks.find((t) => Math.hypot(t.x_mm - placed.x_mm, t.y_mm - placed.y_mm) < R)?.confirmed ?? false;
  };
  assert.equal(run(true), true, 'named the cue ball when it went: the one put down is the sixteenth ball');
  assert.equal(run(false), false, 'not named so: every ball is held by a track, and the new one waits');
});

test('a first contact whose ball was named otherwise when it was touched (a track swapped as the rack scattered) is flagged', () => {
  const cue = track(1, { state: 'visible' });
  const three = track(3, { state: 'visible' });
  const stroke = (namedThen: number): Stroke => ({
    t0_s: 10, struck: 1, whileMoving: false, whileMovingDoubt: false, contacts: [{ cause: 1, target: 3, t_s: 10.5 }], cueTrack: 1, cueSamples: [], cueAfter: [], cueContact: null,
    firstContactTrack: 3, before: new Map(), rollingAtStart: new Set(), gone: [], independentFalls: [], tracksAtStart: [1, 3], struckMotion: seenMoving(20, 1500),
    namesAtStart: new Map<number, 'cue' | number>([[1, 'cue'], [3, namedThen]]), mixedAtStart: new Map(),
    unseenContacts: [], seenMoving: new Map(), firstContactGuessed: false, cueHiddenBeside: null, struckFrozen: false,
  });
  const ctx = {
    names: new Map<number, { id: 'cue' | number; confidence: number }>([[1, { id: 'cue', confidence: 0.99 }], [3, { id: 3, confidence: 0.99 }]]),
    live: [cue, three], minConfidence: 0.5, fastGone_mm_s: 4000, restSince_s: () => 14,
  };
  const swapped = shotRecord(stroke(4), 15, false, ctx);
  assert.equal(swapped.firstContact, 3);
  assert.ok(swapped.review.some((r) => r.what === 'firstContact' && r.ball === 3), JSON.stringify(swapped.review));
  const same = shotRecord(stroke(3), 15, false, ctx);
  assert.ok(!same.review.some((r) => r.what === 'firstContact'), JSON.stringify(same.review));
});

test('a first contact whose track may have exchanged balls with another during the stroke keeps the name it had when the stroke began, flagged', () => {
  const cue = track(1, { state: 'visible' });
  const other = track(3, { state: 'visible' });
  const stroke = (whileMoving: boolean): Stroke => ({
    t0_s: 10, struck: 1, whileMoving, whileMovingDoubt: false, contacts: [{ cause: 1, target: 3, t_s: 10.5 }], cueTrack: 1, cueSamples: [], cueAfter: [], cueContact: null,
    firstContactTrack: 3, before: new Map(), rollingAtStart: new Set(), gone: [], independentFalls: [], tracksAtStart: [1, 3], struckMotion: seenMoving(20, 1500),
    namesAtStart: new Map<number, 'cue' | number>([[1, 'cue'], [3, 4]]), mixedAtStart: new Map([[1, 0], [3, 0.05]]),
    unseenContacts: [], seenMoving: new Map(), firstContactGuessed: false, cueHiddenBeside: null, struckFrozen: false,
  });
  const ctx = (mixedNow: number) => ({
    names: new Map<number, { id: 'cue' | number; confidence: number }>([[1, { id: 'cue', confidence: 0.99 }], [3, { id: 7, confidence: 0.42 }]]),
    live: [cue, other], minConfidence: 0.9, fastGone_mm_s: 4000, restSince_s: () => 14, mixedSoFar: (id: number) => (id === 3 ? mixedNow : 0),
  });
  const exchanged = shotRecord(stroke(false), 15, false, ctx(0.45));
  assert.equal(exchanged.firstContact, 4);
  const flags = exchanged.review.filter((r) => r.what === 'firstContact');
  assert.deepEqual(flags.map((r) => r.ball), [4], JSON.stringify(exchanged.review));
  // mixed only a little during the stroke (readings changed the name, not an exchange): the name after the stroke, flagged
  const read = shotRecord(stroke(false), 15, false, ctx(0.1));
  assert.equal(read.firstContact, 7);
  assert.ok(read.review.some((r) => r.what === 'firstContact' && r.ball === 7), JSON.stringify(read.review));
  // begun while balls rolled: the ball touched may have been rolling, and its track mixed before the touch
  const rolling = shotRecord(stroke(true), 15, false, ctx(0.45));
  assert.equal(rolling.firstContact, 7);
});

test('a struck ball and its first contact each named now as the other was when the stroke began exchanged tracks where they met: the names then tell the stroke, flagged', () => {
  // (1280400's break: the cue ball stopped dead against the apex ball 4, which came back off the rack; the cue
  // ball's track went on with ball 4 and ball 4's took the cue ball up later: "struck 4", first contact none)
  const cueTrack = track(1, { state: 'visible' });
  const apex = track(3, { state: 'visible' });
  const stroke = (apexThen: number): Stroke => ({
    t0_s: 10, struck: 1, whileMoving: false, whileMovingDoubt: false, contacts: [{ cause: 1, target: 3, t_s: 10.5 }], cueTrack: 1, cueSamples: [], cueAfter: [], cueContact: null,
    firstContactTrack: 3, before: new Map([[1, [-1400, -190]], [3, [885, 0]]]), rollingAtStart: new Set(), gone: [], independentFalls: [], tracksAtStart: [1, 3], struckMotion: seenMoving(20, 5000),
    namesAtStart: new Map<number, 'cue' | number>([[1, 'cue'], [3, apexThen]]), mixedAtStart: new Map(),
    unseenContacts: [], seenMoving: new Map(), firstContactGuessed: false, cueHiddenBeside: null, struckFrozen: false,
  });
  const ctx = {
    names: new Map<number, { id: 'cue' | number; confidence: number }>([[1, { id: 4, confidence: 0.86 }], [3, { id: 'cue', confidence: 0.95 }]]),
    live: [cueTrack, apex], minConfidence: 0.5, fastGone_mm_s: 4000, restSince_s: () => 14,
  };
  const swapped = shotRecord(stroke(4), 15, false, ctx);
  assert.equal(swapped.struck, 'cue');
  assert.equal(swapped.firstContact, 4);
  assert.deepEqual(swapped.before, { cue: [-1400, -190], 4: [885, 0] });
  assert.ok(swapped.review.some((r) => r.what === 'struck'), JSON.stringify(swapped.review));
  // the apex ball named 5 then: not an exchange of the two, the names now stand (an object ball struck, flagged)
  const other = shotRecord(stroke(5), 15, false, ctx);
  assert.equal(other.struck, 4);
  assert.ok(other.review.some((r) => r.what === 'struck' && r.ball === 4), JSON.stringify(other.review));
});

test('a cue ball\'s track that went on with a ball no track followed when the stroke began, the cue ball unnamed now, struck the cue ball, flagged', () => {
  // (1315001's break: ball 5, unfound in the rack, was taken up by the cue ball's track as they met: "struck 5")
  const cueTrack = track(1, { state: 'visible' });
  const apex = track(3, { state: 'visible' });
  const stroke: Stroke = {
    t0_s: 10, struck: 1, whileMoving: false, whileMovingDoubt: false, contacts: [{ cause: 1, target: 3, t_s: 10.5 }], cueTrack: 1, cueSamples: [], cueAfter: [], cueContact: null,
    firstContactTrack: 3, before: new Map([[1, [-1400, -190]], [3, [885, 0]]]), rollingAtStart: new Set(), gone: [], independentFalls: [], tracksAtStart: [1, 3], struckMotion: seenMoving(20, 5000),
    namesAtStart: new Map<number, 'cue' | number>([[1, 'cue'], [3, 4]]), mixedAtStart: new Map(),
    unseenContacts: [], seenMoving: new Map(), firstContactGuessed: false, cueHiddenBeside: null, struckFrozen: false,
  };
  const ctx = (apexNow: 'cue' | number, struckNow: number) => ({
    names: new Map<number, { id: 'cue' | number; confidence: number }>([[1, { id: struckNow, confidence: 0.87 }], [3, { id: apexNow, confidence: 0.99 }]]),
    live: [cueTrack, apex], minConfidence: 0.5, fastGone_mm_s: 4000, restSince_s: () => 14,
  });
  const passed = shotRecord(stroke, 15, false, ctx(4, 5));
  assert.equal(passed.struck, 'cue');
  assert.ok(passed.review.some((r) => r.what === 'struck' && r.ball === 'cue'), JSON.stringify(passed.review));
  // named now as a ball another track followed then (4): no ball passed on unseen; the names now stand, flagged
  const tracked = shotRecord(stroke, 15, false, ctx(7, 4));
  assert.equal(tracked.struck, 4);
  assert.ok(tracked.review.some((r) => r.what === 'struck' && r.ball === 4), JSON.stringify(tracked.review));
  // another track is the cue ball now: the names now stand
  assert.equal(shotRecord(stroke, 15, false, ctx('cue', 5)).struck, 5);
});

test('the cue path ends at the first contact: samples after a contact found late and dated back are left out', () => {
  // (1285006 at 49.7 s: a thin cut on ball 7, found as the stroke ended, left the cue ball's samples on to ball 13 in the path)
  const cueTrack = track(1, { state: 'visible' });
  const grazed = track(3, { state: 'visible' });
  const st: Stroke = {
    t0_s: 10, struck: 1, whileMoving: false, whileMovingDoubt: false, contacts: [{ cause: 1, target: 4, t_s: 11 }, { cause: 1, target: 3, t_s: 10.5 }], cueTrack: 1,
    cueSamples: [{ t_s: 10, x_mm: -900, y_mm: 0 }, { t_s: 10.5, x_mm: 0, y_mm: 0 }, { t_s: 11, x_mm: 300, y_mm: 100 }], cueAfter: [], cueContact: [0, 0],
    firstContactTrack: 3, before: new Map([[1, [-900, 0]], [3, [0, 66]]]), rollingAtStart: new Set(), gone: [], independentFalls: [], tracksAtStart: [1, 3], struckMotion: seenMoving(20, 800),
    namesAtStart: new Map<number, 'cue' | number>([[1, 'cue'], [3, 7]]), mixedAtStart: new Map(),
    unseenContacts: [], seenMoving: new Map(), firstContactGuessed: false, cueHiddenBeside: null, struckFrozen: false,
  };
  const ctx = {
    names: new Map<number, { id: 'cue' | number; confidence: number }>([[1, { id: 'cue', confidence: 0.99 }], [3, { id: 7, confidence: 0.99 }]]),
    live: [cueTrack, grazed], minConfidence: 0.5, fastGone_mm_s: 4000, restSince_s: () => 14,
  };
  assert.deepEqual(shotRecord(st, 15, false, ctx).cuePath, [[-900, 0], [0, 0]]);
});

test('a candidate that picks up a ball by a pocket just after a ball was lost there marks that one as maybe back out', () => {
  const { tr, dx, dy, b, id } = restingByPocket('HL', 4);
  let i = 30;
  for (let k = 0; k < 18; k++, i++) { b.x += dx * 14; b.y += dy * 14; tr.update(at(i, [det(b), ...far.map((f) => det(f))])); }
  // a stray "ball" by the pocket first (a candidate), then the ball lost, then the candidate sees it again
  const stray: Ball = { id: 4, x: b.x + dx * 40, y: b.y - dy * 60 };
  for (let k = 0; k < 3; k++, i++) tr.update(at(i, [det(b), det(stray, { partial: true, conf: 0.6 }), ...far.map((f) => det(f))]));
  for (let k = 0; k < 12; k++, i++) tr.update(at(i, [det(stray, { partial: true, conf: 0.6 }), ...far.map((f) => det(f))]));
  const t = tr.tracks.find((x) => x.id === id)!;
  assert.equal(t.state, 'pocketed');
  assert.equal(t.maybeBack, true);
});

test('fingertips on a corner\'s rail, seen whole once or twice in a second and a half, leave over the cushion as nothing, not as a ball off the table', () => {
  const run = (wholeFrames: number): Track['state'] | 'gone' => {
    const tr = new Tracker(RUSSIAN_12FT);
    const tip: Ball = { id: 2, x: 1741, y: 666 };
    let i = 0;
    for (; i < 30; i++) tr.update(at(i, far.map((f) => det(f))));
    for (let k = 0; k < 45; k++, i++) tr.update(at(i, [det(tip, { partial: k >= wholeFrames, conf: 0.6, idProbs: undefined }), ...far.map((f) => det(f))]));
    const id = tr.live().find((t) => Math.hypot(t.x_mm - tip.x, t.y_mm - tip.y) < R)?.id;
    assert.ok(id, 'confirmed by resting');
    // the hand lifts off over the rail
    for (let k = 0; k < 3; k++, i++) { tip.x += 30; tr.update(at(i, [det(tip, { partial: true, conf: 0.6, idProbs: undefined }), ...far.map((f) => det(f))])); }
    for (let k = 0; k < 15; k++, i++) tr.update(at(i, far.map((f) => det(f))));
    return tr.tracks.find((t) => t.id === id)?.state ?? 'gone';
  };
  assert.equal(run(2), 'gone');
  assert.equal(run(45), 'offTable', 'a ball seen whole all along is a ball');
});

/** A cue ball at rest by the FR corner for a second, told by its look: the tracker, the ball and its track's id. */
function restingCueBall() {
  const tr = new Tracker(RUSSIAN_12FT, { lookOf: (d) => d.cueLike });
  const cue: Ball = { id: 'cue', x: 1640, y: 728 };
  for (let i = 0; i < 30; i++) tr.update(at(i, [det(cue), ...far.map((f) => det(f))]));
  const id = tr.live().find((t) => Math.hypot(t.x_mm - cue.x, t.y_mm - cue.y) < R)!.id;
  return { tr, cue, id };
}

test('a resting cue ball lost from view and found again on its very place, its outline cut and darkened by a hand, is still its own', () => {
  const { tr, cue, id } = restingCueBall();
  let i = 30;
  for (let k = 0; k < 10; k++, i++) tr.update(at(i, far.map((f) => det(f))));
  // found off centre at first (the hand hides part of it), then on its place
  const cut = { partial: true, conf: 0.77, cueLike: 0.1, idProbs: undefined };
  for (let k = 0; k < 2; k++, i++) tr.update(at(i, [det({ ...cue, x: cue.x - 40 }, cut), ...far.map((f) => det(f))]));
  for (let k = 0; k < 20; k++, i++) tr.update(at(i, [det({ ...cue, x: cue.x - 3 }, cut), ...far.map((f) => det(f))]));
  const t = tr.tracks.find((x) => x.id === id)!;
  assert.equal(t.state, 'visible');
  assert.deepEqual(tr.tracks.filter((x) => !x.confirmed).map((x) => x.id), [], 'no new track for it');
});

test('a resting cue ball unseen for a frame does not jump onto a ball-like thing beside it that looks like an object ball (fingertips on the rail)', () => {
  const { tr, cue, id } = restingCueBall();
  let i = 30;
  tr.update(at(i++, far.map((f) => det(f))));
  const fingertips: Ball = { id: 3, x: 1727, y: 709 };
  for (let k = 0; k < 3; k++, i++) tr.update(at(i, [det(fingertips, { partial: true, conf: 0.55, idProbs: undefined }), ...far.map((f) => det(f))]));
  const t = tr.tracks.find((x) => x.id === id)!;
  assert.ok(Math.hypot(t.x_mm - cue.x, t.y_mm - cue.y) < 1, `the cue ball's track stays at its place (${t.x_mm}, ${t.y_mm})`);
  // and a detection of the cue ball itself, back at its place, is its own
  tr.update(at(i++, [det(cue), ...far.map((f) => det(f))]));
  assert.equal(t.state, 'visible');
});

for (const clear of [false, true]) test(`a ball creeping on after a collision, unseen for a frame, does not leap onto the cut outline of the ball it hit rolling away ${clear ? 'clear of' : 'under'} the cue`, () => {
  const tr = new Tracker(RUSSIAN_12FT, { lookOf: (d) => d.cueLike });
  const cue: Ball = { id: 'cue', x: -40, y: -140 };
  const eight: Ball = { id: 8, x: 16, y: -104 };
  // a full table: the 8's outline, seen again, is no new ball (a 17th is a phantom)
  const rest: Ball[] = Array.from({ length: 14 }, (_, k) => ({ id: k < 7 ? k + 1 : k + 2, x: -1400 + 200 * (k % 7), y: k < 7 ? 600 : -600 }));
  let i = 0;
  for (; i < 30; i++) tr.update(at(i, [det(cue), det(eight), ...rest.map((f) => det(f))]));
  const cueId = tr.live().find((t) => Math.hypot(t.x_mm - cue.x, t.y_mm - cue.y) < R)!.id;
  // the cue hides the 8 (and the cue ball's far side) while the cue ball, having touched it, creeps on at
  // 60 mm/s and the 8 rolls away at 240 mm/s, seen only as a cut outline under the cue
  const under = { x0_mm: -10, y0_mm: -160, x1_mm: 140, y1_mm: -20 };
  const t = tr.tracks.find((x) => x.id === cueId)!;
  let farthest = 0;
  for (let k = 0; k < 12; k++, i++) {
    cue.x += 1.6; cue.y += 1.2;
    eight.x += 6.6; eight.y += 4;
    const seen = k !== (clear ? 10 : 8);
    tr.update(at(i, [...(seen ? [det(cue)] : []), ...(k >= 6 ? [det(eight, { partial: true, conf: 0.6 })] : []), ...rest.map((f) => det(f))], clear && k >= 9 ? [] : [under]));
    farthest = Math.max(farthest, Math.hypot(t.x_mm - cue.x, t.y_mm - cue.y));
  }
  assert.ok(farthest < R, `the cue ball's track stays with the cue ball (at most ${farthest.toFixed(0)} mm from it)`);
  assert.ok(Math.hypot(t.x_mm - cue.x, t.y_mm - cue.y) < 5);
});

test('on a full table, a "ball" that rests beside the cue ball hidden under an arm never becomes a 17th ball, and the cue ball keeps its track', () => {
  // (with looks: the hidden cue ball's track does not take a thing that looks like an object ball)
  const tr = new Tracker(RUSSIAN_12FT, { lookOf: (d) => d.cueLike });
  const balls: Ball[] = [{ id: 'cue', x: 500, y: 200 }, ...Array.from({ length: 15 }, (_, k): Ball => ({ id: k + 1, x: -1200 + 150 * (k % 8), y: k < 8 ? -500 : 500 }))];
  const others = balls.slice(1);
  let i = 0;
  for (; i < 60; i++) tr.update(at(i, balls.map((b) => det(b))));
  const cueId = tr.live().find((t) => Math.hypot(t.x_mm - 500, t.y_mm - 200) < R)!.id;
  // an arm over the cue ball; a pale knuckle beside it, 150 mm off and clear of the arm, found whole for
  // two seconds (a candidate there could be the cue ball struck out from under the arm, but it never rolls)
  const arm = { x0_mm: 400, y0_mm: 100, x1_mm: 600, y1_mm: 300 };
  const knuckle: Ball = { id: 3, x: 500, y: 350 };
  for (let k = 0; k < 60; k++, i++) tr.update(at(i, [det(knuckle, { idProbs: undefined }), ...others.map((b) => det(b))], [arm]));
  assert.equal(tr.tracks.filter((t) => t.confirmed).length, 16, 'no 17th ball');
  assert.ok(!tr.tracks.some((t) => t.confirmed && Math.hypot(t.x_mm - knuckle.x, t.y_mm - knuckle.y) < R), 'the knuckle is no ball');
  // the arm goes: the cue ball is where it was, on its own track
  for (let k = 0; k < 10; k++, i++) tr.update(at(i, balls.map((b) => det(b))));
  const cue = tr.tracks.find((t) => t.id === cueId)!;
  assert.equal(cue.state, 'visible');
  assert.ok(Math.hypot(cue.x_mm - 500, cue.y_mm - 200) < 1);
});

test('a part-found "ball" by a cushion (fingertips on the cloth by the rail) rests two seconds before it is a ball; one found whole there, or one part-found out on the cloth, half a second', () => {
  const tr = new Tracker(RUSSIAN_12FT);
  const fingertip: Ball = { id: 1, x: -1650, y: -580 }; // 125 mm from the head cushion's nose
  const wholeByCushion: Ball = { id: 2, x: 1000, y: 840 };
  const cutInCluster: Ball = { id: 3, x: 200, y: 100 };
  const seen = (i: number) => at(i, [det(fingertip, { partial: true }), det(wholeByCushion), det(cutInCluster, { partial: true })]);
  const ballAt = (b: Ball) => tr.tracks.find((t) => Math.hypot(t.x_mm - b.x, t.y_mm - b.y) < R)!;
  let i = 0;
  for (; i < 30; i++) tr.update(seen(i));
  assert.equal(ballAt(fingertip).confirmed, false, 'not after a second');
  assert.equal(ballAt(wholeByCushion).confirmed, true);
  assert.equal(ballAt(cutInCluster).confirmed, true);
  for (; i < 75; i++) tr.update(seen(i));
  assert.equal(ballAt(fingertip).confirmed, true, 'after two and a half seconds');
});

test('a ball at rest by a corner pocket but short of its jaws, lost from view for two seconds with nothing over it, did not fall: it is found again on its own track', () => {
  // (R8: only a ball in the jaws drops by itself; the detector loses balls in a pocket's shadow)
  const a = new ObservationAnalyzer(RUSSIAN_12FT, { rack: false });
  const b: Ball = { id: 4, x: -1686, y: -810 }; // 120 mm from the head-right corner, inside its pocket zone
  assert.ok(a.tracker.zoneAt(b.x, b.y) && !a.tracker.zoneAt(b.x, b.y)!.jaw(b.x, b.y));
  const recs = [];
  let i = 0;
  for (; i < 60; i++) recs.push(...a.push(at(i, [det(b), ...far.map((f) => det(f))])));
  const id = a.tracker.live().find((t) => Math.hypot(t.x_mm - b.x, t.y_mm - b.y) < R)!.id;
  for (let k = 0; k < 60; k++, i++) recs.push(...a.push(at(i, far.map((f) => det(f)))));
  assert.notEqual(a.tracker.tracks.find((t) => t.id === id)?.state, 'pocketed');
  for (let k = 0; k < 30; k++, i++) recs.push(...a.push(at(i, [det(b), ...far.map((f) => det(f))])));
  recs.push(...a.finish());
  const t = a.tracker.tracks.find((x) => x.id === id)!;
  assert.equal(t.state, 'visible');
  assert.deepEqual(recs, []);
});

test('a ball at rest by a corner pocket (short of its jaws), lost for a few frames while a part-found "ball" (fingers on the rail) shows beside it, did not fall; lost with nothing beside it, it fell', () => {
  const b: Ball = { id: 4, x: 1708, y: -837 }; // 80 mm from the foot-right corner's cushion lines, in its pocket zone
  const fingers = det({ id: 9, x: 1772, y: -883 }, { partial: true, idProbs: undefined, cueLike: 0.9 });
  const run = (beside: boolean) => {
    const a = new ObservationAnalyzer(RUSSIAN_12FT, { rack: false });
    assert.ok(a.tracker.zoneAt(b.x, b.y));
    const recs = [];
    let i = 0;
    // (at rest for 0.6 s: a ball that rolled there and stopped a moment ago)
    for (; i < 18; i++) recs.push(...a.push(at(i, [det(b), ...far.map((f) => det(f))])));
    const id = a.tracker.live().find((t) => Math.hypot(t.x_mm - b.x, t.y_mm - b.y) < R)!.id;
    for (let k = 0; k < 10; k++, i++) recs.push(...a.push(at(i, [...(beside ? [fingers] : []), ...far.map((f) => det(f))])));
    const state = a.tracker.tracks.find((t) => t.id === id)?.state;
    for (let k = 0; k < 30; k++, i++) recs.push(...a.push(at(i, [det(b), ...far.map((f) => det(f))])));
    return { state, back: a.tracker.tracks.find((t) => t.id === id)?.state };
  };
  const hidden = run(true);
  assert.notEqual(hidden.state, 'pocketed');
  assert.equal(hidden.back, 'visible', 'found again on its own track');
  assert.equal(run(false).state, 'pocketed');
});

test('a ball resting in a corner pocket\'s jaws that a slow ball nudges in, the other stopping beside the pocket, fell', () => {
  const b: Ball = { id: 4, x: 1745, y: -855 };
  const a = new ObservationAnalyzer(RUSSIAN_12FT, { rack: false });
  let i = 0;
  for (; i < 30; i++) a.push(at(i, [det(b), ...far.map((f) => det(f))]));
  const id = a.tracker.live().find((t) => Math.hypot(t.x_mm - b.x, t.y_mm - b.y) < R)!.id;
  // ball 5 creeps in at 200 mm/s from 300 mm away along the cushion and stops 70 mm from where ball 4 was,
  // which drops as it is touched
  const five: Ball = { id: 5, x: 1400, y: -855 };
  for (; five.x < b.x - 70; i++) { five.x = Math.min(b.x - 70, five.x + 200 / 30); a.push(at(i, [det(b), det(five), ...far.map((f) => det(f))])); }
  for (let k = 0; k < 30; k++, i++) a.push(at(i, [det(five), ...far.map((f) => det(f))]));
  assert.equal(a.tracker.tracks.find((t) => t.id === id)?.state, 'pocketed');
});

test('a ball resting in a corner pocket\'s jaws under an arm for seconds, found again two frames after the arm goes, did not fall', () => {
  // (1055000: ball 9 "fell" the frame the arm cleared it, one frame before it was found there again as a new ball)
  const b: Ball = { id: 4, x: 1745, y: -855 };
  const arm = { x0_mm: 1500, y0_mm: -900, x1_mm: 1800, y1_mm: -700 };
  const a = new ObservationAnalyzer(RUSSIAN_12FT, { rack: false });
  assert.ok(a.tracker.zoneAt(b.x, b.y)?.jaw(b.x, b.y));
  const recs = [];
  let i = 0;
  for (; i < 60; i++) recs.push(...a.push(at(i, [det(b), ...far.map((f) => det(f))])));
  const id = a.tracker.live().find((t) => Math.hypot(t.x_mm - b.x, t.y_mm - b.y) < R)!.id;
  for (let k = 0; k < 80; k++, i++) recs.push(...a.push(at(i, far.map((f) => det(f)), [arm])));
  for (let k = 0; k < 2; k++, i++) recs.push(...a.push(at(i, far.map((f) => det(f)))));
  assert.notEqual(a.tracker.tracks.find((t) => t.id === id)?.state, 'pocketed');
  for (let k = 0; k < 60; k++, i++) recs.push(...a.push(at(i, [det(b), ...far.map((f) => det(f))])));
  recs.push(...a.finish());
  assert.equal(a.tracker.tracks.find((t) => t.id === id)?.state, 'visible', 'found again on its own track');
  assert.deepEqual(recs, []);
});

test('a ball struck hard and lost as it passes a ball hidden at rest, found again going straight away from it, stays itself', () => {
  // ball 2 rests under an arm; ball 1, 80 mm to its side, is struck hard (its track's speed lags the
  // strike), lost for five frames as it passes ball 2, and found again as a blurred streak heading
  // straight away from ball 2's place: as like a ball struck out from under the arm as a lost rolling one
  const tr = new Tracker(RUSSIAN_12FT);
  const two: Ball = { id: 2, x: -300, y: 80 };
  const one: Ball = { id: 1, x: -500, y: 0 };
  const arm = { x0_mm: -360, y0_mm: 60, x1_mm: -240, y1_mm: 400 };
  let i = 0;
  for (; i < 30; i++) tr.update(at(i, [det(one), det(two), ...far.map((f) => det(f))], i >= 20 ? [arm] : []));
  const id1 = tr.live().find((t) => Math.hypot(t.x_mm - one.x, t.y_mm - one.y) < R)!.id;
  const id2 = tr.live().find((t) => Math.hypot(t.x_mm - two.x, t.y_mm - two.y) < R)!.id;
  for (let k = 0; k < 20; k++, i++) {
    one.x += k === 0 ? 10 : k === 1 ? 40 : 120;
    const seen = k < 2 || k >= 7;
    tr.update(at(i, [...(seen ? [det(one, { partial: k >= 7, idProbs: undefined })] : []), ...far.map((f) => det(f))], [arm]));
  }
  const t1 = tr.live().find((t) => t.id === id1);
  const t2 = tr.live().find((t) => t.id === id2);
  assert.ok(t2 && Math.hypot(t2.x_mm - two.x, t2.y_mm - two.y) < R, `ball 2's track stays at its place under the arm (${t2 && `${t2.state} ${Math.round(t2.x_mm)},${Math.round(t2.y_mm)}`})`);
  assert.ok(t1 && Math.hypot(t1.x_mm - one.x, t1.y_mm - one.y) < R, `ball 1's track follows it (${t1 && `${t1.state} ${Math.round(t1.x_mm)},${Math.round(t1.y_mm)}`})`);
});

test('a ball lost from view at rest is not taken up by a "ball" that flits into a pocket far off, moving away from it', () => {
  // ball 12 rests in the open and the detector loses it for half a second (nothing hides it); meanwhile a
  // part-found "ball" by the right middle pocket, 1.4 m off, moves two frames straight away from it at
  // 2 m/s and is gone: a hand at the rail, not ball 12 struck there
  const tr = new Tracker(RUSSIAN_12FT);
  const twelve: Ball = { id: 12, x: 1239, y: -29 };
  let i = 30;
  const id = restFor(tr, twelve, 30);
  for (let k = 0; k < 13; k++, i++) tr.update(at(i, far.map((f) => det(f))));
  tr.update(at(i++, [det({ id: 3, x: 50, y: -841 }, { partial: true, idProbs: undefined }), ...far.map((f) => det(f))]));
  tr.update(at(i++, [det({ id: 3, x: -1, y: -882 }, { partial: true, idProbs: undefined }), ...far.map((f) => det(f))]));
  for (let k = 0; k < 30; k++, i++) tr.update(at(i, far.map((f) => det(f))));
  const t = tr.tracks.find((x) => x.id === id);
  assert.ok(t && t.state !== 'pocketed' && Math.hypot(t.x_mm - twelve.x, t.y_mm - twelve.y) < R, `ball 12's track is where it was lost (${t && `${t.state} ${Math.round(t.x_mm)},${Math.round(t.y_mm)}`})`);
});

test('a struck ball does not leave its track for a "ball" that stood unclaimed behind it all along (a fingertip on the cushion)', () => {
  const tr = new Tracker(RUSSIAN_12FT);
  const cue: Ball = { id: 'cue', x: -1500, y: 500 };
  const others = Array.from({ length: 15 }, (_, k): Ball => ({ id: k + 1, x: 600 + 80 * (k % 5), y: -300 + 100 * Math.floor(k / 5) }));
  // the bridge hand's fingertip by the cushion, 160 mm behind the cue ball and wandering a little: with
  // 16 balls followed, a 17th "ball" no track takes
  const finger = (k: number): Ball => ({ id: 3, x: -1655 + 8 * Math.sin(k), y: 540 + 5 * Math.cos(k) });
  let i = 0;
  for (; i < 30; i++) tr.update(at(i, [det(cue), ...others.map((b) => det(b))]));
  for (; i < 60; i++) tr.update(at(i, [det(cue), det(finger(i), { idProbs: undefined, cueLike: 0.9 }), ...others.map((b) => det(b))]));
  const id = tr.live().find((t) => Math.hypot(t.x_mm - cue.x, t.y_mm - cue.y) < R)!.id;
  // struck hard: 220 mm on in the next frame (further than the fingertip's 160 mm behind), then 200 mm a frame
  for (let k = 0; k < 6; k++, i++) {
    cue.x += k === 0 ? 220 : 200;
    tr.update(at(i, [det(cue, { idProbs: undefined }), det(finger(i), { idProbs: undefined, cueLike: 0.9 }), ...others.map((b) => det(b))]));
  }
  const t = tr.tracks.find((x) => x.id === id)!;
  assert.ok(Math.hypot(t.x_mm - cue.x, t.y_mm - cue.y) < R, `the cue ball's track is at (${t.x_mm.toFixed(0)}, ${t.y_mm.toFixed(0)}), the ball at (${cue.x}, ${cue.y})`);
});

test('a ball struck away from a cushion does not leap back onto "a ball" on that cushion\'s line (the bridge hand on the rail)', () => {
  const tr = new Tracker(RUSSIAN_12FT);
  const cue: Ball = { id: 'cue', x: -1623, y: 268 };
  const others = Array.from({ length: 15 }, (_, k): Ball => ({ id: k + 1, x: 600 + 80 * (k % 5), y: -300 + 100 * Math.floor(k / 5) }));
  let i = 0;
  for (; i < 30; i++) tr.update(at(i, [det(cue), ...others.map((b) => det(b))]));
  const id = tr.live().find((t) => Math.hypot(t.x_mm - cue.x, t.y_mm - cue.y) < R)!.id;
  // struck mid-frame: 76 mm on, then 250 mm a frame; in the frame after the first step the ball is a streak
  // too faint to find, and the bridge hand shows as a "ball" on the head cushion's line 230 mm behind it
  const hand: Ball = { id: 3, x: -1777, y: 291 };
  cue.x += 76;
  tr.update(at(i++, [det(cue, { idProbs: undefined }), ...others.map((b) => det(b))]));
  tr.update(at(i++, [det(hand, { idProbs: undefined, cueLike: 0.5, partial: true }), ...others.map((b) => det(b))]));
  for (let k = 0; k < 6; k++, i++) {
    cue.x += 250;
    tr.update(at(i, [det(cue, { idProbs: undefined }), det(hand, { idProbs: undefined, cueLike: 0.5, partial: true }), ...others.map((b) => det(b))]));
  }
  const t = tr.tracks.find((x) => x.id === id)!;
  assert.ok(Math.hypot(t.x_mm - cue.x, t.y_mm - cue.y) < R, `the cue ball's track is at (${t.x_mm.toFixed(0)}, ${t.y_mm.toFixed(0)}), the ball at (${cue.x}, ${cue.y})`);
});

for (const drift of [0, 2]) {
  test(`a candidate on a fingertip${drift ? ', drifting 60 mm/s,' : ''} does not take a struck ball's blur from the ball's own track`, () => {
    const tr = new Tracker(RUSSIAN_12FT);
    const cue: Ball = { id: 'cue', x: -1600, y: 520 };
    // (by the cushion and never found whole: not believed for a while, see Tracker.confirm())
    const finger: Ball = { id: 3, x: -1738, y: 560 };
    let i = 0;
    for (; i < 30; i++) tr.update(at(i, [det(cue), ...far.map((f) => det(f))]));
    // (drifting over its last six frames: a candidate's speed is measured over a few)
    for (; i < 60; i++, finger.y -= i > 54 ? drift : 0) tr.update(at(i, [det(cue), det(finger, { idProbs: undefined, cueLike: 0.9, partial: true }), ...far.map((f) => det(f))]));
    const id = tr.live().find((t) => Math.hypot(t.x_mm - cue.x, t.y_mm - cue.y) < R)!.id;
    assert.ok(tr.tracks.some((t) => !t.confirmed && Math.hypot(t.x_mm - finger.x, t.y_mm - finger.y) < R), 'the fingertip is a candidate');
    // struck: the hand moves off (the fingertip is lost) and the blurred ball is found twice, at its
    // centre 150 mm on and at the front of its streak 200 mm on
    cue.x += 150;
    tr.update(at(i++, [det(cue, { idProbs: undefined }), det({ id: 'cue', x: cue.x + 50, y: cue.y - 20 }, { idProbs: undefined, partial: true }), ...far.map((f) => det(f))]));
    const t = tr.tracks.find((x) => x.id === id)!;
    assert.ok(Math.hypot(t.x_mm - cue.x, t.y_mm - cue.y) < 1, `the cue ball's track is at (${t.x_mm.toFixed(0)}, ${t.y_mm.toFixed(0)}), the ball's centre at (${cue.x}, ${cue.y})`);
  });
}

test('a candidate seen in only three frames of eight, standing still, does not leap onto a ball struck out from under the cue', () => {
  const tr = new Tracker(RUSSIAN_12FT);
  const cue: Ball = { id: 'cue', x: 0, y: 0 };
  const finger: Ball = { id: 3, x: 0, y: 200 };
  const arm = { x0_mm: -40, y0_mm: -60, x1_mm: 40, y1_mm: 260 };
  let i = 0;
  for (; i < 30; i++) tr.update(at(i, [det(cue), ...far.map((f) => det(f))]));
  // the player's fingertip behind the ball, found now and then while the cue lies over the ball
  for (let k = 0; k < 8; k++, i++) tr.update(at(i, [det(cue, { partial: true }), ...(k % 3 === 0 ? [det(finger, { idProbs: undefined, cueLike: 0.5, partial: true })] : []), ...far.map((f) => det(f))], [arm]));
  const fingerId = tr.tracks.find((t) => !t.confirmed && Math.hypot(t.x_mm - finger.x, t.y_mm - finger.y) < R)?.id;
  assert.ok(fingerId !== undefined, 'the fingertip is a candidate');
  // struck at 1.35 m/s away from the fingertip: first found 50 mm on, on part of its outline under the cue
  for (let k = 1; k <= 8; k++, i++) {
    cue.y = -50 - 45 * (k - 1);
    tr.update(at(i, [det(cue, { idProbs: undefined, partial: k === 1 }), ...far.map((f) => det(f))], [arm]));
    const f = tr.tracks.find((t) => t.id === fingerId);
    assert.ok(!f || Math.hypot(f.x_mm - cue.x, f.y_mm - cue.y) > 2 * R, `frame ${k}: the fingertip's candidate is on the ball at (${f?.x_mm.toFixed(0)}, ${f?.y_mm.toFixed(0)})`);
  }
});

test('a struck ball whose blur a just-born phantom behind it leapt onto (its own track refusing the blur\'s look) is handed back to its track', () => {
  const tr = new Tracker(RUSSIAN_12FT, { lookOf: (d) => d.cueLike });
  const cue: Ball = { id: 'cue', x: 555, y: -816 };
  let i = 30;
  const id = restFor(tr, cue, 30, { cueLike: 0.9 });
  // the cue's tip shows as a "ball" 180 mm behind, on the line of the shot, in the frame before the strike
  tr.update(at(i++, [det(cue, { cueLike: 0.9 }), det({ id: 3, x: 737, y: -835 }, { idProbs: undefined, cueLike: 0.05, partial: true }), ...far.map((f) => det(f))]));
  // struck at 3 m/s, slowing: blurred, the ball looks nothing like itself at rest
  let v = 0;
  for (let k = 0; k < 8; k++, i++) {
    cue.x -= k === 0 ? 47 : 103 - 4 * (k - 1);
    cue.y += k === 0 ? 5 : 15;
    v = k;
    tr.update(at(i, [det(cue, { idProbs: undefined, cueLike: 0.25, partial: true }), ...far.map((f) => det(f))]));
  }
  const t = tr.tracks.find((x) => x.id === id)!;
  assert.ok(Math.hypot(t.x_mm - cue.x, t.y_mm - cue.y) < R, `after ${v + 1} frames the cue ball's track is at (${t.x_mm.toFixed(0)}, ${t.y_mm.toFixed(0)}), the ball at (${cue.x}, ${cue.y})`);
});

/**
 * A cue ball at `from` on a full table, at rest for a second, struck along +x: found `firstStep_mm` on in the strike's
 * frame, missed in the next, then found every frame `step_mm` further on as a streak blurred out of its look
 * (`partial(k)` for the k-th). Whether its track, the one it had at rest, is on it at the end.
 */
function strikeOnFullTable(from: Ball, firstStep_mm: number, step_mm: number, partial: (k: number) => boolean): void {
  const tr = new Tracker(RUSSIAN_12FT, { lookOf: (d) => d.cueLike });
  const cue: Ball = { ...from };
  const others = Array.from({ length: 15 }, (_, k): Ball => ({ id: k + 1, x: 600 + 80 * (k % 5), y: -300 + 100 * Math.floor(k / 5) }));
  let i = 0;
  for (; i < 30; i++) tr.update(at(i, [det(cue, { cueLike: 0.9 }), ...others.map((b) => det(b))]));
  const id = tr.live().find((t) => Math.hypot(t.x_mm - cue.x, t.y_mm - cue.y) < R)!.id;
  cue.x += firstStep_mm;
  tr.update(at(i++, [det(cue, { cueLike: 0.9 }), ...others.map((b) => det(b))]));
  cue.x += step_mm;
  tr.update(at(i++, others.map((b) => det(b))));
  for (let k = 0; k < 5; k++, i++) {
    cue.x += step_mm;
    tr.update(at(i, [det(cue, { idProbs: undefined, cueLike: 0.05, partial: partial(k) }), ...others.map((b) => det(b))]));
  }
  const t = tr.tracks.find((x) => x.id === id)!;
  assert.ok(Math.hypot(t.x_mm - cue.x, t.y_mm - cue.y) < R, `the cue ball's track is at (${t.x_mm.toFixed(0)}, ${t.y_mm.toFixed(0)}), the ball at (${cue.x}, ${cue.y})`);
}

test('on a full table, a cue ball struck hard with no arm over it, lost for a frame and found far on as a streak, keeps its track', () => {
  // struck mid-frame: 10 mm on, then a streak too faint to find, then found 195 mm a frame further on
  strikeOnFullTable({ id: 'cue', x: -1687, y: 96 }, 10, 195, (k) => k % 2 === 0);
});

// 1185006's break: the cue ball found 230 mm out in the strike's frame, then a streak the detector missed, then
// found 560 mm on at 8.4 m/s; its track went hidden "rolling" at 1.4 m/s (its velocity window's slope over that
// one step), so no candidate was followed for it (every ball of the set held) and the rack was scattered before
// it was found.
test('on a full table, a cue ball struck at 8 m/s, found once on its way, then lost and found far on, keeps its track', () => {
  strikeOnFullTable({ id: 'cue', x: -1000, y: 470 }, 230, 280, () => true);
});

test('a ball learns no look from frames where its speed blurs it', () => {
  const tr = new Tracker(RUSSIAN_12FT, { lookOf: (d) => d.cueLike });
  const cue: Ball = { id: 'cue', x: -1500, y: 0 };
  let i = 0;
  // sharp and red at rest, then grey with blur at 6 m/s, then slowing
  for (; i < 20; i++) tr.update(at(i, [det(cue, { cueLike: 0.95 }), ...far.map((f) => det(f))]));
  const id = tr.live().find((t) => Math.hypot(t.x_mm - cue.x, t.y_mm - cue.y) < R)!.id;
  for (let k = 0; k < 10; k++, i++) { cue.x += 200; tr.update(at(i, [det(cue, { cueLike: 0.02 }), ...far.map((f) => det(f))])); }
  const t = tr.tracks.find((x) => x.id === id)!;
  assert.ok(t.look! > 0.9, `its look after the flight is ${t.look}`);
  for (let k = 0; k < 10; k++, i++) { cue.x += 20; tr.update(at(i, [det(cue, { cueLike: 0.5 }), ...far.map((f) => det(f))])); }
  assert.ok(t.look! < 0.9, 'a slow ball\'s look still counts');
});

test('a resting ball missed for a frame does not leap onto a "ball" under an arm', () => {
  const tr = new Tracker(RUSSIAN_12FT, { lookOf: (d) => d.cueLike });
  const cue: Ball = { id: 'cue', x: 1020, y: -60 };
  const others = Array.from({ length: 15 }, (_, k): Ball => ({ id: k + 1, x: -1200 + 150 * (k % 8), y: k < 8 ? -500 : 500 }));
  let i = 0;
  for (; i < 30; i++) tr.update(at(i, [det(cue), ...others.map((b) => det(b))]));
  const id = tr.live().find((t) => Math.hypot(t.x_mm - cue.x, t.y_mm - cue.y) < R)!.id;
  // the player's forearm reaches over the table 320 mm from the cue ball, a skin-coloured "ball" on it,
  // and the cue ball is missed in that frame; then seen again
  const arm = { x0_mm: 700, y0_mm: 120, x1_mm: 900, y1_mm: 400 };
  const onArm = det({ id: 'cue', x: 815, y: 188 }, { idProbs: undefined });
  tr.update(at(i++, [onArm, ...others.map((b) => det(b))], [arm]));
  for (let k = 0; k < 5; k++) tr.update(at(i++, [det(cue), onArm, ...others.map((b) => det(b))], [arm]));
  const t = tr.tracks.find((x) => x.id === id)!;
  assert.ok(Math.hypot(t.x_mm - cue.x, t.y_mm - cue.y) < 2, `the cue ball's track is at (${t.x_mm.toFixed(0)}, ${t.y_mm.toFixed(0)})`);
  assert.equal(t.history.filter((s) => Math.hypot(s.x_mm - cue.x, s.y_mm - cue.y) > R).length, 0, 'it never went to the arm');
});

test('a candidate "moving" by one hop does not leap across the table onto a ball after a moment unseen', () => {
  const tr = new Tracker(RUSSIAN_12FT);
  const cue: Ball = { id: 'cue', x: 1110, y: 220 };
  let i = 0;
  for (; i < 30; i++) tr.update(at(i, [det(cue), ...far.map((f) => det(f))]));
  // a phantom on the player's body by the rail, 1.1 m off: four frames still, one hop of 160 mm, still
  // again, then lost
  const body: Ball = { id: 3, x: 450, y: -880 };
  for (let k = 0; k < 8; k++, i++) {
    if (k === 4) body.y += 160;
    tr.update(at(i, [det(cue), det(body, { idProbs: undefined, partial: true }), ...far.map((f) => det(f))]));
  }
  assert.ok(tr.tracks.some((t) => !t.confirmed && Math.hypot(t.x_mm - body.x, t.y_mm - body.y) < R), 'the phantom is a candidate');
  // the cue ball is hidden by the arm for four frames (the phantom lost too), then found rolling 150 mm
  // off its place at the arm's edge
  const arm = { x0_mm: 1000, y0_mm: 100, x1_mm: 1200, y1_mm: 340 };
  for (let k = 0; k < 4; k++, i++) tr.update(at(i, far.map((f) => det(f)), [arm]));
  const rolled: Ball = { id: 'cue', x: 1175, y: 355 };
  tr.update(at(i++, [det(rolled, { idProbs: undefined }), ...far.map((f) => det(f))], [arm]));
  assert.ok(!tr.tracks.some((t) => !t.confirmed && Math.hypot(t.x_mm - rolled.x, t.y_mm - rolled.y) < R && t.history.some((s) => s.y_mm < -500)),
    'the phantom\'s candidate did not take the ball');
});

test('a ball going in at a corner does not leap back out of the jaws onto another ball', () => {
  const tr = new Tracker(RUSSIAN_12FT);
  const four: Ball = { id: 4, x: 1735, y: -843 };
  const cue: Ball = { id: 'cue', x: 1666, y: -744 };
  let i = 0;
  for (; i < 30; i++) tr.update(at(i, [det(four), det(cue), ...far.map((f) => det(f))]));
  const id = tr.live().find((t) => Math.hypot(t.x_mm - four.x, t.y_mm - four.y) < R)!.id;
  // nudged in: two frames going into the corner, then gone; the cue ball, rolling back from the jaws,
  // passes under the player's arm, its track hidden, and is found 240 mm from where ball 4 was last
  const arm = { x0_mm: 1500, y0_mm: -800, x1_mm: 1700, y1_mm: -650 };
  for (const [x, y] of [[1744, -861], [1772, -887]] as const) { four.x = x; four.y = y; tr.update(at(i++, [det(four), ...far.map((f) => det(f))], [arm])); }
  // (the hole's dark mouth passes for a ball a frame)
  tr.update(at(i++, [det({ id: 4, x: 1742, y: -884 }, { idProbs: undefined, partial: true }), ...far.map((f) => det(f))], [arm]));
  tr.update(at(i++, [det({ id: 'cue', x: 1577, y: -711 }, { idProbs: undefined }), ...far.map((f) => det(f))], [arm]));
  const t = tr.tracks.find((x) => x.id === id)!;
  assert.ok(Math.hypot(t.x_mm - 1577, t.y_mm + 711) > R, `ball 4's track is at (${t.x_mm.toFixed(0)}, ${t.y_mm.toFixed(0)})`);
});

test('a cue ball never found whole before it is struck keeps its track on its own blurred first step (washed out to an object ball\'s look), not on a cue-like thing behind it by the rail', () => {
  const tr = new Tracker(RUSSIAN_12FT, { lookOf: (d) => d.cueLike });
  const cue: Ball = { id: 'cue', x: -1400, y: -190 };
  let i = 60;
  const id = restFor(tr, cue, 60, { partial: true, conf: 0.7, idProbs: undefined, cueLike: 0.96 });
  // struck: its first step, 59 mm, blurred pale; the bridge hand on the cloth by the head rail, 330 mm back
  const bridge = det({ id: 3, x: -1725, y: -264 }, { partial: true, conf: 0.6, idProbs: undefined, cueLike: 0.92 });
  tr.update(at(i++, [det({ ...cue, x: cue.x + 59, y: cue.y + 6 }, { idProbs: undefined, cueLike: 0.07 }), bridge, ...far.map((f) => det(f))]));
  const t = tr.tracks.find((x) => x.id === id)!;
  assert.ok(Math.hypot(t.x_mm - (cue.x + 59), t.y_mm - (cue.y + 6)) < 5, `the cue ball's track is on its first step (${t.x_mm.toFixed(0)}, ${t.y_mm.toFixed(0)})`);
});

test('a cue ball found whole at rest, its look well known, keeps its track on its own blurred first step when struck (washed out to an object ball\'s look), not on a cue-like thing behind it by the rail', () => {
  // 925006's break once the outline's gap was measured right: the ball's look was learnt from whole
  // outlines, and a look unlike it a radius off was refused as it is for fingertips on the rail
  const tr = new Tracker(RUSSIAN_12FT, { lookOf: (d) => d.cueLike });
  const cue: Ball = { id: 'cue', x: -1400, y: -190 };
  let i = 60;
  const id = restFor(tr, cue, 60, { idProbs: undefined, cueLike: 0.96 });
  const bridge = det({ id: 3, x: -1725, y: -264 }, { partial: true, conf: 0.6, idProbs: undefined, cueLike: 0.92 });
  tr.update(at(i++, [det({ ...cue, x: cue.x + 59, y: cue.y + 6 }, { idProbs: undefined, cueLike: 0.07 }), bridge, ...far.map((f) => det(f))]));
  const t = tr.tracks.find((x) => x.id === id)!;
  assert.ok(Math.hypot(t.x_mm - (cue.x + 59), t.y_mm - (cue.y + 6)) < 5, `the cue ball's track is on its first step (${t.x_mm.toFixed(0)}, ${t.y_mm.toFixed(0)})`);
});

test('a cue ball struck from rest by a corner pocket does not leap into the hole\'s dark mouth (a "ball" past the jaws) behind it', () => {
  // 1185007: every ball held, so no candidate stood on the hole's mouth, found as a "ball" now and then 22 mm
  // from the corner and more like the cue ball than the ball's own first step, a streak the cloth's colour
  const tr = new Tracker(RUSSIAN_12FT, { lookOf: (d) => d.cueLike });
  const cue: Ball = { id: 'cue', x: -1664, y: 852 };
  const others = Array.from({ length: 15 }, (_, k): Ball => ({ id: k + 1, x: 600 + 80 * (k % 5), y: -300 + 100 * Math.floor(k / 5) }));
  const hole = (): BallDetection => det({ id: 3, x: -1767, y: 867 }, { partial: true, conf: 0.6, idProbs: undefined, cueLike: 0.74 });
  const frame = (i: number, cueLike: number, withHole: boolean) => at(i, [det(cue, { idProbs: undefined, cueLike }), ...(withHole ? [hole()] : []), ...others.map((b) => det(b))]);
  let i = 0;
  for (; i < 60; i++) tr.update(frame(i, 0.58, i > 40 && i % 7 === 0));
  const id = tr.live().find((t) => Math.hypot(t.x_mm - cue.x, t.y_mm - cue.y) < R)!.id;
  // struck mid-frame: 8 mm, then a 73 mm streak washed out to the cloth's colour, then 73 mm a frame
  cue.x += 8; cue.y -= 2;
  tr.update(frame(i++, 0.58, true));
  for (let k = 0; k < 4; k++, i++) {
    cue.x += 68; cue.y -= 26;
    tr.update(frame(i, k ? 0.5 : 0, true));
  }
  const t = tr.tracks.find((x) => x.id === id)!;
  assert.ok(Math.hypot(t.x_mm - cue.x, t.y_mm - cue.y) < R, `the cue ball's track is at (${t.x_mm.toFixed(0)}, ${t.y_mm.toFixed(0)}), the ball at (${cue.x}, ${cue.y})`);
});

test('a ball struck from rest towards a corner pocket, lost on its way for two frames, is followed into the hole', () => {
  // 1110201: ball 4, its first step 14 mm towards the corner, then unseen until it was in the hole
  const tr = new Tracker(RUSSIAN_12FT);
  const four: Ball = { id: 4, x: -1618, y: 729 };
  const others = Array.from({ length: 15 }, (_, k): Ball => ({ id: k === 3 ? 'cue' : k + 1, x: 600 + 80 * (k % 5), y: -300 + 100 * Math.floor(k / 5) }));
  const frame = (i: number, balls: Ball[]) => at(i, [...balls.map((b) => det(b, { idProbs: undefined })), ...others.map((b) => det(b))]);
  let i = 0;
  for (; i < 60; i++) tr.update(frame(i, [four]));
  const id = tr.live().find((t) => Math.hypot(t.x_mm - four.x, t.y_mm - four.y) < R)!.id;
  tr.update(frame(i++, [{ ...four, x: four.x - 15, y: four.y + 14 }]));
  tr.update(frame(i++, []));
  tr.update(frame(i++, []));
  const inHole: Ball = { id: 4, x: -1760, y: 872 };
  tr.update(frame(i++, [inHole]));
  const t = tr.tracks.find((x) => x.id === id)!;
  assert.ok(Math.hypot(t.x_mm - inHole.x, t.y_mm - inHole.y) < R, `ball 4's track is at (${t.x_mm.toFixed(0)}, ${t.y_mm.toFixed(0)})`);
});

test('a ball put down by a side cushion whose outline is crossed all round, though never found whole (a striped cue ball, its band away), counts after half a second; a part-found "ball" there waits', () => {
  // 1160300: a striped cue ball put down in hand 100 mm from the side cushion; the band's edge inside the ball
  // outdid its outline against dark cloth on a third of the rays, so it was never "whole", and the player's
  // arm came over it before the two seconds a part-found ball by a cushion waits (fingertips on the rail)
  const run = (round: boolean) => {
    const tr = new Tracker(RUSSIAN_12FT);
    const balls: Ball[] = Array.from({ length: 6 }, (_, k): Ball => ({ id: k + 1, x: -600 + 300 * k, y: k % 2 ? -300 : 300 }));
    const placed: Ball = { id: 'cue', x: -965, y: -788 };
    let i = 0;
    for (; i < 30; i++) tr.update(at(i, balls.map((b) => det(b))));
    for (let k = 0; k < 30; k++, i++) tr.update(at(i, [...balls.map((b) => det(b)), det(placed, { partial: true, ...(round && { round: true }) })]));
    return tr.tracks.find((t) => Math.hypot(t.x_mm - placed.x, t.y_mm - placed.y) < R)?.confirmed ?? false;
  };
  assert.equal(run(true), true);
  assert.equal(run(false), false, 'part-found, its outline not crossed all round: by a cushion it waits two seconds');
});

test('a ball rolling fast into a resting ball glances off it: its track does not carry on through it onto the ball behind', () => {
  // 1195000's break, dim: every ball found only in part, no number read, the cue ball's look no different.
  // The cue ball at 5.4 m/s meets the apex ball A off-centre; carried on straight, its track would land on
  // ball B behind A (its track led 18 mm off B's centre by detections found off it), while the cue ball
  // itself glances off sideways
  const tr = new Tracker(RUSSIAN_12FT);
  const dim = { idProbs: undefined, cueLike: 0.05, partial: true };
  const a: Ball = { id: 4, x: 888, y: 0 };
  const b: Ball = { id: 5, x: 947, y: 34 };
  const step = { x: 5420 / FPS, y: -679 / FPS };
  const cue: Ball = { id: 'cue', x: 750 - 8 * step.x, y: 54 - 8 * step.y };
  let i = 0;
  for (; i < 20; i++) tr.update(at(i, [det(cue, { ...dim, partial: false }), ...[a, b, ...far].map((x) => det(x, { ...dim, partial: false }))]));
  // B found off its centre, as rack balls under dim lamps are
  b.x = 934; b.y = 21;
  const rest = [a, b, ...far];
  for (; i < 30; i++) tr.update(at(i, [det(cue, dim), ...rest.map((x) => det(x, dim))]));
  const idOf = (b: Ball) => tr.live().find((t) => Math.hypot(t.x_mm - b.x, t.y_mm - b.y) < R)!.id;
  const [cueId, aId, bId] = [idOf(cue), idOf(a), idOf(b)];
  for (let k = 0; k < 8; k++, i++) {
    cue.x += step.x; cue.y += step.y;
    tr.update(at(i, [det(cue, dim), ...rest.map((x) => det(x, dim))]));
  }
  // the collision frame: A sent off along the line of centres, the cue ball glancing off across it, B found
  // nearer its true place
  const cueAfter: Ball = { id: 'cue', x: 851, y: 75 };
  const aAfter: Ball = { id: 4, x: 867, y: -29 };
  const bSeen: Ball = { id: 5, x: 944, y: 41 };
  tr.update(at(i++, [det(cueAfter, dim), det(aAfter, dim), det(bSeen, dim), ...far.map((f) => det(f, dim))]));
  const where = (id: number) => tr.tracks.find((t) => t.id === id)!;
  const near = (id: number, b: Ball) => Math.hypot(where(id).x_mm - b.x, where(id).y_mm - b.y) < R;
  const at_ = (id: number) => `(${where(id).x_mm.toFixed(0)}, ${where(id).y_mm.toFixed(0)})`;
  assert.ok(near(cueId, cueAfter), `the cue ball's track is at ${at_(cueId)}, the ball at (851, 75)`);
  assert.ok(near(bId, bSeen), `ball B's track is at ${at_(bId)}, the ball at (944, 41)`);
  assert.ok(!near(aId, bSeen) && !near(aId, cueAfter), `ball A's track took neither other ball: ${at_(aId)}`);
});

test('a ball at rest unfound for a frame does not leap through the balls standing in front of it onto a passing streak', () => {
  // 1195001: the back of a rack unfound for a frame as the cue ball came up the table in pieces; the back
  // balls' tracks leapt 240–330 mm through the rack's front onto the pieces
  const tr = new Tracker(RUSSIAN_12FT);
  const front: Ball = { id: 4, x: 888, y: 0 };
  const middle: Ball = { id: 5, x: 947, y: 34 };
  const back: Ball = { id: 7, x: 1006, y: 68 };
  const cue: Ball = { id: 'cue', x: -1000, y: -100 };
  const still = [front, middle, back, ...far];
  let i = 0;
  for (; i < 30; i++) tr.update(at(i, [det(cue), ...still.map((b) => det(b))]));
  const backId = tr.live().find((t) => Math.hypot(t.x_mm - back.x, t.y_mm - back.y) < R)!.id;
  // struck at 6 m/s up the table, seen whole until the frame its streak breaks in two, 140 mm apart, in
  // front of the rack, the back ball unfound in that frame
  const step = { x: 6000 / FPS, y: 0 };
  for (let k = 1; k <= 8; k++, i++) {
    cue.x += step.x; cue.y += step.y;
    const pieces = k === 8 ? [det(cue, { partial: true, idProbs: undefined }), det({ id: 'cue', x: cue.x + 136, y: cue.y + 34 }, { partial: true, idProbs: undefined })] : [det(cue)];
    tr.update(at(i, [...pieces, ...(k === 8 ? [front, middle, ...far] : still).map((b) => det(b))]));
  }
  const t = tr.tracks.find((x) => x.id === backId)!;
  assert.ok(Math.hypot(t.x_mm - back.x, t.y_mm - back.y) < R, `the back ball's track stayed on its place: ${t.state} at (${t.x_mm.toFixed(0)}, ${t.y_mm.toFixed(0)})`);
});

test('a ball that turns sharply and is unfound for frames is looked for the way it turned, not the way it came (another ball\'s streak there)', () => {
  // 1185000's break: the cue ball at 7 m/s glanced off the apex up the table at 3.4 m/s and went unfound for
  // three frames; ball 2, sent off from the back of the rack, showed its streak in two pieces where the cue
  // ball's smoothed velocity, still the run in's, carried it. (The apex, which turned it, stands on its spot.)
  const tr = new Tracker(RUSSIAN_12FT);
  const cue: Ball = { id: 'cue', x: 807 - 8 * 233, y: 32 };
  const two: Ball = { id: 2, x: 1124, y: 136 };
  const apex: Ball = { id: 4, x: 887, y: 0 };
  const others = () => [det(apex), ...far.map((f) => det(f))];
  let i = 0;
  for (; i < 30; i++) tr.update(at(i, [det(cue), det(two), ...others()]));
  const idOf = (b: Ball) => tr.live().find((t) => Math.hypot(t.x_mm - b.x, t.y_mm - b.y) < R)!.id;
  const [cueId, twoId] = [idOf(cue), idOf(two)];
  for (let k = 1; k <= 8; k++, i++) { cue.x += 233; tr.update(at(i, [det(cue), det(two), ...others()])); }
  const streak = (b: Ball, pieces: number) => (pieces === 1 ? [det(b, { idProbs: undefined })] : [det({ ...b, x: b.x - 25, y: b.y - 13 }, { partial: true, idProbs: undefined }), det({ ...b, x: b.x + 25, y: b.y + 13 }, { partial: true, idProbs: undefined })]);
  const frames: [Ball | null, Ball, number][] = [
    [{ id: 'cue', x: 837, y: 143 }, { id: 2, x: 1220, y: 193 }, 1],
    [null, { id: 2, x: 1346, y: 267 }, 2],
    [null, { id: 2, x: 1443, y: 323 }, 2],
    [{ id: 'cue', x: 905, y: 507 }, { id: 2, x: 1543, y: 380 }, 1],
  ];
  for (const [c, b, pieces] of frames) tr.update(at(i++, [...(c ? [det(c, { idProbs: undefined })] : []), ...streak(b, pieces), ...others()]));
  const t = tr.tracks.find((x) => x.id === cueId)!;
  assert.ok(Math.hypot(t.x_mm - 905, t.y_mm - 507) < R, `the cue ball's track is at (${t.x_mm.toFixed(0)}, ${t.y_mm.toFixed(0)}) (${t.state}), the ball at (905, 507)`);
  const b = tr.tracks.find((x) => x.id === twoId)!;
  assert.ok(Math.hypot(b.x_mm - 1543, b.y_mm - 380) < R, `ball 2's track is at (${b.x_mm.toFixed(0)}, ${b.y_mm.toFixed(0)})`);
});

test('a fast ball found only as a piece of its streak, its look washed out by the blur, is still its own track\'s, not a candidate\'s born on the streak', () => {
  // 1195000 at 25.9 s: a striped cue ball at 2.5 m/s, its streak found in two pieces one frame (a candidate born
  // on the front one) and as one washed-out piece the next; its track, 48 mm off and "unlike" it by 73 mm of look
  // cost, lost it to the candidate 61 mm off, and the stroke's first contact was not seen
  const tr = new Tracker(RUSSIAN_12FT, { lookOf: (d) => d.cueLike });
  const cue: Ball = { id: 'cue', x: 0, y: 0 };
  let i = 30;
  const id = restFor(tr, cue, 30, { cueLike: 0.9 });
  const washed = { cueLike: 0.05, idProbs: undefined };
  tr.update(at(i++, [det({ ...cue, x: 20 }, { cueLike: 0.9 }), ...far.map((f) => det(f))]));
  let x = 20;
  for (let k = 0; k < 4; k++, i++) { x += 83; tr.update(at(i, [det({ ...cue, x }, washed), ...far.map((f) => det(f))])); }
  x += 83;
  tr.update(at(i++, [det({ ...cue, x: x - 20 }, washed), det({ ...cue, x: x + 24 }, { ...washed, partial: true }), ...far.map((f) => det(f))]));
  for (let k = 0; k < 5; k++, i++) { x += 83; tr.update(at(i, [det({ ...cue, x }, { ...washed, partial: true }), ...far.map((f) => det(f))])); }
  const t = tr.tracks.find((q) => q.id === id)!;
  assert.ok(Math.hypot(t.x_mm - x, t.y_mm) < R, `the cue ball's track is at (${t.x_mm.toFixed(0)}, ${t.y_mm.toFixed(0)}) (${t.state}), the ball at (${x}, 0)`);
});

test('a fast ball does not take a partial "ball" odder than itself over its own whole detection (a pocket\'s dark mouth)', () => {
  // 1185006: ball 5 rolling into a corner at 1.3 m/s, slowed by the jaws, found whole 30 mm short of where its
  // motion carried it, with a dark part-found "ball" (the hole's mouth) 10 mm from there: blur washes a ball's
  // look out, it never makes it odder, so the odd piece is something else
  const tr = new Tracker(RUSSIAN_12FT, { lookOf: (d) => d.cueLike });
  const five: Ball = { id: 5, x: 0, y: 0 };
  let i = 30;
  const id = restFor(tr, five, 30);
  for (let k = 0; k < 8; k++, i++) { five.x += 43; tr.update(at(i, [det(five), ...far.map((f) => det(f))])); }
  const expected = five.x + 43;
  five.x = expected - 30;
  tr.update(at(i++, [det(five), det({ id: 5, x: expected + 10, y: 0 }, { partial: true, cueLike: 0.9, idProbs: undefined }), ...far.map((f) => det(f))]));
  const t = tr.tracks.find((q) => q.id === id)!;
  assert.ok(Math.hypot(t.x_mm - five.x, t.y_mm) < 5, `ball 5's track is at (${t.x_mm.toFixed(0)}, ${t.y_mm.toFixed(0)}), the ball at (${five.x}, 0)`);
});

test('a striped cue ball rattled in a corner pocket\'s jaws, its band turned away, keeps its track as it comes back out (not the hole\'s dark mouth)', () => {
  // 1205003 at 96.9 s: the cue ball (0.64 odd at rest, 0.0-0.1 rolling, its band turned under) hit the jaw
  // and came back a 26 mm step; its track, carried on into the corner, took a part-found "ball" in the hole
  const tr = new Tracker(RUSSIAN_12FT, { lookOf: (d) => d.cueLike });
  const cue: Ball = { id: 'cue', x: 1470, y: -560 };
  let i = 40;
  const id = restFor(tr, cue, 40, { idProbs: undefined, cueLike: 0.64 });
  // rolling into the FR corner at 1.2 m/s, the band turned under
  for (let k = 0; k < 9; k++, i++) {
    cue.x += 29; cue.y -= 26.5;
    tr.update(at(i, [det(cue, { idProbs: undefined, cueLike: 0.02 }), ...far.map((f) => det(f))]));
  }
  // off the jaw: a step back of 26 mm, then out along the jaw's line, with the hole's mouth found in part
  cue.x -= 5; cue.y -= 26;
  tr.update(at(i++, [det(cue, { idProbs: undefined, cueLike: 0.01 }), ...far.map((f) => det(f))]));
  const mouth = det({ id: 3, x: 1758, y: -871 }, { partial: true, conf: 0.65, idProbs: undefined, cueLike: 0.44 });
  cue.x -= 20; cue.y -= 27;
  tr.update(at(i++, [det(cue, { idProbs: undefined, cueLike: 0.05 }), mouth, ...far.map((f) => det(f))]));
  const t = tr.tracks.find((x) => x.id === id)!;
  assert.ok(Math.hypot(t.x_mm - cue.x, t.y_mm - cue.y) < 5, `the cue ball's track is at (${t.x_mm.toFixed(0)}, ${t.y_mm.toFixed(0)}), the ball at (${cue.x}, ${cue.y})`);
});

test('a resting ball unfound in the frame it is struck takes its own whole outline a step on, not a dark "ball" behind it (knuckles by the cushion, no arm boxed)', () => {
  // 1205000 at 66.2 s: the cue ball (0.6 white) found 86 mm on (0.63 white); the hand's knuckles on the cloth by
  // the foot cushion, 61 mm back, 0.12 white, nearer its place and no odder by the cue ball's look
  const look = (white: number) => ({ oddColour: 0.03, dark: 0.02, white, colour: 0.05 });
  const tr = new Tracker(RUSSIAN_12FT, { lookOf: (d) => d.cueLike });
  const cue: Ball = { id: 'cue', x: 1667, y: -693 };
  let i = 40;
  const id = restFor(tr, cue, 40, { idProbs: undefined, cueLike: 0.12, look: look(0.6) });
  tr.update(at(i++, far.map((f) => det(f))));
  const knuckles = det({ id: 3, x: 1726, y: -682 }, { partial: true, conf: 0.62, idProbs: undefined, cueLike: 0.19, look: look(0.12) });
  const struck = det({ ...cue, x: 1581, y: -711 }, { conf: 0.9, idProbs: undefined, cueLike: 0.0, look: look(0.63) });
  tr.update(at(i++, [struck, knuckles, ...far.map((f) => det(f))]));
  const t = tr.tracks.find((x) => x.id === id)!;
  assert.ok(Math.hypot(t.x_mm - 1581, t.y_mm + 711) < 5, `the cue ball's track is at (${t.x_mm.toFixed(0)}, ${t.y_mm.toFixed(0)})`);
});

test('on a full table, a resting ball\'s track that leapt onto a phantom by the cushion as its ball was struck, and stood still there, takes up the ball seen leaving its place', () => {
  // 1185001's break: the cue ball (no look learnt, found only in part at rest) unfound the frame the cue hit it,
  // found whole 145 mm on; its track took the cue's tip by the head cushion, 80 mm back, and stayed there
  const tr = new Tracker(RUSSIAN_12FT, { lookOf: (d) => d.cueLike });
  const cue: Ball = { id: 'cue', x: -1680, y: 622 };
  const others = Array.from({ length: 15 }, (_, k): Ball => ({ id: k + 1, x: 600 + 80 * (k % 5), y: -300 + 100 * Math.floor(k / 5) }));
  const seenCue = () => det(cue, { partial: true, conf: 0.6, idProbs: undefined, cueLike: 0.1 });
  let i = 0;
  for (; i < 90; i++) tr.update(at(i, [seenCue(), ...others.map((b) => det(b))]));
  const id = tr.live().find((t) => Math.hypot(t.x_mm - cue.x, t.y_mm - cue.y) < R)!.id;
  const tip = (x: number) => det({ id: 3, x, y: 593 }, { partial: true, conf: 0.37, idProbs: undefined, cueLike: 0.1 });
  // struck at 5.2 m/s: unfound, then found whole 145 mm on, the cue's tip by the cushion
  const v = [5300 / 30, -1300 / 30];
  cue.x += 145; cue.y -= 38;
  tr.update(at(i++, [tip(-1757), det(cue, { idProbs: undefined, cueLike: 0.0 }), ...others.map((b) => det(b))]));
  for (let k = 0; k < 8; k++, i++) {
    cue.x += v[0]!; cue.y += v[1]!;
    tr.update(at(i, [...(k < 6 ? [tip(-1770)] : []), det(cue, { idProbs: undefined, cueLike: 0.0 }), ...others.map((b) => det(b))]));
  }
  const t = tr.tracks.find((x) => x.id === id)!;
  assert.ok(Math.hypot(t.x_mm - cue.x, t.y_mm - cue.y) < R, `the cue ball's track is at (${t.x_mm.toFixed(0)}, ${t.y_mm.toFixed(0)}), the ball at (${cue.x.toFixed(0)}, ${cue.y.toFixed(0)})`);
  assert.ok(Math.hypot(t.history[0]!.x_mm + 1680, t.history[0]!.y_mm - 622) < 10 || t.history.some((h) => Math.hypot(h.x_mm + 1680, h.y_mm - 622) < 10), 'its path starts where the ball rested');
  assert.ok(!t.history.some((h) => h.x_mm < -1740), 'and not on the cue\'s tip');
});

test('a ball struck into another at rest stops dead against it: its track is not taken for stranded', () => {
  // a stun shot: the cue ball, 90 mm from ball 5, goes 56 mm in a frame and stops against it; 5 runs on
  const tr = new Tracker(RUSSIAN_12FT, { lookOf: (d) => d.cueLike });
  const cue: Ball = { id: 'cue', x: 0, y: 0 }, five: Ball = { id: 5, x: 124, y: 0 };
  const others = Array.from({ length: 14 }, (_, k): Ball => ({ id: k < 4 ? k + 1 : k + 2, x: 600 + 80 * (k % 5), y: -300 + 100 * Math.floor(k / 5) }));
  let i = 0;
  for (; i < 40; i++) tr.update(at(i, [det(cue), det(five), ...others.map((b) => det(b))]));
  const id = tr.live().find((t) => Math.hypot(t.x_mm - cue.x, t.y_mm - cue.y) < R)!.id;
  const fiveId = tr.live().find((t) => Math.hypot(t.x_mm - five.x, t.y_mm - five.y) < R)!.id;
  // (5 a streak too faint to find for three frames, then found 200 mm on and rolling)
  cue.x += 56;
  for (let k = 0; k < 12; k++, i++) {
    five.x += 60;
    tr.update(at(i, [det(cue), ...(k >= 3 ? [det(five)] : []), ...others.map((b) => det(b))]));
  }
  const t = tr.tracks.find((x) => x.id === id)!, t5 = tr.tracks.find((x) => x.id === fiveId)!;
  assert.ok(Math.hypot(t.x_mm - cue.x, t.y_mm - cue.y) < 5, `the cue ball's track stays on it (${t.x_mm.toFixed(0)}, ${t.y_mm.toFixed(0)})`);
  assert.ok(Math.hypot(t5.x_mm - five.x, t5.y_mm - five.y) < R, `ball 5's track is on it (${t5.x_mm.toFixed(0)}, ${t5.y_mm.toFixed(0)}), the ball at ${five.x}`);
});

test('a ball rolling fast into a side cushion is looked for where it comes back off it, not on a candidate born on its streak by the cushion', () => {
  // 1185007 at 65.5 s: the cue ball at 3.3 m/s into the side cushion; its track, carried on 30 mm into the cushion,
  // lost the ball (found off the line) to a candidate born the frame before on a piece of its streak
  const tr = new Tracker(RUSSIAN_12FT, { lookOf: (d) => d.cueLike });
  const ball: Ball = { id: 'cue', x: 1000, y: 340 };
  let i = 30;
  const id = restFor(tr, ball, 30);
  while (ball.y < 820) {
    ball.x -= 80; ball.y += 60;
    const piece = ball.y === 820 ? [det({ id: 3, x: ball.x - 65, y: 850 }, { partial: true, conf: 0.55, idProbs: undefined, cueLike: 0.5 })] : [];
    tr.update(at(i++, [det(ball), ...piece, ...far.map((f) => det(f))]));
  }
  // off the cushion (its centre's line 853.5 mm out): 33.5 mm on to it and 26.5 mm back
  const back: Ball = { ...ball, x: ball.x - 80, y: 827 };
  tr.update(at(i++, [det(back), ...far.map((f) => det(f))]));
  const t = tr.tracks.find((x) => x.id === id)!;
  assert.ok(Math.hypot(t.x_mm - back.x, t.y_mm - back.y) < 5, `the ball's track is at (${t.x_mm.toFixed(0)}, ${t.y_mm.toFixed(0)}), the ball at (${back.x}, ${back.y})`);
});

test('a striped cue ball that rested with its band out of view keeps its track rolling when its band shows (not the hole\'s mouth ahead)', () => {
  // 1221204 at 9.2 s: the cue ball's look 0.05 on the mean (at rest, band away), 0.47 in a frame rolling at 0.8 m/s
  // into the foot-right corner; found whole at 0.48 8 mm from where it was expected, it paid 65 mm for its look and
  // the track took a part-found "ball" in the hole's mouth (0.03)
  const tr = new Tracker(RUSSIAN_12FT, { lookOf: (d) => d.cueLike });
  const cue: Ball = { id: 'cue', x: 1300, y: -400 };
  let i = 60;
  const id = restFor(tr, cue, 60, { idProbs: undefined, cueLike: 0.03 });
  const looks = [0.02, 0.05, 0.1, 0.3, 0.47, 0.43, 0.0, 0.14];
  for (const l of looks) { cue.x += 21; cue.y -= 15; tr.update(at(i++, [det(cue, { idProbs: undefined, cueLike: l }), ...far.map((f) => det(f))])); }
  cue.x += 21; cue.y -= 15;
  const mouth = det({ id: 3, x: cue.x + 30, y: cue.y - 30 }, { partial: true, conf: 0.57, idProbs: undefined, cueLike: 0.03 });
  tr.update(at(i++, [det(cue, { idProbs: undefined, cueLike: 0.48 }), mouth, ...far.map((f) => det(f))]));
  const t = tr.tracks.find((x) => x.id === id)!;
  assert.ok(Math.hypot(t.x_mm - cue.x, t.y_mm - cue.y) < 5, `the cue ball's track is at (${t.x_mm.toFixed(0)}, ${t.y_mm.toFixed(0)}), the ball at (${cue.x}, ${cue.y})`);
});

test('a ball resting against a cushion, covered by a hand nobody boxed, does not leap onto a fingertip on the cushion\'s line beside it', () => {
  // 1185007 at 81.2 s: ball 1, 43 mm from the foot cushion's nose, lost under the hand; a fingertip found 37 mm off,
  // 18 mm from the nose (no ball's centre is nearer than a radius, 34 mm, less its error); the track took it and
  // then the fingers' pieces, and the hop was "struck 1"
  const tr = new Tracker(RUSSIAN_12FT, { lookOf: (d) => d.cueLike });
  const one: Ball = { id: 1, x: 1732, y: -432 };
  let i = 40;
  const id = restFor(tr, one, 40);
  const tip = det({ id: 3, x: 1757, y: -459 }, { partial: true, conf: 0.78, idProbs: undefined, cueLike: 0.0 });
  tr.update(at(i++, [tip, ...far.map((f) => det(f))]));
  const t = tr.tracks.find((x) => x.id === id)!;
  assert.ok(Math.hypot(t.x_mm - one.x, t.y_mm - one.y) < 1, `ball 1's track stays at its place (${t.x_mm.toFixed(0)}, ${t.y_mm.toFixed(0)})`);
  tr.update(at(i++, [det(one), ...far.map((f) => det(f))]));
  assert.equal(t.state, 'visible');
});

test('a lost ball is found again only in a new track seen whole often enough for its look to be known', () => {
  // (development game 1395001 at 93 s: ball 9, hidden by a player leaning in, was lost; a dark "ball" on the sleeve
  // 118 mm off, seen whole once, rested there over a second and was taken for it: a false `moved` record)
  const lost = track(9, { state: 'missing', lastSeen_s: 93, x_mm: 1217, y_mm: 249, lookN: 400, look: 0.05 });
  const sleeve = track(98, { born_s: 93.2, lastSeen_s: 94.5, x_mm: 1206, y_mm: 367, wholeSeen: 1, lookN: 1, look: 0.3 });
  assert.deepEqual(reunions([lost, sleeve], 94.5), []);
  // the ball itself, come out from under the arm and seen whole for a fifth of a second
  const ball = track(104, { born_s: 95.3, lastSeen_s: 95.5, x_mm: 1217, y_mm: 248, wholeSeen: 6, lookN: 6, look: 0.04 });
  assert.deepEqual(reunions([lost, sleeve, ball], 95.5).map((p) => [p.lost.id, p.found.id]), [[9, 104]]);
});
