// Writing a scenario: drive the physics world like a person at the table (walk up, take aim,
// strike, stand up; place or move a ball by hand), keyframing the cue and the people as it goes.
// `finish` turns the run into a Timeline with its protocol truth.
import type { GameRecord } from '../../protocol/records.js';
import type { PocketId, TableSpec } from '../../table/geometry.js';
import type { PhysicsParams } from '../physics/params.js';
import type { StrikeParams } from '../physics/strike.js';
import { World } from '../physics/world.js';
import type { Rng } from '../rng.js';
import type { CallAt } from '../truth.js';
import { truthRecords } from '../truth.js';
import type { BallId } from '../types.js';
import type { PlayerPose } from './poses.js';
import { reachPose, stancePose } from './poses.js';
import type { PoseTrack } from './timeline.js';
import { Timeline } from './timeline.js';

export interface StrokeOptions {
  call?: { ball?: number; pocket: PocketId } | null;
  /** time from walking up to the impact */
  approach_s?: number;
  /** +1: the player's body to the left of the cue line, -1: right */
  side?: number;
  /** the cue and player stay out of the picture (a stroke nobody sees being made) */
  unseen?: boolean;
}

/** Smallest drawn cue elevation: the butt has to clear the rail. */
const MIN_DRAWN_ELEVATION = 0.07;

export class Director {
  readonly world: World;
  readonly tracks: PoseTrack[] = [];
  readonly calls: CallAt[] = [];

  constructor(
    readonly table: TableSpec,
    readonly rng: Rng,
    readonly params: Partial<PhysicsParams> = {},
  ) {
    this.world = new World(table, params);
  }

  get t(): number {
    return this.world.t_s;
  }

  get R(): number {
    return this.table.ball_mm / 2;
  }

  wait(dt_s: number): void {
    this.world.advanceTo(this.t + dt_s);
  }

  /** Run until nothing moves, then keep still for `after_s`. */
  settle(after_s = 1.2, maxDuration_s = 90): void {
    this.world.runUntilRest(maxDuration_s);
    this.wait(after_s);
  }

  /** Walk up, feather, strike at the end of the approach, follow through and stand up. */
  stroke(p: StrikeParams, opts: StrokeOptions = {}): number {
    const rng = this.rng;
    const id = p.ball ?? 'cue';
    const b = this.world.ball(id);
    const dt = this.world.params.dt_s;
    const approach = opts.approach_s ?? rng.uniform(1.8, 2.8);
    const t0 = this.t;
    const ts = Math.ceil((t0 + approach) / dt) * dt;
    if (opts.call) this.calls.push({ t_s: t0 + rng.uniform(0.1, Math.max(0.2, approach - 0.8)), ...opts.call });
    if (!opts.unseen) {
      const base = {
        table: this.table,
        ball: { x: b.x, y: b.y },
        heading_rad: p.heading_rad,
        elevation_rad: Math.max(MIN_DRAWN_ELEVATION, p.elevation_rad ?? 0),
        tipSide_mm: (p.side ?? 0) * this.R,
        tipHeight_mm: (p.height ?? 0) * this.R,
        side: opts.side ?? (rng.chance(0.5) ? 1 : -1),
      };
      const key = (t_s: number, gap_mm: number, presence: number) => ({ t_s, pose: stancePose({ ...base, gap_mm, presence }) });
      const track: PoseTrack = [key(t0, 260, 0), key(t0 + 0.35 * approach, 130, 1)];
      // practice strokes until the pause before the real one
      let t = t0 + 0.35 * approach + 0.25;
      let out = true;
      while (t < ts - 0.55) {
        track.push(key(t, out ? rng.uniform(25, 45) : rng.uniform(100, 150), 1));
        out = !out;
        t += rng.uniform(0.22, 0.35);
      }
      const back = 90 + Math.min(220, p.cueSpeed_mm_s / 25);
      const forward_s = Math.max(0.03, back / Math.max(300, p.cueSpeed_mm_s * 0.6));
      track.push(key(ts - 0.5, 25, 1), key(ts - forward_s - 0.2, 25, 1), key(ts - forward_s, back, 1), key(ts, 0, 1));
      const follow = 30 + Math.min(150, p.cueSpeed_mm_s / 40);
      track.push(key(ts + 0.1, -follow, 1), key(ts + 0.1 + rng.uniform(0.3, 0.8), -follow, 1));
      track.push(key(track.at(-1)!.t_s + rng.uniform(0.7, 1.2), 300, 0));
      this.tracks.push(track);
    }
    this.world.advanceTo(ts);
    this.world.strike(p);
    return ts;
  }

