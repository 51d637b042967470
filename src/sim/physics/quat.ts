// Orientation of a ball: body-to-table unit quaternion [w, x, y, z], turned by the angular
// velocity (table axes) each step, so printed numerals roll with the ball.
import type { Quat } from '../types.js';

/** q ← exp(ω dt / 2) ⊗ q, renormalised. */
export function integrateQuat(q: Quat, wx: number, wy: number, wz: number, dt: number): void {
  const w = Math.sqrt(wx * wx + wy * wy + wz * wz);
  if (w * dt < 1e-12) return;
  const half = 0.5 * w * dt;
  const s = Math.sin(half) / w;
  const dw = Math.cos(half);
  const dx = wx * s;
  const dy = wy * s;
  const dz = wz * s;
  const [qw, qx, qy, qz] = q;
  let nw = dw * qw - dx * qx - dy * qy - dz * qz;
  let nx = dw * qx + dx * qw + dy * qz - dz * qy;
  let ny = dw * qy - dx * qz + dy * qw + dz * qx;
  let nz = dw * qz + dx * qy - dy * qx + dz * qw;
  const n = Math.sqrt(nw * nw + nx * nx + ny * ny + nz * nz);
  nw /= n;
  nx /= n;
  ny /= n;
  nz /= n;
  q[0] = nw;
  q[1] = nx;
  q[2] = ny;
  q[3] = nz;
}

/** Rotate a body-frame vector into table axes. */
export function rotate(q: Quat, v: [number, number, number]): [number, number, number] {
  const [w, x, y, z] = q;
  const [vx, vy, vz] = v;
  // t = 2 (q_xyz × v); v' = v + w t + q_xyz × t
  const tx = 2 * (y * vz - z * vy);
  const ty = 2 * (z * vx - x * vz);
  const tz = 2 * (x * vy - y * vx);
  return [vx + w * tx + (y * tz - z * ty), vy + w * ty + (z * tx - x * tz), vz + w * tz + (x * ty - y * tx)];
}

/** A random orientation from three uniforms in [0, 1) (Shoemake). */
export function randomQuat(u1: number, u2: number, u3: number): Quat {
  const a = Math.sqrt(1 - u1);
  const b = Math.sqrt(u1);
  return [a * Math.sin(2 * Math.PI * u2), a * Math.cos(2 * Math.PI * u2), b * Math.sin(2 * Math.PI * u3), b * Math.cos(2 * Math.PI * u3)];
}
