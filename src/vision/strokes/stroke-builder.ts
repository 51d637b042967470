// Stroke inference: from tracked balls, frame by frame, to protocol v1 `shot`, `moved` and `fall`
// records. A stroke starts when a ball at rest starts moving with no moving ball touching it (the
// cue did it); contacts are balls set moving by a moving neighbour; it ends when every ball has been
// at rest for a short while. Whatever is doubtful goes into `review`, never a silent guess.
import type { FallRecord, MovedRecord, ShotRecord, XY_mm } from '../../protocol/records.js';
import type { BallId } from '../../sim/types.js';
import { insideNose_mm, type TableSpec } from '../../table/geometry.js';
import type { IdentityBook, Naming } from '../identity/identity-book.js';
import { BACK_OUT_S, cueLooking, type Track, type Tracker, type TrackSample } from '../tracking/tracker.js';
import { inBoxes } from '../observation.js';
import type { Stroke } from './stroke-state.js';
import { firstContactAmongFirstMovers, withMover } from './first-movers.js';
import { nameDoubt, round2, shotRecord } from './shot-record.js';
import { firstWithin_s, frameInterval_s, keptAway, lastStep_mm, leftAndCameBack, nearestSample, reachSpan_s, segmentDistance } from './track-steps.js';
import { collidedBetweenFrames } from './collision-between-frames.js';
import { chainTo, joinedTo, pathTo } from './touching.js';
import { CONTACT_NOISE_MM, firstContactBeforeMovers, firstContactByCorner, firstContactByPath, firstContactByRunIn, firstContactByRunInAcrossGap, firstContactSeen, firstGuessByRunIn } from './first-contact-checks.js';
import { turnAtBall } from './path-turn.js';
import { hypot2 } from '../hypot2.js';
import { StruckMotion } from './struck-motion.js';
import { lostOverCushion } from './lost-over-cushion.js';
import { turnedBack, type TurnerAt } from './turn-back.js';

export type VisionRecord = ShotRecord | MovedRecord | FallRecord;

export interface StrokeBuilderOptions {
  /** a ball faster than this is moving */
  move_mm_s: number;
  /** a ball slower than this is at rest */
  rest_mm_s: number;
  /** every ball at rest this long ends a stroke (keeps the record within ~300 ms of the stop) */
  rest_s: number;
  /** extra distance over two radii within which a moving ball is taken to have set another moving */
  contact_mm: number;
  /** names below this confidence are flagged for review */
  minConfidence: number;
  /** a ball that appeared less than this ago is still being placed: its motion is no stroke */
  settle_s: number;
  /** vanishing at a pocket faster than this may as well be a jump over it: flagged */
  fastGone_mm_s: number;
}

/**
 * Two balls this far apart (gap between them, mm) or less are taken to touch: positions are good to a
 * few mm, and a ball pushed off slowly creeps several mm before it counts as moving. (A cue ball this
 * near, struck softly, never rolls fast enough to be seen moving either.)
 */
const FROZEN_GAP_mm = 25;
/** A contact is looked for this long either side of a ball's start: a fast ball jumps 200 mm a frame, and starts are dated to a frame or two */
const APPROACH_S = 0.12;
/** A cue ball seen passing no nearer a ball than this beyond touching it (mm) did not touch it (blur and noise are tens of mm). */
const UNTOUCHED_MM = 100;
/** A resting ball this far (mm) off its place was moved (detection noise is a few mm). */
const CREPT_mm = 12;
/**
 * ... and one off by this much (a resting ball's found centre holds within a millimetre or two: ball 2 in
 * development game 885005 within 2 mm over the 4 s between two strokes) was nudged, if the struck ball
 * came within NUDGE_REACH_mm of touching it and it did not go back towards the struck ball.
 */
const NUDGED_mm = 6;
const NUDGE_REACH_mm = 8;
/** Steps in a row, each further from its place, that make a crept ball's motion a start (see creptOff()). */
const CREEP_STEPS = 3;
/** a ball leaving a pocket's jaws this fast (mm/s), in any direction onto the table, was struck out of them */
const JAW_STRIKE_MM_S = 500;
/** A struck ball this near its resting spot is on it (the spot's own running mean allows 6 mm; see falseStart()). */
const HOME_mm = 6;
/** ... and this far off it, it was seen off it (a centre thrown off by the cue's tip, or the ball leaving). */
const JITTER_mm = 10;
/** how far beyond touching a rolling cue ball lost from sight may be from a ball it could still reach unseen */
const CONTACT_REACH_MM = 40;

const DEFAULTS: StrokeBuilderOptions = { move_mm_s: 150, rest_mm_s: 45, rest_s: 0.17, contact_mm: 35, minConfidence: 0.9, settle_s: 1.0, fastGone_mm_s: 3000 };

interface Motion {
  active: boolean;
  restSince_s: number | null;
  anchor: { x: number; y: number } | null;
  occludedAtRest: boolean;
  /** resting between the jaws after a stroke: may fall later (R8) */
  hanging: boolean;
  /** a resting ball's track leapt over a radius in one frame (while balls rolled): a stroke only if it keeps moving away */
  leapt?: boolean;
  /**
   * when a ball in the jaws set off in a way no stroke sends one (see outOfJaws()): looked at again each
   * frame while it moves, as its speed is measured better
   */
  jawMoving?: number;
  /** it began moving by creeping off its place, never fast enough to count as moving (see creptOff()) */
  crept?: boolean;
  /** set off during a stroke too slowly to count as moving, it creeps on: the stroke is not over until it stops (see onFrame()) */
  creeping?: boolean;
  /** where it rested when a body hid it, and when it came back into view (a `moved` check) */
  hiddenAt?: { x: number; y: number };
  /** when the rest place was last taken at rest (see onFrame()) */
  anchorAt_s?: number;
  /** where it rested before its track flitted off onto something beside it (see carried()): back there, it did not move */
  flitFrom?: { x: number; y: number };
  backInView_s?: number;
  /** when the question whether a hand moved it first arose (its `moved` record's time) */
  askedAt_s?: number;
}

/** Two contacts of the cue ball this close in time (two frames at 30 fps) may have been seen out of order. */
const TIED_CONTACTS_S = 0.07;
/**
 * A turn of the cue ball's path counts as a contact with a ball whose centre is two radii from where it
 * turned give or take this (mm), and no nearer a cushion's nose than a radius and this (mm): a cushion
 * may have turned it there (the tracker's bounce slack is 20 mm).
 */
const TURN_REACH_MM = 12;
const TURN_CUSHION_MM = 25;
/** A ball whose centre is within a radius and this (mm) of a cushion's nose rests against it (a found centre is good to a few mm). */
const FROZEN_MM = 8;
/** Two balls taken to start this close together (s, two frames at 30 fps) started in one moment. */
const SAME_MOMENT_S = 0.07;
/** A cue ball taken as struck frozen against the ball that moved is its stroke's still if seen leaving this soon after (s). */
const FROZEN_SEEN_LATE_S = 0.5;
/** A ball within this many radii of touching a cushion may be turned back by it (turnerAt(); a strike covers that within a frame) */
const TURNER_REACH_RADII = 4;
/** How far past touching (mm) a ball that stopped dead on another may be found: its centre a little short or blurred. */
const KNOCK_SLACK_MM = 15;
/** How long before a jaw ball was last seen a ball passing it counts as its touch (see passedBy()). */
const PASSED_BY_S = 0.25;
/** …and how long after it. */
const PASSED_AFTER_S = 0.05;
/** A ball back in view this far from where it rested before a hand or a body hid it was moved (mm). */
const MOVED_mm = 25;
/** a "stroke" over this soon (s) that moved nothing far was a jolt of tracks, not a ball struck (see wasNoStroke()) */
const JOLT_S = 0.6;
/** A jaw ball's fall waits this long for people to put it back (R8.2) before it is told as its own (R8.1) */
const PUT_BACK_WAIT_S = 8;
/** ... put back: a new ball this near where it hung (a hand sets it down within a few mm) ... */
const PUT_BACK_mm = 30;
/** ... and resting there this long (a hand carrying a ball past the pocket does not stop on the spot), */
const PUT_BACK_REST_S = 0.3;
/** ... within this of where it lies, */
const PUT_BACK_STILL_mm = 6;
/** ... found whole in this many frames, */
const PUT_BACK_WHOLE = 5;
/** ... and first seen this long after the fall at the earliest (a hand takes it out of the pocket first) */
const PUT_BACK_AFTER_S = 0.5;
/**
 * A stroke played while balls still roll strikes a ball that rests under the player's cue: one whose track
 * was not seen resting where it started from, SETTLED_SAMPLES times in the SETTLED_BEFORE_S before, may be
 * a ball the camera lost and found again elsewhere (a cue ball the colour of the cloth, lost and found
 * after a break, started two "strokes" of its own, 1020401), not a new stroke.
 */
const SETTLED_BEFORE_S = 0.5;
const SETTLED_mm = 12;
const SETTLED_SAMPLES = 4;
/** Samples of the cue ball kept after its first contact: two give the direction it went off in. */
const CUE_AFTER_SAMPLES = 3;
/** A late fall is told (flagged under the stroke records' sure name) only for a name at least this likely. */
const FALL_NAME_FLOOR = 0.5;

export class StrokeBuilder {
  private readonly o: StrokeBuilderOptions;
  private readonly motion = new Map<number, Motion>();
  private stroke: Stroke | null = null;
  private readonly R: number;
  private seenGone = new Set<number>();
  /** jaw balls lost between strokes, told as falls once they have not come back out (and named then) */
  private pendingFalls: { track: Track; naming?: Naming | null }[] = [];

  constructor(
    readonly spec: TableSpec,
    private readonly tracker: Tracker,
    private readonly ids: IdentityBook,
    /** the balls the rules engine says are on the table (cue included) */
    private readonly allowed: () => BallId[],
    opts: Partial<StrokeBuilderOptions> = {},
  ) {
    this.o = { ...DEFAULTS, ...opts };
    this.R = spec.ball_mm / 2;
  }

  /** The camera was calibrated again: the places remembered at rest move as the tracks' did (Tracker.relocate). */
  relocate(map: (x_mm: number, y_mm: number) => { x: number; y: number }): void {
    for (const m of this.motion.values()) {
      if (m.anchor) m.anchor = map(m.anchor.x, m.anchor.y);
      if (m.hiddenAt) m.hiddenAt = map(m.hiddenAt.x, m.hiddenAt.y);
    }
  }

  get inStroke(): boolean {
    return this.stroke !== null;
  }

  private lastEnd_s = -Infinity;
  /**
   * when the last stroke ended (a motion that was no stroke, or a ball carried by hand, wrote no record
   * that could say what became of a ball lost before it: 1070601's cue ball, struck off the table under
   * the arm, was never called gone because a phantom on the hand "moved" a moment after)
   */
  get lastStrokeEnd_s(): number {
    return this.lastEnd_s;
  }

  /** Whether the track stands under or beside a hand, an arm or the cue this frame (within a radius of a box). */
  private underArm(t: Track): boolean {
    return inBoxes(this.tracker.lastOccluded, t.x_mm, t.y_mm, this.R);
  }

  private m(t: Track): Motion {
    let m = this.motion.get(t.id);
    if (!m) this.motion.set(t.id, (m = { active: false, restSince_s: null, anchor: null, occludedAtRest: false, hanging: false }));
    return m;
  }

