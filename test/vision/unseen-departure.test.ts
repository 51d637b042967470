// A struck ball found far from where it rested, rolling on slowly, left before its track moved.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { unseenDeparture } from '../../src/vision/strokes/unseen-departure.js';

const at = (t_s: number, x_mm: number, y_mm = 0) => ({ t_s, x_mm, y_mm });

test('a ball first found 880 mm off, one frame after its track moved, rolling at 0.6 m/s, left about a second before', () => {
  // (1095002's red cue ball on burgundy: its track held the cue's tip at its place for 0.7 s)
  const d = unseenDeparture([0, 0], 71.5, [at(71.5, 0), at(71.6, 880), at(71.667, 920)], 136);
  assert.ok(d, 'a leap');
  assert.ok(Math.abs(d.speed_mm_s - 600) < 10, String(d.speed_mm_s));
  assert.ok(d.t0_s > 70.3 && d.t0_s < 70.8, String(d.t0_s));
});

test('a first step a strike can make is no leap: short, or as fast as the ball then rolls', () => {
  // a hard strike: 100 mm in the first frame, then on at 3 m/s
  assert.equal(unseenDeparture([0, 0], 1, [at(1.033, 100), at(1.067, 200)], 136), null);
  // 200 mm in a frame and on at 5.8 m/s
  assert.equal(unseenDeparture([0, 0], 1, [at(1.033, 200), at(1.067, 393)], 136), null);
  // nothing after the first sample to measure the speed by
  assert.equal(unseenDeparture([0, 0], 1, [at(1.033, 900)], 136), null);
});
