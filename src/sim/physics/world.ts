// The simulated table: sixteen balls, a fixed time step with exact contact times inside each step
// (the earliest contact is found, everything moves to it, the contact is resolved, repeat), and a
// log of true events. Deterministic: the same calls in the same order give the same run.
import type { TableSpec } from '../../table/geometry.js';
import { RUSSIAN_12FT } from '../../table/geometry.js';
import type { BallId, BallSnapshot, SimEvent } from '../types.js';
import type { CarryOptions, WorldAction } from './actions.js';
import { Ball, ballEnergy_J } from './ball.js';
import { closestOnCapsule, resolveBallBall, resolveBallCushion, toiBallBall, toiBallCapsule } from './collide.js';
import type { TableLayout } from './layout.js';
import { buildLayout } from './layout.js';
import { applyClothFriction, drift } from './motion.js';
import type { PhysicsParams } from './params.js';
import { DEFAULT_PARAMS } from './params.js';
import { ballSnapshot } from './snapshot.js';
import { afterStep, releaseHanging, updateCarry } from './transitions.js';
import type { StrokeTrace } from './trace.js';
import { closeTrace, openTrace, traceContact } from './trace.js';

export type { StrokeTrace };
import type { StrikeParams } from './strike.js';
import { applyStrike } from './strike.js';

/** Slower than this a rolling ball counts as stopped for the truth of `whileMoving` (R5.2). */
export const PERCEPTIBLE_MM_S = 25;

export const BALL_IDS: readonly BallId[] = ['cue', 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];

/** Contacts resolved within one step before the rest of the step is taken without contacts. */
const MAX_CONTACTS_PER_STEP = 2000;
/** Extra distance over touching within which pairs of balls are watched. */
const PAIR_SKIN_MM = 40;

export class World {
  readonly params: PhysicsParams;
  readonly layout: TableLayout;
  readonly R: number;
  readonly balls: Ball[];
  readonly events: SimEvent[] = [];
  readonly actions: WorldAction[] = [];
  readonly strokes: StrokeTrace[] = [];
  private n = 0;
  private strokeActive = false;
  private script: WorldAction[] = [];
  private pairs: Ball[] = [];
  private pairsKey = -1;
  private pairsSkin = 0;
  private scriptAt = 0;

  constructor(readonly table: TableSpec = RUSSIAN_12FT, params: Partial<PhysicsParams> = {}) {
    this.params = { ...DEFAULT_PARAMS, ...params };
    this.layout = buildLayout(table, this.params);
    this.R = table.ball_mm / 2;
    this.balls = BALL_IDS.map((id) => new Ball(id));
  }

  /** A fresh world that will perform `actions` at their steps as it is advanced (a replay). */
  static replay(table: TableSpec, params: Partial<PhysicsParams>, actions: readonly WorldAction[]): World {
    const w = new World(table, params);
    w.script = [...actions];
    w.runScript();
    return w;
  }

  get t_s(): number {
    return this.n * this.params.dt_s;
  }

  get step_n(): number {
    return this.n;
  }

  ball(id: BallId): Ball {
    const b = this.balls.find((x) => x.id === id);
    if (!b) throw new Error(`no ball ${String(id)}`);
    return b;
  }

  // ---- actions -------------------------------------------------------------------------------

  /** Put a ball at rest on the cloth with no event (the starting position of a run). */
  set(id: BallId, x: number, y: number): void {
    this.log({ step: this.n, kind: 'set', ball: id, x, y });
    const b = this.ball(id);
    Object.assign(b, { x, y, z: this.R, vx: 0, vy: 0, vz: 0, wx: 0, wy: 0, wz: 0, motion: 'rest', groundZ: this.R });
    Object.assign(b, { pocket: null, jaw: null, hanging: false, carry: null, placing: false, gone: false, lastMotion: 'rest' });
  }

  /** Take a ball off the table into a hand (e.g. a pocketed ball fished out, or the cue ball). */
  remove(id: BallId): void {
    this.log({ step: this.n, kind: 'remove', ball: id });
    const b = this.ball(id);
    Object.assign(b, { vx: 0, vy: 0, vz: 0, wx: 0, wy: 0, wz: 0, motion: 'inHand', pocket: null, jaw: null, hanging: false });
    Object.assign(b, { carry: null, placing: false, gone: false, lastMotion: 'inHand' });
  }

