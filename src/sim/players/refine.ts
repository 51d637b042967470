// A player's feel for throw: the object ball leaves a little off the line of centres (friction
// between the balls), which on a Russian table's tight pockets is the difference between a pot
// and a rattle. The player corrects the aim by trying the contact in a two-ball world.
import type { StrikeParams } from '../physics/strike.js';
import { World } from '../physics/world.js';
import type { PotPlan, TableView } from './aim.js';

/** Direction the object ball leaves in when the cue ball is struck with `strike`, or null if missed. */
function leaveDirection(view: TableView, plan: PotPlan, strike: StrikeParams): number | null {
  const w = new World(view.table, view.params);
  const cue = view.balls.get('cue')!;
  const obj = view.balls.get(plan.ball)!;
  w.set('cue', cue.x, cue.y);
  w.set(plan.ball, obj.x, obj.y);
  w.strike(strike);
  const o = w.ball(plan.ball);
  const limit = w.step_n + 20000;
  while (w.step_n < limit && w.isMoving()) {
    w.step();
    if (o.vx !== 0 || o.vy !== 0) return Math.atan2(o.vy, o.vx);
    if (w.events.some((e) => e.kind === 'cushion')) return null;
  }
  return null;
}

function angleDiff(a: number, b: number): number {
  let d = a - b;
  while (d > Math.PI) d -= 2 * Math.PI;
  while (d < -Math.PI) d += 2 * Math.PI;
  return d;
}

/** The heading that sends the object ball at the plan's target, allowing for throw. */
export function correctForThrow(view: TableView, plan: PotPlan, strike: StrikeParams): number {
  const obj = view.balls.get(plan.ball)!;
  const want = Math.atan2(plan.target.y - obj.y, plan.target.x - obj.x);
  const err = (h: number) => {
    const d = leaveDirection(view, plan, { ...strike, heading_rad: h });
    return d === null ? null : angleDiff(d, want);
  };
  let h0 = strike.heading_rad;
  let e0 = err(h0);
  if (e0 === null) return h0;
  // a cut turns the object ball's line by about (cue distance / 2R) times a change of aim
  let h1 = h0 - e0 * Math.min(0.5, (2 * view.table.ball_mm) / Math.max(1, plan.cueDist_mm));
  for (let i = 0; i < 4; i++) {
    const e1 = err(h1);
    if (e1 === null) return h0;
    if (Math.abs(e1) < 2e-4 || e1 === e0) return h1;
    const h2 = h1 - (e1 * (h1 - h0)) / (e1 - e0);
    h0 = h1;
    e0 = e1;
    h1 = h2;
  }
  return h1;
}