  /** Call after `tracker.update` for the frame at `t_s`. Returns the records completed by this frame. */
  onFrame(t_s: number): VisionRecord[] {
    const out: VisionRecord[] = [];
    const live = this.tracker.live();
    for (const t of live) if (t.last && t.state === 'visible') this.ids.observe(t.id, t.last);

    // 1. motion flags, and balls that just started moving
    const starters: { t: Track; start_s: number }[] = [];
    for (const t of live) {
      const m = this.m(t);
      const speed = hypot2(t.vx_mm_s, t.vy_mm_s);
      // a young track has no trustworthy speed yet
      if (m.leapt && t.state !== 'visible' && !m.active) {
        // it leapt and is gone at once: struck so hard it flew (off the table, into a pocket)
        m.leapt = false;
        m.active = true;
        starters.push({ t, start_s: this.departure(t, m) });
        continue;
      }
      if (t.state !== 'visible' || t_s - t.born_s < 0.15) {
        if (t.state === 'occluded' && !m.active) m.occludedAtRest = true;
        continue;
      }
      if (m.occludedAtRest && !m.active && m.anchor) {
        // back in view: a hand may have moved it while nothing rolled. Judged a moment later on a
        // whole outline (a ball half out from under an arm is found off its centre)
        askWhetherMoved(m, m.hiddenAt ?? m.anchor, t_s, m.askedAt_s ?? t_s);
      }
      m.occludedAtRest = false;
      // (judged at rest with no stroke running: a ball struck as soon as the arm went is the
      // stroke's, and closeStroke() drops the question — 971502's cue ball, back 0.3 s before the strike,
      // was "moved" by its first step; a ball first found in part beside the hand, its centre jumping,
      // may start a "stroke" that turns out to be none — 981203's, moved 32 mm, lost its record so)
      // (and clear of every arm: a knuckle under one, found whole, is no ball put down)
      if (m.hiddenAt && m.backInView_s !== undefined && t_s - m.backInView_s >= 0.3 && !t.last?.partial && !this.stroke && !m.active && speed < this.o.rest_mm_s
        && !this.underArm(t)) {
        if (hypot2(t.x_mm - m.hiddenAt.x, t.y_mm - m.hiddenAt.y) > MOVED_mm) out.push(this.moved(t, m.askedAt_s ?? m.backInView_s));
        this.settleHidden(t.id);
      }
      if (speed < this.o.rest_mm_s) {
        m.restSince_s ??= t_s;
        const wasActive = m.active;
        if (m.active && t_s - m.restSince_s >= this.o.rest_s) { m.active = false; delete m.jawMoving; }
        if (m.creeping && t_s - m.restSince_s >= this.o.rest_s) delete m.creeping;
        if (!m.active) {
          // a ball come to rest off its place with no stroke, never fast enough to count as moving (a hand slid it
          // under a palm the camera did not box), is asked about as a ball back in view is: judged on a whole
          // outline clear of the arm a moment later (1241201: ball 15 slid 61 mm at 140 mm/s under a hand; its
          // rest place followed it, and no `moved` record went out)
          // (not one whose place a stroke since may have moved: a ball pushed too slowly to be seen starting)
          if (m.anchor && !wasActive && !this.stroke && !m.hiddenAt && (m.anchorAt_s ?? -Infinity) > this.lastEnd_s
            && hypot2(t.x_mm - m.anchor.x, t.y_mm - m.anchor.y) > MOVED_mm) {
            askWhetherMoved(m, m.anchor, t_s, m.askedAt_s ?? this.departure(t, m));
          }
          // a running mean keeps the rest position steady against detection noise
          m.anchorAt_s = t_s;
          m.anchor = m.anchor && hypot2(t.x_mm - m.anchor.x, t.y_mm - m.anchor.y) < 6
            ? { x: 0.9 * m.anchor.x + 0.1 * t.x_mm, y: 0.9 * m.anchor.y + 0.1 * t.y_mm }
            : { x: t.x_mm, y: t.y_mm };
        }
      } else {
        m.restSince_s = null;
        if (!m.active && speed > this.o.move_mm_s) {
          // A track at rest that lands over a radius away in one frame is either struck hard or was
          // put onto another detection (a hand that covered it leaves, a phantom on an arm goes).
          // A struck ball keeps going; a mismatched track stands still at its new place, or is back on
          // its own the next frame (ball 2, resting by an arm, went 66 mm onto a phantom on it for one
          // frame and back, and was taken as the first ball the stroke moved).
          const step = lastStep_mm(t, 1), prior = lastStep_mm(t, 2);
          // (between strokes a leap is a hard stroke: only while balls roll is a mismatch likelier)
          if (!m.leapt && this.stroke && step > this.R && prior < 10) { m.leapt = true; continue; }
          if (m.leapt) {
            m.leapt = false;
            // (unless it stopped against a ball it knocked on: a cue ball struck while balls rolled, 85 mm in
            // its first frame, all but stopped dead on ball 12, which left; taken as a mismatch, the stroke
            // was seen only when the cue ball crept on, with 12 gone as an unseen contact of the one before — 1110901)
            const stoodStill = step < 10 && !this.knockedOn(t, m, live);
            if (stoodStill || (m.anchor && hypot2(t.x_mm - m.anchor.x, t.y_mm - m.anchor.y) < 10)) {
              this.tracker.forgetMotion(t);
              m.anchor = { x: t.x_mm, y: t.y_mm };
              m.restSince_s = t_s;
              continue;
            }
          }
          m.active = true;
          starters.push({ t, start_s: this.departure(t, m) });
        } else if (m.active && m.jawMoving !== undefined && !this.stroke && this.struckOutOfJaws(t, m)) {
          // it was struck out of the jaws after all: the stroke began when it left
          starters.push({ t, start_s: m.jawMoving });
          delete m.jawMoving;
        } else if (!m.active && !this.stroke) {
          // a stroke so soft the ball never rolls fast enough to count as moving (a cue ball pushed
          // 17 mm into a cluster under the arm, its neighbours shifting a few mm: two `moved` records
          // and no stroke): it has crept steadily off its place, seen whole. Only the slow kind is in doubt.
          const crept = this.creptOff(t, m);
          if (crept) {
            m.active = true;
            if (crept === 'slow') m.crept = true;
            starters.push({ t, start_s: this.departure(t, m) });
          }
        } else if (!m.active && !m.creeping && this.creptOff(t, m)) {
          // a ball a stroke's ball touched too softly to count as moving still rolls on, slowly: the stroke is
          // not over (1330900: ball 9, knocked on at 127 mm/s, crept on at 48 mm/s when the cue ball was struck
          // again; the first stroke had ended, and the second was not "played while balls rolled")
          m.creeping = true;
        }
      }
    }
    starters.sort((a, b) => a.start_s - b.start_s);
    const startingNow = new Set(starters.map((s) => s.t.id));
    for (const s of starters) out.push(...this.started(s.t, s.start_s, live, startingNow));

    // 2. balls the tracker has just decided are gone, and balls taken for gone that came back (see
    // Tracker.backOutOf): out of this stroke's losses, and free to be lost again
    for (const id of this.seenGone) {
      const t = this.tracker.tracks.find((x) => x.id === id);
      if (!t || t.state === 'pocketed' || t.state === 'offTable') continue;
      this.seenGone.delete(id);
      if (this.stroke) {
        this.stroke.gone = this.stroke.gone.filter((g) => g !== t);
        this.stroke.independentFalls = this.stroke.independentFalls.filter((g) => g !== t);
      }
    }
    // a jaw ball's fall between strokes is told once it has not come back out
    out.push(...this.duePendingFalls(t_s, false));
    for (const t of this.tracker.tracks) {
      if ((t.state !== 'pocketed' && t.state !== 'offTable') || this.seenGone.has(t.id)) continue;
      this.seenGone.add(t.id);
      const m = this.m(t);
      if (!this.stroke && t.vanishedAtRest && !m.hanging) {
        // gone from rest under the cue, unseen: the stroke began when it was last seen
        out.push(...this.started(t, t.lastSeen_s, live, new Set()));
        const begun = this.stroke as Stroke | null; // (started() set it)
        if (begun) { begun.gone.push(t); continue; }
      }
      if (this.stroke) {
        // a ball in the jaws drops by itself (R8) unless a ball of this stroke touched it
        if (m.hanging && !this.touchedDuringStroke(t)) {
          const touch = this.passedBy(t);
          if (touch) { this.contact(touch.by, t, touch.t_s); this.stroke.gone.push(t); }
          else this.stroke.independentFalls.push(t);
        } else this.stroke.gone.push(t);
      } else if (t.state === 'pocketed' && (m.hanging || this.tracker.zoneAt(t.x_mm, t.y_mm)?.jaw(t.x_mm, t.y_mm))) {
        // between strokes only a ball resting in the jaws drops by itself (R8); a "ball" that
        // vanishes near a pocket elsewhere was a hand or a body passing by
        this.pendingFalls.push({ track: t });
      }
    }

    // 3. the cue ball's path until its first contact; a ball still rolling from the last stroke
    // never "starts", so its contact is found by the closest approach of the two
    const st = this.stroke;
    if (st && st.cueTrack !== null && st.firstContactTrack === null) {
      this.movingContact(st, live, t_s);
      if (st.cueHiddenBeside === null) st.cueHiddenBeside = this.hiddenBeside(st, live);
    }
    if (st && st.cueTrack !== null && st.cueContact === null) {
      const ct = this.tracker.tracks.find((x) => x.id === st.cueTrack);
      const last = ct?.history.at(-1);
      const first = st.cueSamples[0];
      // (a handover this frame laid the track's samples anew: the path is read from them again)
      if (ct && first && laidAnew(ct, st.t0_s, st.cueSamples)) st.cueSamples = [first, ...ct.history.filter((h) => h.t_s > first.t_s)];
      else if (last && last.t_s >= st.t0_s) st.cueSamples.push(last);
    } else if (st && st.cueTrack !== null && st.cueAfter.length < CUE_AFTER_SAMPLES) {
      const last = this.tracker.tracks.find((x) => x.id === st.cueTrack)?.history.at(-1);
      if (last && last.t_s > (st.cueAfter.at(-1)?.t_s ?? st.cueSamples.at(-1)?.t_s ?? -Infinity)) st.cueAfter.push(last);
    }

    // the struck ball carried by a hand stays under or beside it; a struck one rolls away from the cue
    if (st) {
      const s = this.tracker.tracks.find((x) => x.id === st.struck);
      if (s && s.state === 'visible' && this.m(s).active) {
        if (laidAnew(s, st.t0_s, st.struckMotion.path)) st.struckMotion.retrace(s.history, st.t0_s);
        st.struckMotion.see(t_s, st.t0_s, hypot2(s.vx_mm_s, s.vy_mm_s), this.underArm(s), s.last?.partial ?? false, s.history.at(-1));
      }
      // (something found again on the struck ball's very place once its track is well away: see hiddenAsItLeft())
      const home = st.before.get(st.struck);
      if (s && home && !st.struckPlaceRefound && hypot2(s.x_mm - home[0], s.y_mm - home[1]) > 2 * this.R) {
        st.struckPlaceRefound = this.newcomerOn(st, home, CREPT_mm) !== undefined;
      }
      for (const id of st.unseenContacts) {
        const o = live.find((x) => x.id === id);
        if (o && o.state === 'visible' && this.m(o).active) st.seenMoving.set(id, (st.seenMoving.get(id) ?? 0) + 1);
      }
    }

    if (st) this.falseStart(st);

    // 4. the end: every ball at rest for rest_s
    if (st) {
      // a ball lost from view for a while no longer holds the stroke open (it is flagged instead)
      const moving = live.some((t) => (this.m(t).active || this.m(t).creeping) && (t.state === 'visible' || t_s - t.lastSeen_s < 1));
      if (t_s - st.t0_s > this.o.rest_s && (!moving || this.handMotionOver(st))) out.push(...this.closeStroke(st, t_s, false).records);
    }
    return out;
  }

