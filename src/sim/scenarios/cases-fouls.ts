// Scenarios of fouls and hands: the cue ball off the table (F2), no contact (F4), the wrong ball
// struck (F3), a stroke while balls still roll (F7), strokes from hand with and without F9, a
// ball moved by a hand at rest.
import { houseLineX_mm, isInHouse } from '../../table/geometry.js';
import type { StrikeParams } from '../physics/strike.js';
import { potPlans, tableView } from '../players/aim.js';
import { callFor, chooseShot } from '../players/player.js';
import { SHARP, openFromHand } from './cases-pots.js';
import type { Director } from './director.js';
import type { ScenarioContext } from './setup.js';
import { firstContactIn, freeHouseSpot, lastStrokeEvents, pocketedIn, produce, scatter, someBalls, strikeUntil, trial } from './setup.js';
import type { Timeline } from './timeline.js';

/** The cue ball jumps the rail (F2): a hard stroke with a raised cue toward the near long rail. */
export function cueOffTable(ctx: ScenarioContext): Timeline {
  return produce(ctx, (d) => {
    const R = d.R;
    const hy = d.table.width_mm / 2;
    const side = d.rng.chance(0.5) ? 1 : -1;
    scatter(d, someBalls(d.rng, 6, 14));
    d.wait(d.rng.uniform(0.4, 0.9));
    const spot = { x: d.rng.uniform(-d.table.length_mm / 2 + 200, houseLineX_mm(d.table) - R - 20), y: side * (hy - d.rng.uniform(140, 380)) };
    if (d.world.balls.some((b) => b.onTable && Math.hypot(b.x - spot.x, b.y - spot.y) < 3 * R)) return false;
    d.placeByHand('cue', spot.x, spot.y);
    d.wait(d.rng.uniform(0.3, 0.7));
    return strikeUntil(d, 8, () => ({
      ball: 'cue',
      cueSpeed_mm_s: d.rng.uniform(5000, 7500),
      heading_rad: side * (Math.PI / 2) + d.rng.uniform(-0.5, 0.5),
      elevation_rad: (d.rng.uniform(28, 42) * Math.PI) / 180,
      height: d.rng.uniform(0, 0.3),
    }), (ev) => ev.some((e) => e.kind === 'offTable' && e.ball === 'cue'), () => null);
  });
}

/** The cue ball touches no ball (F4): a thin cut that misses the object ball. */
export function noContact(ctx: ScenarioContext): Timeline {
  return produce(ctx, (d) => {
    openFromHand(d, 4, 10);
    const cue = tableView(d.world).balls.get('cue')!;
    const plans = potPlans(tableView(d.world), cue).filter((p) => p.ghost.x > houseLineX_mm(d.table) + d.R);
    if (plans.length === 0) return false;
    const plan = plans[0]!;
    return strikeUntil(d, 8, () => {
      const missBy = d.R * 2 + d.rng.uniform(4, 30);
      const sign = d.rng.chance(0.5) ? 1 : -1;
      const obj = tableView(d.world).balls.get(plan.ball)!;
      const dist = Math.hypot(obj.x - cue.x, obj.y - cue.y);
      return {
        ball: 'cue',
        cueSpeed_mm_s: d.rng.uniform(700, 1800),
        heading_rad: Math.atan2(obj.y - cue.y, obj.x - cue.x) + sign * Math.asin(Math.min(0.99, missBy / dist)),
        height: d.rng.uniform(-0.1, 0.3),
      };
    }, (ev) => firstContactIn(ev) === null && pocketedIn(ev).length === 0, () => callFor(plan, tableView(d.world)));
  });
}

/** The striker hits an object ball with the cue instead of the cue ball (F3). */
export function wrongBall(ctx: ScenarioContext): Timeline {
  return produce(ctx, (d) => {
    openFromHand(d, 6, 14);
    const cue = d.world.ball('cue');
    const near = d.world.balls
      .filter((b) => b.id !== 'cue' && b.onTable)
      .sort((a, b) => Math.hypot(a.x - cue.x, a.y - cue.y) - Math.hypot(b.x - cue.x, b.y - cue.y));
    const target = d.rng.chance(0.6) ? near[0] : d.rng.pick(near);
    if (!target) return false;
    const view = tableView(d.world);
    const plan = potPlans(view, cue).find((p) => p.ball === target.id) ?? potPlans(view, cue)[0];
    const heading = Math.atan2(cue.y - target.y, cue.x - target.x) + d.rng.uniform(-1.2, 1.2);
    d.stroke(
      { ball: target.id, cueSpeed_mm_s: d.rng.uniform(600, 2200), heading_rad: heading, height: d.rng.uniform(-0.2, 0.3) },
      { call: plan ? callFor(plan, view) : null },
    );
    d.settle(d.rng.uniform(1.0, 1.8));
    return true;
  });
}

