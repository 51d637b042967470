// The identity book's fusion of number readings (issue 5): readings of a ball resting at one spot are
// near copies and count once; a reading from a new spot (another face of the ball) counts anew.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { IdentityBook } from '../../src/vision/identity/identity-book.js';
import { ID_CLASSES } from '../../src/vision/observation.js';

/** A reading: `p` on ball `ball`, the rest spread evenly (nothing on "not visible"). */
function reading(ball: number, p: number): Float32Array {
  const r = new Float32Array(ID_CLASSES).fill((1 - p) / 15);
  r[ball] = p;
  r[16] = 0;
  return r;
}
const confidenceOf = (b: IdentityBook, track: number, others: number[]) =>
  b.resolve([track, ...others], ['cue', 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]).get(track)!;

test('readings at one resting spot count once: four copies are no surer than one', () => {
  const once = new IdentityBook();
  once.observeReading(1, reading(7, 0.6), true, 1, 1);
  const four = new IdentityBook();
  for (let k = 0; k < 4; k++) four.observeReading(1, reading(7, 0.6), true, 1, 1);
  const a = confidenceOf(once, 1, []), b = confidenceOf(four, 1, []);
  assert.equal(a.id, 7);
  assert.equal(b.id, 7);
  assert.ok(Math.abs(a.confidence - b.confidence) < 1e-9, `${a.confidence} vs ${b.confidence}`);
});

test('a reading from a new spot adds to the belief', () => {
  const one = new IdentityBook();
  one.observeReading(1, reading(7, 0.6), true, 1, 1);
  const two = new IdentityBook();
  two.observeReading(1, reading(7, 0.6), true, 1, 1);
  two.observeReading(1, reading(7, 0.6), true, 1, 2);
  assert.ok(confidenceOf(two, 1, []).confidence > confidenceOf(one, 1, []).confidence + 0.1);
});

test('at one spot a later, different reading is averaged with the first, not outvoted by repeats', () => {
  // three readings say 7, one says 9 at the same spot: the mean favours 7 but is less sure than 7 alone
  const b = new IdentityBook();
  for (let k = 0; k < 3; k++) b.observeReading(1, reading(7, 0.8), true, 1, 1);
  b.observeReading(1, reading(9, 0.8), true, 1, 1);
  const only7 = new IdentityBook();
  only7.observeReading(1, reading(7, 0.8), true, 1, 1);
  const n = confidenceOf(b, 1, []);
  assert.equal(n.id, 7);
  assert.ok(n.confidence < confidenceOf(only7, 1, []).confidence);
});

test('readings without a spot (a moving ball) still add up one by one', () => {
  const one = new IdentityBook();
  one.observeReading(1, reading(7, 0.6), true);
  const two = new IdentityBook();
  two.observeReading(1, reading(7, 0.6), true);
  two.observeReading(1, reading(7, 0.6), true);
  assert.ok(confidenceOf(two, 1, []).confidence > confidenceOf(one, 1, []).confidence);
});
