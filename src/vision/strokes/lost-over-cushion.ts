// A ball lost at a strike's pace a few frames short of a cushion, and not found again by the stroke's end.
//
// A ball that hits a cushion comes back off it into view; one that is never seen again jumped it (R10.1,
// F2), or lies hidden somewhere (under an arm, in a cluster). The first is the likelier, and both are for a
// person to confirm. A jump is seldom seen: it starts from a strike whose first frame is a faint streak, and
// the ball is over the rail in two or three (1160604: the cue ball struck at 5.7 m/s from 300 mm short of the
// side cushion, seen for one step at 2 m/s, then nothing; 1170600: the same under the player's arm).
import type { TableSpec } from '../../table/geometry.js';
import type { Track } from '../tracking/tracker.js';
import { hypot2 } from '../hypot2.js';

/** Only a ball going this fast (its last step seen) can jump a cushion ... */
const LEAVING_MM_S = 1500;
/** ... and only one this little time from it at that pace */
const LEAVING_REACH_S = 0.2;

/**
 * Where a ball going straight on from its last step's start through its last place crosses the cushions'
 * line, if its last step was at LEAVING_MM_S or more and it gets there within LEAVING_REACH_S.
 */
export function lostHeadingOverCushion(t: Track, spec: TableSpec): { x_mm: number; y_mm: number } | null {
  const a = t.history.at(-2), b = t.history.at(-1);
  if (!a || !b || b.t_s <= a.t_s) return null;
  const dx = b.x_mm - a.x_mm, dy = b.y_mm - a.y_mm;
  const step = hypot2(dx, dy);
  const speed = step / (b.t_s - a.t_s);
  if (speed < LEAVING_MM_S) return null;
  const hx = spec.length_mm / 2, hy = spec.width_mm / 2;
  const kx = dx === 0 ? Infinity : (Math.sign(dx) * hx - b.x_mm) / dx;
  const ky = dy === 0 ? Infinity : (Math.sign(dy) * hy - b.y_mm) / dy;
  const k = Math.max(0, Math.min(kx, ky));
  return (k * step) / speed <= LEAVING_REACH_S ? { x_mm: b.x_mm + k * dx, y_mm: b.y_mm + k * dy } : null;
}
