// Identities in a cluster of balls: a ball unseen for a frame next to another must not hand its
// identity on; the cue ball keeps its own by its look; a cue ball frozen to the ball it pushes is the
// struck ball though it hardly moves. Made-up observations, no pixels.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ObservationAnalyzer } from '../../src/vision/analyze-observations.js';
import type { BallDetection, FrameObservation, OccludedBox } from '../../src/vision/observation.js';
import type { ShotRecord, TableRecord } from '../../src/protocol/records.js';
import { matchInTwoStages, Tracker } from '../../src/vision/tracking/tracker.js';
import { assign } from '../../src/vision/tracking/assignment.js';
import { RUSSIAN_12FT } from '../../src/table/geometry.js';
import { at, det, R, type Ball } from './observations.js';

test('two-stage matching: a detection on a track\'s own place is that track\'s, though another track has none nearer', () => {
  // track 0 lost its detection; its nearest is track 1's own (cost 1). In one stage the assignment
  // matches both tracks (0 → 1's detection, 1 → a stray one 43 mm off); in two, track 1 keeps its own
  const cost = [[211, 166], [1, 43]];
  assert.deepEqual(matchInTwoStages(cost, R), [1, 0]);
  assert.deepEqual(matchInTwoStages([[Infinity, 211], [Infinity, 1]], R), [-1, 1]);
  // with nothing near, the second stage still takes far matches (a ball struck hard from rest)
  assert.deepEqual(matchInTwoStages([[250]], R), [0]);
});

test("matching with a cost for going unmatched: a track is left unseen rather than making another leap far onto a detection unlike it", () => {
  // (1115002's break) ball 3's track has no detection of its own; its nearest is ball 11's, 93 mm off; ball 11's
  // track is 47 mm from it, and 482 (333 mm and a wholly unlike look) from the cue ball's, the one left over
  const cost = [[93, Infinity], [47, 482]];
  assert.deepEqual(assign(cost), [0, 1], 'without the cost every track that can be matched is, however far');
  assert.deepEqual(assign(cost, 450), [-1, 0]);
  assert.deepEqual(matchInTwoStages(cost, R, [true, true], 450), [-1, 0]);
  // a track with a detection of its own in reach still takes it, however far, when no other pays for it
  assert.deepEqual(assign([[300, Infinity]], 450), [0]);
  assert.deepEqual(assign([[300], [Infinity]], 450), [0, -1]);
});

test('two-stage matching: a ball\'s track near its expected place is served before a candidate nearer still', () => {
  // (965003 at 28.2 s) the rolling cue ball's track 26 mm (5 mm and a look cost) from the ball's detection, a
  // candidate born on its shadow 21 mm from it and 151 / 62 mm from the shadow's next detection
  const cost = [[26, 151], [21, 62]];
  assert.deepEqual(matchInTwoStages(cost, R), [1, 0], 'on equal terms the candidate takes the ball');
  assert.deepEqual(matchInTwoStages(cost, R, [true, false]), [0, 1], "the ball's track first: the candidate gets the shadow");
  // a candidate alone near a detection still takes it
  assert.deepEqual(matchInTwoStages([[Infinity, 5], [3, Infinity]], R, [true, false]), [1, 0]);
});

test('far matches: of a ball\'s track and a candidate wanting one detection, the ball\'s takes it unless the candidate is nearer by more than a ball\'s width', () => {
  // (1310901) ball 14, struck from rest between two frames, found 91 mm on; a candidate born on the cue ball's
  // streak 79 mm from it (and 81 mm from the cue ball's own piece, which the cue ball's track takes first)
  const cost = [[92, Infinity], [79, 81], [Infinity, 20]];
  assert.deepEqual(matchInTwoStages(cost, R, [true, false, true], 450), [0, -1, 1]);
  assert.deepEqual(assign(cost.slice(0, 2).map((r) => [r[0]!]), 450), [-1, 0], 'on equal terms the candidate takes it');
  // a candidate following a ball 5 mm from its detection keeps it from a resting ball's leap of 200 mm
  assert.deepEqual(matchInTwoStages([[200], [5]], R, [true, false], 450), [-1, 0]);
});