  /** A hand brings a ball from off the table and sets it down at (x, y) (placed event). */
  placeByHand(id: BallId, x: number, y: number): void {
    const R = this.R;
    const t0 = this.t;
    const carry_s = this.rng.uniform(0.7, 1.1);
    const handZ = 2 * R + 5;
    const hand0 = reachPose(this.table, x, y, handZ, 0)[0]!.points_mm[0]!;
    // the hand follows the carried ball's eased path
    const track: PoseTrack = EASE_STEPS.map((s) => ({ t_s: t0 + carry_s * s, pose: pose(reachPose(this.table, x, y, handZ, ease(s))) }));
    const back = t0 + carry_s + 0.25;
    track.push({ t_s: back, pose: pose(reachPose(this.table, x, y, handZ, 1)) });
    track.push({ t_s: back + this.rng.uniform(0.5, 0.8), pose: pose(reachPose(this.table, x, y, handZ, 0)) });
    this.tracks.push(track);
    this.world.carry(id, x, y, { duration_s: carry_s, lift_mm: Math.max(0, hand0.z - 2 * R), fromX: hand0.x, fromY: hand0.y });
    this.wait(carry_s + 0.3);
  }

  /** A hand reaches in and pushes a resting ball to (x, y) (moved event), then withdraws. */
  moveByHand(id: BallId, x: number, y: number, by: 'striker' | 'opponent' | 'other'): void {
    const R = this.R;
    const b = this.world.ball(id);
    const reach_s = this.rng.uniform(0.6, 0.9);
    const push_s = this.rng.uniform(0.4, 0.8);
    const t0 = this.t;
    const fromX = b.x;
    const fromY = b.y;
    const at = (px: number, py: number, r: number) => pose(reachPose(this.table, px, py, 2 * R, r));
    const track: PoseTrack = [{ t_s: t0, pose: at(fromX, fromY, 0) }, { t_s: t0 + reach_s, pose: at(fromX, fromY, 1) }];
    for (const s of EASE_STEPS.slice(1)) {
      const e = ease(s);
      track.push({ t_s: t0 + reach_s + push_s * s, pose: at(fromX + (x - fromX) * e, fromY + (y - fromY) * e, 1) });
    }
    const done = t0 + reach_s + push_s + 0.15;
    track.push({ t_s: done, pose: at(x, y, 1) }, { t_s: done + this.rng.uniform(0.5, 0.8), pose: at(x, y, 0) });
    this.tracks.push(track);
    this.wait(reach_s);
    this.world.carry(id, x, y, { duration_s: push_s, lift_mm: 0, by });
    this.wait(push_s + 0.2);
  }

  /** An arm held over a point of the table from t0_s to t1_s (it does not touch anything). */
  reachOver(x: number, y: number, handZ: number, t0_s: number, t1_s: number): void {
    const inn = Math.min(0.5, (t1_s - t0_s) / 3);
    this.tracks.push([
      { t_s: t0_s - 0.6, pose: pose(reachPose(this.table, x, y, handZ, 0)) },
      { t_s: t0_s, pose: pose(reachPose(this.table, x, y, handZ, 1)) },
      { t_s: t1_s, pose: pose(reachPose(this.table, x, y, handZ, 1)) },
      { t_s: t1_s + inn + 0.4, pose: pose(reachPose(this.table, x, y, handZ, 0)) },
    ]);
  }

  /** Stop here: the clip ends `postRoll_s` after the last ball stopped and the last person left. */
  finish(name: string, description: string, seed: number, game: GameRecord, postRoll_s = 1.2): Timeline {
    this.world.runUntilRest(120);
    const lastPose = Math.max(0, ...this.tracks.map((tr) => tr.at(-1)?.t_s ?? 0));
    const end = Math.max(this.t, lastPose) + postRoll_s;
    this.world.advanceTo(end);
    const records = truthRecords({
      game,
      events: this.world.events,
      strokes: this.world.strokes,
      actions: this.world.actions,
      dt_s: this.world.params.dt_s,
      calls: this.calls,
    });
    return new Timeline({
      name,
      description,
      seed,
      table: this.table,
      params: this.params,
      duration_s: end,
      actions: [...this.world.actions],
      events: [...this.world.events],
      strokes: this.world.strokes.map((s) => ({ ...s })),
      calls: [...this.calls],
      records,
      tracks: this.tracks,
    });
  }
}

/** Fractions of a carry at which the hand is keyed, and the carry's easing (as in the physics). */
const EASE_STEPS = [0, 0.2, 0.4, 0.6, 0.8, 1];
const ease = (s: number) => s * s * (3 - 2 * s);

const pose = (occluders: PlayerPose['occluders']): PlayerPose => ({ cue: null, occluders });
