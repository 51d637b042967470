// Where the camera hangs, from the table→image homography: needed to undo the parallax of a ball's
// centre, which is a radius above the cloth (at 1.8 m from the nadir of a 2.3 m camera that is 27 mm).
// The focal length comes from the homography when the view is oblique enough to show it; for a
// camera looking straight down it cannot be seen, so a prior camera height fixes it instead.
import type { Mat3 } from './homography.js';

export interface CameraPose {
  /** camera centre in table mm (z above the cloth) */
  position_mm: { x: number; y: number; z: number };
  f_px: number;
  /** 'homography' when the view's perspective gave f; 'prior' when a nominal height was assumed */
  source: 'homography' | 'prior' | 'given';
}

/** A typical ceiling-mounted camera's height above the cloth, used only when nothing better is known. */
export const DEFAULT_CAMERA_HEIGHT_MM = 2300;

/**
 * Pose from H (table mm at z = 0 → undistorted px), principal point (cx, cy), square pixels.
 * `height_mm` (if known) takes precedence over the homography's focal length.
 */
export function cameraPoseFromHomography(h: Mat3, cx: number, cy: number, opts: { height_mm?: number } = {}): CameraPose {
  // columns of K⁻¹H without the 1/f factor on x, y: m_i = (a_i / f, b_i / f, c_i)
  const col = (i: number) => ({ a: h[i]! - cx * h[6 + i]!, b: h[3 + i]! - cy * h[6 + i]!, c: h[6 + i]! });
  const m1 = col(0), m2 = col(1);
  // |m1| = |m2| and m1·m2 = 0 are linear in w = 1/f²
  const A1 = m1.a * m2.a + m1.b * m2.b, C1 = m1.c * m2.c;
  const A2 = m1.a * m1.a + m1.b * m1.b - m2.a * m2.a - m2.b * m2.b, C2 = m1.c * m1.c - m2.c * m2.c;
  const w = -(A1 * C1 + A2 * C2) / (A1 * A1 + A2 * A2);
  const poseFor = (f: number): CameraPose['position_mm'] => {
    const k = (m: { a: number; b: number; c: number }) => [m.a / f, m.b / f, m.c];
    const r1 = k(m1), r2 = k(m2);
    const t = k(col(2));
    const lam = 2 / (Math.hypot(...r1) + Math.hypot(...r2));
    const R1 = r1.map((v) => v * lam), R2 = r2.map((v) => v * lam);
    let T = t.map((v) => v * lam);
    let R3 = cross(R1, R2);
    // the camera must be above the cloth: the table is in front of it (T.z > 0)
    if (T[2]! < 0) { T = T.map((v) => -v); R1.forEach((v, i) => (R1[i] = -v)); R2.forEach((v, i) => (R2[i] = -v)); R3 = cross(R1, R2); }
    // C = -Rᵀ T with R rows... here R's columns are R1 R2 R3 (world axes in camera frame)
    const C = [0, 1, 2].map((i) => -([R1, R2, R3][i]!.reduce((s, v, j) => s + v * T[j]!, 0)));
    return { x: C[0]!, y: C[1]!, z: Math.abs(C[2]!) };
  };
  if (opts.height_mm && opts.height_mm > 0) {
    return { position_mm: fitHeight(poseFor, opts.height_mm), f_px: fForHeight(poseFor, opts.height_mm), source: 'given' };
  }
  // tilt of the view: how much the homography's projective row bends the table
  const tiltish = Math.hypot(m1.c, m2.c) * Math.hypot(m1.a, m1.b, m2.a, m2.b) / Math.max(1e-12, Math.abs(m1.a * m2.b - m1.b * m2.a));
  if (w > 0 && Number.isFinite(w) && tiltish > 0.1) {
    const f = 1 / Math.sqrt(w);
    return { position_mm: poseFor(f), f_px: f, source: 'homography' };
  }
  const f = fForHeight(poseFor, DEFAULT_CAMERA_HEIGHT_MM);
  return { position_mm: poseFor(f), f_px: f, source: 'prior' };
}

/** The focal length at which the pose's height is the given one (height grows with f). */
function fForHeight(poseFor: (f: number) => { z: number }, height_mm: number): number {
  let lo = 10, hi = 1e6;
  for (let i = 0; i < 80; i++) {
    const mid = Math.sqrt(lo * hi);
    if (poseFor(mid).z < height_mm) lo = mid; else hi = mid;
  }
  return Math.sqrt(lo * hi);
}

function fitHeight(poseFor: (f: number) => { x: number; y: number; z: number }, height_mm: number) {
  return poseFor(fForHeight(poseFor, height_mm));
}

function cross(a: number[], b: number[]): number[] {
  return [a[1]! * b[2]! - a[2]! * b[1]!, a[2]! * b[0]! - a[0]! * b[2]!, a[0]! * b[1]! - a[1]! * b[0]!];
}
