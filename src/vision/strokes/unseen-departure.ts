// A struck ball the camera lost at rest can leave unseen while its track holds on to something else where it
// stood (the cue's tip after the follow-through, a low-contrast ball's own shading). The track then "leaps"
// to the ball when it is found again, far off and rolling, and the stroke is dated from the leap: 1095002's
// red cue ball on burgundy, found 880 mm off rolling at 0.6 m/s, began a stroke 0.75 s after it was struck,
// one the evaluation could not pair with the true one (a stroke missed, and one made up, neither flagged).
// No ball covers 880 mm in a frame and then rolls on at 0.6 m/s: it left earlier, and its speed when found
// says about when.
import type { XY_mm } from '../../protocol/records.js';
import type { TrackSample } from '../tracking/tracker.js';
import { hypot2 } from '../hypot2.js';

/**
 * How fast a struck ball slows, mm/s² (rolling on cloth it loses a few cm/s each second, sliding just after
 * the strike up to 2 m/s a second): one figure for a run of a second or so, enough to date a start to a few
 * tenths of a second.
 */
const SLOWING_mm_s2 = 500;
/** A first step this many times longer than the speed found after it allows was no step but a leap. */
const LEAP_RATIO = 3;

export interface UnseenDeparture {
  /** when the ball most likely left its place */
  t0_s: number;
  /** how far from it the ball was first found, and how fast it rolled then */
  leap_mm: number;
  speed_mm_s: number;
}

/**
 * The likelier start of a stroke dated `t0_s` whose ball, at rest at `from`, was next found `leap_mm` off
 * (its first sample after t0) and rolling on slowly (to its next sample); null when its first
 * step is one a ball could make. `minLeap_mm`: shorter first steps are never in doubt (a hard strike
 * covers a few radii in a frame).
 */
export function unseenDeparture(from: XY_mm, t0_s: number, path: readonly TrackSample[], minLeap_mm: number): UnseenDeparture | null {
  const a = path.find((h) => h.t_s > t0_s);
  const b = a && path.find((h) => h.t_s > a.t_s);
  if (!a || !b) return null;
  const leap_mm = hypot2(a.x_mm - from[0], a.y_mm - from[1]);
  if (leap_mm < minLeap_mm) return null;
  const speed_mm_s = hypot2(b.x_mm - a.x_mm, b.y_mm - a.y_mm) / (b.t_s - a.t_s);
  if (leap_mm / (a.t_s - t0_s) <= LEAP_RATIO * speed_mm_s) return null;
  // leap = v·T + ½·a·T², the ball slowing at SLOWING_mm_s2 from an unknown start down to v when found
  const T_s = (-speed_mm_s + Math.sqrt(speed_mm_s ** 2 + 2 * SLOWING_mm_s2 * leap_mm)) / SLOWING_mm_s2;
  return { t0_s: a.t_s - T_s, leap_mm, speed_mm_s };
}
