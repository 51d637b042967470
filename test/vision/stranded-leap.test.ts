// strandedRest(): a track's path that leapt from rest at a stroke's pace and then stood still.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { strandedRest } from '../../src/vision/tracking/stranded-leap.js';
import type { TrackSample } from '../../src/vision/tracking/tracker.js';

const R = 34;
const path = (steps: [number, number][]): TrackSample[] => steps.map(([x, y], i) => ({ t_s: i / 30, x_mm: x, y_mm: y }));
const resting = (n: number): [number, number][] => Array.from({ length: n }, (_, i) => [i % 2, 0]);

test('a leap of 80 mm in a frame from rest, then three samples standing still, leaves from the resting place', () => {
  const s = strandedRest(path([...resting(10), [-80, 0], [-82, 1], [-81, 0], [-82, 0]]), R);
  assert.ok(s, 'stranded');
  assert.deepEqual([s.rest.x_mm, s.landing.x_mm], [1, -80]);
});

test('not stranded: a ball rolling on after its first step, a short hop, a leap just made, or no rest before it', () => {
  assert.equal(strandedRest(path([...resting(10), [-80, 0], [-160, 0], [-240, 0]]), R), undefined, 'rolling on');
  assert.equal(strandedRest(path([...resting(10), [-40, 0], [-41, 0], [-40, 0]]), R), undefined, 'a hop under 1.5 radii');
  assert.equal(strandedRest(path([...resting(10), [-80, 0], [-81, 0]]), R), undefined, 'one sample after it');
  assert.equal(strandedRest(path([[300, 0], [200, 0], [100, 0], [0, 0], [-80, 0], [-81, 0], [-80, 0]]), R), undefined, 'rolling before');
  assert.equal(strandedRest(path(resting(20)), R), undefined, 'at rest throughout');
});
