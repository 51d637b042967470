// Two rolling balls that collide between two frames: at 3 m/s closing speed they cover 100 mm a frame at
// 30 fps, so their sampled centres may never come within two radii (1020901: 122, 110 and 181 mm apart
// on three frames while the cue ball hit a rolling 14). The frames before the collision still say where
// they were heading, and the collision leaves its mark on both: equal masses trade equal and opposite
// kicks along the line of centres, so one's change of velocity is the other's reversed.
import type { TrackSample } from '../tracking/tracker.js';
import { hypot2 } from '../hypot2.js';

/** A change of velocity below this is within the noise of velocities from single steps (a few mm of jitter). */
const MIN_KICK_mm_s = 400;
/** How opposite the two kicks must be (cosine); a cushion or a third ball kicks only one of them. */
const OPPOSITE_COS = -0.7;
/** How unequal the two kicks' sizes may be (blur and a collision early or late in the step skew them). */
const KICK_RATIO = 2.5;
/** Samples of the two balls further apart in time are not the same frame. */
const SAME_FRAME_S = 0.005;

type Three = readonly [TrackSample, TrackSample, TrackSample];

/**
 * When two balls, each seen on the same three frames, touched between the second and the third: their
 * straight paths from the first two frames come within `reach_mm` in that step, and both velocities
 * changed there by kicks equal and opposite. The time is when the extrapolated paths first reached;
 * null when they did not touch by these tests.
 */
export function collidedBetweenFrames(p: Three, q: Three, reach_mm: number): number | null {
  for (let i = 0; i < 3; i++) if (Math.abs(p[i]!.t_s - q[i]!.t_s) > SAME_FRAME_S) return null;
  const dt1 = p[1].t_s - p[0].t_s, dt2 = p[2].t_s - p[1].t_s;
  if (!(dt1 > 0 && dt2 > 0)) return null;
  const v = (a: TrackSample, b: TrackSample, dt: number) => ({ x: (b.x_mm - a.x_mm) / dt, y: (b.y_mm - a.y_mm) / dt });
  const p1 = v(p[0], p[1], dt1), p2 = v(p[1], p[2], dt2);
  const q1 = v(q[0], q[1], dt1), q2 = v(q[1], q[2], dt2);
  // where the earlier velocities take them: the first moment within reach during the step
  const rx = p[1].x_mm - q[1].x_mm, ry = p[1].y_mm - q[1].y_mm;
  const wx = p1.x - q1.x, wy = p1.y - q1.y;
  const a = wx * wx + wy * wy, b = rx * wx + ry * wy, c = rx * rx + ry * ry - reach_mm * reach_mm;
  if (b >= 0) return null; // not closing in (nor moving apart at all: a = 0 gives b = 0)
  const disc = b * b - a * c;
  if (disc < 0) return null;
  const at_s = Math.max(0, (-b - Math.sqrt(disc)) / a);
  if (at_s > dt2) return null;
  const kp = { x: p2.x - p1.x, y: p2.y - p1.y }, kq = { x: q2.x - q1.x, y: q2.y - q1.y };
  const np = hypot2(kp.x, kp.y), nq = hypot2(kq.x, kq.y);
  if (np < MIN_KICK_mm_s || nq < MIN_KICK_mm_s || Math.max(np, nq) > KICK_RATIO * Math.min(np, nq)) return null;
  if ((kp.x * kq.x + kp.y * kq.y) / (np * nq) > OPPOSITE_COS) return null;
  return p[1].t_s + at_s;
}
