// A track's first steps from rest that no struck ball could make: one leap, then a crawl.
//
// A cued ball that touches nothing slows by a few per cent a tenth of a second (cloth friction takes
// about 2 m/s a second off a sliding ball, less off a rolling one); a track that went over a radius in one
// step and then crept on at a fraction of that pace touched nothing that could have slowed it so. It was
// put onto another "ball": the fingertips of a hand that reached over the ball and slid it (1171200: ball
// 12's track leapt 59 mm onto a fingertip as the hand covered it, then followed the fingers at 150–250 mm/s,
// and the slide was a stroke, "struck 12", its peak speed the leap's).
import type { TrackSample } from '../tracking/tracker.js';
import { hypot2 } from '../hypot2.js';
import { median } from '../median.js';

/** The leap is looked for among the first steps (a ball struck mid-frame shows a short first step) ... */
const LEAP_AMONG_STEPS = 3;
/** ... and the pace after it over at least this many steps ... */
const CRAWL_STEPS = 3;
/** ... is a crawl when its median is under this share of the leap's */
const CRAWL_SHARE = 0.3;

/**
 * Whether a path from where a ball rested (its first sample) through its first sightings moving is a leap
 * of over `R_mm` in one step followed by steps whose median pace is under CRAWL_SHARE of the leap's and
 * under `hand_mm_s` (a hand's pace: a struck ball whose first step was overestimated, its streak merged
 * with a neighbour, still rolls on faster than a hand slides one).
 */
export function leaptThenCrawled(path: readonly TrackSample[], R_mm: number, hand_mm_s: number): boolean {
  const steps: { mm: number; mm_s: number }[] = [];
  for (let i = 1; i < path.length; i++) {
    const a = path[i - 1]!, b = path[i]!;
    const dt = b.t_s - a.t_s;
    if (dt <= 0) continue;
    const mm = hypot2(b.x_mm - a.x_mm, b.y_mm - a.y_mm);
    steps.push({ mm, mm_s: mm / dt });
  }
  let k = -1;
  for (let i = 0; i < Math.min(LEAP_AMONG_STEPS, steps.length); i++) if (k < 0 || steps[i]!.mm_s > steps[k]!.mm_s) k = i;
  if (k < 0 || steps[k]!.mm <= R_mm) return false;
  const after = steps.slice(k + 1).map((s) => s.mm_s);
  return after.length >= CRAWL_STEPS && median(after) < Math.min(CRAWL_SHARE * steps[k]!.mm_s, hand_mm_s);
}
