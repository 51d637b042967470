// The balls a stroke set moving first (first-movers.ts): who joins them, and which stood nearest the cue ball.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { nearestMover, withMover } from '../../src/vision/strokes/first-movers.js';
import type { XY_mm } from '../../src/protocol/records.js';

test('balls starting within the moment join the first movers; a clearly earlier one replaces them; later ones are left out', () => {
  let m = withMover(undefined, 3, 5.0, 0.07);
  m = withMover(m, 7, 5.05, 0.07);
  m = withMover(m, 7, 5.05, 0.07);
  assert.deepEqual(m, { t_s: 5.0, tracks: [3, 7] });
  assert.deepEqual(withMover(m, 9, 5.2, 0.07), m, 'a later start is not among the first');
  assert.deepEqual(withMover(m, 9, 4.8, 0.07), { t_s: 4.8, tracks: [9] }, 'an earlier start replaces them');
});

test('of the first movers, the one that stood nearest where the cue ball was last seen; none without a known place', () => {
  const before = new Map<number, XY_mm>([[3, [1124, -135]], [15, [888, 0]], [6, [1123, -68]]]);
  assert.equal(nearestMover({ t_s: 5.6, tracks: [3, 6, 15] }, before, { x: -1555, y: 160 }), 15);
  assert.equal(nearestMover({ t_s: 5.6, tracks: [4] }, before, { x: 0, y: 0 }), null);
});
