// Contacts: when two balls or a ball and a cushion meet within a step (time of impact with the
// velocities held for the step), and the impulses that resolve them. Every impulse here is a
// normal impulse with restitution ≤ 1 followed by a friction impulse that at most stops the slip at
// the contact, so no contact can add energy. Masses are 1 (equal balls), I = 2/5 R².
import type { Ball } from './ball.js';
import type { Capsule } from './layout.js';

/** Earliest t in [0, tMax] at which the balls' centres are `dist` apart while approaching, else Infinity. */
export function toiBallBall(a: Ball, b: Ball, dist: number, tMax: number): number {
  const px = b.x - a.x;
  const py = b.y - a.y;
  const pz = b.z - a.z;
  const vx = b.vx - a.vx;
  const vy = b.vy - a.vy;
  const vz = b.vz - a.vz;
  const pv = px * vx + py * vy + pz * vz;
  if (pv >= 0) return Infinity; // separating or relatively still
  const c = px * px + py * py + pz * pz - dist * dist;
  if (c <= 1e-9) return 0;
  const vv = vx * vx + vy * vy + vz * vz;
  const disc = pv * pv - vv * c;
  if (disc < 0) return Infinity;
  const t = (-pv - Math.sqrt(disc)) / vv;
  return t <= tMax ? Math.max(0, t) : Infinity;
}

/** Earliest t in [0, tMax] at which a point moving at (vx, vy) comes within rho of (cx, cy), approaching. */
function toiPointCircle(x: number, y: number, vx: number, vy: number, cx: number, cy: number, rho: number, tMax: number): number {
  const px = x - cx;
  const py = y - cy;
  const pv = px * vx + py * vy;
  if (pv >= 0) return Infinity;
  const c = px * px + py * py - rho * rho;
  if (c <= 1e-9) return 0;
  const vv = vx * vx + vy * vy;
  const disc = pv * pv - vv * c;
  if (disc < 0) return Infinity;
  const t = (-pv - Math.sqrt(disc)) / vv;
  return t <= tMax ? Math.max(0, t) : Infinity;
}

/** Earliest t in [0, tMax] at which the ball's centre comes within R + cap.r of the capsule's segment. */
export function toiBallCapsule(b: Ball, cap: Capsule, R: number, tMax: number): number {
  const rho = R + cap.r;
  const ex = cap.bx - cap.ax;
  const ey = cap.by - cap.ay;
  const len = Math.sqrt(ex * ex + ey * ey);
  const tx = ex / len;
  const ty = ey / len;
  const nx = -ty;
  const ny = tx;
  const d = (b.x - cap.ax) * nx + (b.y - cap.ay) * ny;
  const vn = b.vx * nx + b.vy * ny;
  const side = d >= 0 ? 1 : -1;
  let best = Infinity;
  if (side * vn < 0) {
    const gap = Math.abs(d) - rho;
    const t = gap <= 1e-9 ? 0 : gap / -(side * vn);
    if (t <= tMax) {
      const s = (b.x + b.vx * t - cap.ax) * tx + (b.y + b.vy * t - cap.ay) * ty;
      // touching the flat side (an end is caught by the circles below)
      if (s >= 0 && s <= len) best = t;
    }
  }
  if (best > 0) {
    best = Math.min(best, toiPointCircle(b.x, b.y, b.vx, b.vy, cap.ax, cap.ay, rho, tMax));
    best = Math.min(best, toiPointCircle(b.x, b.y, b.vx, b.vy, cap.bx, cap.by, rho, tMax));
  }
  return best;
}

/** Closest point of the capsule's segment to (x, y). */
export function closestOnCapsule(cap: Capsule, x: number, y: number): [number, number] {
  const ex = cap.bx - cap.ax;
  const ey = cap.by - cap.ay;
  const s = Math.max(0, Math.min(1, ((x - cap.ax) * ex + (y - cap.ay) * ey) / (ex * ex + ey * ey)));
  return [cap.ax + s * ex, cap.ay + s * ey];
}

export interface ContactParams {
  R: number;
  restitution: number;
  friction: number;
}

/**
 * Ball–ball impulse along the line of centres, then surface friction (throw). Returns the
 * normal impulse (0 if the balls were not approaching).
 */