  /**
   * Whether a track that leapt from rest and then stood still stopped against a resting ball it sent off:
   * a neighbour lying ahead of the leap, touching where it landed, has left its own place the same way.
   */
  private knockedOn(t: Track, m: Motion, live: Track[]): boolean {
    const from = m.anchor;
    if (!from) return false;
    const lx = t.x_mm - from.x, ly = t.y_mm - from.y;
    return live.some((o) => {
      const a = this.m(o).anchor;
      if (o.id === t.id || !o.confirmed || !a) return false;
      const ahead = (a.x - from.x) * lx + (a.y - from.y) * ly > 0;
      const touching = hypot2(a.x - t.x_mm, a.y - t.y_mm) <= 2 * this.R + KNOCK_SLACK_MM;
      const left = hypot2(o.x_mm - a.x, o.y_mm - a.y) > this.R && (o.x_mm - a.x) * lx + (o.y_mm - a.y) * ly > 0;
      return ahead && touching && left;
    });
  }

  /**
   * A struck ball seen back on its resting spot after the stroke began had not left it then: the cue's
   * tip or an arm over it threw its found centre off and back (971502: a cue ball at address flickered
   * 17 mm between two places for 3 s, and the stroke was dated 0.6 s before the strike). When it leaves
   * the spot for good (two radii away), the stroke is dated from its last sample there.
   */
  private falseStart(st: Stroke): void {
    const home = st.before.get(st.struck);
    const s = this.tracker.tracks.find((x) => x.id === st.struck);
    const last = s?.history.at(-1);
    if (!home || !last || last.t_s <= st.t0_s) return;
    const h = (st.struckHome ??= { last_s: st.t0_s, away: false, returned: false, left: false });
    if (h.left) return;
    const d = hypot2(last.x_mm - home[0], last.y_mm - home[1]);
    if (d <= HOME_mm) {
      if (h.away) h.returned = true;
      h.last_s = last.t_s;
    } else if (d > JITTER_mm) h.away = true;
    if (d <= 2 * this.R) return;
    h.left = true;
    if (!h.returned || h.last_s <= st.t0_s) return;
    st.t0_s = h.last_s;
    if (st.cueTrack === st.struck) st.cueSamples = [{ t_s: h.last_s, x_mm: home[0], y_mm: home[1] }, ...st.cueSamples.filter((q) => q.t_s > h.last_s)];
  }

  /** End of the source: a stroke still running is written with a review flag. */
  finish(t_s: number): VisionRecord[] {
    const falls = this.duePendingFalls(t_s, true);
    return [...falls, ...(this.stroke ? this.closeStroke(this.stroke, t_s, true).records : [])];
  }

  /**
   * Jaw balls lost between strokes (`pendingFalls`): a fall once the ball has not come back out in
   * BACK_OUT_S. Its cause waits for what people do next: a ball put back where it hung (only R8.2, a
   * shaken table, puts a fallen ball back in the jaw) fell because the table was shaken; one still in the
   * pocket when the next stroke starts, PUT_BACK_WAIT_S on, or at the end fell by itself (R8.1).
   */
  private duePendingFalls(t_s: number, all: boolean): FallRecord[] {
    const out: FallRecord[] = [];
    this.pendingFalls = this.pendingFalls.filter((p) => {
      const t = p.track;
      if (t.state !== 'pocketed') return false;
      const gone_s = t.gone_s ?? t.lastSeen_s;
      if (!all && t_s - gone_s < BACK_OUT_S) return true;
      // named as it fell, among the balls then on the table (a ball put back later would rival it)
      p.naming ??= this.fallNaming(t);
      const back = this.putBack(t);
      if (back) {
        const f = this.fall(t, 'shake', p.naming);
        if (f) out.push(f);
        // the same ball: what was read of it before it fell names it now, and it is a ball (the tracker
        // waits for one in a corner pocket's jaws to rest clear of the hole, which it never does)
        this.ids.merge(t.id, back.id);
        this.tracker.confirmPutDown(back);
        return false;
      }
      if (!all && !this.stroke && t_s - gone_s < PUT_BACK_WAIT_S) return true;
      const f = this.fall(t, 'self', p.naming);
      if (f) out.push(f);
      return false;
    });
    return out;
  }

  /**
   * A ball come onto the table since `fallen` dropped, resting where it hung in the jaw: seen whole
   * there (the pocket's dark hole, bared by the fall, is found as a part-ball now and then) and still for
   * PUT_BACK_REST_S. (Not the tracker's confirmation: a ball by a corner pocket's hole is confirmed only
   * when it has rested clear of it, and one in the jaws never is.)
   */
  private putBack(fallen: Track): Track | undefined {
    const gone_s = fallen.gone_s ?? fallen.lastSeen_s;
    // where it rested in the jaw (its last sample is on the way down)
    const hung = this.m(fallen).anchor ?? { x: fallen.x_mm, y: fallen.y_mm };
    // (confirmed or not: see above)
    return this.tracker.tracks.find((o) => {
      if (o.state !== 'visible' || o.provisionalFor !== undefined || o.born_s < gone_s + PUT_BACK_AFTER_S || (o.wholeSeen ?? 0) < PUT_BACK_WHOLE) return false;
      if (hypot2(o.x_mm - hung.x, o.y_mm - hung.y) >= PUT_BACK_mm) return false;
      const last = o.history.at(-1)!;
      const recent = o.history.filter((h) => h.t_s >= last.t_s - PUT_BACK_REST_S);
      return last.t_s - o.born_s >= PUT_BACK_REST_S && recent.every((h) => hypot2(h.x_mm - last.x_mm, h.y_mm - last.y_mm) <= PUT_BACK_STILL_mm);
    });
  }

  /**
   * Whether a resting ball, seen whole, has crept CREPT_mm or more off its place, each of its last
   * CREEP_STEPS steps taking it further (detection noise jitters back and forth; a ball cut by an arm is
   * found part-whole, off its centre): 'slow' when no step was faster than a ball counts as moving (a
   * stroke so soft it never rolls, or a touch), 'fast' when one was (a stroke seen starting before the
   * smoothed speed caught up: the cue ball lost under the arm a frame after its first 14 mm step).
   */
  private creptOff(t: Track, m: Motion): 'slow' | 'fast' | false {
    if (!m.anchor || !t.last || t.last.partial) return false;
    const h = t.history;
    if (h.length < CREEP_STEPS + 1) return false;
    const away = (k: number) => hypot2(h[k]!.x_mm - m.anchor!.x, h[k]!.y_mm - m.anchor!.y);
    if (away(h.length - 1) < CREPT_mm) return false;
    let fast = false;
    for (let k = h.length - CREEP_STEPS; k < h.length; k++) {
      if (away(k) <= away(k - 1)) return false;
      const dt = h[k]!.t_s - h[k - 1]!.t_s;
      if (dt <= 0) return false;
      if (hypot2(h[k]!.x_mm - h[k - 1]!.x_mm, h[k]!.y_mm - h[k - 1]!.y_mm) / dt > this.o.move_mm_s) fast = true;
    }
    // (one that left its place while the last stroke ran was moved by it: creeping on after it is no new stroke)
    if (this.departure(t, m) < this.lastEnd_s) return false;
    return fast ? 'fast' : 'slow';
  }

  /**
   * Whether a ball in a pocket's jaws is going out onto the table, away from the pocket, at a moving
   * ball's pace (a ball falls in by itself; nothing but a stroke sends it out: its first frames are slow
   * as its speed is measured, so no more is asked, and a ball refused is asked again each frame while it
   * moves). Away: within 45° of straight out to the table's middle, or at a strike's pace anywhere onto
   * the table. (1055002's cue ball, struck out of a middle pocket's jaws at 54° at 0.7 m/s, was refused
   * and its stroke seen only when the ball it hit moved; a 72° cone at any pace mended that but, on the
   * evaluation set, made one more extra stroke and told one fall's cause wrong: README, session 31. A ball
   * that drops or is shaken in the jaws moves slower.)
   */
  private outOfJaws(t: Track): boolean {
    const z = this.tracker.zoneAt(t.x_mm, t.y_mm);
    if (!z) return true;
    const speed = hypot2(t.vx_mm_s, t.vy_mm_s);
    if (speed <= this.o.move_mm_s) return false;
    const onto = ontoTable(z, t.vx_mm_s, t.vy_mm_s);
    return onto > 0.7 * speed || (speed > JAW_STRIKE_MM_S && onto > 0);
  }

  /**
   * A ball in the jaws whose start was refused (see outOfJaws()), asked again as it moves: struck out of
   * them if it now goes onto the table at a strike's pace and is a ball's radius further onto the table
   * than where it rested. (A ball dropping into the hole is found, as it goes, at whatever of it still
   * shows: its track steps back out at a few hundred mm/s, but from no further out than it rested —
   * 1071400's ball 11, shaken in, was taken as struck out of the jaws and its fall put in that "stroke".)
   */
  private struckOutOfJaws(t: Track, m: Motion): boolean {
    const z = m.anchor && this.tracker.zoneAt(m.anchor.x, m.anchor.y);
    if (!z || !m.anchor) return false;
    return hypot2(t.vx_mm_s, t.vy_mm_s) > JAW_STRIKE_MM_S && ontoTable(z, t.vx_mm_s, t.vy_mm_s) > 0
      && ontoTable(z, t.x_mm - m.anchor.x, t.y_mm - m.anchor.y) > this.R;
  }

  /** When the ball left its rest position: the last history sample still near the anchor. */
  private departure(t: Track, m: Motion): number {
    const a = m.anchor ?? t.history[0];
    if (!a) return t.lastSeen_s;
    const ax = 'x' in a ? a.x : a.x_mm;
    const ay = 'y' in a ? a.y : a.y_mm;
    let start = t.lastSeen_s;
    for (let i = t.history.length - 1; i >= 0; i--) {
      const h = t.history[i]!;
      if (hypot2(h.x_mm - ax, h.y_mm - ay) < 3) return h.t_s;
      start = h.t_s;
    }
    return start;
  }

  /**
   * Where the track was seen nearest to `t_s`. The cue ball's place is looked for in the stroke's own samples
   * too: its track keeps only its last second, and a contact found as the stroke ends (a thin cut's creep) may
   * lie further back (1285006 at 49.7 s: the cue ball's contact with ball 7, found at the end, was put where the
   * cue ball had been a second before the end, past ball 13, and its path "ran into 13" on the way).
   */
  private positionAt(t: Track, t_s: number): { x: number; y: number } {
    let best = t.history[0] ?? { t_s: t.lastSeen_s, x_mm: t.x_mm, y_mm: t.y_mm };
    const own = this.stroke && t.id === this.stroke.cueTrack ? this.stroke.cueSamples : [];
    for (const h of [...own, ...t.history]) if (Math.abs(h.t_s - t_s) < Math.abs(best.t_s - t_s)) best = h;
    return { x: best.x_mm, y: best.y_mm };
  }

  /** Closest approach of `o`'s centre to point p over its samples around `t_s` (fast balls jump between frames). */
  private approach(o: Track, p: { x: number; y: number }, t_s: number): number {
    const h = o.history.filter((x) => x.t_s >= t_s - APPROACH_S && x.t_s <= t_s + APPROACH_S);
    if (h.length === 0) return Infinity;
    if (h.length === 1) return hypot2(h[0]!.x_mm - p.x, h[0]!.y_mm - p.y);
    let best = Infinity;
    for (let i = 0; i + 1 < h.length; i++) best = Math.min(best, segmentDistance(h[i]!, h[i + 1]!, p));
    return best;
  }

