// The first ball in the cue ball's way (path-blocker.ts): what a break's first contact is checked against.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { firstBallOnPath } from '../../src/vision/strokes/path-blocker.js';

const R = 34;
const reach = 2 * R - 10;

test('the cue ball\'s path through the apex to a ball behind it: the apex is the first in its way', () => {
  // the cue ball from the head, along the long axis, sampled every 250 mm (a break's frames)
  const path: [number, number][] = [[-1400, 0], [-1150, 0], [-900, 0], [-650, 0], [-400, 0], [-150, 0], [100, 0], [350, 0], [600, 0], [850, 0], [940, 0]];
  const apex = { id: 7, x_mm: 888, y_mm: 0 };
  const behind = { id: 3, x_mm: 1007, y_mm: -1 };
  const off = { id: 5, x_mm: 948, y_mm: 150 };
  const first = firstBallOnPath(path, [behind, off, apex], reach);
  assert.equal(first?.id, 7);
  assert.ok(Math.abs(first!.along_mm - (888 - reach + 1400)) < 1, `along ${first!.along_mm}`);
});

test('a ball the path only grazes within the measurement slack, or one frozen against the cue ball at its start, is not in its way', () => {
  const path: [number, number][] = [[0, 0], [500, 0]];
  assert.equal(firstBallOnPath(path, [{ id: 2, x_mm: 250, y_mm: 2 * R - 5 }], reach), null, 'passed 5 mm inside touching: noise');
  assert.equal(firstBallOnPath(path, [{ id: 2, x_mm: 250, y_mm: 2 * R - 20 }], reach)?.id, 2, '20 mm inside touching: it was hit');
  assert.equal(firstBallOnPath(path, [{ id: 4, x_mm: 2 * R - 15, y_mm: 0 }], reach), null, 'frozen against the cue ball, in front of it');
});
