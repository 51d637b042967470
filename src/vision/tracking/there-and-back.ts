// A track that leapt from rest and, a frame or two later, is back on its place within the settling jitter
// took something else for its ball in between (a fingertip beside it, found as a ball while the hand hid
// the ball itself). No ball does that: sent a ball and a half's width in a frame it is rolling at over a
// metre a second, and nothing brings it back to the very place it left the next frame. The leap's samples
// are no path of the ball's; kept, they give a ball at rest a speed for its velocity window's length
// (1205004 at 16.2 s: ball 8 "rolled" at 190-370 mm/s after it was back, and the stroke that followed a
// moment later was taken as played while it still rolled).
import type { TrackSample } from './tracker.js';
import { hypot2 } from '../hypot2.js';
import { heldBefore, SETTLED_MM } from './held-place.js';

/** At most this many samples away ... */
const AWAY_SAMPLES = 2;
/** ... each at least this many radii from a place held before (see held-place.ts). */
const AWAY_R = 1.5;

/**
 * How many of the history's last samples were a leap away from a place the ball is back on now, at
 * (x_mm, y_mm): 0 when it is not back, or did not leap, or had not rested there.
 */
export function leapBackSamples(h: readonly TrackSample[], x_mm: number, y_mm: number, R_mm: number): number {
  const n = h.length;
  for (let m = 1; m <= AWAY_SAMPLES && n - 1 - m >= 0; m++) {
    const rest = h[n - 1 - m]!;
    if (hypot2(x_mm - rest.x_mm, y_mm - rest.y_mm) > SETTLED_MM) continue;
    let away = true;
    for (let k = n - m; k < n; k++) if (hypot2(h[k]!.x_mm - rest.x_mm, h[k]!.y_mm - rest.y_mm) < AWAY_R * R_mm) away = false;
    if (!away) continue;
    return heldBefore(h, n - 1 - m) ? m : 0;
  }
  return 0;
}
