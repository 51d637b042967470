// Small vector helpers for the renderer's inner loops (plain numbers, no allocation there).
import type { Quat, Vec3_mm } from '../types.js';

export type Mat3 = [number, number, number, number, number, number, number, number, number];

/** Rotation matrix (row-major) of a unit quaternion [w, x, y, z]: body -> table. */
export function quatToMat(q: Quat): Mat3 {
  const [w, x, y, z] = q;
  const n = Math.hypot(w, x, y, z) || 1;
  const a = w / n, b = x / n, c = y / n, d = z / n;
  return [
    1 - 2 * (c * c + d * d), 2 * (b * c - a * d), 2 * (b * d + a * c),
    2 * (b * c + a * d), 1 - 2 * (b * b + d * d), 2 * (c * d - a * b),
    2 * (b * d - a * c), 2 * (c * d + a * b), 1 - 2 * (b * b + c * c),
  ];
}

export function matMul(a: Mat3, b: Mat3): Mat3 {
  const o = new Array(9).fill(0) as Mat3;
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) o[i * 3 + j] = a[i * 3]! * b[j]! + a[i * 3 + 1]! * b[3 + j]! + a[i * 3 + 2]! * b[6 + j]!;
  return o;
}

export function transpose(a: Mat3): Mat3 {
  return [a[0], a[3], a[6], a[1], a[4], a[7], a[2], a[5], a[8]];
}

/** Quaternion for a rotation of angle (rad) about a unit axis. */
export function axisAngleQuat(ax: number, ay: number, az: number, angle: number): Quat {
  const s = Math.sin(angle / 2);
  return [Math.cos(angle / 2), ax * s, ay * s, az * s];
}

/** Hamilton product a*b (apply b, then a). */
export function quatMul(a: Quat, b: Quat): Quat {
  const [aw, ax, ay, az] = a;
  const [bw, bx, by, bz] = b;
  return [
    aw * bw - ax * bx - ay * by - az * bz,
    aw * bx + ax * bw + ay * bz - az * by,
    aw * by - ax * bz + ay * bw + az * bx,
    aw * bz + ax * by - ay * bx + az * bw,
  ];
}

/**
 * Distance between the segment A-B and the ray from O along unit direction d, and where along
 * the segment (s in [0, 1]) and the ray (t >= 0) the closest points are.
 */
export function segmentRayDistance(
  A: Vec3_mm, B: Vec3_mm, O: Vec3_mm, d: Vec3_mm,
): { dist: number; s: number; t: number } {
  const ux = B.x - A.x, uy = B.y - A.y, uz = B.z - A.z;
  const wx = A.x - O.x, wy = A.y - O.y, wz = A.z - O.z;
  const a = ux * ux + uy * uy + uz * uz;
  const b = ux * d.x + uy * d.y + uz * d.z;
  const c = 1;
  const dd = ux * wx + uy * wy + uz * wz;
  const e = d.x * wx + d.y * wy + d.z * wz;
  const den = a * c - b * b;
  let s = den > 1e-9 ? (b * e - c * dd) / den : 0;
  s = Math.max(0, Math.min(1, s));
  let t = b * s + e;
  if (t < 0) t = 0;
  // re-project s for the clamped t
  s = a > 1e-9 ? Math.max(0, Math.min(1, (t * b - dd) / a)) : 0;
  const px = A.x + s * ux - (O.x + t * d.x);
  const py = A.y + s * uy - (O.y + t * d.y);
  const pz = A.z + s * uz - (O.z + t * d.z);
  return { dist: Math.hypot(px, py, pz), s, t };
}

/** Closest distance between segments P0-P1 and Q0-Q1 (for shadow rays against arms and the cue). */
export function segmentSegmentDistance(
  p0x: number, p0y: number, p0z: number, p1x: number, p1y: number, p1z: number,
  q0x: number, q0y: number, q0z: number, q1x: number, q1y: number, q1z: number,
): { dist: number; s: number; t: number } {
  const ux = p1x - p0x, uy = p1y - p0y, uz = p1z - p0z;
  const vx = q1x - q0x, vy = q1y - q0y, vz = q1z - q0z;
  const wx = p0x - q0x, wy = p0y - q0y, wz = p0z - q0z;
  const a = ux * ux + uy * uy + uz * uz;
  const b = ux * vx + uy * vy + uz * vz;
  const c = vx * vx + vy * vy + vz * vz;
  const d = ux * wx + uy * wy + uz * wz;
  const e = vx * wx + vy * wy + vz * wz;
  const den = a * c - b * b;
  let s = den > 1e-9 ? (b * e - c * d) / den : 0;
  s = Math.max(0, Math.min(1, s));
  let t = c > 1e-9 ? (b * s + e) / c : 0;
  if (t < 0) { t = 0; s = a > 1e-9 ? Math.max(0, Math.min(1, -d / a)) : 0; }
  else if (t > 1) { t = 1; s = a > 1e-9 ? Math.max(0, Math.min(1, (b - d) / a)) : 0; }
  const dx = wx + s * ux - t * vx, dy = wy + s * uy - t * vy, dz = wz + s * uz - t * vz;
  return { dist: Math.hypot(dx, dy, dz), s, t };
}
