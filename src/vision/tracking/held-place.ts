// Whether a track had settled on a place before it left it: the samples up to one, going back, all within the
// settling jitter of it for long enough. Asked by the rules that take a track's leap or first steps from rest
// as something other than its ball's path (stranded-leap.ts, launch-lost.ts, there-and-back.ts).
import type { TrackSample } from './tracker.js';
import { hypot2 } from '../hypot2.js';

/** A resting centre jitters within this much (mm) ... */
export const SETTLED_MM = 8;
/** ... and a place held this long (s) was a ball at rest. */
const HELD_S = 0.2;

/** Whether the samples up to h[i], back from it, lie within SETTLED_MM of it for HELD_S or more. */
export function heldBefore(h: readonly TrackSample[], i: number): boolean {
  const place = h[i]!;
  let j = i;
  while (j > 0 && hypot2(h[j - 1]!.x_mm - place.x_mm, h[j - 1]!.y_mm - place.y_mm) <= SETTLED_MM) j--;
  return place.t_s - h[j]!.t_s >= HELD_S;
}