test("far matches: a candidate does not take a detection a ball's track is nearer to by more than a ball's width, though the track has a worse one to take", () => {
  // (1295005 at 40.9 s) ball 3 found again on its place, 57 mm from its track (led off it for a frame by a piece
  // of the hand); the corner pocket's dark mouth 115 mm from the track; a candidate 282 mm from the ball
  const cost = [[57, 115], [282, Infinity]];
  assert.deepEqual(assign(cost, [450, 450 - 2 * R]), [1, 0], 'in one assignment the sum gives the ball to the candidate');
  assert.deepEqual(matchInTwoStages(cost, R, [true, false], 450), [0, -1]);
  // a candidate nearer than the track by more than a ball's width keeps the detection, and the track takes another
  assert.deepEqual(matchInTwoStages([[200, 120], [60, Infinity]], R, [true, false], 450), [1, 0]);
  // otherwise the sum decides: two pieces of a cue ball's streak, the track near both, the candidate near one
  // (1300900: with the balls' tracks served strictly first, the candidate was left the far pieces, ran a ghost's
  // straight line and took ball 5 as the cue ball met it)
  assert.deepEqual(matchInTwoStages([[50, 60], [55, 300]], R, [true, false], 450), [1, 0]);
});

/**
 * Ball 1 rests under the cue (hidden for a frame) as ball 2 rolls past 150 mm away; the cue's tip beside
 * ball 2 throws a partial "ball" under the cue, which a resting ball may not take but a rolling one may.
 */
test('a resting ball unseen for a frame beside a rolling one keeps its identity, and so does the rolling one', () => {
  const tr = new Tracker(RUSSIAN_12FT);
  const b1: Ball = { id: 1, x: 0, y: 0 };
  const b2: Ball = { id: 2, x: -600, y: 150 };
  const cueStick: OccludedBox = { x0_mm: -60, y0_mm: -60, x1_mm: 60, y1_mm: 130 };
  let i = 0;
  for (; i < 30; i++) tr.update(at(i, [det(b1), det(b2)]));
  for (let k = 0; k < 30; k++, i++) {
    b2.x += 40; // 1.2 m/s
    const hidden = Math.abs(b2.x) < 20;
    const tip: BallDetection = { x_mm: b2.x, y_mm: 110, conf: 0.6, cueLike: 0.03, partial: true };
    tr.update(hidden ? at(i, [det(b2), tip], [cueStick]) : at(i, [det(b1), det(b2)]));
  }
  const near = (b: Ball) => tr.live().find((t) => Math.hypot(t.x_mm - b.x, t.y_mm - b.y) < R);
  assert.equal(near(b1)?.id, 1, 'ball 1 keeps its first track');
  assert.equal(near(b2)?.id, 2, 'ball 2 keeps its first track');
});

/**
 * The cue ball and an object ball 85 mm apart, both at rest; the cue ball is struck away past the
 * object ball, whose detection is lost in the frames the blurred cue ball passes (merged with it).
 */
function struckPastNeighbour(): { a: ObservationAnalyzer; recs: TableRecord[] } {
  const a = new ObservationAnalyzer(RUSSIAN_12FT, { rack: false });
  const recs: TableRecord[] = [];
  const push = (o: FrameObservation) => recs.push(...a.push(o));
  const cue: Ball = { id: 'cue', x: 0, y: 0 };
  const five: Ball = { id: 5, x: 83, y: 23 };
  const far: Ball[] = [{ id: 1, x: -1000, y: 500 }, { id: 2, x: -1000, y: -500 }];
  let i = 0;
  // the cue ball and ball 5 are never read: named by the cue ball's look and by elimination, so
  // their names are only as good as their tracks
  const unread = (b: Ball, extra: Partial<BallDetection> = {}) => det(b, { idProbs: undefined, ...extra });
  for (; i < 60; i++) push(at(i, [unread(cue), unread(five), ...far.map((b) => det(b))]));
  for (let k = 1; k <= 30; k++, i++) {
    // first frame: 159 mm down-right (137 from ball 5's place)
    const c: Ball = { id: 'cue', x: 114 + 30 * (k - 1), y: -111 - 29 * (k - 1) };
    push(at(i, [unread(c, { partial: k <= 2 }), ...(k <= 2 ? [] : [unread(five)]), ...far.map((b) => det(b))]));
  }
  for (let k = 0; k < 60; k++, i++) push(at(i, [unread({ id: 'cue', x: 984, y: -952 }), unread(five), ...far.map((b) => det(b))]));
  recs.push(...a.finish());
  return { a, recs };
}

