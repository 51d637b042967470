// A calibration profile: everything later stages need to turn image pixels into table millimetres
// and back, stored as plain JSON in calibration/NAME.json.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { PocketId, TableSpec } from '../../table/geometry.js';
import { POCKET_IDS, pocketMouth, surfaceCorners } from '../../table/geometry.js';
import type { Mat3, Pt } from './homography.js';
import { applyH, fitHomography, invertH, multiplyH } from './homography.js';
import type { Lens } from './distortion.js';
import { distortPx, undistortPx } from './distortion.js';
import type { CameraPose } from './camera-pose.js';
import { cameraPoseFromHomography } from './camera-pose.js';
import type { ClothModel } from './cloth.js';

export const PROFILE_VERSION = 1;

export interface CalibrationProfile {
  version: number;
  image: { width_px: number; height_px: number };
  table: TableSpec;
  /** playing-surface corners (cushion noses) as seen, distorted px, in the order HL HR FR FL */
  corners_px: [number, number][];
  lens: Lens;
  /** undistorted px → table mm on the cloth (z = 0); row-major 3×3 */
  imageToTable: Mat3;
  /** table mm on the cloth → undistorted px */
  tableToImage: Mat3;
  camera: CameraPose;
  /** apparent ball radius (px) at the surface centre and at each corner HL HR FR FL */
  ballRadius_px: { centre: number; corners: number[] };
  /** pocket mouth centres as seen, px */
  pockets_px: Record<PocketId, [number, number]>;
  /**
   * 'given': the head end was fixed by manual corners or a setting; 'assumed': the table was found
   * automatically and HL was taken as the corner nearest the image's top-left (head on the left of
   * the image, as seen by the camera) — an empty table does not show which end is the head.
   */
  head: 'given' | 'assumed';
  method: 'auto' | 'manual';
  /** the cloth's mean colour in OpenCV 8-bit Lab (L, a, b), for detection and bump checks */
  clothLab: [number, number, number];
  /**
   * the cloth-covered area's corners (outer edge of the cushion tops, where the rail begins) as seen,
   * going clockwise in the image from the top-left; null with manual corners and no cloth found
   */
  clothOutline_px: [number, number][] | null;
  /** the cloth edge's offsets from `clothOutline_px` measured on the calibration image (bump.ts) */
  edgeReference_px?: number[];
  /** the cloth's chromaticity model (see cloth.ts); null when it could not be learnt */
  cloth: ClothModel | null;
  quality: {
    /** RMS distance of cloth-edge points from the fitted cushion lines after undistortion, px */
    edgeResidual_px: number;
    /** the fraction of each side's length supported by cloth-edge points */
    edgeSupport: number[];
  };
  warnings: string[];
}

export interface ProfileInput {
  width_px: number;
  height_px: number;
  spec: TableSpec;
  corners_px: [number, number][];
  lens: Lens;
  head: CalibrationProfile['head'];
  method: CalibrationProfile['method'];
  clothLab: [number, number, number];
  cloth?: ClothModel | null;
  clothOutline_px?: [number, number][] | null;
  quality?: CalibrationProfile['quality'];
  warnings?: string[];
  cameraHeight_mm?: number;
  /**
   * the height above the cloth of the plane `corners_px` were seen in: 0 for corners on the cloth
   * (manual corners, the simulator's meta.json), the nose height for corners found from the cushion
   * noses' line (the nose stands above the cloth, so it is seen further out from the camera's nadir)
   */
  edgeHeight_mm?: number;
}

/** Nose height of a cushion as a fraction of the ball (WPA 62.5–64.5%, Russian and snooker alike). */
export const NOSE_HEIGHT_OF_BALL = 0.64;

