// The calibration's median frame: OpenCV's minimum/maximum network must give exactly the per-pixel
// median a sort gives (the middle value; the upper middle of an even count).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import cv from '../../src/vision/cv.js';
import { medianImage } from '../../src/vision/calibration/median-frame.js';

function randomMat(seed: number, w: number, h: number) {
  let s = seed;
  const buf = Buffer.alloc(w * h * 3);
  for (let i = 0; i < buf.length; i++) { s = (s * 1103515245 + 12345) & 0x7fffffff; buf[i] = s >> 23; }
  return { mat: new cv.Mat(buf, h, w, cv.CV_8UC3), buf };
}

for (const [n, bandRows] of [[3, undefined], [4, undefined], [5, undefined], [3, 4], [5, 4], [5, 1]] as const) {
  const bands = bandRows === undefined ? '' : ` (taken ${bandRows} rows at a time)`;
  test(`the median of ${n} frames is each pixel's middle value${bands}`, () => {
    const frames = Array.from({ length: n }, (_, k) => randomMat(7 + 31 * k, 13, 9));
    const got = medianImage(frames.map((f) => f.mat), bandRows).getData();
    for (let i = 0; i < got.length; i++) {
      const sorted = frames.map((f) => f.buf[i]!).sort((a, b) => a - b);
      assert.equal(got[i], sorted[n >> 1], `byte ${i}`);
    }
  });
}
