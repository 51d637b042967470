// One-parameter radial lens distortion, the model OpenCV and the simulator's camera use with k2 = 0:
// normalised undistorted (x, y) = ((u - cx) / f, (v - cy) / f) is seen at x_d = x (1 + k1 r²).
// Only k1 / f² is observable from straight lines, so f is a nominal value kept with k1 in the profile.
import type { Pt } from './homography.js';

export interface Lens {
  k1: number;
  f_px: number;
  cx_px: number;
  cy_px: number;
}

/** The lens we assume before measuring: no distortion, principal point at the image centre. */
export function nominalLens(width_px: number, height_px: number, k1 = 0): Lens {
  return { k1, f_px: Math.max(width_px, height_px), cx_px: width_px / 2, cy_px: height_px / 2 };
}

/** Distorted (as seen) pixel → where an ideal pinhole camera would have seen it. */
export function undistortPx(lens: Lens, u: number, v: number): Pt {
  if (lens.k1 === 0) return { x: u, y: v };
  const xd = (u - lens.cx_px) / lens.f_px, yd = (v - lens.cy_px) / lens.f_px;
  const rd = Math.hypot(xd, yd);
  if (rd < 1e-12) return { x: u, y: v };
  // Newton on r (1 + k1 r²) = rd
  let r = rd;
  for (let i = 0; i < 12; i++) {
    const g = r * (1 + lens.k1 * r * r) - rd;
    const dg = 1 + 3 * lens.k1 * r * r;
    if (dg <= 1e-6) break;
    const step = g / dg;
    r -= step;
    if (Math.abs(step) < 1e-12) break;
  }
  const s = r / rd;
  return { x: lens.cx_px + lens.f_px * xd * s, y: lens.cy_px + lens.f_px * yd * s };
}

/** Ideal pinhole pixel → where this lens shows it. */
export function distortPx(lens: Lens, u: number, v: number): Pt {
  if (lens.k1 === 0) return { x: u, y: v };
  const x = (u - lens.cx_px) / lens.f_px, y = (v - lens.cy_px) / lens.f_px;
  const s = 1 + lens.k1 * (x * x + y * y);
  return { x: lens.cx_px + lens.f_px * x * s, y: lens.cy_px + lens.f_px * y * s };
}
