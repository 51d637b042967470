// Measurements on a track's samples: a path that keeps away from a place, and a track that left its place and came back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { keptAway, leftAndCameBack, reachSpan_s } from '../../src/vision/strokes/track-steps.js';
import type { Track } from '../../src/vision/tracking/tracker.js';

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

test('a ball reached at about a touch was met somewhere from when the path came within reach to its closest approach; one run into, early', () => {
  const track = (history: ReturnType<typeof S>[]) => ({ history }) as unknown as Track;
  // a slow path along y = 0 past a ball 69 mm off it: within 78 mm from x = -36, closest at x = 0
  const slow = track(Array.from({ length: 21 }, (_, k) => S(k * F, -80 + 8 * k, 0)));
  const [from, until] = reachSpan_s(slow, { x: 0, y: 69 }, 78, 58, 0);
  assert.ok(Math.abs(from - ((80 - Math.sqrt(78 ** 2 - 69 ** 2)) / 8) * F) < 0.002, `from ${from}`);
  assert.ok(Math.abs(until - 10 * F) < 0.002, `until ${until}`);
  // a fast ball whose graze begins and ends inside one step: the span still reaches its closest approach
  const fast = track([S(0, -200, 0), S(F, 200, 0), S(2 * F, 600, 0)]);
  const [f0, f1] = reachSpan_s(fast, { x: 0, y: 70 }, 78, 58, 0);
  assert.ok(f0 < 0.5 * F && Math.abs(f1 - 0.5 * F) < 0.001, `${f0} to ${f1}`);
  // run into full: the span ends where the path came within 58 mm
  const full = track(Array.from({ length: 21 }, (_, k) => S(k * F, -80 + 8 * k, 0)));
  const [g0, g1] = reachSpan_s(full, { x: 0, y: 10 }, 78, 58, 0);
  assert.ok(g1 - g0 < 3 * F && g1 < 4 * F, `${g0} to ${g1}`);
  assert.deepEqual(reachSpan_s(slow, { x: 0, y: 200 }, 78, 58, 0), [Infinity, Infinity]);
});
