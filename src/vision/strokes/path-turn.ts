// A ball rolls straight until something turns it: a cushion, another ball, or (slowly, as it stops) its own
// spin. A cue ball whose path turns sharply a ball's width from a resting ball, away from every cushion, ran
// into that ball, however little the ball itself moved: one frozen against a cushion takes the blow into the
// rail and stays (1135003: the cue ball rebounded three times off ball 10, pressed to the head cushion, which
// moved a millimetre; each stroke was "no contact", or no stroke at all). A ball out on the cloth moves off
// when touched, and a cue ball drawn back by its spin may turn short of one: the caller says which balls to
// look at (the stroke builder: only those against a cushion).
import type { XY_mm } from '../../protocol/records.js';
import type { TrackSample } from '../tracking/tracker.js';
import type { RestingBall } from './path-blocker.js';
import { MIN_TURN_RAD, runsCross } from './path-corner.js';
import { hypot2 } from '../hypot2.js';

/** The runs either side of a turn are read over at least this much of the path (mm): shorter ones are centre noise. */
const RUN_MM = 15;

export interface PathTurn {
  /** where the cue ball's centre was when it turned */
  at: XY_mm;
  t_s: number;
  /** the resting ball it turned at */
  id: number;
}

/**
 * The first sharp turn of `samples` (the cue ball's path, oldest first) within `reach_mm` of two radii from
 * one of `balls` lying ahead of it, and not where a cushion could have turned it (`byCushion`), or null.
 */
export function turnAtBall(samples: readonly TrackSample[], balls: readonly RestingBall[], R_mm: number, reach_mm: number, byCushion: (x_mm: number, y_mm: number) => boolean): PathTurn | null {
  const h = samples.filter((s, i) => i === 0 || s.t_s > samples[i - 1]!.t_s);
  for (let i = 1; i + 1 < h.length; i++) {
    const p = h[i]!;
    let j = i - 1;
    while (j > 0 && hypot2(p.x_mm - h[j]!.x_mm, p.y_mm - h[j]!.y_mm) < RUN_MM) j--;
    let k = i + 1;
    while (k + 1 < h.length && hypot2(h[k]!.x_mm - p.x_mm, h[k]!.y_mm - p.y_mm) < RUN_MM) k++;
    const a = h[j]!, b = h[k]!;
    const ux = p.x_mm - a.x_mm, uy = p.y_mm - a.y_mm, vx = b.x_mm - p.x_mm, vy = b.y_mm - p.y_mm;
    const lu = hypot2(ux, uy), lv = hypot2(vx, vy);
    if (lu < RUN_MM || lv < RUN_MM) continue;
    const cos = (ux * vx + uy * vy) / (lu * lv);
    if (Math.acos(Math.max(-1, Math.min(1, cos))) < MIN_TURN_RAD) continue;
    const at = crossing(a, p, b, ux / lu, uy / lu, vx / lv, vy / lv) ?? [p.x_mm, p.y_mm] as XY_mm;
    if (byCushion(at[0], at[1])) continue;
    let best: RestingBall | null = null, bestOff = reach_mm;
    for (const o of balls) {
      const dx = o.x_mm - at[0], dy = o.y_mm - at[1];
      // ahead of the run in: the ball it ran into, not one it passed
      if (dx * ux + dy * uy <= 0) continue;
      const off = Math.abs(hypot2(dx, dy) - 2 * R_mm);
      if (off < bestOff) { best = o; bestOff = off; }
    }
    if (best) return { at, t_s: p.t_s, id: best.id };
  }
  return null;
}

/**
 * Where the run in (through `a` and `p`) and the run out (from `p` towards `b`) cross: the corner a fast
 * ball's samples cut, within a run's length of `p`; null for a turn back on itself (the lines nearly
 * parallel: `p`, the sample at the turn, is then the place) or lines crossing far off.
 */
function crossing(a: TrackSample, p: TrackSample, b: TrackSample, dux: number, duy: number, dvx: number, dvy: number): XY_mm | null {
  // (a turn under 30°, or back on itself by more than 150°: the lines cross far off or nowhere, and the
  // sample at the turn is the place)
  const x = runsCross(a, dux, duy, b, dvx, dvy, 0.5);
  if (!x) return null;
  const at: XY_mm = [a.x_mm + x.s * dux, a.y_mm + x.s * duy];
  const reach = Math.max(hypot2(p.x_mm - a.x_mm, p.y_mm - a.y_mm), hypot2(b.x_mm - p.x_mm, b.y_mm - p.y_mm));
  return hypot2(at[0] - p.x_mm, at[1] - p.y_mm) <= reach ? at : null;
}