export function buildProfile(inp: ProfileInput): CalibrationProfile {
  const und = inp.corners_px.map(([u, v]) => undistortPx(inp.lens, u, v));
  const h = inp.edgeHeight_mm ?? 0;
  // the homography of the plane the corners lie in, and the camera above that plane
  let tableToImage = fitHomography(surfaceCorners(inp.spec), und);
  const camera = cameraPoseFromHomography(tableToImage, inp.lens.cx_px, inp.lens.cy_px, {
    extent_mm: { x: inp.spec.length_mm, y: inp.spec.width_mm },
    ...(inp.cameraHeight_mm ? { height_mm: Math.max(1, inp.cameraHeight_mm - h) } : {}),
  });
  if (h !== 0) {
    // a cloth point is seen where the ray to it crosses the corners' plane: nearer the nadir, by
    // the camera's height over that plane against its height over the cloth
    const c = camera.position_mm;
    const k = c.z / (c.z + h);
    tableToImage = multiplyH(tableToImage, [k, 0, (1 - k) * c.x, 0, k, (1 - k) * c.y, 0, 0, 1]);
    camera.position_mm = { x: c.x, y: c.y, z: c.z + h };
  }
  const imageToTable = invertH(tableToImage);
  const clothCorners = surfaceCorners(inp.spec).map((q) => {
    const a = applyH(tableToImage, q.x, q.y);
    const d = distortPx(inp.lens, a.x, a.y);
    return [round3(d.x), round3(d.y)] as [number, number];
  });
  const base = {
    version: PROFILE_VERSION,
    image: { width_px: inp.width_px, height_px: inp.height_px },
    table: inp.spec,
    corners_px: clothCorners,
    lens: inp.lens,
    imageToTable,
    tableToImage,
    camera,
    head: inp.head,
    method: inp.method,
    clothLab: inp.clothLab,
    cloth: inp.cloth ?? null,
    clothOutline_px: inp.clothOutline_px ? inp.clothOutline_px.map(([u, v]) => [round3(u), round3(v)] as [number, number]) : null,
    quality: inp.quality ?? { edgeResidual_px: NaN, edgeSupport: [] },
    warnings: inp.warnings ?? [],
  };
  const partial = { ...base, ballRadius_px: { centre: 0, corners: [] as number[] }, pockets_px: {} as CalibrationProfile['pockets_px'] };
  const R = inp.spec.ball_mm / 2;
  partial.ballRadius_px = {
    centre: ballRadiusAt_px(partial, 0, 0),
    corners: surfaceCorners(inp.spec).map((c) => round3(ballRadiusAt_px(partial, c.x - Math.sign(c.x) * R, c.y - Math.sign(c.y) * R))),
  };
  partial.ballRadius_px.centre = round3(partial.ballRadius_px.centre);
  for (const id of POCKET_IDS) {
    const m = pocketMouth(inp.spec, id);
    const p = tableToPx(partial, m.x, m.y);
    partial.pockets_px[id] = [round3(p.x), round3(p.y)];
  }
  return partial;
}

/** A distorted (as seen) pixel → table mm on the cloth plane. */
export function pxToTable(p: CalibrationProfile, u: number, v: number): Pt {
  const q = undistortPx(p.lens, u, v);
  return applyH(p.imageToTable, q.x, q.y);
}

/** Table mm at height z_mm above the cloth → distorted (as seen) pixel. */
export function tableToPx(p: CalibrationProfile, x: number, y: number, z_mm = 0): Pt {
  let X = x, Y = y;
  if (z_mm !== 0) {
    // the point at height z is seen where the ray from the camera through it meets the cloth
    const c = p.camera.position_mm;
    const k = c.z / (c.z - z_mm);
    X = c.x + (x - c.x) * k;
    Y = c.y + (y - c.y) * k;
  }
  const q = applyH(p.tableToImage, X, Y);
  return distortPx(p.lens, q.x, q.y);
}

/** The seen centre of a ball (a radius above the cloth) → where the ball stands, table mm. */
export function ballPxToTable(p: CalibrationProfile, u: number, v: number): Pt {
  const g = pxToTable(p, u, v);
  const c = p.camera.position_mm;
  const k = (c.z - p.table.ball_mm / 2) / c.z;
  return { x: c.x + (g.x - c.x) * k, y: c.y + (g.y - c.y) * k };
}

/** A ball's outline in the image: an ellipse stretched away from the image centre. */
export interface BallEllipse {
  /** semi-axis along the direction away from the principal point, px */
  a_px: number;
  /** semi-axis across it, px */
  b_px: number;
  /** direction of the a axis in the image, radians (atan2 of v, u) */
  angle_rad: number;
}

/**
 * The outline of a ball standing at (x, y). A sphere seen at an angle θ off the optical axis subtends
 * the same angle R / d every way, but the image stretches radially by sec²θ and tangentially by secθ:
 * b = f·R / Z, a = f·R·d / Z² (d: distance to the centre, Z: its depth along the axis); the lens's
 * radial and tangential magnifications are applied on top. Without a usable camera pose, a circle
 * of the local scale of the image at the centre's height stands in.
 */
