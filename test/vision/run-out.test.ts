// A first contact from the cue ball's run out when its run in was not seen (development game 1365007's break, the
// places as the tracker had them: the cue ball resting at (-1044, -636) and unseen from the strike until just past
// the apex, ball 4 at (896, 1); its first three samples after the contact; the rack's back corner 1 taken first).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { metByRunOut } from '../../src/vision/strokes/run-out.js';
import { cueSamplesToContact, firstGuessByRunIn } from '../../src/vision/strokes/first-contact-checks.js';
import type { RestingBall } from '../../src/vision/strokes/path-blocker.js';
import type { Stroke } from '../../src/vision/strokes/stroke-state.js';
import type { XY_mm } from '../../src/protocol/records.js';

const R = 34, CUE = 17, APEX = 3, BACK = 1;
const REACH = 2 * R + 10, CLEAR = 2 * R - 10;
const from: XY_mm = [-1044, -636];
const rack = new Map<number, XY_mm>([[1, [1129, 136]], [2, [1178, -164]], [3, [896, 1]], [4, [1013, 64]], [5, [1130, 77]], [6, [1129, 2]], [7, [954, 32]],
  [8, [1070, -34]], [9, [1070, 100]], [10, [947, -24]], [11, [1007, 2]], [12, [1067, -102]], [13, [1006, -60]]]);
const balls: RestingBall[] = [...rack].map(([id, [x, y]]) => ({ id, x_mm: x, y_mm: y }));
const runOut = [{ t_s: 4.433, x_mm: 802.5, y_mm: 97.7 }, { t_s: 4.467, x_mm: 787.8, y_mm: 162.5 }, { t_s: 4.5, x_mm: 775.7, y_mm: 228.9 }];
const allMoved = new Set(rack.keys());

test('the cue ball\'s run out, carried back, names the ball it left: the first whose touching circle it meets', () => {
  const met = metByRunOut(from, runOut, balls, allMoved, REACH, CLEAR);
  assert.equal(met?.id, APEX);
  // the contact: a cue ball's centre touching the apex, on the line carried back, short of the first sample
  const [x, y] = met!.at;
  assert.ok(Math.abs(Math.hypot(x - 896, y - 1) - REACH) < 1, `at ${x},${y}`);
  assert.ok(y < runOut[0]!.y_mm);
});

test('no ball is named from a run out that is bent or short, or when the ball its line meets never moved', () => {
  const bent = runOut.map((s, i) => (i === 2 ? { ...s, x_mm: s.x_mm + 40 } : s));
  assert.equal(metByRunOut(from, bent, balls, allMoved, REACH, CLEAR), null);
  // three samples 15 mm apart: their direction is the centres' noise
  const short = runOut.map((s, i) => ({ ...s, x_mm: 802.5 - 2 * i, y_mm: 97.7 + 7.5 * i }));
  assert.equal(metByRunOut(from, short, balls, allMoved, REACH, CLEAR), null);
  // (a run out whose line meets a ball that stood still passed through it: no answer, rather than the next one)
  assert.equal(metByRunOut(from, runOut, balls, new Set([...allMoved].filter((id) => id !== APEX)), REACH, CLEAR), null);
  // only two samples: no line to trust
  assert.equal(metByRunOut(from, runOut.slice(0, 2), balls, allMoved, REACH, CLEAR), null);
});

test('no ball is named when the straight run in to the contact would have gone through another ball', () => {
  const inTheWay: RestingBall = { id: 14, x_mm: 0, y_mm: -300 };
  // (on the line from the cue ball's place to the contact by the apex)
  assert.equal(metByRunOut(from, runOut, [...balls, inTheWay], allMoved, REACH, CLEAR), null);
  assert.equal(metByRunOut(from, runOut, [...balls, { ...inTheWay, y_mm: 300 }], allMoved, REACH, CLEAR)?.id, APEX, 'one well off the line does not matter');
});

/** The break as the stroke builder had it: a back corner taken as struck, the cue ball seen leaving only after it (the contact assumed). */
function breakStroke(contact: Stroke['contacts'][number]): Stroke {
  return {
    cueTrack: CUE, struck: CUE, whileMoving: false, firstContactTrack: BACK, firstContactGuessed: true, firstContactUnseen: BACK,
    cueSamples: [{ t_s: 4.367, x_mm: from[0], y_mm: from[1] }], cueAfter: runOut, cueContact: null,
    contacts: [contact, { cause: 5, target: 9, t_s: 4.367 }, { cause: 4, target: 11, t_s: 4.367 }],
    firstMovers: { t_s: 4.367, tracks: [2, 8, 3, 5, 10, 12, 13, 4, 7, 11, 9] },
    before: new Map([[CUE, from], ...rack]), rollingAtStart: new Set<number>(), gone: [],
  } as unknown as Stroke;
}

test('a guessed first contact whose cue ball has no run in seen is the ball its run out left, said so', () => {
  const st = breakStroke({ cause: CUE, target: BACK, t_s: 4.1, assumed: true });
  firstGuessByRunIn(st, R);
  assert.equal(st.firstContactTrack, APEX);
  assert.equal(st.firstContactUnseen, APEX);
  assert.equal(st.firstContactOnRunOut, true);
  assert.equal(st.firstContactGuessed, true, 'still a guess, flagged');
  assert.deepEqual(cueSamplesToContact(st).map((q) => q.t_s), [4.367], 'the cue path: its place, then the contact');
});

test('a first contact seen is not replaced from the run out', () => {
  const st = breakStroke({ cause: CUE, target: BACK, t_s: 4.1 });
  firstGuessByRunIn(st, R);
  assert.equal(st.firstContactTrack, BACK);
  assert.equal(st.firstContactOnRunOut, undefined);
});
