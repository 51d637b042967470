// R8: a called ball stops in the jaw, hanging over the hole's edge, and falls later: by itself
// before the next stroke (R8.1), when the table is shaken (R8.2, then it is put back in the jaw),
// or during the opponent's next stroke without being touched (R8.3).
import { houseLineX_mm } from '../../table/geometry.js';
import type { StrikeParams } from '../physics/strike.js';
import { potPlans, tableView } from '../players/aim.js';
import { callFor, strikeForPlan } from '../players/player.js';
import { correctForThrow } from '../players/refine.js';
import { SHARP, openFromHand } from './cases-pots.js';
import type { Director } from './director.js';
import type { ScenarioContext } from './setup.js';
import { lastStrokeEvents, produce, trial } from './setup.js';
import type { Timeline } from './timeline.js';

type Outcome = 'hang' | 'short' | 'long' | 'off';

/**
 * Play a pot just too soft: the cue speed is bisected on trial runs until the called ball comes
 * to rest between the jaws. Returns the hanging ball and where it hangs, or null.
 */
function leaveHanging(d: Director): { ball: number; pocket: string; x: number; y: number } | null {
  const view = tableView(d.world);
  const cue = view.balls.get('cue')!;
  const plans = potPlans(view, cue).filter((p) => p.ghost.x > houseLineX_mm(d.table) + d.R && p.objDist_mm < 1200 && p.cut_rad < 0.5);
  if (plans.length === 0) return null;
  const plan = plans[0]!;
  const base = strikeForPlan(plan, view, d.rng, { ...SHARP, contactSd_mm: 0 });
  base.side = 0;
  base.heading_rad = correctForThrow(view, plan, base);
  const outcome = (speed: number): Outcome => {
    const ev = lastStrokeEvents(trial(d, { ...base, cueSpeed_mm_s: speed }));
    if (ev.some((e) => e.kind === 'pocketed' && e.ball === plan.ball)) return 'long';
    if (ev.some((e) => e.kind === 'hanging' && e.ball === plan.ball && e.pocket === plan.pocket)) return 'hang';
    if (ev.some((e) => e.kind === 'rattleOut' && e.ball === plan.ball)) return 'off';
    return 'short';
  };
  let lo = base.cueSpeed_mm_s * 0.3;
  let hi = base.cueSpeed_mm_s * 1.2;
  if (outcome(hi) !== 'long') return null;
  for (let i = 0; i < 18; i++) {
    const mid = (lo + hi) / 2;
    const o = outcome(mid);
    if (o === 'hang') {
      const strike: StrikeParams = { ...base, cueSpeed_mm_s: mid };
      d.stroke(strike, { call: callFor(plan, view) });
      d.settle(d.rng.uniform(0.8, 1.5));
      const b = d.world.ball(plan.ball);
      return b.hanging ? { ball: plan.ball, pocket: plan.pocket, x: b.x, y: b.y } : null;
    }
    if (o === 'off') return null;
    if (o === 'long') hi = mid;
    else lo = mid;
  }
  return null;
}

function pocketedNow(d: Director, ball: number): boolean {
  return d.world.ball(ball).motion === 'pocketed';
}

export function hangingSelf(ctx: ScenarioContext): Timeline {
  return produce(ctx, (d) => {
    openFromHand(d, 5, 12);
    const h = leaveHanging(d);
    if (!h) return false;
    // it hangs a while (R8.4 counts 5 s as resting in the jaw), then drops by itself
    d.wait(d.rng.uniform(1.5, 7));
    d.world.release(h.ball);
    d.settle(d.rng.uniform(1.2, 2));
    return pocketedNow(d, h.ball);
  });
}

export function hangingShake(ctx: ScenarioContext): Timeline {
  return produce(ctx, (d) => {
    openFromHand(d, 5, 12);
    const h = leaveHanging(d);
    if (!h) return false;
    d.wait(d.rng.uniform(1.0, 3.0));
    // someone leans on the rail near the pocket: the table shakes and the ball drops
    const t = d.t;
    const hx = d.table.length_mm / 2;
    const hy = d.table.width_mm / 2;
    const rx = Math.max(-hx + 300, Math.min(hx - 300, h.x + d.rng.uniform(-600, 600)));
    d.reachOver(rx, Math.sign(h.y || 1) * (hy - 40), 60, t + 0.6, t + 1.6);
    d.wait(1.0);
    d.world.shake();
    d.settle(d.rng.uniform(1.0, 1.5));
    if (!pocketedNow(d, h.ball)) return false;
    // R8.2: the ball goes back in the jaw where it hung
    d.world.remove(h.ball);
    d.placeByHand(h.ball, h.x, h.y);
    d.settle(d.rng.uniform(1.0, 1.5));
    return true;
  });
}

export function hangingIndependent(ctx: ScenarioContext): Timeline {
  return produce(ctx, (d) => {
    openFromHand(d, 5, 12);
    const h = leaveHanging(d);
    if (!h) return false;
    d.wait(d.rng.uniform(1.0, 3.0));
    // the opponent plays elsewhere: a stroke at the ball farthest from the hanging one
    const cue = d.world.ball('cue');
    const far = d.world.balls
      .filter((b) => b.id !== 'cue' && b.id !== h.ball && b.onTable)
      .sort((a, b) => Math.hypot(b.x - h.x, b.y - h.y) - Math.hypot(a.x - h.x, a.y - h.y))[0];
    if (!far) return false;
    const heading = Math.atan2(far.y - cue.y, far.x - cue.x);
    const ts = d.stroke({ ball: 'cue', cueSpeed_mm_s: d.rng.uniform(1200, 2500), heading_rad: heading, height: 0.1 }, { call: null });
    d.world.advanceTo(ts + d.rng.uniform(0.4, 1.2));
    if (!d.world.isMoving()) return false;
    d.world.release(h.ball);
    d.settle(d.rng.uniform(1.0, 1.8));
    const touched = lastStrokeEvents(d.world).some((e) => e.kind === 'ballBall' && (e.a === h.ball || e.b === h.ball));
    return pocketedNow(d, h.ball) && !touched;
  });
}

export const R8_SCENARIOS = {
  'hanging-self': { description: 'a called ball hangs in the jaw and falls by itself before the next stroke (R8.1)', run: hangingSelf },
  'hanging-shake': { description: 'a hanging ball falls when the table is shaken and is put back (R8.2)', run: hangingShake },
  'hanging-independent': { description: "a hanging ball falls during the opponent's stroke, untouched (R8.3)", run: hangingIndependent },
} as const;