  /**
   * A hand moves a ball to (x, y) over `duration_s`. From off the table it is a placement (a
   * `placed` event when it is set down); a ball resting on the table is moved (`moved` event).
   */
  carry(id: BallId, x: number, y: number, opts: CarryOptions = {}): void {
    this.log({ step: this.n, kind: 'carry', ball: id, x, y, opts });
    const b = this.ball(id);
    const fromTable = b.onTable;
    const fromX = fromTable ? b.x : (opts.fromX ?? b.x);
    const fromY = fromTable ? b.y : (opts.fromY ?? b.y);
    const duration = Math.max(this.params.dt_s, opts.duration_s ?? 0.8);
    b.carry = { fromX, fromY, toX: x, toY: y, t0: this.t_s, t1: this.t_s + duration, lift_mm: opts.lift_mm ?? (fromTable ? 0 : 60) };
    Object.assign(b, { vx: 0, vy: 0, vz: 0, wx: 0, wy: 0, wz: 0, motion: 'carried', pocket: null, jaw: null, hanging: false, gone: false });
    b.x = fromX;
    b.y = fromY;
    if (fromTable) this.events.push({ kind: 'moved', t_s: this.t_s, balls: [id], by: opts.by ?? 'other' });
    else b.placing = true;
  }

  /** The cue strikes a ball (the cue ball unless `ball` says otherwise). */
  strike(p: StrikeParams): void {
    this.log({ step: this.n, kind: 'strike', params: { ...p } });
    const id = p.ball ?? 'cue';
    const b = this.ball(id);
    if (!b.onTable || b.motion === 'carried') throw new Error(`strike: ball ${String(id)} is not on the table`);
    // F7 as a referee can see it: a ball creeping under PERCEPTIBLE_MM_S (less than a millimetre
    // per frame) has stopped for anyone watching, camera or person
    const whileMoving = this.balls.some((x) => x.active && x.onTable && x.speed() > PERCEPTIBLE_MM_S);
    closeTrace(this.strokes.at(-1), this.ball('cue'));
    this.events.push({ kind: 'strokeStart', t_s: this.t_s, ball: id, whileMoving });
    this.strokes.push(openTrace(this.balls, id, this.t_s));
    this.strokeActive = true;
    applyStrike(b, p, this.R, this.params);
    if (b.vz < 0) {
      // driven into the cloth: it bounces back up (a jump when hard enough)
      b.vz = -this.params.clothRestitution * b.vz;
      if (b.vz < 150) b.vz = 0;
    }
    b.motion = b.vz > 0 ? 'airborne' : 'sliding';
    b.hanging = false;
  }

  /** Let a ball hanging in a jaw fall (R8): a nudge toward the hole. */
  release(id: BallId): void {
    this.log({ step: this.n, kind: 'release', ball: id });
    releaseHanging(this, this.ball(id));
  }

  /** Shake the table: every hanging ball is let go (R8.2). */
  shake(strength = 1): void {
    this.log({ step: this.n, kind: 'shake', strength });
    for (const b of this.balls) if (b.hanging) releaseHanging(this, b);
  }

  // ---- time ----------------------------------------------------------------------------------

  /** Advance to the last step at or before t_s, performing any scripted actions on the way. */
  advanceTo(t_s: number): void {
    const target = Math.floor(t_s / this.params.dt_s + 1e-9);
    while (this.n < target) {
      if (!this.strokeActive && !this.isMoving()) {
        // nothing moves: skip ahead to the target or the next scripted action
        const next = this.scriptAt < this.script.length ? this.script[this.scriptAt]!.step : Infinity;
        this.n = Math.max(this.n, Math.min(target, next));
        this.runScript();
        if (this.n >= target) break;
        if (!this.isMoving()) continue;
      }
      this.step();
      this.runScript();
    }
  }

  /** Step until nothing moves (or maxDuration_s passes); returns the time. */
  runUntilRest(maxDuration_s = 120): number {
    const end = this.n + Math.ceil(maxDuration_s / this.params.dt_s);
    while (this.n < end && this.isMoving()) {
      this.step();
      this.runScript();
    }
    return this.t_s;
  }

