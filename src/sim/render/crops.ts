// Training crops for the number reader (issue 5): one ball in context (cloth, neighbours, cushions,
// an arm or the cue now and then), rendered at 1920x1080 camera scale with a random look, camera
// and orientation, cut out around the ball, with its label and how much of its numeral shows.
import type { TableSpec } from '../../table/geometry.js';
import { RUSSIAN_12FT } from '../../table/geometry.js';
import type { Rng } from '../rng.js';
import { makeRng } from '../rng.js';
import type { BallId, BallSnapshot, Occluder, Quat, Scene } from '../types.js';
import type { Camera } from './camera.js';
import { randomCameraOverTable } from './camera.js';
import type { Look, LookOverrides } from './look.js';
import { randomLook } from './look.js';
import type { Renderer } from './renderer.js';
import { createRenderer } from './renderer.js';
import { randomOrientation } from './demo-scene.js';
import { quatToMat } from './geom.js';
import { coveredFraction, pointHidden } from './visibility.js';
import { sceneCapsules } from './capsules.js';
import type { Capsule } from './context.js';

export type CropLabel = BallId | 'hidden';

export interface BallCrop {
  /** RGB24, size_px x size_px */
  rgb: Uint8Array;
  size_px: number;
  ball: BallId;
  /** what a number reader should answer: the number (or 'cue') when readable, else 'hidden' */
  label: CropLabel;
  /** 0..1, the larger of the two printed numerals' ink fraction that faces the camera (within 60
   * degrees of it) and is not hidden behind an arm or the cue; 1 for the cue ball */
  numeralVisible: number;
  /** degrees between the camera's line of sight and the face of the printed numeral that is turned
   * most towards it (0: seen square on; 90: edge on); 0 for the cue ball */
  numeralTilt_deg: number;
  readable: boolean;
  /** ball centre and radius in crop pixels */
  centre_px: { u: number; v: number };
  radius_px: number;
  /** fraction of the ball's disc behind an arm or the cue */
  occluded: number;
  /** the smear of motion blur over the exposure, mm */
  motion_mm: number;
  lookSeed: number;
}

export interface CropOptions {
  size_px?: number;
  /** crops drawn with one look and camera before a new one is made (each costs a renderer) */
  perLook?: number;
  /** numeralVisible at or above this (and little motion) counts as readable */
  readableAt?: number;
  /** largest offset of the ball from the crop's centre, px */
  jitter_px?: number;
  look?: LookOverrides;
  spec?: TableSpec;
  /** share of crops whose ball is turned so a numeral faces the camera within ~45 degrees */
  faceUpShare?: number;
  /** the balls a crop's own ball is drawn from (all sixteen when absent) */
  balls?: readonly BallId[];
}

/** `n` crops from a seed; deterministic. */
export function renderBallCrops(seed: number | string, n: number, opts: CropOptions = {}): BallCrop[] {
  const spec = opts.spec ?? RUSSIAN_12FT;
  const perLook = opts.perLook ?? 24;
  const rng = makeRng(seed).fork('crops');
  const out: BallCrop[] = [];
  let renderer: Renderer | null = null;
  let frame: Uint8Array | null = null;
  let lookSeed = 0;
  for (let i = 0; i < n; i++) {
    if (i % perLook === 0 || !renderer) {
      lookSeed = rng.int(0, 2 ** 31 - 1);
      const look = randomLook(lookSeed, opts.look ?? {});
      const cam = randomCameraOverTable(spec, makeRng(lookSeed).fork('camera'), 1920, 1080);
      renderer = createRenderer(spec, cam, look, { width: 1920, height: 1080, precompute: false });
      frame = new Uint8Array(1920 * 1080 * 3);
    }
    out.push(renderOneCrop(renderer, frame!, rng.fork(`crop${i}`), lookSeed, opts));
  }
  return out;
}

const IDS: BallId[] = ['cue', 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];

/**
 * Centre travel over the exposure (mm) from which an object ball's numeral counts as smeared, not
 * readable. The top of a rolling ball, where a face-up numeral sits, moves at twice the centre's
 * speed, so 6 mm smears the ink by up to 12 mm: several stroke widths of a 15-27 mm numeral. (It
 * was 12 mm: crops between 6 and 12 mm were labelled readable but show a smudge, and a reader got
 * 24% of them right against 80% of still balls.)
 */
export const NUMERAL_SMEAR_MM = 6;

