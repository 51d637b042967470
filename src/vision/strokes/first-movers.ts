// The balls a stroke set moving first: those that started in its earliest moment. When the cue ball's
// first contact was not seen (a break's cue ball flies unseen, blurred, and the rack starts as one), the
// contact is guessed among them: the one that stood nearest to where the cue ball was last seen, since
// the cue ball reaches the side of a cluster that faces it first.
import type { XY_mm } from '../../protocol/records.js';
import { hypot2 } from '../hypot2.js';

/** The balls that started in a stroke's earliest moment, and when. */
export interface FirstMovers {
  t_s: number;
  tracks: number[];
}

/**
 * `movers` with the ball that started at `start_s` taken in: it replaces them when clearly earlier,
 * joins them within `moment_s`, and is left out when later.
 */
export function withMover(movers: FirstMovers | undefined, track: number, start_s: number, moment_s: number): FirstMovers {
  if (!movers || start_s < movers.t_s - moment_s) return { t_s: start_s, tracks: [track] };
  if (start_s > movers.t_s + moment_s || movers.tracks.includes(track)) return movers;
  return { t_s: movers.t_s, tracks: [...movers.tracks, track] };
}

/**
 * Of the first movers, the one whose resting place (`before`) was nearest to `from` (where the cue ball
 * was last seen before the contact), or null when none has a known place.
 */
export function nearestMover(movers: FirstMovers, before: ReadonlyMap<number, XY_mm>, from: { x: number; y: number }): number | null {
  let best: number | null = null, bestD = Infinity;
  for (const id of movers.tracks) {
    const p = before.get(id);
    if (!p) continue;
    const d = hypot2(p[0] - from.x, p[1] - from.y);
    if (d < bestD) { best = id; bestD = d; }
  }
  return best;
}