  /**
   * A ball started moving: a contact from a moving neighbour, or a new stroke. `startingNow`: the balls
   * seen to start in this same frame (a rack hit by the cue ball moves as one).
   */
  private started(t: Track, start_s: number, live: Track[], startingNow: ReadonlySet<number>): VisionRecord[] {
    const m = this.m(t);
    const crept = m.crept === true;
    delete m.crept;
    const p = m.anchor ?? this.positionAt(t, start_s);
    const st0 = this.stroke;
    if (st0 && t.id !== st0.cueTrack && t.id !== st0.struck) st0.firstMovers = withMover(st0.firstMovers, t.id, start_s, SAME_MOMENT_S);
    const nearestCause = (may: (o: Track) => boolean) => {
      let cause: Track | null = null, nearest = Infinity;
      for (const o of live) {
        if (o.id === t.id || !this.m(o).active || !may(o)) continue;
        const d = this.approach(o, p, start_s) - 2 * this.R;
        if (d < nearest) {
          nearest = d;
          if (d <= this.o.contact_mm) cause = o;
        }
      }
      return { cause, nearest };
    };
    // a neighbour that was already moving hit it; failing that, a chain of touching balls (a rack, a
    // cluster, whose balls may start in the same frame) to one a ball already moving reached — the cue
    // ball into the apex sets the back of the rack off in the same instant as the apex, or before it
    // is seen to move; only then a neighbour that started in the same instant
    const earlier = (o: Track) => !startingNow.has(o.id);
    let { cause, nearest } = nearestCause(earlier);
    if (!cause && this.stroke) {
      const chain = this.touchingChain(t, live, start_s, startingNow);
      if (chain) {
        for (const c of chain) this.contact(c.cause, c.target, start_s);
        return [];
      }
    }
    if (!cause) ({ cause, nearest } = nearestCause(() => true));
    if (!cause && this.stroke) {
      // touching balls pass a hit on at once: follow the chain of touching balls to one a moving ball
      // reached, and count the contacts along it
      const chain = this.touchingChain(t, live, start_s);
      if (chain) {
        for (const c of chain) this.contact(c.cause, c.target, start_s);
        return [];
      }
    }
    if (cause && this.stroke) {
      // (not before the ball that hit it got there: a start dated from a jitter of its centre came early — at
      // 1195000's break a rack ball found in part "started" 0.08 s before the cue ball reached the rack, and
      // the contact, dated then, cut the cue ball's path short of the apex it truly hit first)
      const reached_s = firstWithin_s(cause, p, 2 * this.R + this.o.contact_mm, start_s - APPROACH_S);
      this.contact(cause, t, Number.isFinite(reached_s) ? Math.max(start_s, reached_s) : start_s);
      return [];
    }
    if (this.stroke && this.lateCueStart(this.stroke, t, start_s)) return [];
    if (this.stroke && t.id !== this.stroke.struck && !m.hanging && !this.namedCue(t)) {
      // only the cue ball is struck while balls still roll (R5.2); an object ball set moving with no
      // ball seen near it was hit in a contact the camera missed (a fast ball between two frames) — if it
      // was one of this stroke's balls: one believed only since the stroke began is a hand's or a body's
      // more likely (1111500: a "ball" on the bridge hand by the rail, confirmed 0.4 s into the stroke,
      // "started" as the hand rose and was taken as the first contact, a ball with no name)
      if (this.stroke.tracksAtStart.includes(t.id)) this.unseenContact(this.stroke, t, start_s);
      return [];
    }
    // a ball leaving the jaw by itself is a fall in the making, not a stroke (R8); one going out onto the
    // table at a strike's pace was struck (the cue ball left in a corner's jaws by the stroke before was
    // struck out of them at 1.7 m/s, and the stroke was seen only when it met a ball 3 s later)
    if (m.hanging && !this.outOfJaws(t)) {
      m.jawMoving = start_s;
      return [];
    }
    // a ball just put down (from hand, or respotted) is still in the hand's care
    if (start_s - t.born_s < this.o.settle_s) return [];
    const out: VisionRecord[] = [];
    let whileMoving = false;
    let doubt: Stroke['whileMovingDoubt'] = false;
    if (this.stroke) {
      // balls of the previous stroke still roll: that stroke ends here, and this one is F7 (R5.2) —
      // unless it was no stroke (a hand, the cue or a body moving over the table): then only balls
      // really rolling make this one played while moving
      const previous = this.stroke;
      const closed = this.closeStroke(previous, start_s, false);
      out.push(...closed.records);
      // (a ball taken to start in the same moment, whose motion was no stroke, is not one of them: a resting
      // ball's centre thrown 30 mm for a frame as the cue ball was struck beside it made the stroke F7)
      const sameMoment = !closed.wasStroke && start_s - previous.t0_s <= SAME_MOMENT_S;
      const rolling = live.filter((o) => o.id !== t.id && !(sameMoment && o.id === previous.struck) && this.m(o).active && hypot2(o.vx_mm_s, o.vy_mm_s) > this.o.move_mm_s);
      whileMoving = closed.wasStroke || rolling.length > 0;
      // a stroke in progress whose struck ball was an object ball (F3, itself flagged) was more likely this
      // stroke's own start seen late (its cue ball under the arm) than a stroke of its own
      if (whileMoving && closed.wasStroke && previous.struck !== previous.cueTrack) doubt = 'afterF3';
      // nor is it sure when the only balls rolling were set going by a motion judged no stroke (a hand, or a
      // "ball" on one: 1151203's bridge hand by a corner pocket, believed as a ball, jerked 0.13 s before the
      // cue ball was struck and made the stroke F7, unflagged)
      if (whileMoving && !closed.wasStroke && rolling.every((o) => o.id === previous.struck || previous.contacts.some((c) => c.target === o.id))) doubt = 'afterNoStroke';
    }
    this.tracker.resetStrokeMarks();
    const before = new Map<number, XY_mm>();
    const rollingAtStart = new Set<number>();
    // (a ball that vanished from rest is no longer live, but it was on the table when the stroke began)
    const atStart = this.tracker.live().includes(t) ? this.tracker.live() : [...this.tracker.live(), t];
    for (const o of atStart) {
      // (a ball still rolling from the stroke before is where it is now: its anchor is where it rested
      // before that stroke, and a cue ball come to rest on that very place, its outline slipping 25 mm for
      // three frames, was taken as a stroke that touched it — 965003 at 87.5 s)
      const rolling = o.id !== t.id && this.m(o).active;
      if (rolling) rollingAtStart.add(o.id);
      const a = rolling ? undefined : this.m(o).anchor;
      const q = o.id === t.id ? (a ?? this.positionAt(o, start_s)) : (a ?? { x: o.x_mm, y: o.y_mm });
      before.set(o.id, [Math.round(q.x), Math.round(q.y)]);
    }
    const namesAtStart = this.ids.resolve(atStart.map((o) => o.id), this.allowed());
    const isCue = namesAtStart.get(t.id)?.id === 'cue';
    this.stroke = {
      t0_s: start_s, struck: t.id, whileMoving, whileMovingDoubt: doubt || (whileMoving && nearest < 4 * this.R ? 'near' : false),
      // with no ball named the cue ball yet (a striped one whose band faces away looks like the rest), the
      // ball struck is the likeliest (R1): its path and contacts are followed as the cue ball's
      contacts: [], cueTrack: isCue ? t.id : this.cueTrackId() ?? t.id, cueSamples: [], cueAfter: [], cueContact: null, firstContactTrack: null,
      before, rollingAtStart, gone: [], independentFalls: [], tracksAtStart: atStart.map((o) => o.id),
      namesAtStart: new Map([...namesAtStart].map(([id, n]) => [id, n.id])),
      mixedAtStart: new Map(atStart.map((o) => [o.id, this.ids.mixedSoFar(o.id)])),
      unseenContacts: [], seenMoving: new Map(), firstContactGuessed: false, cueHiddenBeside: null, struckFrozen: false, creptStart: crept,
      struckMotion: new StruckMotion({ t_s: start_s, x_mm: before.get(t.id)![0], y_mm: before.get(t.id)![1] }),
      ...(whileMoving && !this.seenRestingBefore(t, p, start_s) && { struckUnsettled: true }),
    };
    const a = this.stroke.cueTrack !== null ? before.get(this.stroke.cueTrack) : undefined;
    if (a) this.stroke.cueSamples.push({ t_s: start_s, x_mm: a[0], y_mm: a[1] });
    if (!isCue) this.frozenCueStroke(this.stroke, t, atStart, start_s);
    return out;
  }

  /** Whether the struck ball was seen resting where it started from just before (see SETTLED_BEFORE_S). */
  private seenRestingBefore(t: Track, p: { x: number; y: number }, start_s: number): boolean {
    const there = t.history.filter((q) => q.t_s < start_s && q.t_s >= start_s - SETTLED_BEFORE_S && hypot2(q.x_mm - p.x, q.y_mm - p.y) <= SETTLED_mm);
    return there.length >= SETTLED_SAMPLES;
  }

  private movingContact(st: Stroke, live: Track[], t_s: number): void {
    const cue = this.tracker.tracks.find((x) => x.id === st.cueTrack);
    const a = cue?.history.at(-2);
    const b = cue?.history.at(-1);
    // a resting ball that is hit starts moving, which `started` sees; here both must already move
    if (!cue || !a || !b || b.t_s !== t_s || a.t_s < st.t0_s || !this.m(cue).active) return;
    for (const o of live) {
      if (o.id === cue.id || !this.m(o).active) continue;
      const oa = nearestSample(o, a.t_s);
      const ob = nearestSample(o, b.t_s);
      if (!oa || !ob) continue;
      // relative motion over the frame: closest approach of the two centres
      const rel0 = { x_mm: a.x_mm - oa.x_mm, y_mm: a.y_mm - oa.y_mm, t_s: a.t_s };
      const rel1 = { x_mm: b.x_mm - ob.x_mm, y_mm: b.y_mm - ob.y_mm, t_s: b.t_s };
      // they must close in: two balls side by side drifting apart have not touched
      const apart0 = hypot2(rel0.x_mm, rel0.y_mm);
      if (apart0 > 2 * this.R + 4 && segmentDistance(rel0, rel1, { x: 0, y: 0 }) <= 2 * this.R + 8) {
        this.contact(cue, o, a.t_s);
        return;
      }
      // or they collided between the frames, the step after it already deflected
      const z = cue.history.at(-3), oz = z && nearestSample(o, z.t_s);
      if (z && oz && z.t_s >= st.t0_s) {
        const at_s = collidedBetweenFrames([z, a, b], [oz, oa, ob], 2 * this.R + CONTACT_NOISE_MM);
        if (at_s !== null) { this.contact(cue, o, at_s); return; }
      }
    }
  }

  /**
   * The ball the rolling cue ball is lost beside (its centre within CONTACT_REACH_MM of the cue ball's
   * last place), or null: a touch there, under the cue or an arm, goes unseen, and a touch so light the
   * other ball moves a few mm shows no motion either.
   */
  private hiddenBeside(st: Stroke, live: Track[]): number | null {
    const cue = this.tracker.tracks.find((x) => x.id === st.cueTrack);
    if (!cue || cue.state === 'visible' || !this.m(cue).active) return null;
    let best: number | null = null, bestDist = 2 * this.R + CONTACT_REACH_MM;
    for (const o of live) {
      if (o.id === cue.id) continue;
      const d = hypot2(o.x_mm - cue.x_mm, o.y_mm - cue.y_mm);
      if (d < bestDist) { best = o.id; bestDist = d; }
    }
    return best;
  }

