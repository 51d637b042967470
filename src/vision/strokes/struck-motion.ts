// How the struck ball moved while seen in a stroke, gathered frame by frame, and whether that was a cue's
// strike or a hand sliding the ball (R12: a `moved` record, not a stroke).
//
// A cued ball leaves the tip faster than a hand slides one, and is fastest as it leaves (follow adds a few
// per cent while it slides, in the first tenths of a second of a run that lasts seconds). A hand speeds a
// ball up and slows it down again: 1021200's ball 5 was fastest (380 mm/s) 0.4 s into a 0.7 s slide, and
// was "struck 5".
import type { TrackSample } from '../tracking/tracker.js';
import { hypot2 } from '../hypot2.js';
import { leaptThenCrawled } from './leap-then-crawl.js';
import { turnedBack, type TurnerAt } from './turn-back.js';

/** How long into a stroke the struck ball's path is kept to tell a leap onto a hand from a strike (leap-then-crawl.ts) */
const PATH_S = 0.4;
/** A hand slides a ball at up to about this; a cued ball that touches nothing starts faster */
const HAND_SPEED_mm_s = 300;
/** A ball found in part for most of its way is taken for one under a hand (handMoved()) only below this pace */
const CUT_HAND_SPEED_mm_s = 2 * HAND_SPEED_mm_s;
/** A ball fastest this long after it began to move (the tracker's velocity lags a launch by its 0.14 s window) ... */
const HAND_PEAK_AFTER_S = 0.25;
/** ... and this far through its run was sped up by a hand ... */
const HAND_PEAK_SHARE = 0.3;
/** ... if it was seen moving within this long of its start (a ball hidden as it left is first measured late) */
const HAND_SEEN_FROM_S = 0.15;
/** ... and seen clear of hands for this long from then (the tracker's 0.14 s window has caught up with a launch) ... */
const HAND_SEEN_CLEAR_S = 0.15;
/** ... when its peak is this many times its pace then */
const HAND_SPED_UP = 1.5;
/** Whole sightings kept to judge whether the ball was seen whole only where it came to rest (more: it was seen on its way) */
const WHOLE_KEPT = 16;

export class StruckMotion {
  /** frames the struck ball was seen moving, and how many of those under or beside a hand or arm */
  frames = 0;
  covered = 0;
  /** frames it was found only in part (its outline cut) though clear of every box */
  cut = 0;
  /** its top speed while seen, when it reached it, and when it was last seen moving */
  peak_mm_s = 0;
  peakAt_s?: number;
  movingUntil_s?: number;
  /** when it was first seen moving, and first seen so under or beside a hand or arm */
  seenFrom_s?: number;
  coveredFrom_s?: number;
  /** its top speed in its first HAND_SEEN_CLEAR_S seen moving, while clear of every hand and arm */
  earlyPeak_mm_s?: number;
  /** its place at the start and where it was seen in the stroke's first PATH_S */
  readonly path: TrackSample[];
  /** where it was seen moving whole and clear of hands (the first WHOLE_KEPT + 1 such frames), and last seen moving */
  readonly whole: TrackSample[] = [];
  last?: TrackSample;

  constructor(start: TrackSample) {
    this.path = [start];
  }

  /**
   * One frame with the ball seen moving at `v_mm_s`, `covered` if under or beside a hand or arm, `cut` if found
   * only in part; `sample` its latest place.
   */
  see(t_s: number, t0_s: number, v_mm_s: number, covered: boolean, cut: boolean, sample: TrackSample | undefined): void {
    this.frames++;
    if (cut && !covered) this.cut++;
    this.seenFrom_s ??= t_s;
    if (v_mm_s > this.peak_mm_s) { this.peak_mm_s = v_mm_s; this.peakAt_s = t_s; }
    this.movingUntil_s = t_s;
    if (covered) { this.covered++; this.coveredFrom_s ??= t_s; }
    else if (this.coveredFrom_s === undefined && t_s - this.seenFrom_s <= HAND_SEEN_CLEAR_S) this.earlyPeak_mm_s = Math.max(this.earlyPeak_mm_s ?? 0, v_mm_s);
    if (sample && sample.t_s - t0_s <= PATH_S && sample.t_s > this.path.at(-1)!.t_s) this.path.push(sample);
    if (sample && !cut && !covered && this.whole.length <= WHOLE_KEPT) this.whole.push(sample);
    if (sample) this.last = sample;
  }

