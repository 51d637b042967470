// A track lost in the first frames of its ball's flight. A ball struck hard is found once or twice a little
// way out from where it rested (the cue still over it, the blur starting), then it is a streak the tracker's
// gate cannot follow, and the track goes hidden with a speed from those first short steps. Where it is
// looked for (the provisional candidates of struckFrom(), the handovers), it is taken as what it was a frame
// before: a ball at rest, struck from its place. 1185006's break: the cue ball, found 12 mm out in the strike's
// frame, went missing "rolling at 1.4 m/s"; its flight, found 560 mm on, was nobody's, the cue ball was
// unfollowed until the rack had scattered, and the first ball to move fast, ball 6, was taken as the first contact.
import type { TrackSample } from './tracker.js';
import { hypot2 } from '../hypot2.js';
import { heldBefore, SETTLED_MM } from './held-place.js';

/** At most this many samples moving, after a place held (see held-place.ts). */
const MOVING_SAMPLES = 2;

/** The sample a track rested at before its last one or two samples moved off it, or undefined. */
export function launchRest(h: readonly TrackSample[]): TrackSample | undefined {
  const n = h.length;
  for (let m = 1; m <= MOVING_SAMPLES && n - 1 - m >= 0; m++) {
    const rest = h[n - 1 - m]!;
    // (every sample after the rest off it, and the last of them off it by more than the settling jitter)
    if (hypot2(h[n - 1]!.x_mm - rest.x_mm, h[n - 1]!.y_mm - rest.y_mm) <= SETTLED_MM) return undefined;
    if (m > 1 && hypot2(h[n - m]!.x_mm - rest.x_mm, h[n - m]!.y_mm - rest.y_mm) <= SETTLED_MM) continue;
    if (heldBefore(h, n - 1 - m)) return rest;
  }
  return undefined;
}