  private contact(cause: Track, target: Track, t_s: number, assumed = false): void {
    const st = this.stroke!;
    if (st.contacts.some((c) => c.target === target.id && c.cause === cause.id)) return;
    st.contacts.push({ cause: cause.id, target: target.id, t_s, ...(assumed && { assumed }) });
    if (st.cueTrack !== cause.id && st.cueTrack !== target.id) return;
    const cue = st.cueTrack === cause.id ? cause : target;
    const other = cue === cause ? target : cause;
    const order = st.firstContactTrack === null ? null : this.reachOrder(st, cue, other, t_s);
    // (clearly earlier: a few ms of a step is within the samples' noise)
    const earlier = order !== null && order.other_s < order.first_s - 0.004;
    if (order?.tied) (st.firstContactTies ??= new Set()).add(other.id).add(st.firstContactTrack!);
    if (st.firstContactTrack === null || earlier) {
      st.firstContactTrack = other.id;
      const c = this.positionAt(cue, t_s);
      st.cueContact = [c.x, c.y];
    }
  }

  /**
   * When the cue ball's path reached `other` and the first contact taken so far, the two set going within
   * TIED_CONTACTS_S of each other (null otherwise). Two balls kissed in one frame are seen to start in
   * whatever order their speeds cross the threshold: the cue ball that touched the 9 and then the 1 had
   * the 1 taken, as the 9, hit thinner, crept off slower. `tied`: the sampled path reached both within a
   * frame, which the blur of a fast cue ball cannot order (the cue ball passed 6 mm from ball 5 to hit
   * ball 2, its blurred centre 8 mm off towards the 5, and the 5 was taken without a word).
   */
  private reachOrder(st: Stroke, cue: Track, other: Track, t_s: number): { other_s: number; first_s: number; tied: boolean } | null {
    const id = st.firstContactTrack!;
    // (`cue` is the stroke's cue track: contact() passes it so)
    const first = firstContactSeen(st);
    if (!first || t_s > first.t_s + TIED_CONTACTS_S) return null;
    const a = st.before.get(other.id), b = st.before.get(id);
    if (!a || !b) return null;
    const reach = 2 * this.R + CONTACT_NOISE_MM;
    // (the stroke's own samples of the cue ball when its track's history no longer reaches back to the stroke's
    // start: it keeps only its last seconds, and a contact found when the stroke ends, a creep's, may lie further
    // back. Not otherwise: the samples are sparser, and 1135000's tie of two balls reached within a frame went
    // unflagged with them)
    const sinceStart = (cue.history[0]?.t_s ?? Infinity) <= st.t0_s;
    const path = !sinceStart && st.cueTrack === cue.id && st.cueSamples.length >= 2 ? { ...cue, history: st.cueSamples } : cue;
    // (a ball the path passes at about two radii, a graze, was reached at a moment the samples' noise cannot fix,
    // somewhere in reachSpan_s(): from when the path came within reach to when it came within two radii less the
    // noise, or to its closest approach)
    const inner = 2 * this.R - CONTACT_NOISE_MM;
    const [reachedOther_s, otherLast_s] = reachSpan_s(path, { x: a[0], y: a[1] }, reach, inner, st.t0_s);
    // the cue ball's samples may miss the very frame it touched the first ball (blurred into it, unseen):
    // its sampled path then never comes within reach of that ball, but the contact says it was there by then
    const [pathToFirst_s, pathToFirstLast_s] = reachSpan_s(path, { x: b[0], y: b[1] }, reach, inner, st.t0_s);
    const [reachedFirst_s, firstLast_s] = Number.isFinite(pathToFirst_s) ? [pathToFirst_s, pathToFirstLast_s] : [first.t_s, first.t_s];
    const frame_s = frameInterval_s(cue);
    // (a ball set going in the same frame as the first contact that the sampled path never reached at all was
    // reached between two samples, the path bent at a touch there: the samples cannot order the two. 1295004 at
    // 61.7 s: the cue ball touched 14 and then 5 between two frames, its straight step passing 78.2 mm from
    // 14's centre, and 5 was taken without a word)
    const unreached = !Number.isFinite(reachedOther_s) && Math.abs(t_s - first.t_s) < frame_s;
    // (two spans that overlap, or lie within a frame, cannot be ordered. 1375003 at 29.1 s: the slow cue ball passed
    // ball 5 69 mm off its centre to meet ball 6 a frame before it touched 5; within reach of 5 0.05 s before 6, the
    // 5 was taken without a word)
    const ordered = otherLast_s + frame_s <= reachedFirst_s || firstLast_s + frame_s <= reachedOther_s;
    return { other_s: reachedOther_s, first_s: reachedFirst_s, tied: unreached || (Number.isFinite(reachedOther_s) && !ordered) };
  }

  /** The track's naming among the balls on the table by the evidence so far. */
  private namingNow(id: number): Naming | undefined {
    return this.ids.resolve(this.tracker.live().map((o) => o.id), this.allowed()).get(id);
  }

  /** The track is the cue ball by its name as names stand now, or by its look (a name may not be sure yet). */
  private cueByNameOrLook(t: Track): boolean {
    const n = this.namingNow(t.id);
    return (n !== undefined && n.confidence >= 0.5 && n.id === 'cue') || cueLooking(t) === true;
  }

  /** The track is the cue ball by the names as they stand now (or the stroke's own cue track, when names are unsure). */
  private namedCue(t: Track): boolean {
    const n = this.namingNow(t.id);
    if (n && n.confidence >= 0.5) return n.id === 'cue';
    return t.id === this.stroke?.cueTrack;
  }

  /**
   * The cue ball seen to leave its place only now, though it left it no later than the ball this stroke
   * began with (an object ball taken as struck, F3, or the cue ball taken as struck frozen against it): its
   * track was given its path a frame or two late, hidden under the cue as it was struck (see cueLookFrom()),
   * and the stroke is the cue ball's, begun when it left its place. The first ball the stroke moved, with
   * no contact seen, is taken as the first contact and flagged so. (965006 at 85.3 s: a stroke "struck cue",
   * frozen, ended at once, and a second one, "played while balls rolled", held the pocketing.) A cue ball
   * taken as struck frozen, hidden under the arm as it rested, may be found again only some frames into its
   * run: up to FROZEN_SEEN_LATE_S (1051101: 0.24 s, and its run became a second stroke "while balls rolled").
   */
  private lateCueStart(st: Stroke, t: Track, start_s: number): boolean {
    const late_s = st.struck === t.id && st.struckFrozen ? FROZEN_SEEN_LATE_S : SAME_MOMENT_S;
    if (t.id !== st.cueTrack || start_s > st.t0_s + late_s) return false;
    if (st.struck === t.id && !st.struckFrozen) return false;
    const first = st.struck !== t.id ? this.tracker.tracks.find((o) => o.id === st.struck) : undefined;
    st.struck = t.id;
    st.struckFrozen = false;
    st.t0_s = Math.min(st.t0_s, start_s);
    if (first && st.firstContactTrack === null) {
      this.contact(t, first, st.t0_s, true);
      st.firstContactGuessed = true;
      st.firstContactUnseen = first.id;
    }
    return true;
  }

  /**
   * An object ball started with no moving ball seen near it during a stroke. If the cue ball has not
   * touched anything yet and still rolls, it is the likeliest first contact, and said to be a guess.
   */
  private unseenContact(st: Stroke, t: Track, t_s: number): void {
    st.unseenContacts.push(t.id);
    const cue = this.tracker.tracks.find((x) => x.id === st.cueTrack);
    if (st.firstContactTrack === null && cue && this.m(cue).active) {
      if (this.seenFarFrom(st, cue, st.before.get(t.id))) st.startedFarFromCue = t.id;
      st.firstContactTrack = t.id;
      st.firstContactGuessed = true;
      st.firstContactUnseen = t.id;
      const c = this.positionAt(cue, t_s);
      st.cueContact = [c.x, c.y];
    }
  }

  /**
   * The cue ball was seen all along its path since the stroke began (missing no two frames running), and the
   * path never came nearer the resting place `p` than UNTOUCHED_MM beyond touching: it did not touch a ball
   * there, seen or not. (1195000 at 69.0 s: a dim ball in a far corner, found only in part, its centre thrown
   * 22 mm as the cue ball rolled a metre away, was taken as the stroke's unseen first contact, and the cue
   * ball's contact seen a frame later went for nothing; it ended 26 mm off its place, just past what
   * shiftedNotTouched() takes for jitter.) Not enough alone: the cue ball's track can be wrong too (taking no
   * guess from such a start lost the evaluation set a stroke, silently, by its totals), so such a ball is
   * taken for jitter only if it also ends within two radii of its place (shiftedNotTouched()).
   */
  private seenFarFrom(st: Stroke, cue: Track, p: XY_mm | undefined): boolean {
    if (!p || cue.state !== 'visible') return false;
    // (the stroke's samples reach back to its start; the track's own history has every frame it was seen in
    // its last seconds, the stroke's from one frame later)
    const byTime = new Map<number, TrackSample>();
    for (const q of [...st.cueSamples, ...cue.history]) if (q.t_s >= st.t0_s) byTime.set(q.t_s, q);
    const h = [...byTime.values()].sort((a, b) => a.t_s - b.t_s);
    return keptAway(h, { x: p[0], y: p[1] }, 2 * this.R + UNTOUCHED_MM, 2.5 * frameInterval_s(cue));
  }

  /**
   * The stroke followed another track as the cue ball (the one named so when it began: a ball-like thing
   * on a hand can take the cue ball's name from its odd colour), but by the stroke's end the names give the
   * struck track the cue ball, and that other track never moved: the struck track was the cue ball all
   * along (R1), and its own first contact is the stroke's. Its path from the start is no longer in the
   * track's history, so the record gives none. (1041200: a confirmed "ball" at rest by the side cushion,
   * 257 mm from any ball, named the cue ball with 97%, the cue ball itself unnamed; the cue ball's touch on
   * ball 9 was not the "cue ball's", and the first contact came out null.)
   */
  private struckWasTheCueBall(st: Stroke, names: ReadonlyMap<number, Naming>): void {
    if (st.cueTrack === null || st.cueTrack === st.struck || names.get(st.struck)?.id !== 'cue') return;
    const other = this.tracker.tracks.find((x) => x.id === st.cueTrack);
    const was = other && st.before.get(other.id);
    if (!other || !was || this.m(other).active || st.gone.includes(other)) return;
    if (hypot2(other.x_mm - was[0], other.y_mm - was[1]) >= this.R || st.contacts.some((c) => c.cause === other.id || c.target === other.id)) return;
    st.cueTrack = st.struck;
    st.cueSamples = [];
    st.cueAfter = [];
    st.cueContact = null;
    forgetFirstContact(st);
    const first = st.contacts.filter((c) => c.cause === st.struck || c.target === st.struck).sort((a, b) => a.t_s - b.t_s)[0];
    st.firstContactTrack = first ? (first.cause === st.struck ? first.target : first.cause) : null;
  }

