// Bilinear sampling of a BGR image's luminance and cloth distance at sub-pixel positions, for edge
// profiles across the cushions (a few thousand samples, so plain TS over the raw buffer).
import type { Mat } from '../cv.js';

export interface Sampler {
  width: number;
  height: number;
  /** luminance 0..255 at (x, y) in pixel coordinates (pixel centres at integer + 0.5); NaN outside */
  luma(x: number, y: number): number;
  /** B, G, R at the nearest pixel; null outside */
  bgr(x: number, y: number): [number, number, number] | null;
}

export function createSampler(bgr: Mat): Sampler {
  const w = bgr.cols, h = bgr.rows;
  const d = bgr.getData();
  const Y = new Float32Array(w * h);
  for (let i = 0, o = 0; i < w * h; i++, o += 3) Y[i] = 0.114 * d[o]! + 0.587 * d[o + 1]! + 0.299 * d[o + 2]!;
  return {
    width: w,
    height: h,
    luma(x, y) {
      const fx = x - 0.5, fy = y - 0.5;
      const x0 = Math.floor(fx), y0 = Math.floor(fy);
      if (x0 < 0 || y0 < 0 || x0 >= w - 1 || y0 >= h - 1) return NaN;
      const ax = fx - x0, ay = fy - y0;
      const i = y0 * w + x0;
      return (Y[i]! * (1 - ax) + Y[i + 1]! * ax) * (1 - ay) + (Y[i + w]! * (1 - ax) + Y[i + w + 1]! * ax) * ay;
    },
    bgr(x, y) {
      const xi = Math.floor(x), yi = Math.floor(y);
      if (xi < 0 || yi < 0 || xi >= w || yi >= h) return null;
      const o = 3 * (yi * w + xi);
      return [d[o]!, d[o + 1]!, d[o + 2]!];
    },
  };
}
