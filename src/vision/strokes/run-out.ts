// A first contact from where the cue ball went after it, when its run in was not seen (hidden under the cue
// and the arm from the strike, or blurred out at a break's speed). A ball runs straight until it touches
// something, both ways: the cue ball left the contact in a straight line, so that line carried back reaches
// the contact, and it came to the contact in a straight line from where it was last seen. 1365007's break:
// the cue ball was unseen from the strike until just past the apex; its first three samples, carried back,
// passed 73 mm from the apex's centre (within touching reach, 78 mm) and 118 mm or more from any other ball, and a back corner, the first ball
// seen to start, had been taken.
import type { XY_mm } from '../../protocol/records.js';
import type { TrackSample } from '../tracking/tracker.js';
import { firstBallOnPath, type RestingBall } from './path-blocker.js';
import { fitLine } from './fit-line.js';
import { STRAIGHT_MM } from './tied-contact.js';
import { hypot2 } from '../hypot2.js';

/** The run out's line is fitted to this many samples (the first the cue ball gave after the contact). */
const RUN_OUT_SAMPLES = 3;

/**
 * The ball the cue ball left, from its run out: the first of the resting `balls` whose centre the line of
 * `runOut`'s first samples (straight, and at least two radii long), carried back, comes within `reach_mm` of —
 * the cue ball's centre where it does is the contact — provided that ball is one the stroke moved (`moved`),
 * and the contact can be reached in a straight line from `from` (where the cue ball was last seen before it)
 * heading into that ball and passing no other within `clear_mm`. Null otherwise: too few samples, a bent or
 * short run out, a first ball met that never moved, or a run in that would have gone through another ball.
 */
export function metByRunOut(from: XY_mm, runOut: readonly TrackSample[], balls: readonly RestingBall[], moved: ReadonlySet<number>, reach_mm: number, clear_mm: number): { id: number; at: XY_mm } | null {
  const h = runOut.filter((s, i) => i === 0 || s.t_s > runOut[i - 1]!.t_s).slice(0, RUN_OUT_SAMPLES);
  if (h.length < RUN_OUT_SAMPLES) return null;
  const line = fitLine(h);
  const p1 = h[0]!, pn = h.at(-1)!;
  // (a short run's direction is mostly the centres' noise: carried back it could point anywhere)
  if (!line || line.worst_mm > STRAIGHT_MM || hypot2(pn.x_mm - p1.x_mm, pn.y_mm - p1.y_mm) < reach_mm) return null;
  const { ux, uy } = line;
  // back along the line from the first sample (projected onto it), the first ball's touching circle met
  const along0 = (p1.x_mm - line.x) * ux + (p1.y_mm - line.y) * uy;
  const sx = line.x + along0 * ux, sy = line.y + along0 * uy;
  let best: { ball: RestingBall; back_mm: number } | null = null;
  for (const b of balls) {
    const rx = b.x_mm - sx, ry = b.y_mm - sy;
    const off = Math.abs(rx * uy - ry * ux);
    if (off > reach_mm) continue;
    const back = -(rx * ux + ry * uy), half = Math.sqrt(reach_mm * reach_mm - off * off);
    // (a circle wholly ahead of the first sample was not left behind; one the sample is still in is left at it)
    if (back + half < 0) continue;
    const at = Math.max(0, back - half);
    if (!best || at < best.back_mm) best = { ball: b, back_mm: at };
  }
  if (!best || !moved.has(best.ball.id)) return null;
  const at: XY_mm = [sx - best.back_mm * ux, sy - best.back_mm * uy];
  const b = best.ball;
  // the run in comes to the contact heading into the ball, past every other one
  if ((at[0] - from[0]) * (b.x_mm - at[0]) + (at[1] - from[1]) * (b.y_mm - at[1]) <= 0) return null;
  if (firstBallOnPath([from, at], balls.filter((o) => o.id !== b.id), clear_mm)) return null;
  return { id: b.id, at };
}
