// Measurements on a track's samples: a path that keeps away from a place, and a track that left its place and came back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { keptAway, leftAndCameBack } from '../../src/vision/strokes/track-steps.js';

const S = (t_s: number, x_mm: number, y_mm: number) => ({ t_s, x_mm, y_mm });
const F = 1 / 30;

test('a path kept away from a place only if no step passes within reach of it and no gap is too long', () => {
  const run = [0, 1, 2, 3, 4].map((k) => S(k * F, -400 + 200 * k, 0));
  assert.equal(keptAway(run, { x: 0, y: 300 }, 168, 2.5 * F), true);
  // (a step between two samples passes 100 mm from it, though neither sample is that near)
  assert.equal(keptAway(run, { x: 100, y: 100 }, 168, 2.5 * F), false);
  // (three frames unseen: where it went then is not known)
  assert.equal(keptAway([run[0]!, run[1]!, run[4]!], { x: 0, y: 300 }, 168, 2.5 * F), false);
  assert.equal(keptAway(run.slice(0, 1), { x: 0, y: 300 }, 168, 2.5 * F), false);
});

test('a track that left its place and came back, since a time; one that left and stayed away did not', () => {
  const place = { x: 0, y: 0 };
  const flit = [S(0, 0, 0), S(F, 62, 0), S(2 * F, 1, 1), S(3 * F, 62, 0)];
  assert.equal(leftAndCameBack(flit, place, 0, 25, 6), true);
  assert.equal(leftAndCameBack(flit, place, 2 * F, 25, 6), false, 'not since it came back');
  assert.equal(leftAndCameBack([S(0, 0, 0), S(F, 62, 0), S(2 * F, 20, 0)], place, 0, 25, 6), false, 'near, not back');
});
