// The corner of the cue ball's path in a frame it was not seen in (a break in development game 885002:
// the cue ball blurred into the apex at 5.30 s and went off at an angle; the straight step across the gap
// passed 122 mm from the apex and nearer a second-row ball, which was taken as hit).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cornerInGap } from '../../src/vision/strokes/path-corner.js';

const S = (t_s: number, x_mm: number, y_mm: number) => ({ t_s, x_mm, y_mm });
// the cue ball's samples as the camera had them: seen at 5.267 s, unseen at 5.300 s, seen again at 5.333 s
const BREAK = [S(5.2, 131, -9), S(5.233, 360, -22), S(5.267, 606, -37), S(5.267, 606, -37), S(5.333, 978, -156), S(5.367, 1123, -277)];

test('the corner of a run in and a run out across an unseen frame is where the cue ball met the apex', () => {
  const c = cornerInGap(BREAK, 5.3);
  assert.ok(c, 'a corner');
  // the apex stood at (888, 0): the corner is a ball's width from it (they touched), the cut step was not
  assert.ok(Math.abs(Math.hypot(c[0] - 888, c[1] - 0) - 68) < 10, `corner ${c}`);
});

test('no corner without a gap around the contact, on a straight run, or without two samples on each side', () => {
  assert.equal(cornerInGap(BREAK, 5.25), null, 'the contact is not in the gap');
  const straight = [S(0, 0, 0), S(0.033, 100, 0), S(0.1, 300, 2), S(0.133, 400, 1)];
  assert.equal(cornerInGap(straight, 0.066), null);
  assert.equal(cornerInGap(BREAK.slice(0, 5), 5.3), null, 'one sample after the gap gives no direction');
  const seenThrough = [S(0, 0, 0), S(0.033, 100, 0), S(0.067, 200, 0), S(0.1, 250, 80), S(0.133, 300, 160)];
  assert.equal(cornerInGap(seenThrough, 0.067), null, 'a turn in a frame that was seen needs no corner');
});

test('a step a ball\'s width long or more, between frames seen one after the other, is cut at the corner too', () => {
  // development game 925005's break: the cue ball at 5 m/s, seen 95 mm short of the apex (890, 1) and
  // next past its turn; the corner in the step after the contact's frame is a ball's width from the apex,
  // the lines' meeting at the sample before it is not taken
  const fast = [S(4.7, 460, 147), S(4.733, 632, 99), S(4.767, 811, 53), S(4.8, 879, 85), S(4.833, 928, 134)];
  assert.equal(cornerInGap(fast, 4.767), null, 'no frame unseen, and no step length given');
  const c = cornerInGap(fast, 4.767, 68);
  assert.ok(c, 'a corner');
  assert.ok(Math.abs(Math.hypot(c[0] - 890, c[1] - 1) - 68) < 10, `corner ${c}`);
});