  isMoving(): boolean {
    return this.balls.some((b) => b.active || b.motion === 'carried');
  }

  /** One fixed step of dt_s. */
  step(): void {
    const p = this.params;
    const dt = p.dt_s;
    const t0 = this.t_s;
    let moving = false;
    let carried = false;
    for (const b of this.balls) {
      if (b.active) moving = true;
      else if (b.motion === 'carried') carried = true;
    }
    if (moving) {
      this.contactsAndDrift(t0, dt);
      for (const b of this.balls) {
        const m = b.motion;
        if (m === 'sliding' || m === 'rolling' || m === 'spinning') applyClothFriction(b, dt, this.R, p);
        if (b.active) b.turn(dt);
      }
    }
    this.n++;
    if (carried) for (const b of this.balls) if (b.motion === 'carried') updateCarry(this, b);
    if (moving) afterStep(this, dt);
    if (this.strokeActive && !this.isMoving()) {
      this.strokeActive = false;
      closeTrace(this.strokes.at(-1), this.ball('cue'));
      this.events.push({ kind: 'strokeEnd', t_s: this.t_s });
    }
  }

  /** Balls and cushion pieces that may touch within the step, resolved in time order. */
  private contactsAndDrift(t0: number, dt: number): void {
    const R = this.R;
    const L = this.layout;
    const g = this.params.g_mm_s2;
    const bb = { R, restitution: this.params.ballRestitution, friction: this.params.ballFriction };
    const bc = { R, restitution: this.params.cushionRestitution, friction: this.params.cushionFriction };
    const solid = this.balls.filter((b) => b.solid);
    // falling below the cloth or flying off the table: they move, but touch nothing
    const falling = this.balls.filter((b) => (b.motion === 'falling' || b.motion === 'airborne') && !b.solid);
    const pairs = this.neighbourPairs(solid);
    const reach = 4 * this.vmax(solid) * dt + 1;
    const nearCushion = solid.filter((b) => Math.abs(b.x) > L.hx - R - reach || Math.abs(b.y) > L.hy - R - reach);
    let left = dt;
    for (let guard = 0; left > 0; guard++) {
      let best = left;
      let hitA: Ball | null = null;
      let hitB: Ball | null = null;
      let hitCap = -1;
      for (let k = 0; k < pairs.length; k += 2) {
        const a = pairs[k]!;
        const b = pairs[k + 1]!;
        if (!a.active && !b.active) continue;
        const t = toiBallBall(a, b, 2 * R, best);
        if (t < best) {
          best = t;
          hitA = a;
          hitB = b;
        }
      }
      for (const a of nearCushion) {
        if (!a.active || a.motion === 'falling' || a.z - R >= L.railTop_mm) continue;
        for (let c = 0; c < L.capsules.length; c++) {
          const t = toiBallCapsule(a, L.capsules[c]!, R, best);
          if (t < best) {
            best = t;
            hitA = a;
            hitB = null;
            hitCap = c;
          }
        }
      }
      if (hitA === null || guard >= MAX_CONTACTS_PER_STEP) {
        for (const b of solid) drift(b, left, g);
        for (const b of falling) drift(b, left, g);
        return;
      }
      if (best > 0) {
        for (const b of solid) drift(b, best, g);
        for (const b of falling) drift(b, best, g);
      }
      left -= best;
      const t = t0 + (dt - left);
      if (hitB) {
        if (resolveBallBall(hitA, hitB, bb) > 0) {
          this.wake(hitA);
          this.wake(hitB);
          const at = { x: (hitA.x + hitB.x) / 2, y: (hitA.y + hitB.y) / 2, z: (hitA.z + hitB.z) / 2 };
          this.events.push({ kind: 'ballBall', t_s: t, a: hitA.id, b: hitB.id, at_mm: at });
          traceContact(this.strokes.at(-1), hitA, true);
          traceContact(this.strokes.at(-1), hitB, true);
        }
      } else {
        const cap = L.capsules[hitCap]!;
        const [qx, qy] = closestOnCapsule(cap, hitA.x, hitA.y);
        const d = Math.hypot(hitA.x - qx, hitA.y - qy) || 1;
        const above = L.noseHeight_mm - hitA.z;
        if (resolveBallCushion(hitA, (hitA.x - qx) / d, (hitA.y - qy) / d, above, bc) > 0) {
          this.wake(hitA);
          this.events.push({ kind: 'cushion', t_s: t, ball: hitA.id, at_mm: { x: hitA.x, y: hitA.y, z: hitA.z } });
          traceContact(this.strokes.at(-1), hitA, false);
        }
      }
    }
  }