  /**
   * An object ball taken as struck (F3) while the cue ball's track lay hidden on its place from before the
   * stroke began, never seen again nor touched, and one ball with the cue ball's look that the stroke did not
   * begin with rests away from that place at its end: the cue ball was struck, too fast to be seen on its way
   * (1325000's break at 5.8 m/s, the cue ball under the arm as it left: the rack's back ball, first seen to
   * move, was "struck 2"). The first contact is then guessed among the balls that moved first, and both are
   * flagged.
   */
  private cueStruckUnseen(st: Stroke): void {
    if (st.cueTrack === null || st.struck === st.cueTrack || st.whileMoving) return;
    const cue = this.tracker.tracks.find((x) => x.id === st.cueTrack);
    const home = st.before.get(st.cueTrack);
    if (!cue || !home || cue.state === 'visible' || cue.lastSeen_s > st.t0_s) return;
    if (st.contacts.some((c) => c.cause === cue.id || c.target === cue.id)) return;
    const found = this.tracker.live().filter((t) => t.confirmed && t.state === 'visible' && !st.tracksAtStart.includes(t.id) && t.born_s >= st.t0_s
      && this.cueByNameOrLook(t) && hypot2(t.x_mm - home[0], t.y_mm - home[1]) > 2 * this.R);
    if (found.length !== 1) return;
    st.firstMovers = withMover(st.firstMovers, st.struck, st.t0_s, SAME_MOMENT_S);
    st.struck = cue.id;
    // (what was found for the object ball's path is not the cue ball's: its first contact is guessed afresh)
    forgetFirstContact(st);
    st.cueStruckUnseen = found[0]!.id;
  }

  /**
   * A first contact guessed from a ball that started with no ball seen near it, which ends the stroke
   * within MOVED_mm of where it stood: the camera's jitter (a shadow over it shifting its outline), not a
   * touch. A touched ball rolls on: ball 10 in 1030700 "moved" 17 mm in one frame as the player's shadow
   * crossed it and stayed there, and a stroke that touched nothing had it as its first contact. The first
   * contact seen, if any, is taken instead, and the shift is flagged.
   */
  private shiftedNotTouched(st: Stroke): void {
    const id = st.firstContactUnseen;
    if (id === undefined || st.firstContactTrack !== id) return;
    const t = this.tracker.tracks.find((x) => x.id === id);
    const b = st.before.get(id);
    if (!t || !b || t.state !== 'visible' || this.m(t).active) return;
    const shifted_mm = hypot2(t.x_mm - b[0], t.y_mm - b[1]);
    // (up to two radii when the cue ball was seen all the way far from it: see seenFarFrom())
    if (shifted_mm > (id === st.startedFarFromCue ? 2 * this.R : MOVED_mm)) return;
    const seen = st.contacts.filter((c) => (c.cause === st.cueTrack || c.target === st.cueTrack) && c.cause !== id && c.target !== id).sort((p, q) => p.t_s - q.t_s)[0];
    st.firstContactTrack = seen ? (seen.cause === st.cueTrack ? seen.target : seen.cause) : null;
    st.firstContactGuessed = false;
    st.shiftedNotTouched = { track: id, mm: shifted_mm };
  }

  /**
   * An object ball set moving from rest with no moving ball near it, while the cue ball rests against
   * it or against a ball touching it (a chain of touching balls): the cue ball frozen to the cluster
   * was struck and passed the hit on, moving a millimetre or two itself. It is taken as struck, its
   * neighbour on the chain as the first contact, and both are flagged: the camera did not see the cue
   * ball move.
   */
  private frozenCueStroke(st: Stroke, t: Track, atStart: Track[], t_s: number): void {
    if (st.cueTrack === null) return;
    const cue = atStart.find((o) => o.id === st.cueTrack);
    if (!cue || cue.id === t.id) return;
    // a gap this small is measurement error: the two balls touch
    const touch = 2 * this.R + FROZEN_GAP_mm;
    const at = (x: Track) => this.m(x).anchor ?? { x: x.x_mm, y: x.y_mm };
    // the cue ball is also where it was last seen: pushed softly under the cue, it crept 30 mm into ball 9
    // too slowly to count as moving, its resting place kept from before the cue hid it, and the stroke
    // was ball 9 "moved by hand"
    const places = (x: Track) => (x.id === cue.id ? [at(x), { x: x.x_mm, y: x.y_mm }] : [at(x)]);
    const near = (a: Track, b: Track) => places(a).some((p) => places(b).some((q) => hypot2(q.x - p.x, q.y - p.y) <= touch));
    const chain = chainTo(cue, atStart, near, (o, via) => o.id === t.id && near(via, o));
    if (!chain) return;
    st.struck = cue.id;
    st.struckFrozen = true;
    for (let i = 0; i + 1 < chain.length; i++) this.contact(chain[i]!, chain[i + 1]!, t_s);
    st.firstContactGuessed = true;
  }

  /**
   * Touching balls from `t` to one a moving ball touches now: the contacts, first the moving ball's.
   * With `startingNow`, the balls that started in this frame are links of the chain, not its cause.
   */
  private touchingChain(t: Track, live: Track[], t_s: number, startingNow?: ReadonlySet<number>): { cause: Track; target: Track }[] | null {
    const touch = 2 * this.R + this.o.contact_mm;
    const at = (x: Track) => this.m(x).anchor ?? { x: x.x_mm, y: x.y_mm };
    const startsNow = (o: Track) => startingNow?.has(o.id) ?? false;
    // every ball joined to `t` by touching balls at rest (or just set off)
    const { joined, prev } = joinedTo(t, live, (cur, o) => {
      const p = at(cur), q = at(o);
      return (!this.m(o).active || startsNow(o)) && hypot2(q.x - p.x, q.y - p.y) <= touch;
    });
    // the ball a moving ball came closest to is the one it hit (a cue ball driven into a rack comes within
    // touching distance of the apex's neighbours too, once its outline merges with the apex's)
    let hit: { by: Track; via: Track; d: number } | null = null;
    for (const via of joined) {
      if (via.id === t.id) continue;
      for (const o of live) {
        if (o.id === t.id || !this.m(o).active || startsNow(o) || prev.has(o.id)) continue;
        const d = this.approach(o, at(via), t_s);
        if (d <= touch && (!hit || d < hit.d)) hit = { by: o, via, d };
      }
    }
    if (!hit) return null;
    // from `t` along the touching balls to the one hit, then the ball that hit it
    const chain = [...pathTo(prev, hit.via), hit.by];
    // the contacts from the moving ball back along the chain to `t`
    const out: { cause: Track; target: Track }[] = [];
    for (let i = chain.length - 1; i > 0; i--) out.push({ cause: chain[i]!, target: chain[i - 1]! });
    return out;
  }

  /**
   * The running stroke ends: a ball carried by hand gives a `moved` record, a motion that was no stroke
   * gives nothing, and a stroke its `shot` record (`wasStroke`).
   */
  private closeStroke(st: Stroke, t_s: number, truncated: boolean): { records: VisionRecord[]; wasStroke: boolean } {
    const first = firstContactSeen(st);
    if (this.touchedNothing(st)) this.creepContacts(st);
    else if (first) this.creepContacts(st, first.t_s);
    else if (st.cueTrack === st.struck) {
      // balls moved or fell and no contact was seen: the first whose place the cue ball reached is a guess, and said so
      this.creepContacts(st, undefined, true);
      if (st.firstContactTrack !== null) { st.firstContactGuessed = true; st.firstContactReached = true; }
    }
    if (st.firstContactTrack === null) this.turnContact(st);
    if (this.wasCarried(st)) return { records: this.carried(st), wasStroke: false };
    if (this.hiddenAsItLeft(st)) {
      this.stroke = null;
      this.backToRestUnseen(st);
      return { records: [], wasStroke: false };
    }
    const stayed = this.pocketedWithAHand(st);
    if (stayed) {
      this.stroke = null;
      this.tracker.restoreFrom(stayed.track, stayed.found);
      const m = this.m(stayed.track);
      m.active = false;
      const b = st.before.get(stayed.track.id)!;
      m.anchor = { x: b[0], y: b[1] };
      return { records: [], wasStroke: false };
    }
    if (this.wasNoStroke(st, t_s)) {
      this.stroke = null;
      return { records: [], wasStroke: false };
    }
    // whether a hand had moved a hidden ball is no longer to be told once a stroke has run: it may have moved
    // any ball, seen to or not. One hidden again before it was judged rests, as far as is known, where it
    // rested before it was first hidden: the glimpse between was under the arm, and as likely a knuckle
    // (1250200 at 4.4 s: ball 12's track, under the arm, took a fingertip 60 mm off for one frame and was
    // hidden again; after the stroke it was seen back on its place, "moved" from the fingertip's)
    for (const [id, m] of this.motion) {
      const t = m.hiddenAt && this.tracker.tracks.find((x) => x.id === id);
      if (t && (t.state === 'occluded' || t.state === 'missing')) m.anchor = { ...m.hiddenAt! };
      this.settleHidden(id);
    }
    this.lastEnd_s = t_s;
    return { records: this.finishStroke(t_s, truncated), wasStroke: true };
  }

  /**
   * A ball the struck ball reached that was pushed off too slowly to be seen starting (a soft stroke
   * into a ball a few cm away): it is off its place by more than detection noise when the stroke ends,
   * and the struck ball's path came within touching distance of where it rested. The earliest such
   * approach is the first contact.
   * With a contact seen (`before_s`: when the first was), only a ball no contact was seen to move, off its place
   * by CREPT_mm or more, reached before then: a thin cut sends a ball off at a creep the contacts are not seen
   * by (1185006: the cue ball at 2.2 m/s grazed ball 2, which crept 42 mm at 85 mm/s, then hit ball 14: "first
   * contact 14", silently).
   * `withFallen`: the balls that fell count as off their places (see closeStroke()).
   */
  private creepContacts(st: Stroke, before_s?: number, withFallen = false): void {
    const s = this.tracker.tracks.find((x) => x.id === st.struck);
    if (!s) return;
    // (a track's history keeps only its last seconds: a struck cue ball's whole path is in the stroke's samples)
    const whole = st.struck === st.cueTrack && st.cueSamples.length >= 2 ? st.cueSamples : s.history;
    const path = whole.filter((h) => h.t_s >= st.t0_s - 0.05);
    if (path.length < 2) return;
    const reached: { o: Track; t_s: number }[] = [];
    // (`withFallen`: and the balls that fell, when no contact was seen at all. 1275004 at 65.8 s: a thin cut sent
    // ball 14, in front of a middle pocket, in at 100 mm/s; it started too slowly and too late for the cue ball, 100
    // mm on by then, to be seen as its cause)
    const fell = withFallen ? st.gone.filter((g) => g.state === 'pocketed') : [];
    for (const o of [...this.tracker.live(), ...fell]) {
      const b = st.before.get(o.id);
      // (a ball rolling when the stroke began is off that place by its own roll: 1050900's ball 14, rolling
      // on from the stroke before, was taken as touched by a cue ball that crossed where it had been)
      if (o.id === s.id || !b || (o.state !== 'visible' && o.state !== 'pocketed') || st.rollingAtStart.has(o.id)) continue;
      if (before_s !== undefined && st.contacts.some((c) => c.target === o.id || c.cause === o.id)) continue;
      const off = o.state === 'pocketed' ? Infinity : hypot2(o.x_mm - b[0], o.y_mm - b[1]);
      if (off < (before_s === undefined ? NUDGED_mm : CREPT_mm)) continue;
      // a ball off its place by less than CREPT_mm was nudged only if the struck ball came to touch it
      // and it did not go back towards the struck ball (a cue ball pushed into a ball 4 mm past touching and
      // rolled back, the ball 9 mm on: a referee's "touched", and a foul-free stroke)
      const nudged = off < CREPT_mm;
      const reach = 2 * this.R + (nudged ? NUDGE_REACH_mm : CREPT_mm);
      const p = { x: b[0], y: b[1] };
      for (let i = 0; i + 1 < path.length; i++) {
        if (segmentDistance(path[i]!, path[i + 1]!, p) > reach) continue;
        const by = path[i + 1]!;
        // (not straight away: a ball in a pocket's jaws is turned aside by the jaw; but not back towards it)
        const towards_mm = -((o.x_mm - b[0]) * (b[0] - by.x_mm) + (o.y_mm - b[1]) * (b[1] - by.y_mm)) / Math.max(1, hypot2(b[0] - by.x_mm, b[1] - by.y_mm));
        if (nudged && towards_mm > 0.5 * off) continue;
        if (before_s !== undefined && by.t_s >= before_s) break;
        reached.push({ o, t_s: by.t_s });
        break;
      }
    }
    reached.sort((a, b) => a.t_s - b.t_s);
    for (const r of reached) this.contact(s, r.o, r.t_s);
  }

