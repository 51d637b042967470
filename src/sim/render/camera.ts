// A pinhole camera with radial lens distortion hanging over the table (issue 3 item 3).
// World = table millimetres (protocol v1 axes, z up from the cloth). Camera frame: x right in the
// image, y down, z forward along the optical axis; pixels (u right, v down) with the origin at the
// top-left corner of the top-left pixel, so pixel centres sit at integer + 0.5.
import type { TableSpec } from '../../table/geometry.js';
import { surfaceCorners } from '../../table/geometry.js';
import type { Vec3_mm } from '../types.js';
import type { Rng } from '../rng.js';

export interface CameraParams {
  width_px: number;
  height_px: number;
  /** focal length in pixels */
  f_px: number;
  cx_px: number;
  cy_px: number;
  /** radial distortion of normalised coordinates: x_d = x (1 + k1 r^2 + k2 r^4) */
  k1: number;
  k2: number;
  /** camera centre in table mm */
  position_mm: Vec3_mm;
  /** rows: the camera's x (right), y (down), z (forward) axes in table coordinates */
  rotation: [number, number, number, number, number, number, number, number, number];
}

export interface Pixel {
  u_px: number;
  v_px: number;
}

export interface Camera {
  readonly params: CameraParams;
  /** table mm to pixel, with distortion (the point must be in front of the camera) */
  project(p: Vec3_mm): Pixel;
  /** table mm to camera-frame coordinates (mm) */
  toCamera(p: Vec3_mm): Vec3_mm;
  /** distorted pixel to undistorted normalised image coordinates (x/z, y/z) */
  undistort(u_px: number, v_px: number): { xn: number; yn: number };
  /** normalised undistorted coordinates to pixel */
  distort(xn: number, yn: number): Pixel;
  /** the table point at height z_mm (default the cloth, 0) seen at a pixel */
  unproject(u_px: number, v_px: number, z_mm?: number): Vec3_mm;
  /** the four surface corners in pixels, HL HR FR FL (meta.json `corners`) */
  surfaceCorners_px(spec: TableSpec): [number, number][];
}

export function createCamera(params: CameraParams): Camera {
  const { f_px, cx_px, cy_px, k1, k2, position_mm: c, rotation: r } = params;
  const toCamera = (p: Vec3_mm): Vec3_mm => {
    const dx = p.x - c.x;
    const dy = p.y - c.y;
    const dz = p.z - c.z;
    return {
      x: r[0] * dx + r[1] * dy + r[2] * dz,
      y: r[3] * dx + r[4] * dy + r[5] * dz,
      z: r[6] * dx + r[7] * dy + r[8] * dz,
    };
  };
  // The polynomial folds back far outside the image (points behind the frame edge would land inside
  // it); beyond rLim, where it stops rising steeply, it is continued as a straight line.
  const g = (r: number) => r * (1 + k1 * r * r + k2 * r * r * r * r);
  const dg = (r: number) => 1 + 3 * k1 * r * r + 5 * k2 * r * r * r * r;
  let rLim = 4;
  for (let r = 0.01; r < 4; r += 0.01) {
    if (dg(r) < 0.3) { rLim = r; break; }
  }
  const gLim = g(rLim), dgLim = dg(rLim);
  const distort = (xn: number, yn: number): Pixel => {
    const r2 = xn * xn + yn * yn;
    let s = 1 + k1 * r2 + k2 * r2 * r2;
    if (r2 > rLim * rLim) {
      const r = Math.sqrt(r2);
      s = (gLim + dgLim * (r - rLim)) / r;
    }
    return { u_px: cx_px + f_px * xn * s, v_px: cy_px + f_px * yn * s };
  };
  const undistort = (u_px: number, v_px: number): { xn: number; yn: number } => {
    const xd = (u_px - cx_px) / f_px;
    const yd = (v_px - cy_px) / f_px;
    const rd = Math.sqrt(xd * xd + yd * yd);
    if (rd < 1e-12) return { xn: xd, yn: yd };
    if (rd >= gLim) {
      const r = rLim + (rd - gLim) / dgLim;
      return { xn: (xd * r) / rd, yn: (yd * r) / rd };
    }
    // Newton on r (1 + k1 r^2 + k2 r^4) = rd, starting from rd
    let rr = Math.min(rd, rLim);
    for (let i = 0; i < 20; i++) {
      const r2 = rr * rr;
      const g = rr * (1 + k1 * r2 + k2 * r2 * r2) - rd;
      const dg = 1 + 3 * k1 * r2 + 5 * k2 * r2 * r2;
      const step = g / dg;
      rr -= step;
      if (Math.abs(step) < 1e-13) break;
    }
    const s = rr / rd;
    return { xn: xd * s, yn: yd * s };
  };
  const project = (p: Vec3_mm): Pixel => {
    const q = toCamera(p);
    return distort(q.x / q.z, q.y / q.z);
  };
  const unproject = (u_px: number, v_px: number, z_mm = 0): Vec3_mm => {
    const { xn, yn } = undistort(u_px, v_px);
    // world direction = R^T (xn, yn, 1)
    const dx = r[0] * xn + r[3] * yn + r[6];
    const dy = r[1] * xn + r[4] * yn + r[7];
    const dz = r[2] * xn + r[5] * yn + r[8];
    const t = (z_mm - c.z) / dz;
    return { x: c.x + t * dx, y: c.y + t * dy, z: z_mm };
  };
  return {
    params,
    project,
    toCamera,
    undistort,
    distort,
    unproject,
    surfaceCorners_px(spec: TableSpec) {
      return surfaceCorners(spec).map((p) => {
        const px = project({ x: p.x, y: p.y, z: 0 });
        return [px.u_px, px.v_px] as [number, number];
      });
    },
  };
}

