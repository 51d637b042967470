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
  const wJoint = -(A1 * C1 + A2 * C2) / (A1 * A1 + A2 * A2);
  let tiltCos = 1;
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
    // R's columns are the table's axes in the camera frame, so the centre is C = -Rᵀ T
    const C = [0, 1, 2].map((i) => -([R1, R2, R3][i]!.reduce((s, v, j) => s + v * T[j]!, 0)));
    // the optical axis against the vertical: the table's z axis seen in the camera frame
    tiltCos = Math.abs(R3[2]!) / Math.max(1e-12, Math.hypot(...R3));
    return { x: C[0]!, y: C[1]!, z: Math.abs(C[2]!) };
  };
  const sane = (p: CameraPose['position_mm']) => p.z > 300 && p.z < 30000 && Math.abs(p.x) < 30000 && Math.abs(p.y) < 30000;
  if (opts.height_mm && opts.height_mm > 0) {
    const f = fForHeight(poseFor, opts.height_mm);
    const pos = poseFor(f);
    if (sane(pos)) return { position_mm: pos, f_px: f, source: 'given' };
  }
  // the view's perspective shows the focal length only when the camera looks down at a slant;
  // near straight down it is noise, and a typical mounting height serves better
  for (const w of [wJoint, -C1 / A1, -C2 / A2]) {
    if (!(w > 0) || !Number.isFinite(w)) continue;
    const f = 1 / Math.sqrt(w);
    const pos = poseFor(f);
    if (sane(pos) && tiltCos < Math.cos((12 * Math.PI) / 180)) return { position_mm: pos, f_px: f, source: 'homography' };
    break;
  }
  const f = fForHeight(poseFor, DEFAULT_CAMERA_HEIGHT_MM);
  const pos = poseFor(f);
  if (sane(pos)) return { position_mm: pos, f_px: f, source: 'prior' };
  // a homography no pinhole camera over a flat table could make (cropped or stretched broadcast
  // frames): no parallax correction at all, i.e. a camera very far above
  return { position_mm: { x: 0, y: 0, z: 1e7 }, f_px: NaN, source: 'prior' };
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


function cross(a: number[], b: number[]): number[] {
  return [a[1]! * b[2]! - a[2]! * b[1]!, a[2]! * b[0]! - a[0]! * b[2]!, a[0]! * b[1]! - a[1]! * b[0]!];
}

/** |log(f²₁ / f²₂)| of the focal lengths the two pinhole constraints give (Infinity if either fails). */
export function focalDisagreement(h: Mat3, cx: number, cy: number): number {
  const col = (i: number) => ({ a: h[i]! - cx * h[6 + i]!, b: h[3 + i]! - cy * h[6 + i]!, c: h[6 + i]! });
  const m1 = col(0), m2 = col(1);
  const w1 = -(m1.c * m2.c) / (m1.a * m2.a + m1.b * m2.b);
  const w2 = -(m1.c * m1.c - m2.c * m2.c) / (m1.a * m1.a + m1.b * m1.b - m2.a * m2.a - m2.b * m2.b);
  if (!(w1 > 0) || !(w2 > 0)) return Infinity;
  return Math.abs(Math.log(w1 / w2));
}