/**
 * Share of the cue ball's disc behind an arm or the cue from which it is not told by its look: the
 * cue ball has no numeral, so its label once ignored cover, and crops of a cue ball wholly under a
 * sleeve were "readable" (the v4 reader answered "not visible" on them: its card's cue-ball row, seeds
 * 900000, went from 97.32% of 112 to 100% of 105 with this rule). A banded cue ball half covered may
 * show no band at all.
 */
export const CUE_COVERED_UNREADABLE = 0.4;

/** One crop with a renderer already made (for callers that manage looks themselves). */
export function renderOneCrop(renderer: Renderer, frame: Uint8Array, rng: Rng, lookSeed: number, opts: CropOptions = {}): BallCrop {
  const spec = renderer.spec;
  const size = opts.size_px ?? 64;
  const R = spec.ball_mm / 2;
  const id = rng.pick(opts.balls?.length ? opts.balls : IDS);
  const hx = spec.length_mm / 2 - R, hy = spec.width_mm / 2 - R;
  // mostly anywhere on the cloth, sometimes against a cushion
  let x = rng.uniform(-hx, hx), y = rng.uniform(-hy, hy);
  if (rng.chance(0.15)) y = (rng.chance(0.5) ? 1 : -1) * (hy - rng.uniform(0, 3));
  if (rng.chance(0.1)) x = (rng.chance(0.5) ? 1 : -1) * (hx - rng.uniform(0, 3));
  const q: Quat = rng.chance(opts.faceUpShare ?? 0.4) ? facingCamera(renderer.camera, { x, y, z: R }, rng) : randomOrientation(rng);
  const moving = rng.chance(0.2);
  const speed = moving ? rng.uniform(200, 3500) : 0;
  const heading = rng.uniform(0, 2 * Math.PI);
  const target: BallSnapshot = { id, pos_mm: { x, y, z: R }, orientation: q, phase: moving ? 'rolling' : 'rest', speed_mm_s: speed };
  const balls: BallSnapshot[] = [target];
  // neighbours: a cluster now and then, touching or near
  const nNear = rng.chance(0.5) ? rng.int(1, 5) : 0;
  const others = IDS.filter((b) => b !== id);
  for (let k = 0; k < nNear; k++) {
    const a = rng.uniform(0, 2 * Math.PI);
    const d = 2 * R + (rng.chance(0.5) ? rng.uniform(0, 1) : rng.uniform(1, 60));
    const p = { x: x + d * Math.cos(a), y: y + d * Math.sin(a) };
    if (Math.abs(p.x) > hx || Math.abs(p.y) > hy) continue;
    if (balls.some((b) => Math.hypot(b.pos_mm.x - p.x, b.pos_mm.y - p.y) < 2 * R)) continue;
    balls.push({ id: others.splice(rng.int(0, others.length - 1), 1)[0]!, pos_mm: { ...p, z: R }, orientation: randomOrientation(rng), phase: 'rest', speed_mm_s: 0 });
  }
  // an arm or the cue across or beside the ball, now and then
  const occluders: Occluder[] = [];
  let cue: Scene['cue'];
  if (rng.chance(0.15)) {
    // above the balls (a hand rests on the cloth only between them)
    const a = rng.uniform(0, 2 * Math.PI), off = rng.uniform(-70, 70), r = rng.uniform(30, 55), z = rng.uniform(2 * R + r + 5, 350);
    const cx = x - Math.sin(a) * off, cy = y + Math.cos(a) * off;
    occluders.push({ kind: rng.chance(0.6) ? 'arm' : 'hand', points_mm: [{ x: cx - 300 * Math.cos(a), y: cy - 300 * Math.sin(a), z }, { x: cx + 300 * Math.cos(a), y: cy + 300 * Math.sin(a), z: z + rng.uniform(0, 60) }], radii_mm: [r, r * rng.uniform(0.8, 1.2)] });
  } else if (rng.chance(0.1)) {
    const a = rng.uniform(0, 2 * Math.PI), off = rng.uniform(-40, 40), z = rng.uniform(2 * R + 12, 140);
    const cx = x - Math.sin(a) * off, cy = y + Math.cos(a) * off;
    cue = { tip_mm: { x: cx + 200 * Math.cos(a), y: cy + 200 * Math.sin(a), z }, butt_mm: { x: cx - 1250 * Math.cos(a), y: cy - 1250 * Math.sin(a), z: z + 180 } };
  }
  const exposure = renderer.look.sensor.exposure_s;
  const scene: Scene = { t_s: 1, balls, occluders, ...(cue ? { cue } : {}) };
  const dt = 1 / 30;
  const prev: Scene = { t_s: 1 - dt, balls: [{ ...target, pos_mm: { x: x - Math.cos(heading) * speed * dt, y: y - Math.sin(heading) * speed * dt, z: R } }], occluders: [] };
  const cam = renderer.camera;
  const c = cam.project(target.pos_mm);
  const jit = opts.jitter_px ?? 4;
  const u0 = Math.round(c.u_px - size / 2 + rng.uniform(-jit, jit));
  const v0 = Math.round(c.v_px - size / 2 + rng.uniform(-jit, jit));
  const x0 = Math.max(0, Math.min(renderer.width - size, u0));
  const y0 = Math.max(0, Math.min(renderer.height - size, v0));
  renderer.render(scene, frame, { roi: { x0, y0, x1: x0 + size, y1: y0 + size }, prev, frameKey: rng.int(1, 1e9) });
  const rgb = new Uint8Array(size * size * 3);
  for (let v = 0; v < size; v++) rgb.set(frame.subarray(3 * ((y0 + v) * renderer.width + x0), 3 * ((y0 + v) * renderer.width + x0 + size)), 3 * v * size);
  const caps = sceneCapsules(scene);
  const motion = speed * exposure;
  const visible = id === 'cue' ? 1 : numeralVisibleFraction(renderer, target, caps);
  const readableAt = opts.readableAt ?? 0.85;
  const occluded = coveredFraction(target.pos_mm, R, cam, caps);
  const readable = id === 'cue' ? motion < 40 && occluded < CUE_COVERED_UNREADABLE : visible >= readableAt && motion < NUMERAL_SMEAR_MM;
  return {
    rgb,
    size_px: size,
    ball: id,
    label: readable ? id : 'hidden',
    numeralVisible: visible,
    numeralTilt_deg: id === 'cue' ? 0 : numeralTiltDeg(renderer.camera, target, R),
    readable,
    centre_px: { u: c.u_px - x0, v: c.v_px - y0 },
    radius_px: (cam.params.f_px * R) / cam.toCamera(target.pos_mm).z,
    occluded,
    motion_mm: motion,
    lookSeed,
  };
}

