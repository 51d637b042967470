// A ball runs straight between collisions. When the frame of the cue ball's first contact is lost (the
// fast cue ball blurred into the ball it hits), the straight step between its samples either side cuts
// the corner: at a break the cue ball unseen in the frame it met the apex went on at an angle past the
// second row, and a ball there, nearer its cut corner, was taken as hit. The contact is where the
// straight run in meets the straight run out.
import type { XY_mm } from '../../protocol/records.js';
import type { TrackSample } from '../tracking/tracker.js';
import { hypot2 } from '../hypot2.js';

/** A turn sharper than this (radians) is a collision's; a gentler one the noise of a straight run. */
export const MIN_TURN_RAD = (25 * Math.PI) / 180;
/** The corner lies no further from either side of the gap than this many times the gap's length. */
const MAX_REACH = 1.5;

/**
 * Where the run in (the two samples before a gap of a frame or more around `t_s`) meets the run out (the
 * two after it), or null when there is no such gap, too few samples, or no clear turn. A step between
 * frames seen one after the other counts as a gap when it is `minStep_mm` long or more: a cue ball at
 * 5 m/s at a break went 170 mm a frame, and its step from a sample short of the apex to one past the
 * turn cut the corner by as much (the first contact taken was a second-row ball, silently).
 */
export function cornerInGap(samples: readonly TrackSample[], t_s: number, minStep_mm = Infinity): XY_mm | null {
  const h = samples.filter((s, i) => i === 0 || s.t_s > samples[i - 1]!.t_s);
  let frame_s = Infinity;
  for (let i = 0; i + 1 < h.length; i++) frame_s = Math.min(frame_s, h[i + 1]!.t_s - h[i]!.t_s);
  // (a contact at a sample's time lies in the steps either side of it: the corner furthest inside its
  // step is the one cut; the other step's lines cross at its end, at the sample itself)
  let best: XY_mm | null = null, bestInside = 0;
  for (let i = 1; i + 2 < h.length; i++) {
    const a = h[i]!, b = h[i + 1]!;
    if (t_s < a.t_s - 1e-6 || t_s > b.t_s + 1e-6) continue;
    if (b.t_s - a.t_s < 1.5 * frame_s && hypot2(b.x_mm - a.x_mm, b.y_mm - a.y_mm) < minStep_mm) continue;
    const c = corner(h[i - 1]!, a, b, h[i + 2]!);
    if (c && c.inside > bestInside) { best = c.at; bestInside = c.inside; }
  }
  return best;
}

/** Where the run in to `a` and the run out from `b` cross, and how far inside the step a–b (the nearer of its two ends, mm). */
function corner(a0: TrackSample, a: TrackSample, b: TrackSample, b1: TrackSample): { at: XY_mm; inside: number } | null {
  const ux = a.x_mm - a0.x_mm, uy = a.y_mm - a0.y_mm;
  const vx = b1.x_mm - b.x_mm, vy = b1.y_mm - b.y_mm;
  const lu = hypot2(ux, uy), lv = hypot2(vx, vy);
  if (lu < 1 || lv < 1) return null;
  const dux = ux / lu, duy = uy / lu, dvx = vx / lv, dvy = vy / lv;
  if (Math.acos(Math.max(-1, Math.min(1, dux * dvx + duy * dvy))) < MIN_TURN_RAD) return null;
  const x = runsCross(a, dux, duy, b, dvx, dvy, 1e-6);
  if (!x) return null;
  const gap = hypot2(b.x_mm - a.x_mm, b.y_mm - a.y_mm);
  if (x.s <= 0 || x.r <= 0 || x.s > MAX_REACH * gap || x.r > MAX_REACH * gap) return null;
  return { at: [a.x_mm + x.s * dux, a.y_mm + x.s * duy], inside: Math.min(x.s, x.r) };
}

/**
 * Where a run in along unit (dux, duy) through `a` meets a run out along unit (dvx, dvy) from `b`: a + s·u =
 * b − r·v, so s·u + r·v = b − a; null when the two lines are nearer parallel than `minSin` (the sine of their angle).
 */
export function runsCross(a: TrackSample, dux: number, duy: number, b: TrackSample, dvx: number, dvy: number, minSin: number): { s: number; r: number } | null {
  const det = dux * dvy - duy * dvx;
  if (Math.abs(det) < minSin) return null;
  const wx = b.x_mm - a.x_mm, wy = b.y_mm - a.y_mm;
  return { s: (wx * dvy - wy * dvx) / det, r: (dux * wy - duy * wx) / det };
}
