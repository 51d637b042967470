// A track that leapt from rest onto something that then stood still: no ball does that. A ball sent a ball's
// width and more in one frame is rolling at a stroke's pace (over a metre a second); cloth does not stop it
// in a frame and a cushion throws it back. Only a ball it hits can stop it dead there. So a resting ball's
// track that leapt so far and then stood still with no ball beside it took a phantom as its ball was struck
// (1185001's break: the cue ball, unfound for the frame the cue hit it, was found whole 145 mm on; its track
// took the cue's tip by the head cushion, 80 mm back and nearer, and stayed on it while the cue ball crossed
// the table unfollowed, every ball of the set held: "struck 1"). Its ball went elsewhere, as if hidden from
// the moment it was struck: the handovers may give it the path of a ball seen leaving its place.
import type { TrackSample } from './tracker.js';
import { hypot2 } from '../hypot2.js';
import { heldBefore } from './held-place.js';

/** A leap at least this many radii in one step ... */
const LEAP_R = 1.5;
/** ... at a stroke's pace at least (mm/s), from a place it had held (see held-place.ts) ... */
const LEAP_MM_S = 1000;
/** ... then this many samples more within half a radius of where it landed. */
const STILL_SAMPLES = 2;

/**
 * The sample a track rested at before it leapt and then stood still (see above), or undefined. Only the
 * newest standstill counts: the history's last samples from the end back to the leap all lie within half a
 * radius of the last one.
 */
export function strandedRest(h: readonly TrackSample[], R_mm: number): { rest: TrackSample; landing: TrackSample } | undefined {
  const n = h.length;
  const last = h[n - 1];
  if (!last) return undefined;
  let k = n - 1;
  while (k > 0 && hypot2(h[k - 1]!.x_mm - last.x_mm, h[k - 1]!.y_mm - last.y_mm) <= 0.5 * R_mm) k--;
  // h[k] is where it landed, h[k - 1] where it leapt from
  if (k === 0 || n - 1 - k < STILL_SAMPLES) return undefined;
  const rest = h[k - 1]!, landing = h[k]!;
  const leap = hypot2(landing.x_mm - rest.x_mm, landing.y_mm - rest.y_mm);
  if (leap < LEAP_R * R_mm || leap / Math.max(1e-3, landing.t_s - rest.t_s) < LEAP_MM_S) return undefined;
  return heldBefore(h, k - 1) ? { rest, landing } : undefined;
}
