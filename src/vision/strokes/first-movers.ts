// The balls a stroke set moving first: those that started in its earliest moment. When the cue ball's
// first contact was not seen (a break's cue ball flies unseen, blurred, and the rack starts as one), the
// contact is guessed among them: the one that stood nearest to where the cue ball was last seen, since
// the cue ball reaches the side of a cluster that faces it first.
import type { XY_mm } from '../../protocol/records.js';
import type { Stroke } from './stroke-state.js';
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

/**
 * A first contact guessed from a ball that started with no ball seen near it, one of several that
 * started in the same moment (a rack, a cluster), or none found at all though balls moved: of the balls
 * that started first, the one that stood nearest to where the cue ball was last seen, flagged as a
 * guess. (Which of them the tracker lists first is no evidence: 1040401's break, its cue ball unseen in
 * flight, had ball 3 at the back of the rack as the first contact, not the apex.)
 */
export function firstContactAmongFirstMovers(st: Stroke): void {
  const guess = st.firstContactUnseen, fm = st.firstMovers;
  if (!fm || st.whileMoving || st.struck !== st.cueTrack) return;
  const guessed = guess !== undefined && st.firstContactTrack === guess && fm.tracks.includes(guess);
  if (!guessed && st.firstContactTrack !== null) return;
  const cueStart = st.cueTrack !== null ? st.before.get(st.cueTrack) : undefined;
  const lastSeen = st.cueSamples.filter((q) => q.t_s <= fm.t_s).at(-1);
  const from = lastSeen ? { x: lastSeen.x_mm, y: lastSeen.y_mm } : cueStart ? { x: cueStart[0], y: cueStart[1] } : null;
  if (!from) return;
  const best = nearestMover(fm, st.before, from);
  if (best === null || best === st.firstContactTrack) return;
  st.firstContactTrack = best;
  st.firstContactUnseen = best;
  st.firstContactGuessed = true;
}
