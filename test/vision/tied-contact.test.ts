// Which of two balls reached within a frame the cue ball touched first: the one the line of its straight
// run in meets (development game 1185000 at 70.6 s: the cue ball's samples as the camera had them, the
// frame of the contact lost, ball 15 79 mm off the line and ball 8 39 mm off it).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { firstOnRunIn } from '../../src/vision/strokes/tied-contact.js';

const S = (t_s: number, x_mm: number, y_mm: number) => ({ t_s, x_mm, y_mm });
const RUN = [S(70.367, 605, -25), S(70.4, 669, -38), S(70.433, 717, -51), S(70.467, 773, -56), S(70.5, 815, -67), S(70.533, 867, -77), S(70.6, 967, -85)];
const FIFTEEN = { id: 15, x_mm: 993, y_mm: -21 }, EIGHT = { id: 8, x_mm: 1007, y_mm: -144 };

test('the ball on the line of the run in is met first, not the one its last blurred sample came as near', () => {
  assert.equal(firstOnRunIn(RUN, [FIFTEEN, EIGHT], 68, 78)?.id, 8);
  assert.equal(firstOnRunIn(RUN, [EIGHT, FIFTEEN], 68, 78)?.id, 8);
  // where the cue ball touched it: on the run in's line, two radii from ball 8
  const at = firstOnRunIn(RUN, [FIFTEEN, EIGHT], 68, 78)!.at;
  assert.ok(Math.abs(Math.hypot(at[0] - 1007, at[1] + 144) - 68) < 0.5, `touched at ${at}`);
});

test('of two balls on the line, the nearer along it; none on it, no answer', () => {
  const near = { id: 1, x_mm: 950, y_mm: -60 };
  assert.equal(firstOnRunIn(RUN, [EIGHT, near], 68, 78)?.id, 1);
  assert.equal(firstOnRunIn(RUN, [FIFTEEN, { id: 2, x_mm: 1000, y_mm: -200 }], 68, 78), null);
});

test('only the straight run before the contact counts: a bounce before it ends the run, too short a run gives no answer', () => {
  // the same run, but coming off a cushion before it: the line is the five samples' after the bounce
  const bounced = [S(70.3, 700, 100), S(70.333, 650, 30), ...RUN.slice(1)];
  assert.equal(firstOnRunIn(bounced, [FIFTEEN, EIGHT], 68, 78)?.id, 8);
  assert.equal(firstOnRunIn(RUN.slice(4), [FIFTEEN, EIGHT], 68, 78), null);
});
