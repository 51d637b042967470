// The cue's impact on a ball: an instantaneous impulse along the cue axis at the tip's contact
// point. Hitting off centre gives spin (above: follow, below: draw, sideways: side spin); an
// elevated cue drives the ball into the cloth, which bounces it up (a jump).
import type { Ball } from './ball.js';
import type { PhysicsParams } from './params.js';

export interface StrikeParams {
  /** the ball the cue hits; anything but 'cue' is the F3 case */
  ball?: import('../types.js').BallId;
  /** speed of the cue tip at impact */
  cueSpeed_mm_s: number;
  /** direction of the cue in the table plane, radians from +x toward +y */
  heading_rad: number;
  /** cue elevation above horizontal, radians (0 = level) */
  elevation_rad?: number;
  /** tip offset to the striker's right, as a fraction of the ball radius */
  side?: number;
  /** tip offset above the centre (follow > 0, draw < 0), as a fraction of the ball radius */
  height?: number;
}

/** Largest tip offset (fraction of R) before a miscue. */
export const MAX_TIP_OFFSET = 0.6;

/** Ball speed right after a centre hit with a level cue, for a cue speed (and its inverse). */
export function ballSpeedForCue(cueSpeed_mm_s: number, p: PhysicsParams): number {
  return ((1 + p.tipRestitution) * cueSpeed_mm_s) / (1 + p.ballMass_kg / p.cueMass_kg);
}
export function cueSpeedForBall(ballSpeed_mm_s: number, p: PhysicsParams): number {
  return (ballSpeed_mm_s * (1 + p.ballMass_kg / p.cueMass_kg)) / (1 + p.tipRestitution);
}

/** Set the ball's velocity and spin from the cue's impact (adds to what it had). */
export function applyStrike(b: Ball, s: StrikeParams, R: number, p: PhysicsParams): void {
  const th = s.elevation_rad ?? 0;
  const ph = s.heading_rad;
  let a = (s.side ?? 0) * R;
  let h = (s.height ?? 0) * R;
  const off = Math.hypot(a, h);
  if (off > MAX_TIP_OFFSET * R) {
    a *= (MAX_TIP_OFFSET * R) / off;
    h *= (MAX_TIP_OFFSET * R) / off;
  }
  const c = Math.sqrt(R * R - a * a - h * h);
  // cue direction D, the striker's right s (horizontal), and up e (perpendicular to D)
  const Dx = Math.cos(th) * Math.cos(ph);
  const Dy = Math.cos(th) * Math.sin(ph);
  const Dz = -Math.sin(th);
  const sx = Math.sin(ph);
  const sy = -Math.cos(ph);
  const ex = Math.sin(th) * Math.cos(ph);
  const ey = Math.sin(th) * Math.sin(ph);
  const ez = Math.cos(th);
  const rx = a * sx + h * ex - c * Dx;
  const ry = a * sy + h * ey - c * Dy;
  const rz = h * ez - c * Dz;
  // unit ball mass; I = 2/5 R²; the cue's mass relative to the ball's
  const I = 0.4 * R * R;
  const M = p.cueMass_kg / p.ballMass_kg;
  const invMeff = 1 + (a * a + h * h) / I;
  const J = ((1 + p.tipRestitution) * s.cueSpeed_mm_s) / (1 / M + invMeff);
  b.vx += J * Dx;
  b.vy += J * Dy;
  b.vz += J * Dz;
  // Δw = r × (J D) / I
  b.wx += (J * (ry * Dz - rz * Dy)) / I;
  b.wy += (J * (rz * Dx - rx * Dz)) / I;
  b.wz += (J * (rx * Dy - ry * Dx)) / I;
}
