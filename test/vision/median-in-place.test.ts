// The edge threshold's median is found by selection, not by sorting: it must be the very element sorting
// would give (the detector's output may not change with it), on ties and odd and even lengths alike.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { medianInPlace } from '../../src/vision/detection/votes.js';

test('selection gives the element at n/2 of the sorted order, ties and all', () => {
  let seed = 12345;
  const rand = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
  for (let t = 0; t < 3000; t++) {
    const n = 1 + Math.floor(rand() * (t % 10 === 0 ? 3000 : 30));
    const xs = new Float32Array(n);
    const ties = t % 2 === 0;
    for (let i = 0; i < n; i++) xs[i] = ties ? Math.floor(rand() * 4) : rand() * 100;
    if (t % 7 === 0) xs.sort(); // already sorted input, the worst case for a naive pivot
    const want = Float32Array.from(xs).sort()[n >> 1];
    assert.equal(medianInPlace(xs), want, `length ${n}`);
  }
  assert.equal(medianInPlace(new Float32Array(0)), 1, 'no edges: the neutral threshold unit');
});