  /**
   * No contact seen, but the cue ball's path turned sharply a ball's width from a ball resting against a
   * cushion, clear of the cushions itself (path-turn.ts): it touched that ball. Driven into the rail, such a
   * ball hardly moves, so its own motion shows nothing; one out on the cloth moves off when touched, and its
   * motion tells (a cue ball drawn back by its spin may turn short of one without touching it).
   */
  private turnContact(st: Stroke): void {
    if (st.cueTrack === null || st.struck !== st.cueTrack || st.whileMoving) return;
    const cue = this.tracker.tracks.find((x) => x.id === st.cueTrack);
    if (!cue) return;
    const balls = [...st.before].filter(([id, [x, y]]) => id !== st.cueTrack && insideNose_mm(this.spec, x, y) < this.R + FROZEN_MM)
      .map(([id, [x, y]]) => ({ id, x_mm: x, y_mm: y }));
    if (!balls.length) return;
    const turn = turnAtBall(st.cueSamples, balls, this.R, TURN_REACH_MM, (x, y) => insideNose_mm(this.spec, x, y) < this.R + TURN_CUSHION_MM);
    const target = turn && this.tracker.tracks.find((x) => x.id === turn.id);
    if (!turn || !target) return;
    this.contact(cue, target, turn.t_s);
    const seen = st.contacts.find((c) => c.cause === cue.id && c.target === target.id);
    if (seen) seen.byTurn = true;
    st.cueContact = turn.at;
  }

  /**
   * Nothing but the struck ball moved: no contact, seen or unseen, and no ball left the table. A ball
   * back within NUDGED_mm of its place by the end was not touched, whatever it seemed to do: its centre
   * was thrown about by a hand or an arm beside it (1051200: ball 9, under the arm of a hand carrying
   * ball 11 past it, "started" 30 mm and came back, a contact nobody saw; 1091201: ball 11, its centre
   * shifted 16 mm by the hand pushing ball 14 past it, "touched" by the hand-and-ball blob). Either made
   * the carried ball "struck".
   */
  private touchedNothing(st: Stroke): boolean {
    return this.nothingSeenTouched(st) && !this.unseenMovers(st).length;
  }

  /** No contact seen (but with balls back on their places), and no ball left the table. */
  private nothingSeenTouched(st: Stroke): boolean {
    return !st.contacts.some((c) => c.byTurn || !this.backInPlace(st, c.target)) && !st.gone.length && !st.independentFalls.length;
  }

  /** The balls set moving by contacts nobody saw that are not back on their places. */
  private unseenMovers(st: Stroke): number[] {
    return st.unseenContacts.filter((id) => !this.backInPlace(st, id));
  }

  /**
   * The track is seen again where it stood when the stroke began; or a track the stroke did not begin with
   * is seen there: the ball found again, its own track gone off with something else (1185007 at 81.2 s: ball
   * 11's track leapt onto a hand's finger beside it and followed the hand away, the ball was found at its
   * place as a new track, and the hand's jerk that never moved a ball stayed a stroke, "struck 1", since
   * ball 11 had "moved").
   */
  private backInPlace(st: Stroke, id: number): boolean {
    const t = this.tracker.tracks.find((x) => x.id === id);
    const b = st.before.get(id);
    if (!t || !b || t.state === 'pocketed' || t.state === 'offTable') return false;
    return (t.state === 'visible' && hypot2(t.x_mm - b[0], t.y_mm - b[1]) < NUDGED_mm) || this.newcomerOn(st, b, NUDGED_mm) !== undefined;
  }

  /** A track the stroke did not begin with (a candidate too: a ball found again is one at first) seen within `r_mm` of `p`, if any. */
  private newcomerOn(st: Stroke, p: XY_mm, r_mm: number): Track | undefined {
    return this.tracker.tracks.find((o) => o.state === 'visible' && !st.tracksAtStart.includes(o.id) && hypot2(o.x_mm - p[0], o.y_mm - p[1]) < r_mm);
  }

  /**
   * An object ball taken as struck (F3), the stroke over within JOLT_S, nothing gone and every ball seen at its
   * end within MOVED_mm of where it stood: the outlines of touching balls found anew at once, not a stroke.
   * (1330400 at 2.97 s: the rack's partial outlines, drawn again as the player came to the table, threw ball
   * 14's centre 21 mm and its neighbours' 12-14 mm: "struck 14", flagged, before the break.) A cue striking an
   * object ball so softly that nothing goes further is rarer than that.
   */
  private clusterRedrawn(st: Stroke, t_s: number): boolean {
    if (st.struck === st.cueTrack || t_s - st.t0_s >= JOLT_S || st.gone.length) return false;
    return st.tracksAtStart.every((id) => {
      const t = this.tracker.tracks.find((x) => x.id === id);
      const b = st.before.get(id);
      return !t || !b || t.state !== 'visible' || hypot2(t.x_mm - b[0], t.y_mm - b[1]) < MOVED_mm;
    });
  }

  /**
   * A struck ball that touched nothing, left nothing and stopped within JOLT_S, or ended up within two
   * radii of where it stood, was no ball struck: a cued ball rolls for seconds or goes somewhere.
   * (Phantoms on an arm or the cue's ferrule move so while the player aims.)
   */
  private wasNoStroke(st: Stroke, t_s: number): boolean {
    if (this.clusterRedrawn(st, t_s)) return true;
    if (!this.touchedNothing(st)) return false;
    const lasted = t_s - st.t0_s;
    if (lasted < JOLT_S) return true;
    const t = this.tracker.tracks.find((x) => x.id === st.struck);
    const b = st.before.get(st.struck);
    if (!t || !b || t.state !== 'visible') return false;
    return lasted < 1.5 && hypot2(t.x_mm - b[0], t.y_mm - b[1]) < 2 * this.R;
  }

  /**
   * A struck ball that touched nothing, was seen moving in fewer than three frames and has been under an
   * arm or a body ever since was no ball struck: an arm coming over it threw its centre off for a frame
   * and then hid it (1050200: ball 15, "struck" 45 mm as the player walked past, hidden for a second;
   * F3). A cued ball comes out from under the arm at once; one that never showed itself rolling did not roll.
   * So too when the balls "set moving" with no contact seen did the same, hidden or lost from view since
   * (1090201: a player leaning over the table; ball 15 under the body and ball 1 by the hand leapt onto
   * the hand, each for two frames, and both were lost: "struck 15", ball 1 lost away from the pockets).
   * Lost from view with the hand that covered it as it moved counts as hidden too: the hand carried it off
   * (1121200: ball 1's track took a piece of the closing hand 32 mm off, and when the hand moved on its
   * place was bare: "struck 1", lost away from the pockets; the ball was put down 170 mm away).
   * However long it was seen moving, when something was found again on its very place once its track was
   * well away: the ball stayed, and its track went off with the arm (1235002 at 68.6 s: an arm coming in over
   * ball 2, not boxed in its first frame, took the track off at 1.6 m/s for three frames and then hid it; ball 2
   * was found on its place for two frames before the arm covered it: "struck 2", flagged only by its name).
   */
  private hiddenAsItLeft(st: Stroke): boolean {
    const state = (id: number) => this.tracker.tracks.find((x) => x.id === id)?.state;
    const hidden = state(st.struck) === 'occluded' || (state(st.struck) === 'missing' && st.struckMotion.covered > 0);
    if (!this.nothingSeenTouched(st) || (st.struckMotion.frames >= 3 && !st.struckPlaceRefound) || !hidden) return false;
    return this.unseenMovers(st).every((id) => (st.seenMoving.get(id) ?? 0) < 3 && (state(id) === 'occluded' || state(id) === 'missing'));
  }

  /**
   * A struck ball taken into a pocket that touched nothing and was never seen whole and clear on its way there,
   * whose very place held a ball again once its track was well away: the ball stayed, and its track went into the
   * pocket on a hand's pieces (1325002 at 41.0 s: ball 10, resting in a corner's mouth, unfound for two frames as a
   * hand came over it; its track took a piece of the hand 59 mm off, followed it into the jaws and was "pocketed";
   * the ball was found whole on its place the frame after). The ball's track and the one found on its place.
   */
  private pocketedWithAHand(st: Stroke): { track: Track; found: Track } | null {
    const s = this.tracker.tracks.find((x) => x.id === st.struck);
    const home = st.before.get(st.struck);
    if (!s || !home || s.state !== 'pocketed' || !st.struckPlaceRefound || st.struckMotion.whole.length > 0) return null;
    if (st.contacts.length || st.unseenContacts.length || st.gone.some((g) => g !== s) || st.independentFalls.length) return null;
    const found = this.newcomerOn(st, home, CREPT_mm);
    return found ? { track: s, found } : null;
  }

  /**
   * The balls of a motion that was no stroke are taken as resting, out of sight, where they stood: when one
   * is back in view, whether a hand moved it meanwhile is judged as for any ball hidden at rest.
   */
  private backToRestUnseen(st: Stroke): void {
    for (const id of [st.struck, ...this.unseenMovers(st)]) this.restUnseenAtStart(st, id);
  }

  /** A ball of the stroke taken as resting, out of sight, where it stood when the stroke began. */
  private restUnseenAtStart(st: Stroke, id: number): void {
    const t = this.tracker.tracks.find((x) => x.id === id);
    const b = st.before.get(id);
    if (!t || !b) return;
    const m = this.m(t);
    m.active = false;
    m.occludedAtRest = true;
    m.anchor = { x: b[0], y: b[1] };
    this.tracker.restUnseenAt(t, b[0], b[1]);
  }

  /**
   * What could turn a ball back at a place (turn-back.ts): a pocket's jaws within its zone (the tracker's), the
   * nearest cushion within TURNER_REACH_RADII of where the ball would touch it, else nothing.
   */
  private readonly turnerAt: TurnerAt = (x, y) => {
    if (this.tracker.zoneAt(x, y)) return 'pocket';
    if (insideNose_mm(this.spec, x, y) - this.R >= TURNER_REACH_RADII * this.R) return 'open';
    return this.spec.width_mm / 2 - Math.abs(y) < this.spec.length_mm / 2 - Math.abs(x) ? { ux: 1, uy: 0 } : { ux: 0, uy: 1 };
  };

  /**
   * A motion whose struck ball, hidden or still now, turned back on itself as it started, touching nothing: a
   * hand's (turn-back.ts), and over, so that a stroke begun meanwhile is a stroke of its own. (1295003 at 46.9 s:
   * ball 4's track thrown onto a hand and back, then hidden under it, held the motion open as a ball lost under a
   * second does; the cue ball, pushed into ball 13 1.3 s after the motion began, was taken into it: "struck 4", and
   * the stroke itself unseen.)
   */
  private handMotionOver(st: Stroke): boolean {
    const s = this.tracker.tracks.find((x) => x.id === st.struck);
    if (s && s.state === 'visible' && this.m(s).active) return false;
    return this.touchedNothing(st) && turnedBack(st.struckMotion.path, this.turnerAt);
  }