/** An orientation with one of the decals (body +z or -z) within about 45 degrees of the camera, any spin. */
function facingCamera(cam: Camera, pos: { x: number; y: number; z: number }, rng: Rng): Quat {
  const C = cam.params.position_mm;
  let vx = C.x - pos.x, vy = C.y - pos.y, vz = C.z - pos.z;
  const vl = Math.hypot(vx, vy, vz);
  vx /= vl; vy /= vl; vz /= vl;
  // tilt the view direction by up to 45 degrees, then find the rotation taking body z onto it
  const tilt = Math.acos(1 - rng.next() * (1 - Math.cos(Math.PI / 4)));
  const az = rng.uniform(0, 2 * Math.PI);
  let ex = -vy, ey = vx, ez = 0;
  const el = Math.hypot(ex, ey) || 1;
  ex /= el; ey /= el;
  const fx = vy * ez - vz * ey, fy = vz * ex - vx * ez, fz = vx * ey - vy * ex;
  const s = Math.sin(tilt), c = Math.cos(tilt);
  const tx = c * vx + s * (Math.cos(az) * ex + Math.sin(az) * fx);
  const ty = c * vy + s * (Math.cos(az) * ey + Math.sin(az) * fy);
  const tz = c * vz + s * (Math.cos(az) * ez + Math.sin(az) * fz);
  const flip = rng.chance(0.5) ? -1 : 1; // which of the two decals
  const [ax, ay, azz] = [tx * flip, ty * flip, tz * flip];
  // shortest rotation from (0, 0, 1) to (ax, ay, azz), then a spin about that axis
  const w0 = 1 + azz;
  let q: Quat = w0 < 1e-6 ? [0, 1, 0, 0] : normQ([w0, -ay, ax, 0]);
  const spin = rng.uniform(0, 2 * Math.PI);
  const sq: Quat = [Math.cos(spin / 2), ax * Math.sin(spin / 2), ay * Math.sin(spin / 2), azz * Math.sin(spin / 2)];
  q = mulQ(sq, q);
  return q;
}

function normQ(q: Quat): Quat {
  const n = Math.hypot(q[0], q[1], q[2], q[3]);
  return [q[0] / n, q[1] / n, q[2] / n, q[3] / n];
}