export interface CameraPoseOptions {
  width_px: number;
  height_px: number;
  height_mm?: number;
  /** image-right direction in table axes, radians from +x (0: head on the left, pi: head on the right) */
  yaw_rad?: number;
  /** angle of the optical axis from straight down */
  tilt_rad?: number;
  /** direction (in the table plane) the tilt leans toward */
  tiltDir_rad?: number;
  /** camera offset from above the table centre */
  offset_mm?: { x: number; y: number };
  k1?: number;
  k2?: number;
  /** extra room around the outer rails, as a fraction of the image's half-size */
  margin?: number;
  /** how far the rails reach beyond the playing surface, for framing */
  railReach_mm?: number;
  /** the principal point's offset from the image centre (sensor/lens misalignment) */
  principalOffset_px?: { x: number; y: number };
}

/**
 * A camera looking down at the table with its long axis across the image, the focal length chosen
 * so the whole table with rails and a margin of floor fits the image (distortion included).
 */
export function cameraOverTable(spec: TableSpec, o: CameraPoseOptions): Camera {
  const h = o.height_mm ?? 2300;
  const yaw = o.yaw_rad ?? 0;
  const tilt = o.tilt_rad ?? 0;
  const tiltDir = o.tiltDir_rad ?? 0;
  const off = o.offset_mm ?? { x: 0, y: 0 };
  const pos = { x: off.x, y: off.y, z: h };
  // optical axis: straight down, leaned by tilt toward tiltDir
  const fwd = norm([Math.sin(tilt) * Math.cos(tiltDir), Math.sin(tilt) * Math.sin(tiltDir), -Math.cos(tilt)]);
  const want = [Math.cos(yaw), Math.sin(yaw), 0];
  const d = dot(want, fwd);
  const right = norm([want[0]! - d * fwd[0]!, want[1]! - d * fwd[1]!, want[2]! - d * fwd[2]!]);
  const down = cross(fwd, right);
  const rotation = [...right, ...down, ...fwd] as CameraParams['rotation'];
  const k1 = o.k1 ?? 0;
  const k2 = o.k2 ?? 0;
  const reach = o.railReach_mm ?? 200;
  const margin = o.margin ?? 0.06;
  const hx = spec.length_mm / 2 + reach;
  const hy = spec.width_mm / 2 + reach;
  const outer: Vec3_mm[] = [
    { x: -hx, y: -hy, z: 40 }, { x: hx, y: -hy, z: 40 }, { x: hx, y: hy, z: 40 }, { x: -hx, y: hy, z: 40 },
    { x: 0, y: -hy, z: 40 }, { x: 0, y: hy, z: 40 }, { x: -hx, y: 0, z: 40 }, { x: hx, y: 0, z: 40 },
  ];
  const cx = o.width_px / 2 + (o.principalOffset_px?.x ?? 0);
  const cy = o.height_px / 2 + (o.principalOffset_px?.y ?? 0);
  const base: CameraParams = {
    width_px: o.width_px, height_px: o.height_px, f_px: 1, cx_px: cx, cy_px: cy, k1, k2, position_mm: pos, rotation,
  };
  // the fitting focal length: shrink until every outer point lands within the margin
  let f = o.width_px;
  for (let iter = 0; iter < 60; iter++) {
    const cam = createCamera({ ...base, f_px: f });
    let worst = 0;
    for (const p of outer) {
      const px = cam.project(p);
      // fit against the image edges (not the principal point) so an offset principal point still frames the table
      const du = px.u_px - o.width_px / 2;
      const dv = px.v_px - o.height_px / 2;
      worst = Math.max(worst, Math.abs(du) / ((o.width_px / 2) * (1 - margin)), Math.abs(dv) / ((o.height_px / 2) * (1 - margin)));
    }
    if (Math.abs(worst - 1) < 1e-4) break;
    f /= worst;
  }
  return createCamera({ ...base, f_px: f });
}

