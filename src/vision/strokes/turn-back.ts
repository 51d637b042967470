// A track's first steps from rest that no struck ball could make: a turn back on itself.
//
// A ball that touches nothing runs straight (spin bends its path gently, over tenths of a second); a cushion
// turns back only the part of its motion across the cushion, never the part along it. A track whose step from
// rest is followed by one going back the other way, both well over the centre's jitter (along the cushion
// when one is near), was on something else: the pieces of a hand coming down over the ball (1285006 at
// 15.4 s: ball 3 47 mm short of touching the side cushion, its track thrown 27 mm one way and 36 mm back onto fingertips
// as a hand reached over it before the camera boxed the hand, then hidden under it: "struck 3", F3; along the
// cushion it went 18 mm one way and 29 mm back).
import type { TrackSample } from '../tracking/tracker.js';
import { hypot2 } from '../hypot2.js';

/** Each of the two steps at least this long, mm (a resting centre jitters a few mm) ... */
const TURN_STEP_MM = 10;
/** ... and, out on the cloth, the second going back on the first by more than this angle's cosine (120°) */
const TURN_BACK_COS = -0.5;

/**
 * What could turn a ball at a place: nothing ('open'), a cushion (the unit vector along it), or a pocket's
 * jaws ('pocket': any turn may be theirs).
 */
export type TurnerAt = (x_mm: number, y_mm: number) => 'open' | 'pocket' | { ux: number; uy: number };

/**
 * Whether the path (where the ball rested, then its first sightings moving) turns back on itself between two
 * steps of TURN_STEP_MM or more that nothing at the turn (`turnerAt`) could have turned back.
 */
export function turnedBack(path: readonly TrackSample[], turnerAt: TurnerAt): boolean {
  for (let i = 1; i + 1 < path.length; i++) {
    const p = path[i - 1]!, q = path[i]!, r = path[i + 1]!;
    const ax = q.x_mm - p.x_mm, ay = q.y_mm - p.y_mm, bx = r.x_mm - q.x_mm, by = r.y_mm - q.y_mm;
    const turner = turnerAt(q.x_mm, q.y_mm);
    if (turner === 'pocket') continue;
    if (turner === 'open') {
      const a = hypot2(ax, ay), b = hypot2(bx, by);
      if (a >= TURN_STEP_MM && b >= TURN_STEP_MM && (ax * bx + ay * by) / (a * b) < TURN_BACK_COS) return true;
      continue;
    }
    // by a cushion: the steps along it, one way then the other
    const a = ax * turner.ux + ay * turner.uy, b = bx * turner.ux + by * turner.uy;
    if (Math.abs(a) >= TURN_STEP_MM && Math.abs(b) >= TURN_STEP_MM && a * b < 0) return true;
  }
  return false;
}
