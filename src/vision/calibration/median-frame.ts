// The per-pixel median of a few frames: players, cues and rolling balls move, the table does not.
import cv from '../cv.js';
import type { Mat } from '../cv.js';

/**
 * Rows taken at a time by the minimum/maximum network: its nine temporaries over a whole 1080p frame were
 * 56 MB at the calibration's memory peak; over 120-row bands, about 6 MB.
 */
const BAND_ROWS = 120;

export function medianImage(mats: Mat[], bandRows = BAND_ROWS): Mat {
  if (mats.length === 0) throw new Error('medianImage: no frames');
  if (mats.length <= 2) return mats[0]!;
  const w = mats[0]!.cols, h = mats[0]!.rows;
  const same = mats.filter((m) => m.cols === w && m.rows === h && m.type === mats[0]!.type);
  // three or five frames (calibration takes five): a network of per-pixel minima and maxima in OpenCV,
  // without copying each 1080p frame into JavaScript (that took 40 MB at the calibration's peak)
  if (same.length === 3) return inBands(same, bandRows, ([a, b, c]) => median3(a!, b!, c!));
  if (same.length === 5) return inBands(same, bandRows, (m) => median5(m as [Mat, Mat, Mat, Mat, Mat]));
  return medianInJs(same, w, h);
}

/** Applies a per-pixel network band by band, each band's result copied into its rows of the output. */
function inBands(mats: Mat[], bandRows: number, network: (band: Mat[]) => Mat): Mat {
  const w = mats[0]!.cols, h = mats[0]!.rows;
  const out = new cv.Mat(h, w, mats[0]!.type);
  for (let y = 0; y < h; y += bandRows) {
    const rect = new cv.Rect(0, y, w, Math.min(bandRows, h - y));
    const band = network(mats.map((m) => m.getRegion(rect)));
    band.copyTo(out.getRegion(rect));
    band.release();
  }
  return out;
}

const min = (a: Mat, b: Mat) => cv.min(a, b, new cv.Mat());
const max = (a: Mat, b: Mat) => cv.max(a, b, new cv.Mat());

/** max(min(a, b), min(max(a, b), c)): the middle of three. */
function median3(a: Mat, b: Mat, c: Mat): Mat {
  const lo = min(a, b), hi = max(a, b);
  const m = min(hi, c);
  const out = max(lo, m);
  for (const t of [lo, hi, m]) t.release();
  return out;
}

/**
 * Of four values the smallest and the largest can't be the median of five (one ranks at most second,
 * the other at least fourth): the median of five is the middle of the fifth and the middle two of four.
 */
function median5([a, b, c, d, e]: [Mat, Mat, Mat, Mat, Mat]): Mat {
  const ab0 = min(a, b), ab1 = max(a, b), cd0 = min(c, d), cd1 = max(c, d);
  const second = max(ab0, cd0), third = min(ab1, cd1);
  const out = median3(e, second, third);
  for (const t of [ab0, ab1, cd0, cd1, second, third]) t.release();
  return out;
}

function medianInJs(mats: Mat[], w: number, h: number): Mat {
  const bufs = mats.map((m) => m.getData());
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
