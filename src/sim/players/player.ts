// A simple club player: takes the easiest pot with a clear line, calls it, aims with some noise
// and picks power and spin; plays safe (a soft hit on a ball) when nothing can be potted; places
// the cue ball in the house where the best pot is when playing from hand; breaks the pyramid.
import type { PocketId } from '../../table/geometry.js';
import { houseLineX_mm, thirdSpot } from '../../table/geometry.js';
import type { StrikeParams } from '../physics/strike.js';
import { cueSpeedForBall } from '../physics/strike.js';
import type { Rng } from '../rng.js';
import type { PotPlan, TableView, XY } from './aim.js';
import { cueSpeedFor, onSurface, pathClear, potPlans } from './aim.js';
import { correctForThrow } from './refine.js';

export interface Skill {
  /** how far the cue ball's centre at contact misses the ghost ball's, sideways (sd, mm) */
  contactSd_mm: number;
  /** aim error of strokes without a ghost ball (breaks, safeties), radians */
  aimSd_rad: number;
  /** relative standard deviation of the power */
  powerSd: number;
  /** how often the easiest pot is taken rather than one of the next few */
  takesEasiest: number;
}

export const CLUB_PLAYER: Skill = { contactSd_mm: 0.6, aimSd_rad: (0.3 * Math.PI) / 180, powerSd: 0.08, takesEasiest: 0.7 };

export interface ShotChoice {
  kind: 'pot' | 'safety' | 'break';
  strike: StrikeParams;
  call: { ball?: number; pocket: PocketId } | null;
  plan: PotPlan | null;
}

/** Power and spin for a pot, the aim spoiled by the player's noise. */
export function strikeForPlan(plan: PotPlan, view: TableView, rng: Rng, skill: Skill): StrikeParams {
  const arrive = rng.uniform(350, 1100);
  const speed = cueSpeedFor(plan, arrive, view.params) * Math.max(0.5, rng.normal(1, skill.powerSd));
  const height = rng.pick([-0.35, -0.15, 0, 0, 0.2, 0.4]);
  const strike: StrikeParams = {
    ball: 'cue',
    cueSpeed_mm_s: Math.min(9000, speed),
    heading_rad: plan.heading_rad,
    elevation_rad: rng.uniform(0.02, 0.09),
    side: rng.chance(0.3) ? rng.uniform(-0.25, 0.25) : 0,
    height,
  };
  strike.heading_rad = correctForThrow(view, plan, strike) + rng.normal(0, skill.contactSd_mm / plan.cueDist_mm);
  return strike;
}

/** The call for a plan (R6.4: with one object ball left the number may go unsaid). */
export function callFor(plan: PotPlan, view: TableView): { ball?: number; pocket: PocketId } {
  const objects = [...view.balls.keys()].filter((id) => id !== 'cue').length;
  return objects === 1 ? { pocket: plan.pocket } : { ball: plan.ball, pocket: plan.pocket };
}

export function chooseShot(view: TableView, rng: Rng, skill: Skill = CLUB_PLAYER, fromHouse = false): ShotChoice {
  const cue = view.balls.get('cue');
  if (!cue) throw new Error('chooseShot: the cue ball is not on the table');
  const houseX = houseLineX_mm(view.table);
  const R = view.table.ball_mm / 2;
  // from hand the cue ball must leave the house before it touches a ball (F9)
  const plans = potPlans(view, cue).filter((p) => !fromHouse || p.ghost.x > houseX + R);
  if (plans.length > 0) {
    const pick = rng.chance(skill.takesEasiest) ? plans[0]! : plans[Math.min(plans.length - 1, rng.int(0, 2))]!;
    return { kind: 'pot', strike: strikeForPlan(pick, view, rng, skill), call: callFor(pick, view), plan: pick };
  }
  return safety(view, rng, fromHouse);
}

