// A first contact seen only after the balls the stroke set going first had started: the cue ball met them
// unseen. Development game 1355003's break, the cue ball's samples and the rack's places as the tracker had
// them (the apex, ball 4, at (887.5, 0)); the cue ball turned off the apex between its samples at 5.233 s
// and 5.267 s, and the first contact seen was ball 8, met 0.45 s later as both rolled.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { firstContactBeforeMovers } from '../../src/vision/strokes/first-contact-checks.js';
import { firstContactAmongFirstMovers } from '../../src/vision/strokes/first-movers.js';
import type { Stroke } from '../../src/vision/strokes/stroke-state.js';
import type { XY_mm } from '../../src/protocol/records.js';

const R = 34, CUE = 16, FOUR = 11, FIVE = 10, SIX = 13, EIGHT = 9, FIFTEEN = 14, SEVEN = 5;
const CUE_PATH: [number, number, number][] = [
  [5.0, -971, 499], [5.067, -691, 419], [5.1, -405, 336], [5.133, -121, 250], [5.167, 169, 166], [5.2, 436, 90], [5.233, 695, 16],
  [5.267, 837, -92], [5.3, 861, -226], [5.333, 883, -352], [5.367, 910, -495], [5.4, 932, -629], [5.433, 955, -743], [5.467, 981, -847],
  [5.5, 987, -742], [5.533, 995, -651], [5.567, 1002, -549], [5.6, 1007, -469], [5.633, 1016, -378], [5.667, 1024, -284],
];

function breakStroke(path = CUE_PATH): Stroke {
  const before = new Map<number, XY_mm>([[CUE, [-965, 500]], [FOUR, [887.5, 0]], [FIVE, [946.4, 34]], [SIX, [946.5, -34.1]],
    [SEVEN, [1005.4, 68.2]], [FIFTEEN, [1005.5, 0]], [EIGHT, [1005.5, -68.1]]]);
  const met_s = 5.68;
  return {
    cueTrack: CUE, struck: CUE, whileMoving: false, firstContactTrack: EIGHT, firstContactGuessed: false,
    cueSamples: path.map(([t_s, x_mm, y_mm]) => ({ t_s, x_mm, y_mm })), cueAfter: [], cueContact: [1024, -284],
    contacts: [{ cause: SIX, target: EIGHT, t_s: 5.233 }, { cause: CUE, target: EIGHT, t_s: met_s }],
    firstMovers: { t_s: 5.233, tracks: [FOUR, FIVE, SIX, SEVEN, FIFTEEN, EIGHT] },
    before, rollingAtStart: new Set<number>(), gone: [],
  } as unknown as Stroke;
}

test('a first contact seen after the rack had started is the ball the cue ball\'s path turned at, flagged as the path\'s correction', () => {
  const st = breakStroke();
  firstContactBeforeMovers(st, R);
  assert.equal(st.firstContactTrack, FOUR);
  assert.equal(st.firstContactBehind, EIGHT, 'the contact seen is kept for the review');
  const [x, y] = st.cueContact!;
  assert.ok(Math.hypot(x - 887.5, y) < 2 * R + 10, `touched at ${x},${y}`);
});

test('with no turn between samples to find, a contact with a ball already rolling becomes a guess among the first movers', () => {
  // the samples either side of the contact lost (the blurred cue ball unfound): no corner to read
  const st = breakStroke(CUE_PATH.filter(([t]) => t < 5.2 || t > 5.45));
  firstContactBeforeMovers(st, R);
  assert.equal(st.firstContactBehind, undefined);
  assert.equal(st.firstContactGuessed, true);
  firstContactAmongFirstMovers(st);
  assert.equal(st.firstContactTrack, FOUR, 'the first mover nearest where the cue ball was last seen');
  assert.equal(st.firstContactGuessed, true);
});

test('a first contact seen as the first balls start, or with a ball that started later, stands', () => {
  const soon = breakStroke();
  soon.contacts[1]!.t_s = 5.3;
  firstContactBeforeMovers(soon, R);
  assert.equal(soon.firstContactTrack, EIGHT);
  assert.equal(soon.firstContactGuessed, false);
  assert.equal(soon.firstContactBehind, undefined);
  // ball 8 not among the first movers and no turn found: the contact seen is kept, unflagged
  const later = breakStroke(CUE_PATH.filter(([t]) => t < 5.2 || t > 5.45));
  later.firstMovers = { t_s: 5.233, tracks: [FOUR, FIVE] };
  firstContactBeforeMovers(later, R);
  assert.equal(later.firstContactTrack, EIGHT);
  assert.equal(later.firstContactGuessed, false);
});