test('a struck cue ball passing a resting ball whose detection it hides is followed by its own track (by its look)', () => {
  const { a, recs } = struckPastNeighbour();
  const shots = recs.filter((r): r is ShotRecord => r.type === 'shot');
  assert.equal(shots.length, 1, JSON.stringify(shots));
  assert.equal(shots[0]!.struck, 'cue', 'the ball that rolled away is the cue ball');
  assert.deepEqual(shots[0]!.before?.cue, [0, 0], 'from where the cue ball rested');
  const live = a.tracker.live();
  const names = a.ids.resolve(live.map((t) => t.id), ['cue', 1, 2, 5]);
  const cueTrack = live.find((t) => names.get(t.id)?.id === 'cue')!;
  assert.ok(Math.hypot(cueTrack.x_mm - 984, cueTrack.y_mm + 952) < R, `the cue ball's track ended where the cue ball did (${cueTrack.x_mm}, ${cueTrack.y_mm})`);
  const fiveTrack = live.find((t) => names.get(t.id)?.id === 5)!;
  assert.ok(Math.hypot(fiveTrack.x_mm - 83, fiveTrack.y_mm - 23) < R, 'ball 5 is where it rested');
});

/**
 * `balls` (all read clearly) and two far ones at rest for 2 s, then `frames` frames of `step(k)` moving
 * them, then 3 s at rest: every record the analyzer wrote.
 */
function playReadBalls(balls: Ball[], frames: number, step: (k: number) => void): TableRecord[] {
  const a = new ObservationAnalyzer(RUSSIAN_12FT, { rack: false });
  const all = [...balls, { id: 1, x: -1000, y: 500 }, { id: 2, x: -1000, y: -500 }];
  const recs: TableRecord[] = [];
  let i = 0;
  const push = () => recs.push(...a.push(at(i++, all.map((b) => det(b)))));
  for (let k = 0; k < 60; k++) push();
  for (let k = 0; k < frames; k++) { step(k); push(); }
  for (let k = 0; k < 90; k++) push();
  recs.push(...a.finish());
  return recs;
}

test('a cue ball frozen to a ball that moves off with nothing seen moving near it is the struck ball, flagged', () => {
  // the cue ball touches ball 8, which touches ball 15; ball 15 rolls away, the others shift a millimetre
  const cue: Ball = { id: 'cue', x: 0, y: 0 };
  const eight: Ball = { id: 8, x: 2 * R + 1, y: 0 };
  const fifteen: Ball = { id: 15, x: 4 * R + 2, y: 0 };
  const recs = playReadBalls([cue, eight, fifteen], 40, (k) => {
    if (k === 0) { cue.x += 1; eight.x += 2; }
    fifteen.x += Math.max(5, 60 - 1.5 * k);
  });
  const shots = recs.filter((r): r is ShotRecord => r.type === 'shot');
  assert.equal(shots.length, 1, JSON.stringify(shots));
  assert.equal(shots[0]!.struck, 'cue');
  assert.equal(shots[0]!.firstContact, 8);
  assert.ok(shots[0]!.review.some((r) => r.what === 'struck'), 'flagged: the cue ball was not seen to move');
});

