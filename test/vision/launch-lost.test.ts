// launchRest(): the place a track rested at before its last one or two samples moved off it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launchRest } from '../../src/vision/tracking/launch-lost.js';
import type { TrackSample } from '../../src/vision/tracking/tracker.js';

const path = (steps: [number, number][]): TrackSample[] => steps.map(([x, y], i) => ({ t_s: i / 30, x_mm: x, y_mm: y }));
const resting = (n: number): [number, number][] => Array.from({ length: n }, (_, i) => [i % 2, 0]);

test('one or two samples off a place held 0.3 s: the place held is where it was struck', () => {
  assert.equal(launchRest(path([...resting(10), [230, 0]]))?.x_mm, 1);
  assert.equal(launchRest(path([...resting(10), [40, 0], [230, 0]]))?.x_mm, 1);
});

test('not launched: at rest, a jitter, three samples on the way, or no rest before the first step', () => {
  assert.equal(launchRest(path(resting(20))), undefined, 'at rest throughout');
  assert.equal(launchRest(path([...resting(10), [6, 0]])), undefined, 'a jitter within the settling');
  assert.equal(launchRest(path([...resting(10), [40, 0], [120, 0], [230, 0]])), undefined, 'rolling three samples');
  assert.equal(launchRest(path([...resting(4), [230, 0]])), undefined, 'held under 0.2 s');
  assert.equal(launchRest(path([[-300, 0], [-200, 0], [-100, 0], [0, 0], [100, 0]])), undefined, 'rolling throughout');
});
