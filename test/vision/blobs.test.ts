// The run-based blob labelling must split a mask exactly as OpenCV's 8-connected labelling does (it
// replaced connectedComponentsWithStats in the detector for speed): same partition, same areas.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import cv from '../../src/vision/cv.js';
import { findBlobs } from '../../src/vision/detection/blobs.js';

function opencvLabels(mask: Uint8Array, within: Uint8Array, w: number, h: number): { lab: Int32Array; area: Int32Array } {
  const both = Buffer.alloc(w * h);
  for (let i = 0; i < w * h; i++) both[i] = mask[i]! & within[i]!;
  const { labels, stats } = new cv.Mat(both, h, w, cv.CV_8UC1).connectedComponentsWithStats(8, cv.CV_32S);
  const st = new Int32Array(stats.getData().buffer.slice(0));
  return { lab: new Int32Array(labels.getData().buffer.slice(0)), area: Int32Array.from({ length: stats.rows }, (_, l) => st[l * 5 + 4]!) };
}

const masks = fc.record({ w: fc.integer({ min: 1, max: 40 }), h: fc.integer({ min: 1, max: 30 }), seed: fc.integer(), density: fc.double({ min: 0.05, max: 0.7, noNaN: true }) })
  .map(({ w, h, seed, density }) => {
    let s = seed >>> 0;
    const rnd = () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
    const mask = Uint8Array.from({ length: w * h }, () => (rnd() < density ? 1 : 0));
    const within = Uint8Array.from({ length: w * h }, () => (rnd() < 0.9 ? 1 : 0));
    return { w, h, mask, within };
  });

test('blobs partition a mask as OpenCV does (8-connected), with the same areas', () => {
  fc.assert(fc.property(masks, ({ w, h, mask, within }) => {
    const b = findBlobs(mask, within, w, h);
    const ref = opencvLabels(mask, within, w, h);
    assert.equal(b.count, ref.area.length, 'number of labels');
    // a one-to-one map between the two labellings, pixel by pixel
    const mine = new Map<number, number>(), theirs = new Map<number, number>();
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
      const a = b.labelAt(x, y), r = ref.lab[y * w + x]!;
      assert.equal(a === 0, r === 0, `background at ${x},${y}`);
      if (!a) continue;
      if (mine.has(a)) assert.equal(mine.get(a), r); else mine.set(a, r);
      if (theirs.has(r)) assert.equal(theirs.get(r), a); else theirs.set(r, a);
    }
    for (const [a, r] of mine) assert.equal(b.area[a], ref.area[r], `area of blob ${a}`);
    let runPixels = 0;
    b.forEachRun((l, y, x0, x1) => { runPixels += x1 - x0; for (let x = x0; x < x1; x++) assert.equal(b.labelAt(x, y), l); });
    assert.equal(runPixels, [...mask].reduce((n, v, i) => n + (v & within[i]!), 0));
  }), { numRuns: 300 });
});

test('a diagonal touch joins two blobs; a one-pixel gap does not', () => {
  const w = 6, h = 3, all = new Uint8Array(w * h).fill(1);
  // x at (0,0) and (1,1) touch diagonally; (4,0) is apart
  const m = new Uint8Array(w * h);
  m[0] = 1; m[w + 1] = 1; m[4] = 1;
  const b = findBlobs(m, all, w, h);
  assert.equal(b.count, 3);
  assert.equal(b.labelAt(0, 0), b.labelAt(1, 1));
  assert.notEqual(b.labelAt(0, 0), b.labelAt(4, 0));
});
