// A ball at rest set moving by a moving neighbour goes off along the line of centres (equal masses;
// the other ball takes the 90° rule): matching it to a detection in another direction would swap the
// two balls' identities at the collision. Only a neighbour coming towards it can have pushed it: one
// plainly going away is a ball of the same cluster sent off elsewhere (at a break, ball 9 in the
// rack's second row was pushed out by its neighbours, not by ball 2 leaving beside it; kept off its
// own detection, its track took the cue ball's, and the two exchanged names). Nor does a ball left
// behind go the way the leaving one goes: a track that did is dragged along by its neighbour's blur.
import { hypot2 } from '../hypot2.js';

/** A ball's place and smoothed velocity. */
export interface MovingBall { x_mm: number; y_mm: number; vx_mm_s: number; vy_mm_s: number }

/** Above this speed, mm/s, a ball is already rolling: where it goes is its own, not a push's. */
const ROLLING_MM_S = 150;
/**
 * A neighbour whose velocity points this far away from the ball (the cosine of the angle between its
 * velocity and the line to the ball) is leaving it, not pushing it. Well short of square: a pusher goes
 * off about square to the line of centres after the collision (the 90° rule), and its smoothed
 * velocity lags.
 */
const RECEDING_COS = -0.3;
/** A pushed ball leaves within 60° of the line from its pusher. */
const ALONG_LINE_COS = 0.5;

/**
 * Whether a detection `d` can be ball `t`'s new place given the moving neighbours near it: a ball at
 * rest moves off within 60° of the line from each neighbour that is not leaving it, and not within 60°
 * of the way one that is leaving it goes (or it barely moved).
 */
export function pushedAlongLine(t: MovingBall, d: { x_mm: number; y_mm: number }, near: readonly MovingBall[], R_mm: number): boolean {
  const ux = d.x_mm - t.x_mm, uy = d.y_mm - t.y_mm;
  const u = hypot2(ux, uy);
  if (u < R_mm || hypot2(t.vx_mm_s, t.vy_mm_s) > ROLLING_MM_S) return true;
  for (const m of near) {
    const nx = t.x_mm - m.x_mm, ny = t.y_mm - m.y_mm;
    const n = hypot2(nx, ny);
    const v = hypot2(m.vx_mm_s, m.vy_mm_s);
    if (n === 0 || v === 0) continue;
    if ((m.vx_mm_s * nx + m.vy_mm_s * ny) / (v * n) < RECEDING_COS) {
      // nor does a ball left behind follow it (a resting track dragged along by a ball leaving beside it)
      if ((ux * m.vx_mm_s + uy * m.vy_mm_s) / (u * v) > ALONG_LINE_COS) return false;
      continue;
    }
    if ((ux * nx + uy * ny) / (u * n) < ALONG_LINE_COS) return false;
  }
  return true;
}
