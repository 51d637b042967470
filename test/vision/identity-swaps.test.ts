// Two balls crossing or colliding where the tracker's matching is close to a coin flip: the tracker keeps
// its choice and the identity book weighs both (issue 5: a track that swapped balls in a break kept the
// first ball's readings for the whole game and named it wrong with confidence 70 s later).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { possibleSwaps, type Track } from '../../src/vision/tracking/tracker.js';
import { IdentityBook } from '../../src/vision/identity/identity-book.js';
import { ID_CLASSES } from '../../src/vision/observation.js';

const ALL = ['cue', 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15] as const;
const track = (id: number, confirmed = true) => ({ id, confirmed }) as Track;

function reading(ball: number, p: number): Float32Array {
  const r = new Float32Array(ID_CLASSES).fill((1 - p) / 15);
  r[ball] = p;
  r[16] = 0;
  return r;
}

/** possibleSwaps over a cost matrix whose exchange is priced by the same matrix (no vetoes in it). */
const swaps = (cost: number[][], match: number[], tracks = [track(1), track(2)]) =>
  possibleSwaps(tracks, cost, match, R, (i, j) => cost[i]![j]!);
const R = 34;

test('two tracks that leapt to detections they could as well have exchanged are a possible swap; a clear matching is not', () => {
  // two balls set going at once, each found 120 mm on, each 126 mm from the other's find: nearly a coin flip
  const close = swaps([[120, 126], [126, 120]], [0, 1]);
  assert.equal(close.length, 1);
  assert.deepEqual([close[0]!.a, close[0]!.b], [1, 2]);
  assert.ok(close[0]!.p > 0.1 && close[0]!.p <= 0.5, `p ${close[0]!.p}`);
  // the exchange would cost 100 mm more: no doubt
  assert.deepEqual(swaps([[120, 220], [220, 120]], [0, 1]), []);
  // a track found within a ball's radius of where it was expected is sure of its ball, however far
  // the other leapt (a resting ball beside one struck hard: the struck one's leap made a cheaper
  // exchange look possible by distance alone)
  assert.deepEqual(swaps([[4, 141], [116, 261]], [0, 1]), []);
  // an exchange nothing could make, an unmatched track and an unconfirmed candidate are not swaps
  assert.deepEqual(swaps([[120, Infinity], [126, 120]], [0, 1]), []);
  assert.deepEqual(swaps([[120, 126], [126, 120]], [0, -1]), []);
  assert.deepEqual(swaps([[120, 126], [126, 120]], [0, 1], [track(1), track(2, false)]), []);
});

test('after a likely swap, what was read before it counts for little and a new reading decides both names', () => {
  const run = (swap: boolean) => {
    const b = new IdentityBook();
    // before: track 1 read as 7 and track 2 as 9, each clearly, from three places
    for (let spot = 1; spot <= 3; spot++) {
      b.observeReading(1, reading(7, 0.9), true, 1, spot);
      b.observeReading(2, reading(9, 0.9), true, 1, spot + 10);
    }
    if (swap) b.mix(1, 2, 0.45);
    // after: one clear reading says track 1 is 9
    b.observeReading(1, reading(9, 0.9), true, 1, 4);
    return b.resolve([1, 2], [...ALL]);
  };
  const kept = run(false);
  assert.equal(kept.get(1)!.id, 7, 'without the swap the earlier readings outweigh one reading');
  const mixed = run(true);
  assert.equal(mixed.get(1)!.id, 9);
  assert.equal(mixed.get(2)!.id, 7);
});

test('a swap as likely as not leaves neither name sure', () => {
  const b = new IdentityBook();
  b.observeReading(1, reading(7, 0.95), true, 1, 1);
  b.observeReading(2, reading(9, 0.95), true, 1, 2);
  b.mix(1, 2, 0.5);
  const n = b.resolve([1, 2], [...ALL]);
  assert.ok(n.get(1)!.confidence < 0.6, `confidence ${n.get(1)!.confidence}`);
  assert.ok(n.get(2)!.confidence < 0.6, `confidence ${n.get(2)!.confidence}`);
});

test('after a coin-flip swap the cue ball\'s look is decided by the frames after it, not averaged with the frames before', () => {
  const b = new IdentityBook();
  const frame = (cueLike: number) => ({ x_mm: 0, y_mm: 0, conf: 0.9, cueLike });
  // a minute of frames: track 1 the cue ball, track 2 an object ball
  for (let k = 0; k < 1800; k++) { b.observe(1, frame(0.95)); b.observe(2, frame(0.03)); }
  b.mix(1, 2, 0.5);
  // a few frames after the crossing: track 2 now shows the cue ball's look
  for (let k = 0; k < 10; k++) { b.observe(1, frame(0.03)); b.observe(2, frame(0.95)); }
  const n = b.resolve([1, 2], [...ALL]);
  assert.equal(n.get(2)!.id, 'cue');
  assert.ok(n.get(2)!.confidence > 0.9, `confidence ${n.get(2)!.confidence}`);
});

test('the book tells how much of other tracks\' beliefs each track holds: exchanges add up, a track forgotten starts afresh', () => {
  const book = new IdentityBook();
  assert.equal(book.mixedSoFar(1), 0);
  book.mix(1, 2, 0.3);
  book.mix(1, 3, 0.9); // an exchange weighs at most a coin flip
  assert.ok(Math.abs(book.mixedSoFar(1) - 0.8) < 1e-9, String(book.mixedSoFar(1)));
  assert.ok(Math.abs(book.mixedSoFar(2) - 0.3) < 1e-9);
  assert.equal(book.mixedSoFar(4), 0);
  book.forget(1);
  assert.equal(book.mixedSoFar(1), 0);
});
