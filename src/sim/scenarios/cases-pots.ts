// Scenarios where balls go in: a legal pot, several balls in one stroke, the cue ball pocketed
// (F1), a ball falling behind an arm, the break from the full rack, and whole games.
import type { PocketId } from '../../table/geometry.js';
import { houseLineX_mm } from '../../table/geometry.js';
import type { PocketShape } from '../physics/layout.js';
import type { StrikeParams } from '../physics/strike.js';
import { tableView } from '../players/aim.js';
import type { PotPlan } from '../players/aim.js';
import { playGame, rackUp } from '../players/game.js';
import type { Skill } from '../players/player.js';
import { chooseBreak, choosePlacement, chooseShot } from '../players/player.js';
import { correctForThrow } from '../players/refine.js';
import type { Director } from './director.js';
import type { ScenarioContext } from './setup.js';
import { firstContactIn, freeHouseSpot, lastStrokeEvents, pocketedIn, produce, scatter, someBalls, strikeUntil, trial } from './setup.js';
import type { Timeline } from './timeline.js';

/** A steadier hand than the club player, so scenarios find their case in few attempts. */
export const SHARP: Skill = { contactSd_mm: 0.25, aimSd_rad: 0.002, powerSd: 0.05, takesEasiest: 0.6 };

/** Object balls scattered outside the house; the cue ball placed by hand where the best pot is. */
export function openFromHand(d: Director, min = 7, max = 15): void {
  scatter(d, someBalls(d.rng, min, max));
  d.wait(d.rng.uniform(0.4, 0.9));
  const spot = choosePlacement(tableView(d.world), d.rng);
  d.placeByHand('cue', spot.x, spot.y);
  d.wait(d.rng.uniform(0.3, 0.8));
}

/** Try pots (fresh aim noise each time) until one that really goes in, then play it. */
function playAPot(d: Director, tries = 8): { plan: PotPlan; strike: StrikeParams; fall: { start_s: number; end_s: number } } | null {
  for (let k = 0; k < tries; k++) {
    const choice = chooseShot(tableView(d.world), d.rng, SHARP, true);
    if (choice.kind !== 'pot' || !choice.plan) return null;
    const plan = choice.plan;
    const w = trial(d, choice.strike);
    const ev = lastStrokeEvents(w);
    const pots = pocketedIn(ev);
    const clean = !pots.some((p) => p.ball === 'cue') && !ev.some((e) => e.kind === 'offTable') && firstContactIn(ev) === plan.ball;
    if (!clean || !pots.some((p) => p.ball === plan.ball && p.pocket === plan.pocket)) continue;
    const t0 = ev[0]!.t_s;
    const fallEnd = ev.find((e) => e.kind === 'pocketed' && e.ball === plan.ball)!.t_s;
    const ts = d.stroke(choice.strike, { call: choice.call });
    // times in the trial are counted from its strike; the real strike is later by the approach
    return { plan, strike: choice.strike, fall: { start_s: ts + (fallEnd - t0) - 0.12, end_s: ts + (fallEnd - t0) } };
  }
  return null;
}

export function legalPot(ctx: ScenarioContext): Timeline {
  return produce(ctx, (d) => {
    openFromHand(d);
    if (!playAPot(d)) return false;
    d.settle(d.rng.uniform(1.0, 1.8));
    return true;
  });
}

/** An arm reaches over the pocket (to take the ball out) while the potted ball drops. */
export function occludedFall(ctx: ScenarioContext): Timeline {
  return produce(ctx, (d) => {
    openFromHand(d);
    const pot = playAPot(d);
    if (!pot) return false;
    const s = d.world.layout.pockets.find((p) => p.id === pot.plan.pocket)!;
    d.reachOver(s.holeX, s.holeY, 2 * d.R + d.rng.uniform(20, 120), pot.fall.start_s - d.rng.uniform(0.1, 0.4), pot.fall.end_s + d.rng.uniform(0.4, 1.0));
    d.settle(d.rng.uniform(1.5, 2.5));
    return true;
  });
}

function pocketById(d: Director, id: PocketId): PocketShape {
  return d.world.layout.pockets.find((p) => p.id === id)!;
}

/**
 * Several balls in one stroke: B sits in front of a pocket, A further back on the pocket's line;
 * the cue ball sends A full into B, B drops and A, rolling by then, follows it in.
 */
