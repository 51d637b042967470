// The per-pixel median of a few frames: players, cues and rolling balls move, the table does not.
import cv from '../cv.js';
import type { Mat } from '../cv.js';

export function medianImage(mats: Mat[]): Mat {
  if (mats.length === 0) throw new Error('medianImage: no frames');
  if (mats.length <= 2) return mats[0]!;
  const w = mats[0]!.cols, h = mats[0]!.rows;
  const bufs = mats.filter((m) => m.cols === w && m.rows === h).map((m) => m.getData());
  const n = bufs.length;
  const out = Buffer.alloc(w * h * 3);
  const v = new Uint8Array(n);
  for (let i = 0; i < out.length; i++) {
    // insertion sort of a handful of values: a comparator sort per pixel costs seconds on 1080p
    for (let k = 0; k < n; k++) {
      const x = bufs[k]![i]!;
      let j = k;
      while (j > 0 && v[j - 1]! > x) { v[j] = v[j - 1]!; j--; }
      v[j] = x;
    }
    out[i] = v[n >> 1]!;
  }
  return new cv.Mat(out, h, w, cv.CV_8UC3);
}
