// The first ball in the cue ball's way: a ball at rest whose centre the cue ball's path passes closer
// to than the two balls' overlap allows could not have been passed by. At a break the cue ball moves
// 250 mm a frame and the whole rack starts at once, so the contact seen first may be a ball behind the
// one it truly hit; the path says which one stood in front.
import type { XY_mm } from '../../protocol/records.js';
import { stepEntry } from '../step-entry.js';
import { hypot2 } from '../hypot2.js';

export interface RestingBall {
  id: number;
  x_mm: number;
  y_mm: number;
}

/**
 * The first of `balls` (by distance along `path`) whose centre the path comes within `reach_mm` of, not
 * counting balls already that near at the path's start (a cue ball frozen against a ball), or null.
 */
export function firstBallOnPath(path: readonly XY_mm[], balls: readonly RestingBall[], reach_mm: number): { id: number; along_mm: number } | null {
  if (path.length < 2) return null;
  let best: { id: number; along_mm: number } | null = null;
  const [sx, sy] = path[0]!;
  for (const b of balls) {
    if (hypot2(b.x_mm - sx, b.y_mm - sy) <= reach_mm) continue;
    let along = 0;
    for (let i = 0; i + 1 < path.length; i++) {
      const [ax, ay] = path[i]!, [bx, by] = path[i + 1]!;
      const len = hypot2(bx - ax, by - ay);
      const u = stepEntry(ax, ay, bx, by, { x: b.x_mm, y: b.y_mm }, reach_mm);
      if (u !== null) {
        const at = along + u * len;
        if (!best || at < best.along_mm) best = { id: b.id, along_mm: at };
        break;
      }
      along += len;
    }
  }
  return best;
}