export function multiPot(ctx: ScenarioContext): Timeline {
  return produce(ctx, (d) => {
    const R = d.R;
    const s = pocketById(d, d.rng.pick(['FL', 'FR', 'ML', 'MR', 'HL', 'HR'] as const));
    const dB = d.rng.uniform(90, 220);
    const gap = d.rng.uniform(350, 650);
    const B = { x: s.mouthX - s.axisX * dB, y: s.mouthY - s.axisY * dB };
    const A = { x: B.x - s.axisX * gap, y: B.y - s.axisY * gap };
    const hx = d.table.length_mm / 2 - R - 5;
    const hy = d.table.width_mm / 2 - R - 5;
    if (Math.abs(A.x) > hx || Math.abs(A.y) > hy || A.x < houseLineX_mm(d.table) + R) return false;
    const [a, b, ...others] = someBalls(d.rng, 5, 12);
    d.world.set(a!, A.x, A.y);
    d.world.set(b!, B.x, B.y);
    scatter(d, others, { avoid: [A, B, ...lineSamples(A, { x: s.mouthX, y: s.mouthY }, 12)], clear_mm: 2 * R + 40 });
    d.wait(d.rng.uniform(0.4, 0.9));
    const cue = freeHouseSpot(d);
    d.placeByHand('cue', cue.x, cue.y);
    d.wait(d.rng.uniform(0.3, 0.7));
    const ux = (B.x - A.x) / gap;
    const uy = (B.y - A.y) / gap;
    const ghost = { x: A.x - 2 * R * ux, y: A.y - 2 * R * uy };
    const cueDist = Math.hypot(ghost.x - cue.x, ghost.y - cue.y);
    const cut = Math.acos(((ghost.x - cue.x) * ux + (ghost.y - cue.y) * uy) / cueDist);
    if (cut > (45 * Math.PI) / 180) return false;
    const plan: PotPlan = {
      ball: a!, pocket: s.id, target: B, ghost, heading_rad: Math.atan2(ghost.y - cue.y, ghost.x - cue.x),
      cut_rad: cut, cueDist_mm: cueDist, objDist_mm: gap, entry_rad: 0, difficulty: 0,
    };
    const view = tableView(d.world);
    for (const speed of [2600, 3200, 3900, 4700, 5500]) {
      const strike: StrikeParams = { ball: 'cue', cueSpeed_mm_s: speed / Math.max(0.5, Math.cos(cut)), heading_rad: plan.heading_rad, height: -0.3, elevation_rad: 0.05 };
      strike.heading_rad = correctForThrow(view, plan, strike);
      const ev = lastStrokeEvents(trial(d, strike));
      const pots = pocketedIn(ev);
      if (pots.some((p) => p.ball === 'cue') || firstContactIn(ev) !== a) continue;
      if (pots.filter((p) => p.ball !== 'cue').length < 2 || !pots.some((p) => p.ball === b && p.pocket === s.id)) continue;
      d.stroke(strike, { call: { ball: b!, pocket: s.id } });
      d.settle(d.rng.uniform(1.0, 1.8));
      return true;
    }
    return false;
  });
}

function lineSamples(a: { x: number; y: number }, b: { x: number; y: number }, n: number): { x: number; y: number }[] {
  return [...Array(n + 1)].map((_, i) => ({ x: a.x + ((b.x - a.x) * i) / n, y: a.y + ((b.y - a.y) * i) / n }));
}

/**
 * The cue ball pocketed (F1): an object ball in front of a head pocket, the cue ball in the house
 * on the same line, struck with follow so it runs in after the object ball.
 */
export function cuePocketed(ctx: ScenarioContext): Timeline {
  return produce(ctx, (d) => {
    const R = d.R;
    const s = pocketById(d, d.rng.pick(['HL', 'HR'] as const));
    const dO = d.rng.uniform(110, 300);
    const O = { x: s.mouthX - s.axisX * dO, y: s.mouthY - s.axisY * dO };
    const dC = d.rng.uniform(150, 450);
    const C = { x: O.x - s.axisX * (2 * R + dC), y: O.y - s.axisY * (2 * R + dC) };
    if (C.x > houseLineX_mm(d.table) - R - 2) return false;
    const [o, ...others] = someBalls(d.rng, 6, 13);
    d.world.set(o!, O.x, O.y);
    scatter(d, others, { avoid: [O, C, ...lineSamples(C, { x: s.mouthX, y: s.mouthY }, 10)], clear_mm: 2 * R + 40 });
    d.wait(d.rng.uniform(0.4, 0.9));
    d.placeByHand('cue', C.x, C.y);
    d.wait(d.rng.uniform(0.3, 0.7));
    return strikeUntil(d, 8, () => ({
      ball: 'cue',
      cueSpeed_mm_s: d.rng.uniform(1300, 2600),
      heading_rad: Math.atan2(O.y - C.y, O.x - C.x) + d.rng.normal(0, 0.001),
      height: d.rng.uniform(0.4, 0.6),
      elevation_rad: 0.04,
    }), (ev) => pocketedIn(ev).some((p) => p.ball === 'cue'), () => ({ ball: o!, pocket: s.id }));
  });
}

/** The break from the full rack (R3.1) with the cue ball placed in the house (R3.3). */
export function breakShot(ctx: ScenarioContext): Timeline {
  return produce(ctx, (d) => {
    rackUp(d);
    d.wait(d.rng.uniform(0.5, 1.0));
    const spot = { x: d.rng.uniform(-d.table.length_mm / 2 + 150, houseLineX_mm(d.table) - 80), y: d.rng.uniform(-350, 350) };
    d.placeByHand('cue', spot.x, spot.y);
    d.wait(d.rng.uniform(0.3, 0.8));
    const choice = chooseBreak(tableView(d.world), d.rng);
    d.stroke(choice.strike, { call: choice.call });
    d.settle(d.rng.uniform(1.0, 1.8));
    const touched = new Set(lastStrokeEvents(d.world).flatMap((e) => (e.kind === 'ballBall' ? [e.a, e.b] : [])));
    return touched.size >= 8;
  });
}

/** A whole game (or its first `strokes` strokes) played by two simulated players. */
export function wholeGame(ctx: ScenarioContext): Timeline {
  return produce(ctx, (d) => {
    const opts = ctx.opts.strokes !== undefined ? { maxStrokes: ctx.opts.strokes, players: ctx.players } : { players: ctx.players };
    playGame(d, opts);
    d.settle(1.2);
    return true;
  }, 1);
}

export const POT_SCENARIOS = {
  'legal-pot': { description: 'a called ball into the called pocket, no foul', run: legalPot },
  'multi-pot': { description: 'two balls pocketed in one stroke (one follows the other in)', run: multiPot },
  'cue-pocketed': { description: 'the cue ball follows the object ball into a pocket (F1)', run: cuePocketed },
  'occluded-fall': { description: 'a potted ball drops while an arm reaches over the pocket', run: occludedFall },
  break: { description: 'the break from the full rack (R3.1), cue ball placed in the house', run: breakShot },
  game: { description: 'a whole game (or --strokes N) between two simulated players', run: wholeGame },
} as const;