/**
 * A stroke while balls still roll (F7): a stun shot sends an object ball around the table and
 * the cue ball stops; the other player strikes the cue ball before the object ball has stopped.
 */
export function whileMoving(ctx: ScenarioContext): Timeline {
  return produce(ctx, (d) => {
    openFromHand(d, 5, 12);
    const choice = chooseShot(tableView(d.world), d.rng, SHARP, true);
    if (choice.kind !== 'pot' || !choice.plan) return false;
    // much harder than needed: the object ball runs on around the table
    const strike = { ...choice.strike, cueSpeed_mm_s: Math.min(7000, choice.strike.cueSpeed_mm_s * d.rng.uniform(1.8, 2.6)), height: -0.1 };
    const ev = lastStrokeEvents(trial(d, strike));
    if (ev.some((e) => e.kind === 'pocketed' && e.ball === 'cue') || ev.some((e) => e.kind === 'offTable')) return false;
    d.stroke(strike, { call: choice.call });
    // wait for the cue ball to stop while something else still rolls
    const cue = d.world.ball('cue');
    for (let k = 0; k < 20000 && cue.motion !== 'rest'; k++) d.world.step();
    if (!d.world.isMoving() || cue.motion !== 'rest') return false;
    const others = d.world.balls.filter((b) => b.id !== 'cue' && b.onTable);
    const target = d.rng.pick(others);
    d.stroke(
      { ball: 'cue', cueSpeed_mm_s: d.rng.uniform(1500, 3500), heading_rad: Math.atan2(target.y - cue.y, target.x - cue.x), height: 0.1 },
      { approach_s: d.rng.uniform(0.5, 0.9), call: null },
    );
    d.settle(d.rng.uniform(1.0, 1.8));
    const starts = d.world.events.filter((e) => e.kind === 'strokeStart');
    return starts.length === 2 && starts[1]!.kind === 'strokeStart' && starts[1]!.whileMoving;
  });
}

/** 1..maxInHouse balls in the house, 5..12 more elsewhere, then the cue ball put down in the house. */
function houseBallsAndCueInHand(d: Director, maxInHouse: number): number[] {
  const inHouse = someBalls(d.rng, 1, maxInHouse);
  const rest = someBalls(d.rng, 5, 12).filter((b) => !inHouse.includes(b));
  placeInHouse(d, inHouse);
  scatter(d, rest, { avoid: d.world.balls.filter((b) => b.onTable).map((b) => ({ x: b.x, y: b.y })) });
  d.wait(d.rng.uniform(0.4, 0.9));
  const spot = freeHouseSpot(d);
  d.placeByHand('cue', spot.x, spot.y);
  d.wait(d.rng.uniform(0.3, 0.7));
  return inHouse;
}

/** A legal stroke from hand with a ball lying in the house: the cue ball leaves the house first. */
export function fromHand(ctx: ScenarioContext): Timeline {
  return produce(ctx, (d) => {
    const inHouse = houseBallsAndCueInHand(d, 2);
    const choice = chooseShot(tableView(d.world), d.rng, SHARP, true);
    if (choice.kind !== 'pot') return false;
    const ev = lastStrokeEvents(trial(d, choice.strike));
    const fc = firstContactIn(ev);
    if (fc === null || inHouse.includes(fc as number) || ev.some((e) => e.kind === 'offTable')) return false;
    if (pocketedIn(ev).some((p) => p.ball === 'cue')) return false;
    d.stroke(choice.strike, { call: choice.call });
    d.settle(d.rng.uniform(1.0, 1.8));
    return true;
  });
}