function mulQ(a: Quat, b: Quat): Quat {
  return [
    a[0] * b[0] - a[1] * b[1] - a[2] * b[2] - a[3] * b[3],
    a[0] * b[1] + a[1] * b[0] + a[2] * b[3] - a[3] * b[2],
    a[0] * b[2] - a[1] * b[3] + a[2] * b[0] + a[3] * b[1],
    a[0] * b[3] + a[1] * b[2] - a[2] * b[1] + a[3] * b[0],
  ];
}

/**
 * How well a crop's camera resolves its numeral: the digits' height on the image, foreshortened by
 * the numeral's tilt, over the blur it is seen through (the look's lens blur and half a pixel for the
 * sensor's sampling). A digit's counters are about a quarter of its height and blur shut at about
 * twice sigma, so under about 8 they begin to run together (the v4 reader: 76% under 6, 92% from 10;
 * a person reads about 60% of such crops under 6).
 */
export function numeralResolved(crop: BallCrop, look: Look): number {
  const height_px = look.numerals.size * 2 * crop.radius_px * Math.cos((crop.numeralTilt_deg * Math.PI) / 180);
  return height_px / Math.hypot(look.sensor.blur_px, 0.5);
}

/** A 6 or a 9 on a look that prints no underline under them: the same shape turned half a turn, so no
 * single crop tells them apart. */
export function sixNineTwin(crop: BallCrop, look: Look): boolean {
  return (crop.ball === 6 || crop.ball === 9) && !look.numerals.underline69;
}

/** The smaller angle between either decal's centre normal (body +z and -z) and the line to the camera. */
export function numeralTiltDeg(cam: Camera, ball: BallSnapshot, radius_mm: number): number {
  const M = quatToMat(ball.orientation);
  const C = cam.params.position_mm;
  let best = 180;
  for (const side of [1, -1]) {
    const nx = side * M[2], ny = side * M[5], nz = side * M[8];
    const P = { x: ball.pos_mm.x + radius_mm * nx, y: ball.pos_mm.y + radius_mm * ny, z: ball.pos_mm.z + radius_mm * nz };
    const vx = C.x - P.x, vy = C.y - P.y, vz = C.z - P.z;
    const cos = (nx * vx + ny * vy + nz * vz) / Math.hypot(vx, vy, vz);
    best = Math.min(best, (Math.acos(Math.max(-1, Math.min(1, cos))) * 180) / Math.PI);
  }
  return best;
}

/**
 * How much of a ball's numeral the camera can read: for each of the two printed decals, the share
 * of its ink that faces the camera within 60 degrees and is not behind a capsule; the larger one.
 */
export function numeralVisibleFraction(renderer: Renderer, ball: BallSnapshot, caps: Capsule[]): number {
  if (ball.id === 'cue') return 1;
  const tex = renderer.numerals.get(ball.id);
  if (!tex) return 0;
  const R = renderer.spec.ball_mm / 2;
  const M = quatToMat(ball.orientation);
  const C = renderer.camera.params.position_mm;
  const cam: Camera = renderer.camera;
  let best = 0;
  for (const side of [1, -1]) {
    let ink = 0, seen = 0;
    const step = Math.max(1, Math.floor(tex.size / 24));
    for (let j = 0; j < tex.size; j += step) {
      for (let i = 0; i < tex.size; i += step) {
        const a = tex.alpha[j * tex.size + i]!;
        if (a < 0.3) continue;
        const X = -tex.extent_mm + ((i + 0.5) * 2 * tex.extent_mm) / tex.size;
        const Y = tex.extent_mm - ((j + 0.5) * 2 * tex.extent_mm) / tex.size;
        const bx = X / R, by = (side > 0 ? Y : -Y) / R;
        const b2 = bx * bx + by * by;
        if (b2 >= 1) continue;
        const bz = side * Math.sqrt(1 - b2);
        ink += a;
        // body -> table
        const nx = M[0] * bx + M[1] * by + M[2] * bz, ny = M[3] * bx + M[4] * by + M[5] * bz, nz = M[6] * bx + M[7] * by + M[8] * bz;
        const P = { x: ball.pos_mm.x + R * nx, y: ball.pos_mm.y + R * ny, z: ball.pos_mm.z + R * nz };
        if (P.z < 0) continue;
        const vx = C.x - P.x, vy = C.y - P.y, vz = C.z - P.z;
        const cos = (nx * vx + ny * vy + nz * vz) / Math.hypot(vx, vy, vz);
        if (cos < 0.5) continue;
        if (caps.length && pointHidden(P, cam, caps)) continue;
        seen += a;
      }
    }
    if (ink > 0) best = Math.max(best, seen / ink);
  }
  return best;
}
