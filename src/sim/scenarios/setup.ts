// Shared pieces of the scenarios: an open position of object balls, the cue ball placed from hand,
// trying a stroke in a copy of the world first (the physics is deterministic, so what the trial
// shows is what the real stroke will do), and retrying a scenario until its case happens.
import type { GameRecord } from '../../protocol/records.js';
import type { TableSpec } from '../../table/geometry.js';
import { houseLineX_mm, RUSSIAN_12FT } from '../../table/geometry.js';
import type { PhysicsParams } from '../physics/params.js';
import type { StrikeParams } from '../physics/strike.js';
import { World } from '../physics/world.js';
import { gameRecord } from '../players/game.js';
import type { Rng } from '../rng.js';
import { makeRng } from '../rng.js';
import type { BallId, SimEvent } from '../types.js';
import { Director } from './director.js';
import type { Timeline } from './timeline.js';

export interface ScenarioOptions {
  seed?: number;
  table?: TableSpec;
  params?: Partial<PhysicsParams>;
  players?: string[];
  /** for `game`: stop after this many strokes (default: the whole game) */
  strokes?: number;
}

export interface ScenarioContext {
  name: string;
  description: string;
  seed: number;
  table: TableSpec;
  params: Partial<PhysicsParams>;
  players: string[];
  rng: Rng;
  opts: ScenarioOptions;
}

export function contextFor(name: string, description: string, opts: ScenarioOptions): ScenarioContext {
  const seed = opts.seed ?? 1;
  return {
    name,
    description,
    seed,
    table: opts.table ?? RUSSIAN_12FT,
    params: opts.params ?? {},
    players: opts.players ?? ['Anna', 'Boris'],
    rng: makeRng(seed).fork(`scenario:${name}`),
    opts,
  };
}

/**
 * Build attempts from the seed's stream until `build` reports the case happened; a failed attempt
 * is thrown away whole. Returns the finished timeline.
 */
export function produce(ctx: ScenarioContext, build: (d: Director) => boolean, maxAttempts = 40): Timeline {
  for (let i = 0; i < maxAttempts; i++) {
    const d = new Director(ctx.table, ctx.rng.fork(`attempt:${i}`), ctx.params);
    if (!build(d)) continue;
    return d.finish(ctx.name, ctx.description, ctx.seed, game(ctx, d));
  }
  throw new Error(`scenario ${ctx.name}: its case did not happen in ${maxAttempts} attempts (seed ${ctx.seed})`);
}

export function game(ctx: ScenarioContext, d: Director): GameRecord {
  return gameRecord(d, ctx.players);
}

export interface ScatterOptions {
  /** may object balls lie in the house */
  inHouse?: boolean;
  /** keep clear of these points by `clear_mm` */
  avoid?: { x: number; y: number }[];
  clear_mm?: number;
}

/** Object balls at random places on the table (not touching, clear of pockets and cushions). */
export function scatter(d: Director, ids: readonly number[], o: ScatterOptions = {}): void {
  const R = d.R;
  const hx = d.table.length_mm / 2;
  const hy = d.table.width_mm / 2;
  const houseX = houseLineX_mm(d.table);
  const placed: { x: number; y: number }[] = [...(o.avoid ?? [])];
  const clear = o.clear_mm ?? 2 * R + 6;
  for (const id of ids) {
    for (let k = 0; k < 500; k++) {
      const x = d.rng.uniform(-hx + R + 4, hx - R - 4);
      const y = d.rng.uniform(-hy + R + 4, hy - R - 4);
      if (!o.inHouse && x < houseX + R + 4) continue;
      if (d.world.layout.pockets.some((s) => Math.hypot(s.mouthX - x, s.mouthY - y) < 4 * R)) continue;
      if (placed.some((p) => Math.hypot(p.x - x, p.y - y) < clear)) continue;
      d.world.set(id, x, y);
      placed.push({ x, y });
      break;
    }
  }
}

/** A random set of object balls. */
export function someBalls(rng: Rng, min: number, max: number, must: readonly number[] = []): number[] {
  const rest = rng.shuffle([...Array(15)].map((_, i) => i + 1).filter((b) => !must.includes(b)));
  return [...must, ...rest.slice(0, Math.max(0, rng.int(min, max) - must.length))];
}

/** A free spot in the house for the cue ball. */
export function freeHouseSpot(d: Director): { x: number; y: number } {
  const R = d.R;
  const hx = d.table.length_mm / 2;
  const hy = d.table.width_mm / 2;
  const houseX = houseLineX_mm(d.table);
  for (let k = 0; k < 500; k++) {
    const p = { x: d.rng.uniform(-hx + R + 4, houseX - R - 4), y: d.rng.uniform(-hy + R + 4, hy - R - 4) };
    if (d.world.balls.some((b) => b.onTable && Math.hypot(b.x - p.x, b.y - p.y) < 2 * R + 8)) continue;
    return p;
  }
  return { x: (houseX - hx) / 2, y: 0 };
}

/** The world as it is now with one more stroke played out: a look ahead that changes nothing. */
export function trial(d: Director, strike: StrikeParams, maxDuration_s = 60): World {
  const w = World.replay(d.table, d.params, d.world.actions);
  w.advanceTo(d.t);
  w.strike(strike);
  w.runUntilRest(maxDuration_s);
  return w;
}

/** Events from the last stroke's start on. */
export function lastStrokeEvents(w: World): SimEvent[] {
  let i = w.events.length - 1;
  while (i >= 0 && w.events[i]!.kind !== 'strokeStart') i--;
  return w.events.slice(Math.max(0, i));
}

export function pocketedIn(events: readonly SimEvent[]): { ball: BallId; pocket: string }[] {
  return events.flatMap((e) => (e.kind === 'pocketed' ? [{ ball: e.ball, pocket: e.pocket }] : []));
}

export function firstContactIn(events: readonly SimEvent[]): BallId | null {
  for (const e of events) {
    if (e.kind !== 'ballBall') continue;
    if (e.a === 'cue') return e.b;
    if (e.b === 'cue') return e.a;
  }
  return null;
}

/**
 * Tries up to `tries` strikes drawn by `make` on a copy of the world; the first whose events
 * `accept`s is played for real (with its call) and the table is let settle. False if none did.
 */
export function strikeUntil(
  d: Director,
  tries: number,
  make: () => StrikeParams,
  accept: (events: SimEvent[]) => boolean,
  call: () => { ball?: number; pocket: import('../../table/geometry.js').PocketId } | null,
): boolean {
  for (let k = 0; k < tries; k++) {
    const strike = make();
    if (!accept(lastStrokeEvents(trial(d, strike)))) continue;
    d.stroke(strike, { call: call() });
    d.settle(d.rng.uniform(1.0, 1.8));
    return true;
  }
  return false;
}
