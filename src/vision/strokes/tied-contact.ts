// Two balls the cue ball reached within a frame of each other: the frames cannot say which it touched
// first (a cue ball at 2 m/s covers 65 mm between two samples), but a ball runs straight until it touches
// something, so the line of its run in, carried on, meets the first one. 1185000's cue ball came in at a
// slant past ball 15 (79 mm off the line: not touched) into ball 8 (39 mm off it), both within reach of its
// blurred last samples, and 15 was taken.
import type { XY_mm } from '../../protocol/records.js';
import type { TrackSample } from '../tracking/tracker.js';
import type { RestingBall } from './path-blocker.js';
import { hypot2 } from '../hypot2.js';
import { fitLine, type Line } from './fit-line.js';

/** A sample further than this from the line fitted to the run in ends it (a cushion's bounce, a curve; mm). */
export const STRAIGHT_MM = 8;
/** The run in needs this many samples and this length for its line to be trusted so far on. */
const MIN_RUN_SAMPLES = 4;
const MIN_RUN_MM = 100;
/** At most this many samples back make the run in (its line, not the whole path)... */
const MAX_RUN_SAMPLES = 10;
/** ... or, while it is shorter than MIN_RUN_MM, this many (a second of a slow ball's straight run). */
const SLOW_RUN_SAMPLES = 30;

/**
 * The ball among `balls` (with where the cue ball's centre was as it touched it) that the straight run in of `samples` (the cue ball's, up to its contact) meets
 * first when carried on, its centre coming within `reach_mm` of the ball's centre; null when the run in is
 * too short or bent, or its line meets none of them. Samples at the end within `near_mm` of one of the balls
 * are left out of the run: in touch or blurred into it, they may already have turned.
 */
export function firstOnRunIn(samples: readonly TrackSample[], balls: readonly RestingBall[], reach_mm: number, near_mm: number): { id: number; at: XY_mm } | null {
  const h = samples.filter((s, i) => i === 0 || s.t_s > samples[i - 1]!.t_s);
  let end = h.length;
  while (end > 0 && balls.some((b) => hypot2(h[end - 1]!.x_mm - b.x_mm, h[end - 1]!.y_mm - b.y_mm) <= near_mm)) end--;
  let line: Line | null = null, used = 0;
  // (a slow ball's run in takes more samples, as long as they stay on a straight line, until it is long enough:
  // 1375003's cue ball at 240 mm/s went 80 mm in ten frames)
  const longEnough = (k: number) => hypot2(h[end - 1]!.x_mm - h[end - k]!.x_mm, h[end - 1]!.y_mm - h[end - k]!.y_mm) >= MIN_RUN_MM;
  for (let k = MIN_RUN_SAMPLES; k <= Math.min(SLOW_RUN_SAMPLES, end) && (k <= MAX_RUN_SAMPLES || !longEnough(k - 1)); k++) {
    const l = fitLine(h.slice(end - k, end));
    if (!l || l.worst_mm > STRAIGHT_MM) break;
    line = l;
    used = k;
  }
  if (!line) return null;
  const first = h[end - Math.max(MIN_RUN_SAMPLES, used)]!, last = h[end - 1]!;
  if (hypot2(last.x_mm - first.x_mm, last.y_mm - first.y_mm) < MIN_RUN_MM) return null;
  let best: { id: number; along_mm: number } | null = null;
  const { x, y, ux, uy } = line;
  for (const b of balls) {
    const rx = b.x_mm - x, ry = b.y_mm - y;
    const off = Math.abs(rx * uy - ry * ux);
    if (off > reach_mm) continue;
    const along = rx * ux + ry * uy - Math.sqrt(reach_mm * reach_mm - off * off);
    if (!best || along < best.along_mm) best = { id: b.id, along_mm: along };
  }
  return best && { id: best.id, at: [x + best.along_mm * ux, y + best.along_mm * uy] };
}
