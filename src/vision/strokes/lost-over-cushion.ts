// A ball lost at a strike's pace a few frames short of a cushion, and not found again by the stroke's end.
//
// A ball that hits a cushion comes back off it into view; one that is never seen again jumped it (R10.1,
// F2), or lies hidden somewhere (under an arm, in a cluster). The first is the likelier, and both are for a
// person to confirm. A jump is seldom seen: it starts from a strike whose first frame is a faint streak, and
// the ball is over the rail in two or three (1160604: the cue ball struck at 5.7 m/s from 300 mm short of the
// side cushion, seen for one step at 2 m/s, then nothing; 1170600: the same under the player's arm).
import type { TableSpec } from '../../table/geometry.js';
import { cushionCrossing, type PocketZone } from '../tracking/pocket-zones.js';
import type { Track } from '../tracking/tracker.js';
import type { Stroke } from './stroke-state.js';
import { lastStepSpeed } from './track-steps.js';
import { hypot2 } from '../hypot2.js';

/** Only a ball going this fast (its last step seen) can jump a cushion ... */
const LEAVING_MM_S = 1500;
/** ... and only one this little time from it at that pace */
const LEAVING_REACH_S = 0.2;

/**
 * The balls of a stroke lost from view since it began (hidden or missing now) whose last step, at LEAVING_MM_S or
 * more, carried on would cross the cushions' line within LEAVING_REACH_S, clear of the pockets' zones.
 */
export function lostOverCushion(live: readonly Track[], st: Stroke, spec: TableSpec, zoneAt: (x_mm: number, y_mm: number) => PocketZone | undefined): Set<number> {
  const out = new Set<number>();
  for (const t of live) {
    if ((t.state !== 'missing' && t.state !== 'occluded') || !st.tracksAtStart.includes(t.id) || t.lastSeen_s < st.t0_s) continue;
    const a = t.history.at(-2), b = t.history.at(-1);
    const speed = lastStepSpeed(t);
    if (!a || !b || speed < LEAVING_MM_S) continue;
    const c = cushionCrossing(spec, a, b);
    if (c && hypot2(c.x - b.x_mm, c.y - b.y_mm) / speed <= LEAVING_REACH_S && !zoneAt(c.x, c.y)) out.add(t.id);
  }
  return out;
}
