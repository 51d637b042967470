// leapBackSamples(): a leap from rest and straight back was onto something else; and the tracker drops it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { leapBackSamples } from '../../src/vision/tracking/there-and-back.js';
import { Tracker, type TrackSample } from '../../src/vision/tracking/tracker.js';
import { RUSSIAN_12FT } from '../../src/table/geometry.js';
import { at, det, type Ball } from './observations.js';

const R = 34;
const path = (steps: [number, number][]): TrackSample[] => steps.map(([x, y], i) => ({ t_s: i / 30, x_mm: x, y_mm: y }));
const resting = (n: number): [number, number][] => Array.from({ length: n }, (_, i) => [i % 2, 0]);

test('a leap of 59 mm (or two samples away) from a place held, then back on it: the samples away', () => {
  assert.equal(leapBackSamples(path([...resting(10), [42, 42]]), 1, 1, R), 1);
  assert.equal(leapBackSamples(path([...resting(10), [60, 0], [65, 5]]), 2, 0, R), 2);
});

test('no leap back: a ball rolling on, back but a hop under 1.5 radii, back somewhere else, or no rest before', () => {
  assert.equal(leapBackSamples(path([...resting(10), [60, 0]]), 120, 0, R), 0, 'rolling on');
  assert.equal(leapBackSamples(path([...resting(10), [30, 0]]), 1, 0, R), 0, 'a hop of 30 mm');
  assert.equal(leapBackSamples(path([...resting(10), [60, 0]]), 20, 0, R), 0, '20 mm from the place');
  assert.equal(leapBackSamples(path([...resting(3), [60, 0]]), 1, 0, R), 0, 'held 0.07 s');
  assert.equal(leapBackSamples(path([...resting(10), [60, 0], [65, 0], [70, 0]]), 1, 0, R), 0, 'three samples away');
});

// 1205004 at 16.2 s: ball 8, under a hand, was missed for a frame while a fingertip 59 mm off was found as a ball;
// its track took the fingertip and came back, and the leap in its velocity window had it "rolling" at 190-370 mm/s
// for the next 0.1 s: the stroke played then was "while balls were still rolling".
test('a resting ball\'s track that takes a fingertip beside it for a frame and comes back is at rest again at once', () => {
  const tr = new Tracker(RUSSIAN_12FT);
  const ball: Ball = { id: 8, x: 220, y: -305 };
  const far: Ball[] = [{ id: 1, x: -1000, y: 500 }, { id: 2, x: -1000, y: -500 }];
  let i = 0;
  for (; i < 30; i++) tr.update(at(i, [det(ball), ...far.map((f) => det(f))]));
  const id = tr.live().find((t) => Math.hypot(t.x_mm - ball.x, t.y_mm - ball.y) < R)!.id;
  tr.update(at(i++, [det({ id: 8, x: 262, y: -262 }), ...far.map((f) => det(f))]));
  const t = tr.tracks.find((x) => x.id === id)!;
  assert.ok(Math.hypot(t.x_mm - 262, t.y_mm + 262) < 5, 'the track took the fingertip');
  tr.update(at(i++, [det(ball), ...far.map((f) => det(f))]));
  assert.ok(Math.hypot(t.x_mm - ball.x, t.y_mm - ball.y) < 2, 'and came back');
  assert.ok(Math.hypot(t.vx_mm_s, t.vy_mm_s) < 20, `at rest: ${Math.hypot(t.vx_mm_s, t.vy_mm_s).toFixed(0)} mm/s`);
  assert.ok(t.history.every((h) => Math.hypot(h.x_mm - ball.x, h.y_mm - ball.y) < 8), 'the leap is no part of its path');
});
