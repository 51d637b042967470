// Where the camera hangs, from the table→image homography: needed to undo the parallax of a ball's
// centre, which is a radius above the cloth (at 1.8 m from the nadir of a 2.3 m camera that is 27 mm).
// The focal length comes from the homography when the view is oblique enough to show it; for a
// camera looking straight down it cannot be seen, so a prior camera height fixes it instead.
import type { Mat3 } from './homography.js';
import { applyH, fitHomography } from './homography.js';

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
export function cameraPoseFromHomography(h: Mat3, cx: number, cy: number, opts: { height_mm?: number; extent_mm?: { x: number; y: number } } = {}): CameraPose {
  const col = (i: number) => intrinsicsFreeColumn(h, cx, cy, i);
  const m1 = col(0), m2 = col(1);
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
  const estimates = focalEstimates(h, cx, cy);
  const which = estimates.findIndex((w) => w > 0 && Number.isFinite(w));
  let measured: CameraPose | null = null;
  if (which >= 0) {
    const f = 1 / Math.sqrt(estimates[which]!);
    const pos = poseFor(f);
    if (sane(pos) && tiltCos < Math.cos((12 * Math.PI) / 180)) measured = { position_mm: pos, f_px: f, source: 'homography' };
  }
  if (measured && (!opts.extent_mm || focalIsMeasurable(h, cx, cy, opts.extent_mm, which))) return measured;
  const f = fForHeight(poseFor, DEFAULT_CAMERA_HEIGHT_MM);
  const pos = poseFor(f);
  if (sane(pos)) return { position_mm: pos, f_px: f, source: 'prior' };
  // no camera at the usual height could see the table so: a fragile measurement beats none
  if (measured) return measured;
  // a homography no pinhole camera over a flat table could make (cropped or stretched broadcast
  // frames): no parallax correction at all, i.e. a camera very far above
  return { position_mm: { x: 0, y: 0, z: 1e7 }, f_px: NaN, source: 'prior' };
}

/** Column i of K⁻¹H without the 1/f factor on x and y: (a_i / f, b_i / f, c_i) once divided by f. */
function intrinsicsFreeColumn(h: Mat3, cx: number, cy: number, i: number): { a: number; b: number; c: number } {
  return { a: h[i]! - cx * h[6 + i]!, b: h[3 + i]! - cy * h[6 + i]!, c: h[6 + i]! };
}

/**
 * 1/f² from a homography's two pinhole constraints (the table's axes seen at right angles and at
 * equal scale, both linear in 1/f²): jointly (least squares), then each alone, the order they are tried in.
 */
function focalEstimates(h: Mat3, cx: number, cy: number): [number, number, number] {
  const m1 = intrinsicsFreeColumn(h, cx, cy, 0), m2 = intrinsicsFreeColumn(h, cx, cy, 1);
  const A1 = m1.a * m2.a + m1.b * m2.b, C1 = m1.c * m2.c;
  const A2 = m1.a * m1.a + m1.b * m1.b - m2.a * m2.a - m2.b * m2.b, C2 = m1.c * m1.c - m2.c * m2.c;
  return [-(A1 * C1 + A2 * C2) / (A1 * A1 + A2 * A2), -C1 / A1, -C2 / A2];
}

/** How far (px) a found corner may be off: the nose lines are found to a few pixels. */
const CORNER_SLACK_PX = 5;

/**
 * Whether the view's perspective is strong enough to give the focal length: estimate number
 * `estimate` of `focalEstimates` must stay positive and within 1.3× when any one corner of the
 * `extent_mm` rectangle moves by CORNER_SLACK_PX. A camera a few degrees off straight down shows
 * almost no perspective, and there the estimate swings to absurd values (a camera 20 m away, a
 * parallax correction pointing the wrong way) on a few pixels' error; seen at a slant it holds.
 */
function focalIsMeasurable(h: Mat3, cx: number, cy: number, extent_mm: { x: number; y: number }, estimate: number): boolean {
  const hx = extent_mm.x / 2, hy = extent_mm.y / 2;
  const table = [{ x: -hx, y: -hy }, { x: hx, y: -hy }, { x: hx, y: hy }, { x: -hx, y: hy }];
  const image = table.map((p) => applyH(h, p.x, p.y));
  let lo = Infinity, hi = 0;
  for (let i = 0; i < 4; i++) {
    for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]] as const) {
      const moved = image.map((p, j) => (j === i ? { x: p.x + dx * CORNER_SLACK_PX, y: p.y + dy * CORNER_SLACK_PX } : p));
      const w = focalEstimates(fitHomography(table, moved), cx, cy)[estimate]!;
      if (!(w > 0) || !Number.isFinite(w)) return false;
      const f = 1 / Math.sqrt(w);
      lo = Math.min(lo, f); hi = Math.max(hi, f);
    }
  }
  return hi / lo < 1.3;
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
  const [, w1, w2] = focalEstimates(h, cx, cy);
  if (!(w1 > 0) || !(w2 > 0)) return Infinity;
  return Math.abs(Math.log(w1 / w2));
}
