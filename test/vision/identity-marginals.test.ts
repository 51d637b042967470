// A name's confidence is its chance under the one-to-one constraint (identity-book.ts, oneToOneMarginals),
// summed exactly over assignments: a track sure of a ball keeps its certainty when a vaguer track that
// also half-wants the ball has another ball left to be, and loses it when the rival has nowhere else to go.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { IdentityBook, oneToOneMarginals } from '../../src/vision/identity/identity-book.js';

/** The same chances by listing every assignment (each track a different ball; none left over when tracks ≤ balls). */
function byListing(post: number[][]): number[][] {
  const n = post.length, m = post[0]!.length;
  const out = post.map(() => new Array<number>(m).fill(0));
  let z = 0;
  const walk = (i: number, used: number, w: number, pick: number[]) => {
    if (i === n) { z += w; pick.forEach((j, k) => { out[k]![j]! += w; }); return; }
    for (let j = 0; j < m; j++) if (!(used & (1 << j))) walk(i + 1, used | (1 << j), w * post[i]![j]!, [...pick, j]);
  };
  walk(0, 0, 1, []);
  return out.map((r) => r.map((x) => x / z));
}

test('one-to-one marginals equal the sum over every assignment (small cases)', () => {
  for (const post of [
    [[0.98, 0.01, 0.01], [0.5, 0.45, 0.05], [0.02, 0.03, 0.95]],
    [[0.6, 0.3, 0.1], [0.6, 0.3, 0.1], [0.1, 0.1, 0.8]],
    [[0.97, 0.01, 0.01, 0.01], [0.01, 0.97, 0.01, 0.01]],
    [[0.4, 0.3, 0.2, 0.1], [0.1, 0.2, 0.3, 0.4], [0.25, 0.25, 0.25, 0.25]],
  ]) {
    const got = oneToOneMarginals(post)!, want = byListing(post);
    got.forEach((r, i) => r.forEach((x, j) => assert.ok(Math.abs(x - want[i]![j]!) < 1e-9, `${JSON.stringify(post)} [${i}][${j}]: ${x} against ${want[i]![j]}`)));
  }
});

test('one-to-one marginals: a sure track keeps its ball against a rival with another ball left; not against one with none', () => {
  const free = oneToOneMarginals([[0.98, 0.01, 0.01], [0.5, 0.45, 0.05], [0.02, 0.03, 0.95]])!;
  assert.ok(free[0]![0]! > 0.98, `the rival fell back on ball 1: ${free[0]![0]}`);
  // the rival's other ball is surely the third track's: it must be ball 0 or nothing fits
  const cornered = oneToOneMarginals([[0.9, 0.05, 0.05], [0.5, 0.5, 0], [0.01, 0.98, 0.01]])!;
  assert.ok(cornered[0]![0]! < 0.2, `cornered rival: ${cornered[0]![0]}`);
});

test('one-to-one marginals: more tracks than balls leaves the undecided one over; too many undecided tracks is no answer', () => {
  const more = oneToOneMarginals([[0.95, 0.05], [0.05, 0.95], [0.5, 0.5]])!;
  assert.ok(more[0]![0]! > 0.6 && more[1]![1]! > 0.6 && more[2]![0]! < 0.4, JSON.stringify(more));
  // sixteen tracks that could each be any ball: the sum is not worth its time (the caller falls back)
  assert.equal(oneToOneMarginals(Array.from({ length: 16 }, () => new Array<number>(16).fill(1 / 16))), null);
});

test('a name\'s confidence is its one-to-one marginal: a clearly read ball is not marked down for a rival that is another ball', () => {
  const book = new IdentityBook();
  const probs = (hot: Record<number, number>) => { const p = new Array<number>(17).fill(0.001); for (const [k, v] of Object.entries(hot)) p[Number(k)] = v; return p; };
  book.observeReading(1, probs({ 12: 0.95 }), true);
  book.observeReading(2, probs({ 12: 0.5, 7: 0.45 }), true);
  book.observeReading(3, probs({ 0: 0.95 }), true);
  const names = book.resolve([1, 2, 3], ['cue', 7, 12]);
  assert.equal(names.get(1)!.id, 12);
  assert.equal(names.get(2)!.id, 7);
  // (the rival formula used before gave 0.95 × (1 − 0.25) ≈ 0.71)
  assert.ok(names.get(1)!.confidence > 0.9, `ball 12: ${names.get(1)!.confidence}`);
});

test('two tracks each sure of one ball leave no one-to-one assignment: the rest keep their names\' confidence', () => {
  // (1355009 at 14 s: after a break's exchange two tracks were both sure of ball 5, and every name on the table
  // had 0% confidence for the rest of the game)
  const sure = (j: number) => Array.from({ length: 4 }, (_, k) => (k === j ? 1 - 3e-5 : 1e-5));
  assert.equal(oneToOneMarginals([sure(0), sure(1), sure(1), sure(3)]), null, 'no marginals to give');
  const book = new IdentityBook();
  for (const [track, id] of [[1, 1], [2, 2], [3, 2], [4, 4]] as const) book.seed(track, id, 30);
  const names = book.resolve([1, 2, 3, 4], [1, 2, 3, 4]);
  assert.ok(names.get(1)!.confidence > 0.99 && names.get(4)!.confidence > 0.99, JSON.stringify([...names]));
  // the two that want ball 2: one named it, the other given ball 3, neither sure
  assert.deepEqual([names.get(2)!.id, names.get(3)!.id].sort(), [2, 3]);
  assert.ok(names.get(2)!.confidence <= 0.5 && names.get(3)!.confidence <= 0.5, JSON.stringify([...names]));
});