test('a soft stroke that pushes a ball a few cm away too slowly to be seen starting is a stroke with that first contact, not a ball moved by hand', () => {
  const cue: Ball = { id: 'cue', x: 0, y: 0 };
  const three: Ball = { id: 3, x: 2 * R + 20, y: 0 };
  // the cue ball goes 40 mm, from 300 mm/s to rest; ball 3 creeps 30 mm at 90 mm/s (never "moving")
  const cueSteps = [10, 10, 8, 6, 4, 2];
  const recs = playReadBalls([cue, three], 14, (k) => {
    cue.x += cueSteps[k] ?? 0;
    if (k >= 3 && k < 13) three.x += 3;
  });
  const shots = recs.filter((r): r is ShotRecord => r.type === 'shot');
  assert.equal(shots.length, 1, JSON.stringify(recs));
  assert.equal(shots[0]!.struck, 'cue');
  assert.equal(shots[0]!.firstContact, 3);
  assert.equal(recs.filter((r) => r.type === 'moved').length, 0);
});

test('a cue ball driven into a rack whose back balls fly off in the same frame while the apex hardly moves: the apex is the first contact', () => {
  const cue: Ball = { id: 'cue', x: -700, y: 4 };
  const apex: Ball = { id: 4, x: 0, y: 0 };
  const d = 2 * R + 0.5, row = d * Math.sqrt(3) / 2;
  const second = [{ id: 5, x: row, y: d / 2 }, { id: 6, x: row, y: -d / 2 }] as Ball[];
  const third = [{ id: 7, x: 2 * row, y: d }, { id: 15, x: 2 * row, y: 0 }, { id: 9, x: 2 * row, y: -d }] as Ball[];
  let hit = -1;
  const recs = playReadBalls([cue, apex, ...second, ...third], 40, (k) => {
    if (hit < 0) {
      cue.x = Math.min(cue.x + 40, -d + 1); // 1.2 m/s, stopped by the apex
      if (cue.x >= -d + 1) hit = k;
      return;
    }
    const j = k - hit;
    if (j === 1) apex.x += 2; // the apex passes the hit on and hardly moves
    // every other ball of the rack sets off at once, fanning out, slowing down
    const v = Math.max(0, 30 - 1.5 * j);
    for (const b of [...second, ...third]) { const n = Math.hypot(b.x, b.y) || 1; b.x += (v * b.x) / n; b.y += (v * b.y) / n; }
  });
  const shots = recs.filter((r): r is ShotRecord => r.type === 'shot');
  assert.equal(shots.length, 1, JSON.stringify(shots));
  assert.equal(shots[0]!.struck, 'cue');
  assert.equal(shots[0]!.firstContact, 4, JSON.stringify(shots[0]));
});

for (const slowNine of [false, true]) test(`a cue ball that kisses two balls within one frame has the one its path reached first for its first contact${slowNine ? ' (that one seen to start a frame later)' : ''}`, () => {
  // the cue ball rolls at 2.5 m/s along y = 0; it reaches ball 9 (its centre 50 mm off the line) at
  // x = 554 and ball 4 (55 mm off the other side) at x = 600: both inside the frame from x = 540 to its stop
  const cue: Ball = { id: 'cue', x: -373, y: 0 };
  const four: Ball = { id: 4, x: 640, y: -55 };
  const nine: Ball = { id: 9, x: 600, y: 50 };
  const recs = playReadBalls([cue, four, nine], 40, (k) => {
    if (k <= 10) { cue.x += 83; return; }
    const v = Math.max(0, 1 - (k - 11) / 28);
    if (k === 11) { cue.x = 600; cue.y = -5; } else cue.x += 10 * v;
    // (hit thinner, the 9 may creep its first frame: under the speed that counts as moving)
    const nineStep = slowNine && k === 11 ? 3 : 50 * v;
    nine.x += 0.68 * nineStep; nine.y += 0.73 * nineStep;
    four.x += 0.59 * 40 * v; four.y -= 0.81 * 40 * v;
  });
  const shots = recs.filter((r): r is ShotRecord => r.type === 'shot');
  assert.equal(shots.length, 1, JSON.stringify(recs));
  assert.equal(shots[0]!.firstContact, 9, JSON.stringify(shots[0]));
});

