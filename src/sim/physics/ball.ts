// One ball's full rigid-body state. Kept as plain mutable numbers: the inner loop touches these
// millions of times per simulated game.
import type { PocketId } from '../../table/geometry.js';
import type { BallId, Quat } from '../types.js';
import { integrateQuat } from './quat.js';

/** How the ball is moving, finer than the BallPhase the renderer sees. */
export type Motion =
  | 'rest'
  | 'spinning' // in place, only spin about the vertical axis left
  | 'sliding' // the contact point slips on the cloth
  | 'rolling'
  | 'airborne'
  | 'falling' // dropping through a pocket hole
  | 'carried' // moved by a hand along a scripted path
  | 'pocketed'
  | 'offTable'
  | 'inHand';

export interface Carry {
  fromX: number;
  fromY: number;
  toX: number;
  toY: number;
  t0: number;
  t1: number;
  /** peak lift above the cloth while carried (0 = pushed along the cloth) */
  lift_mm: number;
}

export class Ball {
  x = 0;
  y = 0;
  z = 0;
  vx = 0;
  vy = 0;
  vz = 0;
  wx = 0;
  wy = 0;
  wz = 0;
  q: Quat = [1, 0, 0, 0];
  /** position when the neighbour list was built */
  x0 = 0;
  y0 = 0;
  z0 = 0;
  /** rotation (ω dt summed) not yet folded into q: turning q every step costs more than the physics */
  rotX = 0;
  rotY = 0;
  rotZ = 0;
  motion: Motion = 'inHand';
  /** rail top or cloth: centre height when supported */
  groundZ = 0;
  /** set while between a pocket's jaws, falling into, or in a pocket */
  pocket: PocketId | null = null;
  /** the jaw zone the ball is in (for jawEnter / rattleOut) */
  jaw: PocketId | null = null;
  /** resting between the jaws at the lip (R8) */
  hanging = false;
  carry: Carry | null = null;
  /** when the ball started falling through a hole */
  fallStart_s = 0;
  /** flew or rolled off the rail: still in the air on its way to the floor, out of play */
  gone = false;
  /** being carried onto the table from off it (a placement, not a move) */
  placing = false;
  /** motion at the end of the previous step, to notice a ball coming to rest */
  lastMotion: Motion = 'inHand';

  constructor(readonly id: BallId) {}

  get onTable(): boolean {
    return !this.gone && this.motion !== 'pocketed' && this.motion !== 'offTable' && this.motion !== 'inHand';
  }

  /** moving on or above the table under the physics (not carried, not at rest) */
  get active(): boolean {
    const m = this.motion;
    return m === 'sliding' || m === 'rolling' || m === 'spinning' || m === 'airborne' || m === 'falling';
  }

  /** takes part in collisions */
  get solid(): boolean {
    const m = this.motion;
    if (this.gone) return false;
    return m === 'rest' || m === 'sliding' || m === 'rolling' || m === 'spinning' || m === 'airborne' || (m === 'falling' && this.z > 0);
  }

  /** Add ω·dt to the pending rotation, folding it into q once it is large enough to matter. */
  turn(dt: number): void {
    this.rotX += this.wx * dt;
    this.rotY += this.wy * dt;
    this.rotZ += this.wz * dt;
    if (this.rotX * this.rotX + this.rotY * this.rotY + this.rotZ * this.rotZ > 0.01) this.foldRotation();
  }

  foldRotation(): void {
    integrateQuat(this.q, this.rotX, this.rotY, this.rotZ, 1);
    this.rotX = this.rotY = this.rotZ = 0;
  }

  /** The orientation with any pending rotation applied (does not change the ball). */
  orientation(): Quat {
    const q: Quat = [this.q[0], this.q[1], this.q[2], this.q[3]];
    integrateQuat(q, this.rotX, this.rotY, this.rotZ, 1);
    return q;
  }

  speed(): number {
    return Math.sqrt(this.vx * this.vx + this.vy * this.vy + this.vz * this.vz);
  }

  clone(): Ball {
    const b = new Ball(this.id);
    Object.assign(b, this);
    b.q = [...this.q] as Quat;
    b.carry = this.carry ? { ...this.carry } : null;
    return b;
  }
}

/**
 * Kinetic (translation + rotation) plus potential energy relative to a ball resting on the cloth,
 * in joules. A ball that starts falling into a pocket, leaves the table or is carried by a hand
 * has left the system: it counts 0 from then on (so a fall is a loss, never a gain).
 */
export function ballEnergy_J(b: Ball, mass_kg: number, R_mm: number, g_mm_s2: number): number {
  const m = b.motion;
  if (b.gone) return 0;
  if (m !== 'rest' && m !== 'spinning' && m !== 'sliding' && m !== 'rolling' && m !== 'airborne') return 0;
  const v2 = b.vx * b.vx + b.vy * b.vy + b.vz * b.vz; // mm²/s²
  const w2 = b.wx * b.wx + b.wy * b.wy + b.wz * b.wz; // rad²/s²
  const I = 0.4 * mass_kg * R_mm * R_mm; // kg·mm²
  const e_kg_mm2_s2 = 0.5 * mass_kg * v2 + 0.5 * I * w2 + mass_kg * g_mm_s2 * (b.z - R_mm);
  return e_kg_mm2_s2 * 1e-6;
}
