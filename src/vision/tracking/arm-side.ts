// A ball struck from under an arm goes where the cue points: away from the hands that hold it. The bridge
// hand and the arm lie behind the ball on the line of the shot, so a "ball" that runs from the hidden ball's
// place back over the arm's side is the cue or the arm itself, drawn back after the stroke. (1160601: a cue
// ball struck 160 mm from the side cushion jumped it from under the arm; 0.7 s later a piece of the cue, drawn
// back towards the player at 1.9 m/s, straight out from the ball's place the other way, was taken for the ball
// struck out and followed into a corner pocket: "pocketed", silently.)
import type { OccludedBox } from '../observation.js';
import { hypot2 } from '../hypot2.js';

/** Occluded cells within this distance of a hidden ball's place, mm, say where the arm over it lay. */
const ARM_REACH_MM = 500;
/** A direction within this cosine of the arm's (60°) goes back over the arm. */
const INTO_ARM_COS = 0.5;

/**
 * Unit vector from a hidden ball's place towards the middle of the occluded area around it (cells weighted by
 * their area), or undefined when that middle is within `R_mm` of the place (the ball under the middle of a
 * blob: no side is the arm's).
 */
function armDirection(boxes: readonly OccludedBox[], x_mm: number, y_mm: number, R_mm: number): [number, number] | undefined {
  let sx = 0, sy = 0, sw = 0;
  for (const b of boxes) {
    const cx = (b.x0_mm + b.x1_mm) / 2, cy = (b.y0_mm + b.y1_mm) / 2;
    if (hypot2(cx - x_mm, cy - y_mm) > ARM_REACH_MM) continue;
    const w = (b.x1_mm - b.x0_mm) * (b.y1_mm - b.y0_mm);
    sx += w * cx; sy += w * cy; sw += w;
  }
  if (sw <= 0) return undefined;
  const dx = sx / sw - x_mm, dy = sy / sw - y_mm, d = hypot2(dx, dy);
  return d < R_mm ? undefined : [dx / d, dy / d];
}

/**
 * The arm's direction summed over the frames a ball is hidden: a hand that moves over the table sweeps its
 * side frame by frame (1090201: a hand passing over ball 15 by the side cushion and on towards the middle,
 * its cells' middle swinging 67° between two frames, was taken for the ball struck out by the last frame's).
 */
export function addArmDirection(sum: [number, number] | undefined, boxes: readonly OccludedBox[], x_mm: number, y_mm: number, R_mm: number): [number, number] | undefined {
  const d = armDirection(boxes, x_mm, y_mm, R_mm);
  if (!d) return sum;
  return sum ? [sum[0] + d[0], sum[1] + d[1]] : d;
}

/** Whether going from a hidden ball's place along (ux, uy) (a unit vector) runs back over the arm that hid it. */
export function intoArm(hidden: { armToward?: [number, number] }, ux: number, uy: number): boolean {
  const a = hidden.armToward;
  if (!a) return false;
  const n = hypot2(a[0], a[1]);
  return n > 0 && (a[0] * ux + a[1] * uy) / n > INTO_ARM_COS;
}
