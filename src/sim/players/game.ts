// Whole games of Russian pyramid played by two simulated players: the break from the full rack
// (R3.1), calls, pots, fouls, balls put back by hand (R10), the cue ball placed from hand in the
// house (R11). The referee's decisions come from a RefereeOracle over the truth records so far.
import type { GameRecord, TableRecord } from '../../protocol/records.js';
import { isInHouse, rackPositions, respotPositions } from '../../table/geometry.js';
import type { Director } from '../scenarios/director.js';
import { truthRecords } from '../truth.js';
import { tableView } from './aim.js';
import type { RefereeOracle } from './oracle.js';
import { rulesOracle } from './oracle.js';
import type { Skill } from './player.js';
import { CLUB_PLAYER, chooseBreak, choosePlacement, chooseShot } from './player.js';

export interface GameOptions {
  players?: string[];
  /** stop after this many strokes (default: play the game out, at most 250 strokes) */
  maxStrokes?: number;
  skill?: Skill;
  oracle?: RefereeOracle;
}

export function gameRecord(d: Director, players: string[]): GameRecord {
  return {
    type: 'game',
    v: 1,
    players,
    breaker: players[0]!,
    callMode: 'ballPocket',
    table: { length: d.table.length_mm, width: d.table.width_mm, ball: d.table.ball_mm },
  };
}

/** The truth records of everything played so far. */
export function recordsSoFar(d: Director, game: GameRecord): TableRecord[] {
  const w = d.world;
  return truthRecords({ game, events: w.events, strokes: w.strokes, actions: w.actions, dt_s: w.params.dt_s, calls: d.calls });
}

/** Rack the fifteen balls (touching, with the small gaps and jitter of a real rack); cue ball in hand. */
export function rackUp(d: Director): void {
  const gap = d.rng.uniform(0.05, 0.4);
  for (const [id, p] of rackPositions(d.table, gap)) d.world.set(id, p.x + d.rng.normal(0, 0.08), p.y + d.rng.normal(0, 0.08));
}

/** Play strokes until the game ends or maxStrokes; returns the game record. */
export function playGame(d: Director, opts: GameOptions = {}): GameRecord {
  const players = opts.players ?? ['Anna', 'Boris'];
  const oracle = opts.oracle ?? rulesOracle;
  const skill = opts.skill ?? CLUB_PLAYER;
  const game = gameRecord(d, players);
  const rng = d.rng;
  const maxStrokes = opts.maxStrokes ?? 250;
  if (d.world.balls.every((b) => b.id === 'cue' || !b.onTable)) rackUp(d);
  d.wait(rng.uniform(0.6, 1.2));
  for (let n = 0; n < maxStrokes; n++) {
    const view = oracle.judge(recordsSoFar(d, game));
    if (view.status !== 'playing') break;
    restoreTable(d, view.onTable);
    const cueBall = d.world.ball('cue');
    const fromHand = view.fromHand || !cueBall.onTable;
    if (fromHand) {
      if (cueBall.onTable) d.world.remove('cue');
      const seen = tableView(d.world);
      const objects = [...seen.balls.entries()].filter(([id]) => id !== 'cue');
      const temporary = objects.length > 0 && objects.every(([, p]) => isInHouse(d.table, p));
      const spot = choosePlacement(seen, rng, temporary);
      d.placeByHand('cue', spot.x, spot.y);
      d.wait(rng.uniform(0.3, 0.8));
    }
    const seen = tableView(d.world);
    const choice = n === 0 ? chooseBreak(seen, rng, skill) : chooseShot(seen, rng, skill, fromHand);
    d.stroke(choice.strike, { call: choice.call });
    d.settle(rng.uniform(0.8, 1.6));
  }
  return game;
}

/** Put back by hand every object ball the referee says belongs on the table but is not on it (R10). */
export function restoreTable(d: Director, onTable: readonly number[]): void {
  const w = d.world;
  const missing = onTable.filter((id) => !w.ball(id).onTable);
  if (missing.length === 0) return;
  const occupied = w.balls.filter((b) => b.onTable).map((b) => ({ x: b.x, y: b.y }));
  const spots = respotPositions(d.table, missing, occupied);
  for (const id of missing) {
    const p = spots.get(id)!;
    w.remove(id);
    d.placeByHand(id, p.x, p.y);
  }
  d.wait(d.rng.uniform(0.2, 0.5));
}
