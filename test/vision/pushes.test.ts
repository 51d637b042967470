// Which way a resting ball may go when a neighbour moves: along the line from a neighbour coming at it,
// anywhere when the only neighbour moving is leaving it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pushedAlongLine } from '../../src/vision/tracking/pushes.js';
import { R } from './observations.js';

const rest = { x_mm: 0, y_mm: 0, vx_mm_s: 0, vy_mm_s: 0 };
// a detection 50 mm off, at 70° to the line from a neighbour on the +x side
const across = { x_mm: -0.34 * 50, y_mm: 0.94 * 50 };
const along = { x_mm: -50, y_mm: 0 };

test('a neighbour coming at a resting ball sends it along their line of centres, not across it', () => {
  const coming = { x_mm: 2 * R + 20, y_mm: 0, vx_mm_s: -1500, vy_mm_s: 0 };
  assert.equal(pushedAlongLine(rest, along, [coming], R), true);
  assert.equal(pushedAlongLine(rest, across, [coming], R), false);
  // nor by one gone off square after the collision (the 90° rule): it was still the pusher
  const square = { ...coming, vx_mm_s: 0, vy_mm_s: 1500 };
  assert.equal(pushedAlongLine(rest, across, [square], R), false);
});

test('a neighbour leaving a resting ball did not push it: the ball may go any way (pushed by others in a cluster)', () => {
  // ball 2 leaving ball 9 in the rack at a break, 116 mm off at 1.5 m/s
  const leaving = { x_mm: 109, y_mm: 40, vx_mm_s: 1260, vy_mm_s: 825 };
  assert.equal(pushedAlongLine(rest, across, [leaving], R), true);
  const coming = { x_mm: -2 * R - 20, y_mm: 0, vx_mm_s: 1500, vy_mm_s: 0 };
  assert.equal(pushedAlongLine(rest, across, [leaving, coming], R), false, 'one coming at it still decides');
});

test('a ball left behind does not go the way the one leaving it goes (its track would be dragged along by the blur)', () => {
  const leaving = { x_mm: 63, y_mm: -35, vx_mm_s: 2835, vy_mm_s: -1687 };
  assert.equal(pushedAlongLine(rest, { x_mm: 99, y_mm: -57 }, [leaving], R), false);
  assert.equal(pushedAlongLine(rest, { x_mm: -50, y_mm: 0 }, [leaving], R), true, 'the other way it may (pushed from behind)');
});

test('a ball already rolling, or one barely moved, is not held to a line', () => {
  const coming = { x_mm: 2 * R + 20, y_mm: 0, vx_mm_s: -1500, vy_mm_s: 0 };
  assert.equal(pushedAlongLine({ ...rest, vy_mm_s: 400 }, across, [coming], R), true);
  assert.equal(pushedAlongLine(rest, { x_mm: 5, y_mm: 20 }, [coming], R), true);
});
