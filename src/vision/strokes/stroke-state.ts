// What a stroke in progress holds while the stroke builder follows it: who was struck, the contacts,
// the cue ball's path, the balls that left, and the evidence for its review flags.
import type { XY_mm } from '../../protocol/records.js';
import type { Track, TrackSample } from '../tracking/tracker.js';
import type { BallId } from '../../sim/types.js';
import type { FirstMovers } from './first-movers.js';
import type { StruckMotion } from './struck-motion.js';

export interface Contact {
  cause: number;
  target: number;
  t_s: number;
  /** seen by the cue ball's turn at the target, not the target's own motion (path-turn.ts): it counts though the target stayed */
  byTurn?: boolean;
  /** not seen: the ball a stroke began with, taken as met by a cue ball seen leaving its place only after it (StrokeBuilder.lateCueStart()) */
  assumed?: boolean;
}

export interface Stroke {
  t0_s: number;
  struck: number;
  whileMoving: boolean;
  /**
   * why `whileMoving` is in doubt: a ball started near moving balls ('near'), or the stroke still in
   * progress was itself in doubt, an object ball taken as struck by the cue ('afterF3'), or the balls still
   * rolling were set going by a motion taken for no stroke ('afterNoStroke')
   */
  whileMovingDoubt: false | 'near' | 'afterF3' | 'afterNoStroke';
  contacts: Contact[];
  cueTrack: number | null;
  cueSamples: TrackSample[];
  /** the cue ball's first samples after its first contact (where it went from there: see path-corner.ts) */
  cueAfter: TrackSample[];
  cueContact: XY_mm | null;
  /** the first object ball the cue ball touched, either way round (F3: the struck ball may run into it) */
  firstContactTrack: number | null;
  /** balls the cue ball's path reached within a frame of each other, the first contact among them: which came first is not certain */
  firstContactTies?: Set<number>;
  /**
   * The names of the tracks when the stroke began (before the balls scattered), and how much of other
   * tracks' beliefs each held then (IdentityBook.mixedSoFar): a resting ball's track keeps its ball until
   * it is touched, so a track mixed during the stroke was that ball when touched and may have passed to
   * another since.
   */
  namesAtStart: Map<number, BallId>;
  mixedAtStart: Map<number, number>;
  /** set when the cue ball's path ran into another ball first (path-blocker.ts): the contact seen first then, or null if none was */
  firstContactBehind?: number | null;
  before: Map<number, XY_mm>;
  /** balls other than the struck one still rolling when the stroke began (their `before` is where they were then) */
  rollingAtStart: Set<number>;
  gone: Track[];
  independentFalls: Track[];
  tracksAtStart: number[];
  /** the tracks of object balls set moving by contacts nobody saw; the first contact was guessed from one */
  unseenContacts: number[];
  /** frames each of `unseenContacts` was seen moving in since it started */
  seenMoving: Map<number, number>;
  firstContactGuessed: boolean;
  /** the guess is the ball the cue ball's straight run in meets first, not the first mover nearest the cue ball (see firstGuessByRunIn()) */
  firstContactOnRunIn?: boolean;
  /** the guess is the ball the cue ball's run out, carried back, left, its run in unseen (see firstGuessByRunIn(), run-out.ts) */
  firstContactOnRunOut?: boolean;
  /** the guess is the first ball whose place the cue ball's path reached and which was off it by the end, or fell (see creepContacts()) */
  firstContactReached?: boolean;
  /** a ball that started with no ball seen near it while the cue ball, seen all the way, was far from it (see seenFarFrom()) */
  startedFarFromCue?: number;
  /** the ball a first contact was guessed from (it started with no ball seen near it) */
  firstContactUnseen?: number;
  /** the object balls that started in the stroke's earliest moment (see first-movers.ts) */
  firstMovers?: FirstMovers;
  /** that ball ended the stroke a few mm from where it stood: taken as jitter, not a touch (flagged) */
  shiftedNotTouched?: { track: number; mm: number };
  /** a ball the cue ball was beside while out of sight and rolling, before any contact was seen */
  cueHiddenBeside: number | null;
  /** the cue ball was taken as struck though never seen to leave its place: this track, with its look, was found resting away from it (see StrokeBuilder.cueStruckUnseen()) */
  cueStruckUnseen?: number;
  /** the cue ball was taken as struck though not seen to move: frozen against the balls that moved */
  struckFrozen: boolean;
  /** the stroke began with a ball creeping off its place, never seen to roll: a soft stroke, or a touch */
  creptStart?: boolean;
  /** played while balls rolled, its struck ball not seen resting where it started from just before */
  struckUnsettled?: boolean;
  /** something the stroke did not begin with was found on the struck ball's place once its track was two radii away (see hiddenAsItLeft()) */
  struckPlaceRefound?: boolean;
  /** how the struck ball moved while seen: a strike's launch or a hand's slide (struck-motion.ts) */
  struckMotion: StruckMotion;
  /**
   * the struck ball near its resting spot since the stroke began (see StrokeBuilder.falseStart()): when it
   * was last seen there, whether it was seen off it and back, and whether it has left it for good
   */
  struckHome?: { last_s: number; away: boolean; returned: boolean; left: boolean };
}