  /** A ball that touched nothing and moved as a hand slides one, not as a cued ball leaves the tip (struck-motion.ts). */
  private wasCarried(st: Stroke): boolean {
    return this.touchedNothing(st) && st.struckMotion.handMoved(st.t0_s, this.R, st.struckHome?.returned ?? false, this.turnerAt);
  }

  /** The `moved` record for a ball carried by hand, or none if it ended within a radius of where it was (touched, not moved). */
  private carried(st: Stroke): MovedRecord[] {
    this.stroke = null;
    const t = this.tracker.tracks.find((x) => x.id === st.struck);
    const m = t ? this.m(t) : null;
    // (one the hand still hides, or still under the arm: where it is now is not known, and whether the hand moved
    // it is asked when it is seen again clear of the arm, as for any ball hidden at rest. 1261209: ball 2's track
    // stepped 29 mm onto a piece of the hand over it and was lost; the hand slid the ball 118 mm on, found by a
    // new track; its "motion" was still running, and the reunion of the two tracks gave no `moved` record.
    // 1275003 at 27.6 s: ball 13's track walked off along pieces of a hand coming over it onto a knuckle under
    // the arm 100 mm away, and a `moved` record went out for a ball that never moved)
    if (t && m && (t.state === 'occluded' || t.state === 'missing')) {
      this.restUnseenAtStart(st, st.struck);
      m.askedAt_s = st.t0_s;
      return [];
    }
    const b = st.before.get(st.struck);
    if (t && m && b && this.underArm(t)) {
      m.flitFrom = { x: b[0], y: b[1] };
      askWhetherMoved(m, m.flitFrom, st.t0_s, st.t0_s);
      return [];
    }
    if (t && m) m.anchor = { x: t.x_mm, y: t.y_mm };
    // (none: a ball still to be judged against where it was before a hand hid it keeps that question)
    if (!t || !b || hypot2(t.x_mm - b[0], t.y_mm - b[1]) < this.R) return [];
    // (nor for a track seen back on its place after it left: it flits between the ball and something beside
    // it, and the ball rests where it did; nor when it comes back there from the thing it flitted onto.
    // 1205004 at 16.2 s: ball 8's track, under a player leaning over, leapt 62 mm onto something beside it,
    // back, and onto it again, and a "moved" record went out for a ball that never moved)
    const home = m?.flitFrom;
    if (m) delete m.flitFrom;
    if (home && hypot2(t.x_mm - home.x, t.y_mm - home.y) <= MOVED_mm) return [];
    if (leftAndCameBack(t.history, { x: b[0], y: b[1] }, st.t0_s, MOVED_mm, NUDGED_mm)) {
      if (m) m.anchor = m.flitFrom = { x: b[0], y: b[1] };
      return [];
    }
    this.settleHidden(st.struck);
    return [this.moved(t, st.t0_s)];
  }

  /** The question whether a hand moved the ball while it was hidden (askWhetherMoved()) is answered, or moot. */
  private settleHidden(id: number): void {
    const m = this.motion.get(id);
    if (m) { delete m.hiddenAt; delete m.backInView_s; delete m.askedAt_s; }
  }

  private cueTrackId(): number | null {
    const live = this.tracker.live().map((o) => o.id);
    for (const [id, n] of this.ids.resolve(live, this.allowed())) if (n.id === 'cue') return id;
    return null;
  }

  private touchedDuringStroke(t: Track): boolean {
    return this.stroke?.contacts.some((c) => c.target === t.id) ?? false;
  }

  /**
   * A ball of this stroke that passed within touching reach of a jaw ball's place in the moments before the
   * jaw ball went down, and when: the touch. A ball in the jaws clipped thinly drops at once, moving a few
   * mm in the one frame it is still seen, which no contact rule sees (965000 at 85.0 s: the cue ball cut
   * ball 2 into the middle pocket; its fall was told as ball 2 dropping by itself, and ball 5, which the
   * cue ball went on to hit, as the first contact).
   */
  private passedBy(t: Track): { by: Track; t_s: number } | null {
    const st = this.stroke!;
    const places = [st.before.get(t.id), [t.x_mm, t.y_mm] as const].filter((p) => p !== undefined).map(([x, y]) => ({ x, y }));
    const reach = 2 * this.R + CONTACT_NOISE_MM;
    let best: { by: Track; t_s: number } | null = null;
    for (const o of this.tracker.tracks) {
      if (o === t || !this.m(o).active) continue;
      // (up to a frame or so after its last sighting: the touch may be what hid it)
      const h = o.history.filter((s) => s.t_s >= Math.max(st.t0_s, t.lastSeen_s - PASSED_BY_S) && s.t_s <= t.lastSeen_s + PASSED_AFTER_S);
      for (let i = 1; i < h.length; i++) {
        if (!places.some((p) => segmentDistance(h[i - 1]!, h[i]!, p) <= reach)) continue;
        if (!best || h[i - 1]!.t_s < best.t_s) best = { by: o, t_s: h[i - 1]!.t_s };
        break;
      }
    }
    return best;
  }

  private finishStroke(t_s: number, truncated: boolean): VisionRecord[] {
    const st = this.stroke!;
    this.stroke = null;
    const tracks = [...new Set([...st.tracksAtStart, ...this.tracker.tracks.filter((t) => t.born_s <= t_s).map((t) => t.id)])]
      .filter((id) => st.tracksAtStart.includes(id));
    const names = this.ids.resolve(tracks, this.allowed());
    this.struckWasTheCueBall(st, names);
    this.cueStruckUnseen(st);
    firstContactBeforeMovers(st, this.R);
    firstContactAmongFirstMovers(st);
    firstContactByRunIn(st, this.R);
    firstContactByRunInAcrossGap(st, this.R);
    firstContactByCorner(st, this.R);
    firstContactByPath(st, this.R);
    this.shiftedNotTouched(st);
    firstGuessByRunIn(st, this.R);
    const live = this.tracker.live();
    const shot = shotRecord(st, t_s, truncated, {
      names, live, minConfidence: this.o.minConfidence, fastGone_mm_s: this.o.fastGone_mm_s,
      lostOverCushion: lostOverCushion(live, st, this.spec, (x, y) => this.tracker.zoneAt(x, y)),
      restSince_s: (t) => this.m(t).restSince_s,
      mixedSoFar: (id) => this.ids.mixedSoFar(id),
    });
    // a cue ball gone from the table comes back, put down in hand: the tracker should not count it as held
    for (const t of st.gone) if (names.get(t.id)?.id === 'cue') this.tracker.goneAsCue(t);
    // a ball left resting in a pocket's jaws may drop later by itself (R8)
    for (const t of live) {
      const z = this.tracker.zoneAt(t.x_mm, t.y_mm);
      this.m(t).hanging = !!z && z.jaw(t.x_mm, t.y_mm);
    }
    const out: VisionRecord[] = [shot];
    for (const t of st.independentFalls) {
      const f = this.fall(t, 'independent');
      if (f) out.push(f);
    }
    return out;
  }

  /**
   * A ball lost from view while everything rested, and found again by a new track (reunion.ts; call
   * after the identities are merged): back more than MOVED_mm from where it rested, a hand moved it
   * while it was hidden, as for a track that held on under the hand (the `hiddenAt` check above). A
   * hand that hides a ball while moving it is the usual case, and then the tracker often lets go.
   */
  reunited(lost: Track, found: Track): MovedRecord[] {
    const m = this.motion.get(lost.id);
    // (lost while a stroke ran, or before its balls came to rest: it may have rolled there)
    if (this.stroke || !m?.anchor || m.active || lost.lastSeen_s <= this.lastEnd_s) return [];
    // (against where it rested before a hand hid it, when that is still to be judged: its track may have rested on
    // the hand since)
    const from = m.hiddenAt ?? m.anchor;
    if (hypot2(found.x_mm - from.x, found.y_mm - from.y) <= MOVED_mm) return [];
    return [this.moved(found, m.askedAt_s ?? lost.lastSeen_s)];
  }

  private moved(t: Track, t_s: number): MovedRecord {
    const n = this.namingNow(t.id);
    return { type: 'moved', t: round2(t_s), balls: [n?.id ?? 'cue'], by: 'unknown' };
  }

  /** The name of a ball gone into a pocket, among it and the balls on the table now. */
  private fallNaming(t: Track): Naming | null {
    return this.ids.resolve([t.id, ...this.tracker.live().map((o) => o.id)], this.allowed()).get(t.id) ?? null;
  }

  /**
   * A jaw ball that dropped later, flagged (`review`, an extra field the rules engine adds to the stroke the fall
   * is counted on) when its name is not sure. Without a name at least as likely as not (or a pocket) no record is
   * made rather than a guess: the rules still have the ball on the table, and the live referee flags the next
   * stroke whose `before` lacks it.
   */
  private fall(t: Track, cause: FallRecord['cause'], naming?: Naming | null): FallRecord | null {
    const n = naming === undefined ? this.fallNaming(t) : naming;
    // (a name less likely than not is no ball: a corner's dark hole beside a jaw ball, found as a "ball" now and
    // then and named by elimination at 6%, had "fallen" four times in one development game; a name under the sure
    // one was dropped too until 1391302's ball 4, named with 84%, hung in the jaw, fell, and never scored)
    if (!n || n.id === 'cue' || !t.pocket || n.confidence < FALL_NAME_FLOOR) return null;
    const f: FallRecord = { type: 'fall', t: round2(t.gone_s ?? t.lastSeen_s), ball: n.id, pocket: t.pocket, cause };
    if (n.confidence < this.o.minConfidence) f.review = [nameDoubt(n, 'pocketed')];
    return f;
  }
}

/** The part of a vector (a velocity, a step) pointing from a pocket's mouth towards the table's middle. */
function ontoTable(z: { x_mm: number; y_mm: number }, x: number, y: number): number {
  return (x * -z.x_mm + y * -z.y_mm) / hypot2(z.x_mm, z.y_mm);
}

/** The stroke's first contact, and how it was guessed, are dropped: the stroke's cue ball is another track now. */
function forgetFirstContact(st: Stroke): void {
  st.firstContactTrack = null;
  st.firstContactGuessed = false;
  delete st.firstContactUnseen;
  delete st.firstContactReached;
}

/**
 * Whether a candidate handed the track its path this frame, since `t0_s` (a stroke's start), in place of samples
 * gathered from it (the first of `gathered` is the start's place, not a sample): they were laid anew.
 */
function laidAnew(t: Track, t0_s: number, gathered: readonly TrackSample[]): boolean {
  if (t.handedOver_s === undefined || t.handedOver_s <= t0_s || t.handedOver_s !== t.lastSeen_s) return false;
  const from_s = t.history[0]?.t_s ?? Infinity;
  return gathered.slice(1).some((p) => p.t_s >= from_s && !t.history.includes(p));
}

/**
 * Ask whether a hand moved the ball off `from` (where it rested before it was hidden, or slid): judged in onFrame()
 * once it has been back in view since `back_s` a moment, whole and clear of any arm, dated `asked_s` if a `moved`
 * record goes out; settleHidden() drops the question.
 */
function askWhetherMoved(m: Motion, from: { x: number; y: number }, back_s: number, asked_s: number): void {
  m.hiddenAt = { ...from };
  m.backInView_s = back_s;
  m.askedAt_s = asked_s;
}