  /**
   * The track's samples were laid anew since they were gathered (a handover put a candidate's path in place of
   * what the track had followed: 1325007 at 33.8 s, the cue ball's track on the cue's tip 29 and 58 mm off for two
   * frames, then handed the streak of the ball itself; the tip's there-and-back made the stroke a hand's): the path
   * is taken from the track's `history` again, up to `t0_s` + PATH_S.
   */
  retrace(history: readonly TrackSample[], t0_s: number): void {
    const start = this.path[0]!;
    this.path.splice(1, this.path.length - 1, ...history.filter((h) => h.t_s > start.t_s && h.t_s - t0_s <= PATH_S));
  }

  /**
   * Whether a ball that touched nothing, seen moving from `t0_s`, was slid by a hand: under or beside one for
   * most of its way, found whole only where it stopped, never faster than a hand slides one, sped up well after it
   * began to move, or a leap onto a hand then a crawl, or a turn back on itself that no cushion explains
   * (turn-back.ts). `returnedHome`: its
   * start was re-dated, back on its spot first (StrokeBuilder.falseStart()); `turnerAt`: what could turn a ball
   * back at a place (not given: anything anywhere, and no turn is judged).
   */
  handMoved(t0_s: number, R_mm: number, returnedHome: boolean, turnerAt: TurnerAt = () => 'pocket'): boolean {
    if (this.frames < 3) return false;
    const peakAfter_s = (this.peakAt_s ?? t0_s) - t0_s;
    const moved_s = (this.movingUntil_s ?? t0_s) - t0_s;
    // seen moving from the start, clear of any arm until its peak: a ball hidden as it left (under an arm,
    // or seen by its edges only) had its speed measured first when it came clear, however fast it left
    const seenFromStart = (this.seenFrom_s ?? Infinity) - t0_s <= HAND_SEEN_FROM_S;
    const clearToPeak = seenFromStart && (this.coveredFrom_s ?? Infinity) > (this.peakAt_s ?? t0_s);
    // (or clear long enough at first for its launch to show, and fastest only later, well over that pace, as a
    // hand came over it: 1171201's ball 13, slid by a pale hand the camera boxed only 0.2 s in, seen clear at up
    // to 276 mm/s, then "479 mm/s" on the fingers' edge under it, 0.26 s into a run of a second)
    // (not one whose start was re-dated: its early pace was a flicker's)
    const clearAtFirst = seenFromStart && !returnedHome && (this.coveredFrom_s ?? Infinity) > this.seenFrom_s! + HAND_SEEN_CLEAR_S
      && this.peak_mm_s >= HAND_SPED_UP * (this.earlyPeak_mm_s ?? Infinity);
    const spedUpLate = (clearToPeak && peakAfter_s >= HAND_PEAK_AFTER_S && peakAfter_s >= HAND_PEAK_SHARE * moved_s) || clearAtFirst;
    // (a hand the camera does not box still cuts the ball's outline: found in part for most of its way, and at a
    // hand's pace, it was under the hand. 1241202: ball 14 slid 150 mm under a hand boxed only 0.4 s in, its
    // track on the fingers' edges at up to 317 mm/s, "struck 14")
    const underHand = this.covered + this.cut > 0.5 * this.frames && this.peak_mm_s < CUT_HAND_SPEED_mm_s;
    // (nor does one found only in part on its way and whole only where it came to rest: a finger on top of it slid
    // it, a hand too thin for the camera to box. 1171205: ball 9, slid 120 mm at up to 360 mm/s, its track on the
    // finger's pieces at up to "564 mm/s", then on the ball let go, its speed still lagging: "struck 9")
    const wholeOnlyAtRest = this.frames - this.whole.length >= 3 && this.whole.length <= WHOLE_KEPT && this.peak_mm_s < CUT_HAND_SPEED_mm_s
      && this.whole.every((s) => hypot2(s.x_mm - this.last!.x_mm, s.y_mm - this.last!.y_mm) <= R_mm);
    return this.covered > 0.5 * this.frames || underHand || wholeOnlyAtRest || this.peak_mm_s < HAND_SPEED_mm_s || spedUpLate || leaptThenCrawled(this.path, R_mm, HAND_SPEED_mm_s) || turnedBack(this.path, turnerAt);
  }
}
