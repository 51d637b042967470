// A collision of two rolling balls that falls between frames: found from where they were heading and
// the equal and opposite kicks it leaves, not from centres that never came within two radii.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { collidedBetweenFrames } from '../../src/vision/strokes/collision-between-frames.js';
import { R } from './observations.js';

const s = (t_s: number, x_mm: number, y_mm: number) => ({ t_s, x_mm, y_mm });
const reach = 2 * R + 10;
// the cue ball at 2.8 m/s hitting a rolling 14 in 1020901, as tracked (centres 122 and 110 mm apart)
const cue = [s(8.867, 1264, 816), s(8.9, 1352, 819), s(8.933, 1408, 810)] as const;
const ball14 = [s(8.867, 1479, 840), s(8.9, 1472, 839), s(8.933, 1511, 849)] as const;

test('a collision between two frames is found, at a time within the step', () => {
  const at = collidedBetweenFrames(cue, ball14, reach);
  assert.ok(at !== null && at > 8.9 && at < 8.933, `time ${at}`);
  assert.equal(collidedBetweenFrames(ball14, cue, reach) !== null, true, 'either way round');
});

test('heading for each other is not enough: both must be kicked, equally and oppositely', () => {
  // the 14 carries on as it was (the cue ball turned by something else)
  const on = [ball14[0], ball14[1], s(8.933, 1465, 839)] as const;
  assert.equal(collidedBetweenFrames(cue, on, reach), null);
  // both turned the same way (a cushion for both, or a wobble of the camera): not each other's doing
  const cueSame = [cue[0], cue[1], s(8.933, 1440, 860)] as const;
  const ballSame = [ball14[0], ball14[1], s(8.933, 1465, 870)] as const;
  assert.equal(collidedBetweenFrames(cueSame, ballSame, reach), null);
});

test('balls that kick apart without having been heading within reach did not touch', () => {
  // the 14 a ball's width further off the cue ball's line, the same kicks
  const off = ball14.map((q) => ({ ...q, y_mm: q.y_mm + 90 })) as unknown as typeof ball14;
  assert.equal(collidedBetweenFrames(cue, off, reach), null);
});

test('samples from different frames are not compared', () => {
  const late = ball14.map((q) => ({ ...q, t_s: q.t_s + 0.016 })) as unknown as typeof ball14;
  assert.equal(collidedBetweenFrames(cue, late, reach), null);
});
