// A ball's motion between contacts: drift (positions, gravity in flight, orientation) and the
// cloth's friction (sliding until the contact point stops slipping, then rolling with rolling
// resistance; spin about the vertical axis decays on its own). Integrated in closed form over a
// step, so the result does not depend on the step size except at contacts.
import type { Ball } from './ball.js';
import type { PhysicsParams } from './params.js';

/** Move a ball along its current velocity for tau seconds (ballistic when in flight). */
export function drift(b: Ball, tau: number, g: number): void {
  const m = b.motion;
  if (m === 'sliding' || m === 'rolling') {
    b.x += b.vx * tau;
    b.y += b.vy * tau;
  } else if (m === 'airborne' || m === 'falling') {
    b.x += b.vx * tau;
    b.y += b.vy * tau;
    b.z += b.vz * tau - 0.5 * g * tau * tau;
    b.vz -= g * tau;
  }
}

/** Contact-point slip on the cloth: u = v + ω × (0, 0, -R). */
export function slip(b: Ball, R: number): [number, number] {
  return [b.vx - R * b.wy, b.vy + R * b.wx];
}

/**
 * Friction of the cloth over dt for a ball on the cloth or rail (sliding, rolling or spinning).
 * Sets b.motion to what the ball is doing at the end of the step.
 */
export function applyClothFriction(b: Ball, dt: number, R: number, p: PhysicsParams): void {
  const g = p.g_mm_s2;
  let left = dt;
  const [ux, uy] = slip(b, R);
  const u = Math.sqrt(ux * ux + uy * uy);
  if (u > 1e-6) {
    // slip shrinks at 7/2 mu g in a fixed direction until it vanishes
    const tSlide = u / (3.5 * p.muSlide * g);
    const tau = Math.min(left, tSlide);
    const dv = p.muSlide * g * tau;
    const ex = ux / u;
    const ey = uy / u;
    b.vx -= dv * ex;
    b.vy -= dv * ey;
    b.wx -= (2.5 * dv * ey) / R;
    b.wy += (2.5 * dv * ex) / R;
    left -= tau;
    if (tau < tSlide) {
      spinDecay(b, dt, R, p);
      b.motion = 'sliding';
      return;
    }
    // exactly rolling now: remove the rounding left in the slip
    b.wx = -b.vy / R;
    b.wy = b.vx / R;
  }
  const v = Math.sqrt(b.vx * b.vx + b.vy * b.vy);
  const dv = p.muRoll * g * left;
  if (v > dv && v > p.restSpeed_mm_s) {
    const k = (v - dv) / v;
    b.vx *= k;
    b.vy *= k;
    b.wx = -b.vy / R;
    b.wy = b.vx / R;
    b.motion = 'rolling';
  } else {
    b.vx = 0;
    b.vy = 0;
    b.wx = 0;
    b.wy = 0;
    b.motion = 'spinning';
  }
  spinDecay(b, dt, R, p);
  if (b.motion === 'spinning' && Math.abs(b.wz) < p.restSpin_rad_s) {
    b.wz = 0;
    b.motion = 'rest';
  }
}

function spinDecay(b: Ball, dt: number, R: number, p: PhysicsParams): void {
  const dw = ((2.5 * p.muSpin * p.g_mm_s2) / R) * dt;
  if (Math.abs(b.wz) <= dw) b.wz = 0;
  else b.wz -= Math.sign(b.wz) * dw;
}