/** From hand, the cue ball hits a ball lying in the house before leaving it (F9). */
export function fromHandF9(ctx: ScenarioContext): Timeline {
  return produce(ctx, (d) => {
    const inHouse = houseBallsAndCueInHand(d, 3);
    const view = tableView(d.world);
    const cue = view.balls.get('cue')!;
    // a pot of a ball in the house if there is one, else a straight hit on it
    const plan = potPlans(view, cue).find((p) => inHouse.includes(p.ball));
    const target = plan?.ball ?? d.rng.pick(inHouse);
    const tp = view.balls.get(target)!;
    const strike: StrikeParams = plan
      ? { ball: 'cue', cueSpeed_mm_s: d.rng.uniform(1500, 3500), heading_rad: plan.heading_rad, height: d.rng.uniform(-0.2, 0.3) }
      : { ball: 'cue', cueSpeed_mm_s: d.rng.uniform(1200, 3000), heading_rad: Math.atan2(tp.y - cue.y, tp.x - cue.x), height: 0 };
    const w = trial(d, strike);
    const ev = lastStrokeEvents(w);
    if (firstContactIn(ev) !== target) return false;
    const path = w.strokes.at(-1)!.cuePath;
    if (!path.every(([x, y]) => isInHouse(d.table, { x, y }))) return false;
    d.stroke(strike, { call: plan ? callFor(plan, view) : { ball: target, pocket: 'HL' } });
    d.settle(d.rng.uniform(1.0, 1.8));
    return true;
  });
}

function placeInHouse(d: Director, ids: readonly number[]): void {
  const R = d.R;
  const hx = d.table.length_mm / 2;
  const hy = d.table.width_mm / 2;
  const houseX = houseLineX_mm(d.table);
  for (const id of ids) {
    for (let k = 0; k < 300; k++) {
      const x = d.rng.uniform(-hx + 3 * R, houseX - R - 5);
      const y = d.rng.uniform(-hy + 3 * R, hy - 3 * R);
      if (d.world.balls.some((b) => b.onTable && Math.hypot(b.x - x, b.y - y) < 4 * R)) continue;
      d.world.set(id, x, y);
      break;
    }
  }
}

/** A hand moves a ball lying still (a `moved` record), then the striker plays. */
export function movedByHand(ctx: ScenarioContext): Timeline {
  return produce(ctx, (d) => {
    openFromHand(d, 6, 14);
    const R = d.R;
    const balls = d.world.balls.filter((b) => b.id !== 'cue' && b.onTable);
    const b = d.rng.pick(balls);
    for (let k = 0; k < 100; k++) {
      const dist = d.rng.uniform(30, 160);
      const a = d.rng.uniform(0, 2 * Math.PI);
      const to = { x: b.x + dist * Math.cos(a), y: b.y + dist * Math.sin(a) };
      if (Math.abs(to.x) > d.table.length_mm / 2 - R - 5 || Math.abs(to.y) > d.table.width_mm / 2 - R - 5) continue;
      if (d.world.balls.some((o) => o !== b && o.onTable && Math.hypot(o.x - to.x, o.y - to.y) < 2 * R + 4)) continue;
      // the path must be free too: the hand slides it over the cloth
      if (d.world.balls.some((o) => o !== b && o.onTable && segDist(b, to, o) < 2 * R + 2)) continue;
      const by = d.rng.pick(['striker', 'opponent', 'other'] as const);
      d.moveByHand(b.id, to.x, to.y, by);
      d.wait(d.rng.uniform(0.5, 1.2));
      const choice = chooseShot(tableView(d.world), d.rng, SHARP, true);
      d.stroke(choice.strike, { call: choice.call });
      d.settle(d.rng.uniform(1.0, 1.8));
      return true;
    }
    return false;
  });
}

function segDist(a: { x: number; y: number }, b: { x: number; y: number }, p: { x: number; y: number }): number {
  const ex = b.x - a.x;
  const ey = b.y - a.y;
  const s = Math.max(0, Math.min(1, ((p.x - a.x) * ex + (p.y - a.y) * ey) / (ex * ex + ey * ey || 1)));
  return Math.hypot(a.x + s * ex - p.x, a.y + s * ey - p.y);
}

export const FOUL_SCENARIOS = {
  'cue-off-table': { description: 'the cue ball jumps the rail and leaves the table (F2)', run: cueOffTable },
  'no-contact': { description: 'the cue ball misses every ball (F4)', run: noContact },
  'wrong-ball': { description: 'the cue strikes an object ball instead of the cue ball (F3)', run: wrongBall },
  'while-moving': { description: 'a stroke made while a ball from the last stroke still rolls (F7)', run: whileMoving },
  'from-hand': { description: 'a legal stroke from hand with a ball in the house (R11)', run: fromHand },
  'from-hand-f9': { description: 'from hand, the cue ball hits a ball in the house before leaving it (F9)', run: fromHandF9 },
  'moved-by-hand': { description: 'a hand moves a ball lying still (moved record), then a stroke', run: movedByHand },
} as const;