  private vmax(solid: Ball[]): number {
    let v = 0;
    for (const b of solid) if (b.active) v = Math.max(v, b.speed());
    return v;
  }

  /**
   * Pairs of balls close enough to touch soon (a Verlet list): rebuilt when the set of balls in
   * play changes or any ball may have closed the skin. The skin covers a step at twice the fastest
   * speed present (a contact can speed a ball up: speeds exchange, spin turns into speed).
   */
  private neighbourPairs(solid: Ball[]): Ball[] {
    const v = this.vmax(solid);
    const minSkin = 4 * v * this.params.dt_s + 1;
    let moved = 0;
    for (const b of solid) {
      const d2 = (b.x - b.x0) ** 2 + (b.y - b.y0) ** 2 + (b.z - b.z0) ** 2;
      if (d2 > moved) moved = d2;
    }
    let key = 0;
    for (const b of solid) key |= 1 << this.balls.indexOf(b);
    if (key !== this.pairsKey || 2 * Math.sqrt(moved) + minSkin > this.pairsSkin) {
      const skin = Math.max(PAIR_SKIN_MM, 2 * minSkin);
      const reach2 = (2 * this.R + skin) ** 2;
      const pairs: Ball[] = [];
      for (let i = 0; i < solid.length; i++) {
        const a = solid[i]!;
        for (let j = i + 1; j < solid.length; j++) {
          const b = solid[j]!;
          if ((a.x - b.x) ** 2 + (a.y - b.y) ** 2 + (a.z - b.z) ** 2 <= reach2) pairs.push(a, b);
        }
      }
      for (const b of solid) {
        b.x0 = b.x;
        b.y0 = b.y;
        b.z0 = b.z;
      }
      this.pairs = pairs;
      this.pairsKey = key;
      this.pairsSkin = skin;
    }
    return this.pairs;
  }

  /** After a contact: a resting ball starts sliding; a ball on its support keeps no vertical speed. */
  private wake(b: Ball): void {
    if (b.motion === 'airborne' || b.motion === 'falling') return;
    b.vz = 0;
    if (b.motion === 'rest' || b.motion === 'spinning' || b.motion === 'rolling') b.motion = 'sliding';
    b.hanging = false;
  }

  // ---- reading -------------------------------------------------------------------------------

  /** Every ball at t_s (default now; a time inside the current step is extrapolated, not stepped). */
  snapshot(t_s?: number): BallSnapshot[] {
    const ahead = t_s === undefined ? 0 : Math.max(0, Math.min(this.params.dt_s, t_s - this.t_s));
    return this.balls.map((b) => ballSnapshot(b, ahead, this.params.g_mm_s2));
  }

  /** Total mechanical energy of the balls in play, joules (see ballEnergy_J). */
  energy_J(): number {
    let e = 0;
    for (const b of this.balls) e += ballEnergy_J(b, this.params.ballMass_kg, this.R, this.params.g_mm_s2);
    return e;
  }

  /** Internal: push an event (used by the transition rules). */
  emit(e: SimEvent): void {
    this.events.push(e);
  }

  private log(a: WorldAction): void {
    this.actions.push(a);
  }

  private runScript(): void {
    while (this.scriptAt < this.script.length && this.script[this.scriptAt]!.step <= this.n) {
      const a = this.script[this.scriptAt++]!;
      switch (a.kind) {
        case 'set': this.set(a.ball, a.x, a.y); break;
        case 'remove': this.remove(a.ball); break;
        case 'carry': this.carry(a.ball, a.x, a.y, a.opts); break;
        case 'strike': this.strike(a.params); break;
        case 'release': this.release(a.ball); break;
        case 'shake': this.shake(a.strength); break;
      }
    }
  }
}