test('a thin cut on one ball, then a run on into another: the cut is the first contact, however late the cut ball is seen to move', () => {
  // the cue ball rolls at 1.8 m/s along x = 0 and cuts ball 12 (63 mm off its line) at y = -26; 12 creeps
  // off slowly, and the cue ball goes on nearly straight into ball 1
  const cue: Ball = { id: 'cue', x: 0, y: -600 };
  const twelve: Ball = { id: 12, x: -63, y: 0 };
  const one: Ball = { id: 1, x: 40, y: 130 };
  const recs = playReadBalls([cue, twelve, one], 40, (k) => {
    if (k < 10) { cue.y += 60; return; }
    if (k < 12) { cue.x += 5.5; cue.y += 55; }
    else if (k < 30) { cue.x -= 3; cue.y -= 10; }
    // (a thin cut sends 12 off slowly, under the speed that counts as moving for the first frames)
    const slow = Math.max(0, 1 - (k - 10) / 25);
    twelve.x -= 6 * slow; twelve.y += 2 * slow;
    if (k >= 12) { const v = Math.max(0, 1 - (k - 12) / 20); one.x += 20 * v; one.y += 35 * v; }
  });
  const shots = recs.filter((r): r is ShotRecord => r.type === 'shot');
  assert.equal(shots.length, 1, JSON.stringify(recs));
  assert.equal(shots[0]!.firstContact, 12, JSON.stringify(shots[0]));
});

test('a cue ball hidden under the arm, taken as struck frozen when the ball beside it rolls off, and found again rolling 0.2 s on, is that stroke\'s', () => {
  // 1051101: the cue ball, under the player's arm and unseen at rest, was struck into ball 14 lying 24 mm
  // off; ball 14 rolled away with nothing seen moving near it (the cue ball taken as struck, frozen to it),
  // and the cue ball came back into view rolling 0.24 s later: a second stroke "played while balls rolled"
  // (here, where the cue ball touches nothing more, its run alone, taken for a ball moved by hand)
  const cue: Ball = { id: 'cue', x: 0, y: 0 };
  const fourteen: Ball = { id: 14, x: -(2 * R + 24), y: 0 };
  const far = [{ id: 1, x: -1000, y: 500 }, { id: 2, x: 1000, y: -500 }] as Ball[];
  const arm: OccludedBox = { x0_mm: -40, y0_mm: -80, x1_mm: 160, y1_mm: 80 };
  const a = new ObservationAnalyzer(RUSSIAN_12FT, { rack: false });
  const recs: TableRecord[] = [];
  let i = 0;
  const push = (cueSeen: boolean, occ: OccludedBox[] = []) =>
    recs.push(...a.push(at(i++, [...(cueSeen ? [cue] : []), fourteen, ...far].map((b) => det(b)), occ)));
  for (let k = 0; k < 60; k++) push(true);
  for (let k = 0; k < 30; k++) push(false, [arm]);
  // the cue ball goes 24 mm into ball 14 in the first frame, and on at 600 mm/s the other way; ball 14 rolls off
  for (let k = 0; k < 45; k++) {
    cue.x = k === 0 ? -24 : -24 + 20 * k;
    cue.y = k === 0 ? 0 : 12 * k;
    fourteen.x = -(2 * R + 24) - Math.max(0, 40 * k - 0.4 * k * k);
    push(k >= 7, k < 7 ? [arm] : []);
  }
  for (let k = 0; k < 90; k++) push(true);
  recs.push(...a.finish());
  const shots = recs.filter((r): r is ShotRecord => r.type === 'shot');
  assert.equal(recs.length, 1, JSON.stringify(recs));
  assert.equal(shots[0]!.struck, 'cue');
  assert.equal(shots[0]!.whileMoving, false);
  assert.equal(shots[0]!.firstContact, 14);
  assert.ok((shots[0]!.t1 ?? 0) > 4, 'the stroke holds the cue ball\'s run');
});