export function ballEllipseAt_px(p: Pick<CalibrationProfile, 'tableToImage' | 'imageToTable' | 'lens' | 'camera' | 'table'>, x: number, y: number): BallEllipse {
  const R = p.table.ball_mm / 2;
  const pp = p as CalibrationProfile;
  const o = tableToPx(pp, x, y, R);
  const c = p.camera.position_mm;
  const L = p.lens;
  const angle_rad = Math.atan2(o.y - L.cy_px, o.x - L.cx_px);
  if (!Number.isFinite(p.camera.f_px) || c.z > 1e6) {
    const ax = tableToPx(pp, x + R, y, R), ay = tableToPx(pp, x, y + R, R);
    const local = Math.sqrt(Math.abs((ax.x - o.x) * (ay.y - o.y) - (ax.y - o.y) * (ay.x - o.x)));
    return { a_px: local, b_px: local, angle_rad };
  }
  // the optical axis: from the camera to the cloth point seen at the principal point
  const axisPt = applyH(p.imageToTable, L.cx_px, L.cy_px);
  let ox = axisPt.x - c.x, oy = axisPt.y - c.y, oz = -c.z;
  const on = Math.hypot(ox, oy, oz);
  ox /= on; oy /= on; oz /= on;
  const dx = x - c.x, dy = y - c.y, dz = R - c.z;
  const d = Math.hypot(dx, dy, dz);
  const Z = Math.max(1, dx * ox + dy * oy + dz * oz);
  const f = p.camera.f_px;
  // the lens: radial and tangential magnification at the ball's undistorted place
  const q = applyH(p.tableToImage, c.x + (x - c.x) * (c.z / (c.z - R)), c.y + (y - c.y) * (c.z / (c.z - R)));
  const rn2 = ((q.x - L.cx_px) ** 2 + (q.y - L.cy_px) ** 2) / (L.f_px * L.f_px);
  const mr = Math.max(0.3, 1 + 3 * L.k1 * rn2), mt = Math.max(0.3, 1 + L.k1 * rn2);
  return { a_px: ((f * R * d) / (Z * Z)) * mr, b_px: ((f * R) / Z) * mt, angle_rad };
}

/** Apparent radius of a ball standing at (x, y): the geometric mean of its outline's semi-axes. */
export function ballRadiusAt_px(p: Pick<CalibrationProfile, 'tableToImage' | 'imageToTable' | 'lens' | 'camera' | 'table'>, x: number, y: number): number {
  const e = ballEllipseAt_px(p, x, y);
  return Math.sqrt(e.a_px * e.b_px);
}

/** Is a table point on the playing surface (with a margin, mm; negative shrinks)? */
export function onSurface(p: CalibrationProfile, x: number, y: number, margin_mm = 0): boolean {
  return Math.abs(x) <= p.table.length_mm / 2 + margin_mm && Math.abs(y) <= p.table.width_mm / 2 + margin_mm;
}

export function saveProfile(path: string, p: CalibrationProfile): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify(p, null, 2) + '\n');
}

export class ProfileError extends Error {}

export function loadProfile(path: string): CalibrationProfile {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new ProfileError(`${path}: not a calibration profile (${(e as Error).message})`);
  }
  const p = raw as Partial<CalibrationProfile>;
  if (!p || p.version !== PROFILE_VERSION) throw new ProfileError(`${path}: not a version ${PROFILE_VERSION} calibration profile`);
  for (const k of ['image', 'table', 'corners_px', 'lens', 'imageToTable', 'tableToImage', 'camera'] as const) {
    if (p[k] === undefined) throw new ProfileError(`${path}: calibration profile lacks "${k}"`);
  }
  const tint = p.cloth?.local;
  if (tint) {
    const n = tint.cols * tint.rows;
    const ok = Number.isInteger(tint.cols) && Number.isInteger(tint.rows) && tint.cols >= 2 && tint.rows >= 2
      && [tint.r, tint.g].every((v) => Array.isArray(v) && v.length === n && v.every((x) => Number.isFinite(x) && Math.abs(x) < 1));
    if (!ok) throw new ProfileError(`${path}: "cloth.local" must be cols × rows (whole numbers, 2 or more) chromaticities in "r" and "g"`);
  }
  return p as CalibrationProfile;
}

function round3(v: number): number {
  return Math.round(v * 1000) / 1000;
}