/** Nothing to pot: roll the cue ball softly onto the nearest ball with a clear line (no F4). */
function safety(view: TableView, rng: Rng, fromHouse: boolean): ShotChoice {
  const cue = view.balls.get('cue')!;
  const R = view.table.ball_mm / 2;
  const houseX = houseLineX_mm(view.table);
  const targets = [...view.balls.entries()]
    .filter(([id, p]) => id !== 'cue' && (!fromHouse || p.x > houseX + R) && pathClear(view, cue, p, ['cue', id], 2 * R - 1))
    .sort((a, b) => Math.hypot(a[1].x - cue.x, a[1].y - cue.y) - Math.hypot(b[1].x - cue.x, b[1].y - cue.y));
  const any = [...view.balls.entries()].find(([id]) => id !== 'cue');
  const [id, p] = targets[0] ?? any ?? ['cue', { x: cue.x + 1000, y: cue.y }];
  const d = Math.hypot(p.x - cue.x, p.y - cue.y);
  const ballSpeed = Math.sqrt(2 * view.params.muRoll * view.params.g_mm_s2 * (d + 400)) * 1.6;
  const heading = Math.atan2(p.y - cue.y, p.x - cue.x) + rng.normal(0, 0.01);
  const call = typeof id === 'number' ? { ball: id, pocket: nearestPocket(view, p) } : null;
  return { kind: 'safety', strike: { ball: 'cue', cueSpeed_mm_s: cueSpeedForBall(ballSpeed, view.params), heading_rad: heading, height: 0.2 }, call, plan: null };
}

function nearestPocket(view: TableView, p: XY): PocketId {
  let best = view.layout.pockets[0]!;
  for (const s of view.layout.pockets) if (Math.hypot(s.mouthX - p.x, s.mouthY - p.y) < Math.hypot(best.mouthX - p.x, best.mouthY - p.y)) best = s;
  return best.id;
}

/**
 * Where to put the cue ball from hand: the spot in the house (R11.1; the temporary house of
 * R11.2 when every object ball is in the house) from which the easiest pot is.
 */
export function choosePlacement(view: TableView, rng: Rng, temporaryHouse = false): XY {
  const R = view.table.ball_mm / 2;
  const hx = view.table.length_mm / 2;
  const hy = view.table.width_mm / 2;
  const [x0, x1] = temporaryHouse ? [thirdSpot(view.table).x + R + 2, hx - R - 2] : [-hx + R + 2, houseLineX_mm(view.table) - R - 2];
  let best: { p: XY; score: number } | null = null;
  for (let i = 0; i < 48; i++) {
    const p = { x: rng.uniform(x0, x1), y: rng.uniform(-hy + R + 2, hy - R - 2) };
    if (!onSurface(view, p, 1)) continue;
    if ([...view.balls.entries()].some(([id, b]) => id !== 'cue' && Math.hypot(b.x - p.x, b.y - p.y) < 2 * R + 3)) continue;
    const trial: TableView = { ...view, balls: new Map([...view.balls].filter(([id]) => id !== 'cue')).set('cue', p) };
    const houseX = temporaryHouse ? Infinity : houseLineX_mm(view.table);
    const plans = potPlans(trial, p).filter((pl) => pl.ghost.x > houseX + R);
    const score = plans.length ? plans[0]!.difficulty : 100 + rng.next();
    if (!best || score < best.score) best = { p, score };
  }
  return best?.p ?? { x: (x0 + x1) / 2, y: 0 };
}

/** The break (R3.1, R3.3): from the house into the pyramid, hard, at the apex or the side of the rack. */
export function chooseBreak(view: TableView, rng: Rng, skill: Skill = CLUB_PLAYER): ShotChoice {
  const cue = view.balls.get('cue')!;
  const apex = view.balls.get(4) ?? thirdSpot(view.table);
  const R = view.table.ball_mm / 2;
  // full on the apex, or thinner into the first rows
  const offset = rng.pick([0, 0, 0.5, -0.5, 1, -1]) * R * rng.uniform(0.6, 1);
  const ang = Math.atan2(apex.y - cue.y, apex.x - cue.x);
  const tx = apex.x - Math.sin(ang) * offset;
  const ty = apex.y + Math.cos(ang) * offset;
  return {
    kind: 'break',
    strike: {
      ball: 'cue',
      cueSpeed_mm_s: rng.uniform(4500, 7500),
      heading_rad: Math.atan2(ty - cue.y, tx - cue.x) + rng.normal(0, skill.aimSd_rad),
      elevation_rad: rng.uniform(0.03, 0.08),
      height: rng.uniform(-0.2, 0.3),
    },
    call: { ball: 4, pocket: rng.pick(['FL', 'FR'] as const) },
    plan: null,
  };
}