export function resolveBallBall(a: Ball, b: Ball, c: ContactParams): number {
  let nx = b.x - a.x;
  let ny = b.y - a.y;
  let nz = b.z - a.z;
  const d = Math.sqrt(nx * nx + ny * ny + nz * nz) || 1;
  nx /= d;
  ny /= d;
  nz /= d;
  const vrel = (a.vx - b.vx) * nx + (a.vy - b.vy) * ny + (a.vz - b.vz) * nz;
  if (vrel <= 0) return 0;
  const J = ((1 + c.restitution) * vrel) / 2;
  a.vx -= J * nx;
  a.vy -= J * ny;
  a.vz -= J * nz;
  b.vx += J * nx;
  b.vy += J * ny;
  b.vz += J * nz;

  // contact points: r_a = R n, r_b = -R n; slip of a's surface against b's
  const R = c.R;
  const rax = R * nx, ray = R * ny, raz = R * nz;
  const uax = a.vx + (a.wy * raz - a.wz * ray);
  const uay = a.vy + (a.wz * rax - a.wx * raz);
  const uaz = a.vz + (a.wx * ray - a.wy * rax);
  const ubx = b.vx - (b.wy * raz - b.wz * ray);
  const uby = b.vy - (b.wz * rax - b.wx * raz);
  const ubz = b.vz - (b.wx * ray - b.wy * rax);
  let ux = uax - ubx;
  let uy = uay - uby;
  let uz = uaz - ubz;
  const un = ux * nx + uy * ny + uz * nz;
  ux -= un * nx;
  uy -= un * ny;
  uz -= un * nz;
  // tangential compliance of the pair is 7 (unit masses), so -u/7 stops the slip
  let px = -ux / 7;
  let py = -uy / 7;
  let pz = -uz / 7;
  const pm = Math.sqrt(px * px + py * py + pz * pz);
  const cap = c.friction * J;
  if (pm > cap && pm > 0) {
    const s = cap / pm;
    px *= s;
    py *= s;
    pz *= s;
  }
  const invI = 1 / (0.4 * R * R);
  a.vx += px;
  a.vy += py;
  a.vz += pz;
  b.vx -= px;
  b.vy -= py;
  b.vz -= pz;
  // Δw = r × P / I for a (r = R n) and for b (r = -R n, impulse -P): the same Δw
  const dwx = (ray * pz - raz * py) * invI;
  const dwy = (raz * px - rax * pz) * invI;
  const dwz = (rax * py - ray * px) * invI;
  a.wx += dwx;
  a.wy += dwy;
  a.wz += dwz;
  b.wx += dwx;
  b.wy += dwy;
  b.wz += dwz;
  return J;
}

/**
 * Ball–cushion impulse. (nx, ny) is the horizontal unit normal from the cushion toward the ball;
 * the nose touches the ball `contactAbove_mm` above its centre. The normal impulse goes through
 * the centre (the contact force points at the centre); friction at the nose changes the spin.
 */
export function resolveBallCushion(b: Ball, nx: number, ny: number, contactAbove_mm: number, c: ContactParams): number {
  const vn = b.vx * nx + b.vy * ny;
  if (vn >= 0) return 0;
  const J = -(1 + c.restitution) * vn;
  b.vx += J * nx;
  b.vy += J * ny;

  const R = c.R;
  const sinT = Math.max(-0.9, Math.min(0.9, contactAbove_mm / R));
  const cosT = Math.sqrt(1 - sinT * sinT);
  const rx = -R * cosT * nx;
  const ry = -R * cosT * ny;
  const rz = R * sinT;
  const ux = b.vx + (b.wy * rz - b.wz * ry);
  const uy = b.vy + (b.wz * rx - b.wx * rz);
  const uz = b.vz + (b.wx * ry - b.wy * rx);
  // tangent along the cushion and vertical; the compliance matrix is diagonal in this basis
  const tx = -ny;
  const ty = nx;
  const ut = ux * tx + uy * ty;
  let pt = -ut / 3.5;
  let pz = -uz / (3.5 - 2.5 * sinT * sinT);
  const pm = Math.sqrt(pt * pt + pz * pz);
  const cap = c.friction * J;
  if (pm > cap && pm > 0) {
    pt *= cap / pm;
    pz *= cap / pm;
  }
  const px = pt * tx;
  const py = pt * ty;
  b.vx += px;
  b.vy += py;
  b.vz += pz;
  const invI = 1 / (0.4 * R * R);
  b.wx += (ry * pz - rz * py) * invI;
  b.wy += (rz * px - rx * pz) * invI;
  b.wz += (rx * py - ry * px) * invI;
  return J;
}

/** A ball landing on the cloth or rail: vertical bounce, then friction at the bottom point. */
export function resolveLanding(b: Ball, restitution: number, friction: number, R: number): void {
  const J = -(1 + restitution) * b.vz;
  if (J <= 0) return;
  b.vz += J;
  // contact at r = (0, 0, -R): slip u = (vx - R wy, vy + R wx); horizontal compliance 3.5
  let px = -(b.vx - R * b.wy) / 3.5;
  let py = -(b.vy + R * b.wx) / 3.5;
  const pm = Math.sqrt(px * px + py * py);
  const cap = friction * J;
  if (pm > cap && pm > 0) {
    px *= cap / pm;
    py *= cap / pm;
  }
  b.vx += px;
  b.vy += py;
  const invI = 1 / (0.4 * R * R);
  // r × P with r = (0, 0, -R)
  b.wx += R * py * invI;
  b.wy += -R * px * invI;
}