/**
 * A random club camera: 2.0–2.6 m up, mounted off centre and aimed roughly at the table's centre
 * (so it is tilted a few degrees, plus an aiming error), head on either side, a mild lens.
 */
export function randomCameraOverTable(spec: TableSpec, rng: Rng, width_px: number, height_px: number): Camera {
  const headLeft = rng.next() < 0.5;
  const h = rng.uniform(2000, 2600);
  const off = { x: rng.uniform(-160, 160), y: rng.uniform(-110, 110) };
  // the tilt that looks back at the centre, plus up to ~1.5 degrees of aiming error
  const ax = -off.x / h + rng.normal(0, 0.012);
  const ay = -off.y / h + rng.normal(0, 0.012);
  return cameraOverTable(spec, {
    width_px,
    height_px,
    height_mm: h,
    yaw_rad: (headLeft ? 0 : Math.PI) + rng.normal(0, 1.5) * (Math.PI / 180),
    tilt_rad: Math.atan(Math.hypot(ax, ay)),
    tiltDir_rad: Math.atan2(ay, ax),
    offset_mm: off,
    k1: rng.uniform(-0.12, 0.03),
    k2: rng.uniform(-0.02, 0.03),
    margin: rng.uniform(0.02, 0.12),
    principalOffset_px: { x: rng.normal(0, 0.01) * width_px, y: rng.normal(0, 0.01) * height_px },
  });
}

/** JSON for meta.json */
export function cameraToJson(cam: Camera): CameraParams {
  return JSON.parse(JSON.stringify(cam.params)) as CameraParams;
}

function dot(a: number[], b: number[]): number {
  return a[0]! * b[0]! + a[1]! * b[1]! + a[2]! * b[2]!;
}
function cross(a: number[], b: number[]): number[] {
  return [a[1]! * b[2]! - a[2]! * b[1]!, a[2]! * b[0]! - a[0]! * b[2]!, a[0]! * b[1]! - a[1]! * b[0]!];
}
function norm(a: number[]): number[] {
  const l = Math.hypot(a[0]!, a[1]!, a[2]!);
  return [a[0]! / l, a[1]! / l, a[2]! / l];
}
