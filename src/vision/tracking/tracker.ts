// Multi-ball tracker on the table plane: predicts, assigns detections to tracks (Hungarian on
// distance with motion-aware gates), and decides what became of a track that is no longer seen:
// hidden under an arm (occluded), dropped into a pocket, gone over a cushion, or a short dropout.
import { insideNose_mm, type PocketId, type TableSpec } from '../../table/geometry.js';
import { inBoxes, isOccluded, type BallDetection, type FrameObservation } from '../observation.js';
import { cueLookFrom, HANDOVER, handoverSource, struckOutFrom, withoutLeadingLeap } from './handover.js';
import { assign } from './assignment.js';
import { possibleLeaps, type Leap } from './leaps.js';
import { strandedRest } from './stranded-leap.js';
import { launchRest } from './launch-lost.js';
import { leapBackSamples } from './there-and-back.js';
import { SETTLED_MM } from './held-place.js';
import { pushedAlongLine } from './pushes.js';
import { pocketZones, type PocketZone } from './pocket-zones.js';
import { hypot2 } from '../hypot2.js';
import { stepEntry } from '../step-entry.js';
import { addArmDirection, intoArm } from './arm-side.js';

export type TrackState = 'visible' | 'occluded' | 'missing' | 'pocketed' | 'offTable';

export interface TrackSample {
  t_s: number;
  x_mm: number;
  y_mm: number;
}

export interface Track {
  id: number;
  state: TrackState;
  x_mm: number;
  y_mm: number;
  vx_mm_s: number;
  vy_mm_s: number;
  /** when it was last matched to a detection */
  lastSeen_s: number;
  born_s: number;
  /** recent matched positions, newest last (about a second) */
  history: TrackSample[];
  /** where it vanished, when it was decided pocketed */
  pocket?: PocketId;
  gone_s?: number;
  /** the pocket zone was hidden when it vanished: the camera did not see it fall */
  goneUnseen?: boolean;
  /** when something last hid it while it was out of sight */
  lastHidden_s?: number;
  /** from its place towards the arm that hides it: the sum of each hidden frame's unit vector (see arm-side.ts) */
  armToward?: [number, number];
  /** it rested, something hid it, and when its place was clear again it was not there */
  vanishedAtRest?: boolean;
  /** taken off the table having been seen with its centre beyond a cushion's nose (over the rail), not only heading there */
  seenOverCushion?: boolean;
  /**
   * taken as pocketed, but a "ball" no track claims turned up near where it was lost soon after: it may
   * have come back out of the jaws (the detector often loses a ball in a corner's shadow, and a ball lost
   * there is taken for fallen)
   */
  maybeBack?: boolean;
  /** taken as pocketed (at `lost_s`), then found again beside the pocket (see backOutOf()): on the table after all */
  cameBack?: { pocket: PocketId; t_s: number; lost_s: number };
  /** entered a pocket's jaw zone since the last reset (for R7.3 bounces) */
  enteredJaw?: PocketId;
  /** the latest detection (for identity and look) */
  last?: BallDetection;
  /** frames matched in a row */
  streak: number;
  /**
   * seen at rest long enough to be a ball: a ball comes onto the table by being put down and left,
   * so a "ball" that appears already moving (on an arm, a cue, a hand) is not one until it rests,
   * clear of anything hiding the table
   */
  confirmed: boolean;
  restSince_s?: number;
  /** when it was last found going faster than a ball at rest while not yet believed a ball (see arrivedSince()) */
  movingUnconfirmed_s?: number;
  /** frames in which its whole outline was found */
  wholeSeen?: number;
  /** frames in which its outline was crossed all round (the observation's `round`), whole or not */
  roundSeen?: number;
  /** frames in which it was found clear of every occluder (a fast ball's blurred outline is partial, but clear) */
  clearSeen?: number;
  /** gone from the table (pocketed, off it) as the ball the stroke's names called the cue ball (see goneAsCue()) */
  goneAsCue?: boolean;
  /** mean look (how like the cue ball, see TrackerOptions.lookOf) over `lookN` whole detections */
  look?: number;
  lookN?: number;
  /** mean whiteness (the observation's look figure, 0..1) over the same detections as `look` */
  white?: number;
  /** the most cue-like of those detections (a striped ball rolling shows its band, then hides it) */
  lookHi?: number;
  /** the least cue-like look of any detection it took, blurred or part-found too (see cueLookFrom()) */
  leastLook?: number;
  /**
   * set on a provisional candidate, made on a full table (see Tracker.struckFrom()): the hidden ball's track
   * it may be. It never rests into a ball of its own.
   */
  provisionalFor?: number;
  /**
   * when a two-sample candidate handed it its path (see struckOutFrom()): until four samples give a
   * least-squares slope, its velocity is its last step's, or the next frame's detection, a ball's width
   * or more further on, is out of a resting ball's reach
   */
  launched_s?: number;
  /** when a candidate last handed it its path (handOver()): the samples before then may have been laid anew */
  handedOver_s?: number;
}

export interface TrackerOptions {
  /** a missing track is decided (pocketed / off table / lost) after this long */
  confirmGone_s: number;
  /** history kept per track */
  history_s: number;
  /** velocity is the least-squares slope over this window: single-frame differences are mostly noise */
  velocityWindow_s: number;
  /** the fastest a ball leaves the cue (a hard break is ~8 m/s) */
  maxSpeed_mm_s: number;
  /** a new track becomes a ball after resting this long */
  confirm_s: number;
  restSpeed_mm_s: number;
  /**
   * How like the cue ball a detection looks, 0 (an object ball) to about 1, or undefined (no look
   * figures). With it, a detection that looks unlike a track costs more to give it: the cue ball and
   * an object ball side by side, one of them unseen for a frame, do not trade identities.
   */
  lookOf?: (d: BallDetection) => number | undefined;
  /**
   * How many balls, the cue ball among them, the rules engine has on the table, when it is told: a clip
   * that begins mid-game shows fewer than the set, and its balls pocketed before have no tracks
   */
  ballsOnTable?: () => number;
}

/** A track this fast is expected to stop against a resting ball in its way (see expectedPlace()) ... */
const BLOCKABLE_mm_s = 300;
/** ... one whose centre its straight path passes within this many radii of (two is touching; the margin is for centres found a little off) */
const BLOCKED_R = 1.5;
/** A last step this far off the smoothed velocity (cosine; 30°) is a turn: the ball went on that way (see runOut()) */
const TURNED_COS = Math.cos(Math.PI / 6);
const DEFAULTS: TrackerOptions = { confirmGone_s: 0.2, history_s: 1.5, velocityWindow_s: 0.14, maxSpeed_mm_s: 9000, confirm_s: 0.5, restSpeed_mm_s: 45 };

/** The velocity of the last step between two samples ([0, 0] with fewer). */
function lastStepVelocity(h: readonly TrackSample[]): [number, number] {
  const p = h.at(-2), q = h.at(-1);
  if (!p || !q || q.t_s <= p.t_s) return [0, 0];
  return [(q.x_mm - p.x_mm) / (q.t_s - p.t_s), (q.y_mm - p.y_mm) / (q.t_s - p.t_s)];
}

/** Least-squares velocity of the samples within `window_s` of `t_s`; a sudden start shows at once in the newest sample. */
export function windowVelocity(h: readonly TrackSample[], t_s: number, window_s: number): [number, number] {
  let n = 0, st = 0, sx = 0, sy = 0;
  // at a reduced frame rate (a live camera analysing every 2nd or 3rd frame) the window is widened to
  // hold four samples, up to 2.5 times its length
  for (let i = h.length - 1; i >= 0; i--) {
    const age = t_s - h[i]!.t_s;
    if (age > window_s + 1e-6 && (n >= 4 || age > 2.5 * window_s + 1e-6)) break;
    n++; st += h[i]!.t_s; sx += h[i]!.x_mm; sy += h[i]!.y_mm;
  }
  // fewer samples than this and the slope is mostly detection noise
  if (n < 4) return [0, 0];
  const mt = st / n, mx = sx / n, my = sy / n;
  let stt = 0, stx = 0, sty = 0;
  for (let i = h.length - n; i < h.length; i++) {
    const dt = h[i]!.t_s - mt;
    stt += dt * dt; stx += dt * (h[i]!.x_mm - mx); sty += dt * (h[i]!.y_mm - my);
  }
  return stt > 0 ? [stx / stt, sty / stt] : [0, 0];
}

/**
 * Tracks to detections in two stages: first every detection within a ball radius of a track's
 * expected place goes to it (no other ball can be that near), then the rest, with the wide gates.
 * In one stage the assignment matches as many tracks as it can however far: a ball unseen for a
 * frame in a cluster (merged with a neighbour, or under the cue) had its track leap onto a
 * neighbour's detection and the neighbour's onto the next, shifting identities down a chain.
 * With `sure` (the tracks of balls, as against candidates), the first stage serves those tracks first, and in the
 * second a candidate is kept off a detection a ball's track is nearer to by more than a ball's width.
 * With `miss_mm`, the second stage may leave a track unmatched at that cost (see assign()).
 */
export function matchInTwoStages(cost: number[][], near_mm: number, sure?: readonly boolean[], miss_mm?: number): number[] {
  const near = (pick: (i: number) => boolean, taken: ReadonlySet<number>) =>
    assign(cost.map((row, i) => row.map((c, j) => (pick(i) && !taken.has(j) && c <= near_mm ? c : Infinity))));
  // the balls' own tracks first, then the candidates: a candidate born on a rolling ball's shadow, 50 mm
  // ahead of it, was 21 mm from the ball's next detection against its track's 26 (5 mm and a look cost),
  // and took it (965003 at 28.2 s: the cue ball's track went onto the shadow and was lost with it)
  let match = near((i) => !sure || sure[i]!, new Set());
  if (sure) {
    const second = near((i) => !sure[i] && match[i]! < 0, new Set(match.filter((j) => j >= 0)));
    match = match.map((j, i) => (j >= 0 ? j : second[i]!));
  }
  const takenCols = new Set(match.filter((j) => j >= 0));
  const rest = match.map((j, i) => (j >= 0 ? -1 : i)).filter((i) => i >= 0);
  if (!rest.length || takenCols.size === (cost[0]?.length ?? 0)) return match;
  // (a candidate goes without a detection a little more readily than a ball's track: of the two wanting one, the
  // ball's takes it unless the candidate is nearer by more than a ball's width. 1310901: ball 14, struck from
  // rest between two frames, was found 91 mm on; a candidate born on the cue ball's streak, 79 mm from it, took it,
  // and ball 14's track, left unseen, never found its ball again)
  const misses = miss_mm === undefined ? undefined : rest.map((i) => (sure && !sure[i] ? miss_mm - 2 * near_mm : miss_mm));
  // (and a candidate does not take a detection a ball's track left over is nearer to by more than a ball's width:
  // in one assignment the sum decided, and 1295005 at 40.9 s, ball 3 found again on its place as an arm lifted, 57 mm
  // from its track, went to a candidate 282 mm away; the track took the corner pocket's dark mouth, 115 mm, and was
  // lost there: "pocketed 3". Served strictly first, the balls' tracks took the pieces of a cue ball's streak its
  // candidate would have, and the candidate, given a ghost's straight run, took ball 5 as the cue ball met it, 1300900)
  const ceded = (i: number, j: number) => !!sure && !sure[i] && rest.some((k) => sure[k] && cost[k]![j]! + 2 * near_mm < cost[i]![j]!);
  const second = assign(rest.map((i) => cost[i]!.map((c, j) => (takenCols.has(j) || ceded(i, j) ? Infinity : c))), misses);
  rest.forEach((i, k) => { match[i] = second[k]!; });
  return match;
}

/** A track taken into a pocket is on the table after all (back out of the jaws, or never gone): what the pocketing noted goes. */
function forgetPocketing(t: Track): void {
  delete t.pocket; delete t.gone_s; delete t.goneUnseen; delete t.maybeBack;
}

export interface PossibleSwap {
  a: number;
  b: number;
  /** the chance the two tracks now follow each other's ball */
  p: number;
}

/** How sharply a swap's likelihood falls with the extra distance (mm) it would cost: about the error of a prediction at a collision. */
const SWAP_SCALE_MM = 8;
/** Swaps less likely than this are not reported. */
const SWAP_MIN_P = 0.01;

/**
 * Pairs of confirmed tracks whose two detections could be exchanged at little extra cost: two balls
 * set going at a collision or found again after a moment unseen, where the matching's choice is close
 * to a coin flip. The tracker keeps its choice; identity weighs both (a track that swapped balls in a
 * break kept the first ball's readings for the whole game and named it wrong with confidence 70 s
 * later). A track matched within a ball's radius of where it was expected is sure of its ball. The
 * exchange is priced by plain distance (`cross`): the matching's vetoes (the direction a struck ball
 * must leave in, say) are what the exchange puts in doubt.
 */
export function possibleSwaps(live: readonly Track[], cost: number[][], match: readonly number[], near_mm: number,
  cross: (track: number, detection: number) => number): PossibleSwap[] {
  const out: PossibleSwap[] = [];
  const open = live.map((t, i) => t.confirmed && match[i]! >= 0 && cost[i]![match[i]!]! > near_mm);
  for (let i = 0; i < live.length; i++) {
    if (!open[i]) continue;
    for (let k = i + 1; k < live.length; k++) {
      if (!open[k]) continue;
      const ji = match[i]!, jk = match[k]!;
      const extra = cross(i, jk) + cross(k, ji) - cost[i]![ji]! - cost[k]![jk]!;
      if (!Number.isFinite(extra)) continue;
      const p = 1 / (1 + Math.exp(Math.max(0, extra) / SWAP_SCALE_MM));
      if (p >= SWAP_MIN_P) out.push({ a: live[i]!.id, b: live[k]!.id, p });
    }
  }
  return out;
}

/** Distance (mm) a detection's look costs when it is wholly unlike its track's (see lookCost()). */
const LOOK_COST_MM = 150;
/** A look this far (0..1) from a resting track's own is not that ball's, off its place. */
const UNLIKE_LOOK = 0.6;
/** A ball slower than this (5 mm a frame) does not cover a radius between two frames by its own motion. */
const CREEP_MM_S = 150;
/** Whole detections a track needs before its look counts. */
export const MIN_LOOKS = 5;
/** Whether the track has been seen whole often enough for its look (how like the cue ball) to count. */
export function lookKnown(t: Track): boolean {
  return (t.lookN ?? 0) >= MIN_LOOKS;
}
/** A track's mean look (how like the cue ball, 0..1) above this is the cue ball's. */
export const CUE_LOOK = 0.5;
/** Whether the track looks like the cue ball, or undefined while its look is not known yet (see lookKnown()). */
export function cueLooking(t: Track): boolean | undefined {
  return lookKnown(t) ? t.look! > CUE_LOOK : undefined;
}

/**
 * Whether a track came where it is since `t_s`: made since, or found moving since while not yet believed a
 * ball. A hand carrying a ball off a hidden place brings it as a track of its own, often one begun on the hand
 * or the arm before the ball's own track last saw it (1241200: ball 12 slid 86 mm under the arm; the track that
 * ended on it began on the fingers 0.2 s before, and the ball was called picked up, never moved).
 */
export function arrivedSince(n: Track, t_s: number): boolean {
  return n.born_s >= t_s || (n.movingUnconfirmed_s ?? -Infinity) > t_s;
}

/** How many gone balls can be matched one to one with a ball on the table born after it went. */
function returnedBalls(gone_s: number[], born_s: number[]): number {
  const gone = [...gone_s].sort((a, b) => a - b);
  const born = [...born_s].sort((a, b) => a - b);
  let matched = 0;
  for (const b of born) if (matched < gone.length && gone[matched]! < b) matched++;
  return matched;
}

/** A track this young seen whole fewer times than PHANTOM_WHOLE that goes into a pocket or over a cushion is taken for a phantom (see unseen()). */
const PHANTOM_AGE_S = 3;
const PHANTOM_WHOLE = 3;

/**
 * A lost ball found again far off on part of its outline (clear of every arm) is taken back only within
 * this long: up to three frames unseen at 30 fps (a hard-struck ball's streak), with room for the frame
 * times' rounding (3/30 s came out a hair over 0.1 s and turned the third frame away).
 */
const PARTIAL_RETURN_S = 0.15;
/** A ball faster than this (mm/s) is blurred in the frame: its look is not its own. */
const BLUR_SPEED_MM_S = 1000;
/** A ball rolling this fast (mm/s) turns its mark in and out of view within a few frames: found whole, it pays for its look only if odder than it has shown itself (see lookCost()) */
const ROLLING_LOOK_MM_S = 300;
/** Distance (mm) a detection costs when it is far darker than its track's ball (see whiteCost()) ... */
const WHITE_COST_MM = 100;
/** ... nothing down to this share of the ball's whiteness lost (shade, an outline cut), all of it from WHITE_FULL */
const WHITE_SLACK = 0.3;
const WHITE_FULL = 0.8;
/** A track whose ball is less white than this (a coloured cue ball, a dim table) is not judged by its whiteness */
const WHITE_MIN = 0.2;
/** A stray "ball" counts as there all along after this many frames in a row unclaimed ... */
const STRAY_FRAMES = 5;
/** ... each within this of the last (mm): a fingertip shifts 20-30 mm in a frame as the cue goes through. */
const STRAY_STEP_mm = 34;

/**
 * A candidate that rested where it was found for STRAY_FRAMES frames and more, then vanished without becoming a
 * ball, leaves its place remembered this long (s): a hand that rested on the rail and went comes back to the
 * same place, often just as the ball it bridged for is struck.
 */
const PHANTOM_PLACE_S = 2;

/** A detection no track took, and for how many frames in a row one was found there. */
interface Stray {
  x_mm: number;
  y_mm: number;
  frames: number;
}

/**
 * A provisional candidate (a detection on a full table near a hidden resting ball) lives this long (s)
 * without taking that ball's track over, and is made only this soon after the ball was last seen.
 */
const PROVISIONAL_S = 1;

/** The balls of a Russian pyramid set: the cue ball and fifteen. */
const BALLS_IN_SET = 16;
/**
 * A candidate by a cushion never found whole, or any candidate while every ball already has a track, becomes
 * a ball after resting this long (s), not TrackerOptions.confirm_s.
 */
const CONFIRM_UNSEEN_WHOLE_S = 2;
/** ... by a cushion: within this many balls' widths of its nose */
const BY_CUSHION_BALLS = 3;
/**
 * What leaving a track without a detection this frame costs in the assignment, mm: above the farthest leap the
 * gate allows a visible ball between two frames at 30 fps (2R + 300 mm) onto a detection that looks like it, so a
 * track is left unseen when matching it would make another take a detection that much worse (1115002's break:
 * ball 3, found nowhere, took ball 11's detection, and ball 11's track leapt 333 mm onto the cue ball's, which
 * looked nothing like it), or when its only match is a leap near the gate's edge onto something unlike it. It
 * caps every match: a hidden track, whose gate grows past it, is looked for no farther (look cost included); a
 * ball found farther off starts a new track, which the handovers and reunions may give back to the hidden one.
 */
const MISS_MM = 450;

/** A track does not leap further than this many radii into a pocket's hole from rest, nor back onto a cushion's line rolling. */
const ON_CUSHION_LEAP_R = 3;
/** A detection centred nearer a cushion's nose than this many radii is no ball's (see onCushionLine()). */
const ON_CUSHION_R = 0.6;

/** Something found within this many radii of a ball at rest by a pocket, when it is lost, may be what hides it ... */
const BESIDE_POCKET_BALL_R = 3;
/** ... when it had rested there this long (s) */
const BESIDE_POCKET_REST_S = 0.5;

/** A ball whose place held within SETTLED_MM for this long (s) had settled: it does not fall short of the jaws. */
const SETTLED_S = 1;

/** A "ball" by a pocket this soon (s) after one was taken into it may be that one come back out. */
export const BACK_OUT_S = 1.5;
/** ... within this many ball radii of where it was last seen */
const BACK_OUT_R = 6;
/** ... and seen in at least this many frames before it is lost again (a ball back on the cloth stays in view) */
const BACK_OUT_SEEN = 3;

/** A first step at least this fast, mm/s, is a ball struck (see struckOverCushion()). */
const STRIKE_MM_S = 1500;
/** A ball's centre this much beyond two radii from a cushion's nose may have bounced off it (blur and a centre seen high add a little). */
const BOUNCE_SLACK_MM = 20;
/** A ball seen moving turns by more than this (degrees) only off a cushion or a ball. */
const TURN_DEG = 60;
const COS_TURN = Math.cos((TURN_DEG * Math.PI) / 180);
/** Two balls' centres are two radii apart at the least; closer than this many radii, one of the two is no ball (fits err by a few mm). */
const OVERLAP_RADII = 1.5;
/** A lost ball's gate widens for this long (s), as far as a ball nudged or rolling slowly goes. */
const MISSING_REACH_S = 1;
/** the fastest a hand slides a ball it hides, mm/s (a hand's push is eased over a few tenths of a second) */
const HAND_SLIDE_MM_S = 1000;

/** How long the place of a ball that vanished under a body must be clear before it counts as gone. */
const VANISH_CLEAR_S = 1.0;
/** How long a resting ball just uncovered is looked for before it is taken for fallen or gone (see unseen()). */
const HIDDEN_CLEAR_S = 0.5;

export class Tracker {
  readonly tracks: Track[] = [];
  private nextId = 1;
  private readonly zones: PocketZone[];
  private readonly opts: TrackerOptions;
  private readonly R: number;
  private lastT = -Infinity;

  constructor(readonly spec: TableSpec, opts: Partial<TrackerOptions> = {}) {
    this.opts = { ...DEFAULTS, ...opts };
    this.zones = pocketZones(spec);
    this.R = spec.ball_mm / 2;
  }

  /** Balls still on the table (visible, occluded or briefly missing). */
  live(): Track[] {
    return this.tracks.filter((t) => t.confirmed && t.state !== 'pocketed' && t.state !== 'offTable');
  }

  /** Everything being followed, unconfirmed candidates included. */
  private following(): Track[] {
    return this.tracks.filter((t) => t.state !== 'pocketed' && t.state !== 'offTable');
  }

  zoneAt(x_mm: number, y_mm: number): PocketZone | undefined {
    return this.zones.find((z) => hypot2(x_mm - z.x_mm, y_mm - z.y_mm) <= z.radius_mm);
  }

  /** a ball that vanished from rest under a body counts as gone only if it was last seen after this (between strokes) */
  vanishAfter_s = -Infinity;

  /** pairs of tracks this frame's matching could as well have swapped (see possibleSwaps()) */
  swaps: PossibleSwap[] = [];
  /** tracks whose detection this frame may be another ball's (see possibleLeaps()) */
  leaps: Leap[] = [];

  /** where the table was hidden in the last frame (arms, hands, the cue, a body), mm */
  lastOccluded: FrameObservation['occluded'] = [];

  /** "balls" no track took, found frame after frame about one place (see strayAllAlong()) */
  private strays: Stray[] = [];
  /** where candidates that rested a while and then vanished were, and until when that counts (see PHANTOM_PLACE_S) */
  private phantomPlaces: { x_mm: number; y_mm: number; until_s: number }[] = [];

  update(o: FrameObservation): void {
    this.lastOccluded = o.occluded;
    const dt = Number.isFinite(this.lastT) ? Math.max(1e-3, o.t_s - this.lastT) : 1 / 30;
    this.lastT = o.t_s;
    // (pruned only when one has lapsed: usually there are none, and a new array each frame is garbage)
    if (this.phantomPlaces.some((p) => p.until_s < o.t_s)) this.phantomPlaces = this.phantomPlaces.filter((p) => p.until_s >= o.t_s);
    this.findStranded(o.t_s);
    this.findLaunchLost(o.t_s);
    // (provisional candidates take only what the balls' tracks leave: see followProvisional())
    const live = this.following().filter((t) => t.provisionalFor === undefined);
    // (whether each detection lies under an arm: once per detection, not per track and detection)
    const underArm = o.detections.map((d) => isOccluded(o, d.x_mm, d.y_mm, this.R));
    // (and each detection's look, once)
    const looks = o.detections.map((d) => this.opts.lookOf?.(d));
    // (the balls at rest found on their places again this frame: nothing passes through them, see throughStanding())
    this.standing = this.tracks.filter((t) => t.confirmed && t.state === 'visible' && hypot2(t.vx_mm_s, t.vy_mm_s) < this.opts.restSpeed_mm_s
      && o.detections.some((d) => hypot2(d.x_mm - t.x_mm, d.y_mm - t.y_mm) < 0.5 * this.R));
    const cost = live.map((t) => o.detections.map((d, j) => this.matchCost(t, d, underArm[j]!, looks[j], o.t_s, dt)));
    const match = matchInTwoStages(cost, this.R, live.map((t) => t.confirmed), MISS_MM);
    this.swaps = possibleSwaps(live, cost, match, this.R, (i, j) => this.plainCost(live[i]!, o.detections[j]!, underArm[j]!, looks[j], o.t_s));
    this.leaps = possibleLeaps(live.map((t) => t.id), live.map((t) => t.confirmed), match, (i, j) => this.placeDistance(live[i]!, o.detections[j]!, o.t_s), this.R);
    const used = new Set<number>();
    // (the detections balls' tracks took this frame: see unseen())
    const claimed = new Set(live.flatMap((t, i) => (t.confirmed && match[i]! >= 0 ? [match[i]!] : [])));
    live.forEach((t, i) => {
      const j = match[i]!;
      if (j >= 0) {
        used.add(j);
        // (a candidate's detection is a "ball" the camera was not following: a fallen one come back out?)
        if (!t.confirmed) this.noteBackOut(o.detections[j]!, o.t_s);
        this.observe(t, o.detections[j]!, o.t_s, underArm[j]!, looks[j]);
        this.confirm(t, o);
      } else if (!t.confirmed) {
        // a candidate that vanishes was never a ball
        if (o.t_s - t.lastSeen_s > this.opts.confirmGone_s) {
          t.state = 'dropped' as TrackState;
          const rested = t.history.length >= STRAY_FRAMES && hypot2(t.vx_mm_s, t.vy_mm_s) < this.opts.restSpeed_mm_s;
          if (rested) this.phantomPlaces.push({ x_mm: t.x_mm, y_mm: t.y_mm, until_s: o.t_s + PHANTOM_PLACE_S });
        }
      } else {
        this.unseen(t, o, claimed);
      }
    });
    this.followProvisional(o, dt, used, underArm, looks);
    this.handOver();
    for (let i = this.tracks.length - 1; i >= 0; i--) if ((this.tracks[i]!.state as string) === 'dropped') this.tracks.splice(i, 1);
    // (a track lost for longer than its gate reaches will not find its ball again by itself)
    const held = this.live().filter((t) => t.state !== 'missing' || o.t_s - t.lastSeen_s <= MISSING_REACH_S).length;
    const unclaimed: BallDetection[] = [];
    o.detections.forEach((d, j) => {
      if (used.has(j)) return;
      if (d.conf < 0.3) { unclaimed.push(d); return; }
      // a ball no track follows, found beside a pocket just after a ball was taken into it, is that
      // ball: lost in the pocket's shadow, or back out of the jaws (R7.3)
      // (not one deep in a corner's hole: a ball back out of the jaws is on the cloth, and the hole's dark
      // mouth, found as a "ball", brought ball 9 back a frame after it fell — 965003 at 44.9 s)
      const back = underArm[j] || this.overCornerHole(d) ? undefined : this.backOutOf(d, looks[j], o.t_s);
      if (back) {
        back.cameBack = { pocket: back.pocket!, t_s: o.t_s, lost_s: back.gone_s! };
        forgetPocketing(back);
        this.forgetMotion(back);
        this.observe(back, d, o.t_s, underArm[j]!, looks[j]);
        return;
      }
      this.noteBackOut(d, o.t_s);
      // a 17th ball is a phantom: never invent one (a ball whose track is lost may be this one, found
      // far off: its new track is taken for it once it rests, see reunion.ts)
      // ... except as a provisional candidate where a hidden resting ball may have been struck out from
      // under the cue: a ball struck hard at the break is a streak clear of the arm, too blurred to show
      // its look, and its track stayed under the cue while it crossed the table (see struckFrom())
      const provisionalFor = held >= BALLS_IN_SET ? (underArm[j] ? undefined : this.struckFrom(d, o.t_s)?.id) : undefined;
      if ((held >= BALLS_IN_SET && provisionalFor === undefined) || this.following().length >= 24) { unclaimed.push(d); return; }
      this.tracks.push({
        ...(provisionalFor !== undefined ? { provisionalFor } : {}),
        id: this.nextId++, state: 'visible', x_mm: d.x_mm, y_mm: d.y_mm, vx_mm_s: 0, vy_mm_s: 0,
        lastSeen_s: o.t_s, born_s: o.t_s, history: [{ t_s: o.t_s, x_mm: d.x_mm, y_mm: d.y_mm }], last: d, streak: 1, wholeSeen: d.partial ? 0 : 1, roundSeen: d.round ? 1 : 0, clearSeen: underArm[j] ? 0 : 1, leastLook: looks[j] ?? -Infinity,
        confirmed: false, restSince_s: o.t_s,
      });
    });
    this.strays = unclaimed.map((d) => {
      const s = this.strays.find((p) => hypot2(p.x_mm - d.x_mm, p.y_mm - d.y_mm) <= STRAY_STEP_mm);
      return { x_mm: d.x_mm, y_mm: d.y_mm, frames: (s?.frames ?? 0) + 1 };
    });
  }

  /**
   * A candidate followed a while, its slope measured (one only just born has no speed yet): seen at
   * least twice over 0.2 s (a fingertip behind a striped cue ball, found in three frames of eight, leapt
   * 250 mm onto the ball as it was struck, and the stroke was "struck 13")
   */
  private settledCandidate(t: Track, t_s: number): boolean {
    return !t.confirmed && t.history.length >= 2 && t_s - t.history[0]!.t_s >= 0.2;
  }

  /**
   * A detection on a "ball" that stood still, unclaimed, for frames while this track's ball was seen
   * elsewhere: it is not this ball, whatever leap the gate allows (a red cue ball struck at the break
   * left its track for the player's fingertip on the cushion, a "ball" 160 mm behind it there all along,
   * nearer than the blurred ball 220 mm on). So too one where a candidate rested a while and vanished
   * lately (1060101: the bridge hand's knuckles, a candidate by the head cushion for 0.6 s, gone, then found
   * there again as the resting cue ball 170 mm off was struck; its track leapt back onto them and the stroke was
   * seen only when the object ball moved, 0.7 s late).
   */
  private strayAllAlong(t: Track, d: BallDetection): boolean {
    const there = (p: { x_mm: number; y_mm: number }) => hypot2(p.x_mm - d.x_mm, p.y_mm - d.y_mm) <= STRAY_STEP_mm && hypot2(p.x_mm - t.x_mm, p.y_mm - t.y_mm) > 2 * this.R;
    return this.strays.some((s) => s.frames >= STRAY_FRAMES && there(s)) || this.phantomPlaces.some(there);
  }

  /**
   * Provisional candidates are matched after every ball's track, to the detections left over: a hard-struck
   * ball is a streak that comes in two or three pieces, and the spare pieces' candidates, matched on equal
   * terms, took the struck ball's detections from its track once it had taken the path over (and then a
   * rack ball's). They go when the hidden ball they may be is found (or taken over by one of them).
   */
  private followProvisional(o: FrameObservation, dt: number, used: Set<number>, underArm: boolean[], looks: (number | undefined)[]): void {
    const prov = this.tracks.filter((t) => t.provisionalFor !== undefined && t.state === 'visible');
    if (!prov.length) return;
    const free = o.detections.map((_, j) => j).filter((j) => !used.has(j));
    const cost = prov.map((t) => free.map((j) => this.matchCost(t, o.detections[j]!, underArm[j]!, looks[j], o.t_s, dt)));
    const match = assign(cost);
    prov.forEach((t, i) => {
      const src = this.tracks.find((s) => s.id === t.provisionalFor);
      if (!src || (src.state !== 'occluded' && src.state !== 'missing' && !this.stranded.has(src))) { t.state = 'dropped' as TrackState; return; }
      const k = match[i]!;
      if (k >= 0) {
        const j = free[k]!;
        used.add(j);
        this.observe(t, o.detections[j]!, o.t_s, underArm[j]!, looks[j]);
        if (o.t_s - t.born_s > PROVISIONAL_S) t.state = 'dropped' as TrackState;
      } else if (o.t_s - t.lastSeen_s > this.opts.confirmGone_s) t.state = 'dropped' as TrackState;
    });
  }

  private confirm(t: Track, o: FrameObservation): void {
    if (t.confirmed) return;
    const t_s = o.t_s;
    // a hand, an arm or the cue's ferrule can pass for a ball and hold still while the player aims:
    // a new ball counts only once it has rested clear of them (one put down is, when the hand goes)
    // (and so does any new one while every ball of the set is held by a track: on the table, lost lately, or
    // gone into a pocket or off the table. Balls are not made: such a "ball" is the bridge hand's knuckles,
    // found whole behind the cue ball while a dark sleeve on dark cloth hid nothing, which became a ball a
    // second into the stroke and was taken as the ball the cue ball touched first. It rests two seconds
    // with no ball rolling: fingers on the rail that held still two seconds while the player aimed became a
    // ball a third of a second into the stroke. A ball put back on the table still counts, two seconds
    // after it is put down)
    // (a set has one cue ball: a second "ball" with its look while a ball with that look is in view elsewhere is
    // held to the same wait. 1110901: a red sleeve on red cloth beside a red cue ball, a "ball" on the forearm
    // 0.7 s while the player aimed, became one, followed the arm away and was "pocketed")
    const everyBallHeld = this.allHeld(t_s, t) || this.secondCueBall(t);
    if (hypot2(t.vx_mm_s, t.vy_mm_s) > this.opts.restSpeed_mm_s) t.movingUnconfirmed_s = t_s;
    if (t.movingUnconfirmed_s === t_s || isOccluded(o, t.x_mm, t.y_mm, this.R) || this.overCornerHole(t)
      || (everyBallHeld && this.anyRolling()) || this.overlapsBetterBall(t)) t.restSince_s = t_s;
    // (one by a cushion never found whole rests longer first: fingertips, a knuckle or a cuff on the cloth
    // by the rail, where an arm coming over the rail is too little of a blob to count as hiding the table,
    // throw part-found "balls" that held still for half a second and became balls. Not everywhere: the
    // balls of a rack cut by their neighbours may never be found whole before the break. Nor for a ball whose
    // outline is crossed all round: 1160300's striped cue ball, put down in hand by the side cushion, its band's
    // edge stronger than its outline on a third of the rays, was never "whole", never believed, and its
    // stroke was missed)
    else if (t_s - (t.restSince_s ?? t_s) >= ((t.wholeSeen ?? 0) > 0 || (t.roundSeen ?? 0) > 0 || !this.byCushion(t) ? (everyBallHeld ? CONFIRM_UNSEEN_WHOLE_S : this.opts.confirm_s) : CONFIRM_UNSEEN_WHOLE_S)) t.confirmed = true;
  }

  /**
   * Balls do not overlap: a candidate whose centre is closer than OVERLAP_RADII to a ball's, or to a candidate
   * better seen (more often round, then whole, then longer followed), is that ball's shadow, a highlight's edge or
   * a knuckle against it, and is not believed while it stays there. (1170601: a "ball" 42 mm from ball 1, found
   * whole but never round and as odd in colour as a cue ball, was believed with the balls at the clip's start; it
   * made up the rules' count and was a cue ball "in view elsewhere", so the real cue ball, put down in hand, was
   * never believed and its stroke was missed, silently. 1160202: a part-found one 47 mm from ball 12, believed as
   * well, made up the count the same way; the cue ball put down in hand waited, was struck unbelieved, and the
   * stroke was "struck 10".)
   */
  private overlapsBetterBall(t: Track): boolean {
    const rank = (k: Track) => [k.roundSeen ?? 0, k.wholeSeen ?? 0, -k.born_s, -k.id];
    const better = (k: Track) => {
      if (k.confirmed) return true;
      const a = rank(k), b = rank(t);
      for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! > b[i]!;
      return false;
    };
    return this.tracks.some((k) => k !== t && k.state === 'visible' && hypot2(k.x_mm - t.x_mm, k.y_mm - t.y_mm) < OVERLAP_RADII * this.R && better(k));
  }

  /** Whether a track looks like the cue ball while a ball that does is in view somewhere else. */
  private secondCueBall(t: Track): boolean {
    return !!cueLooking(t) && this.tracks.some((k) => k !== t && k.confirmed && k.state === 'visible' && cueLooking(k) && hypot2(k.x_mm - t.x_mm, k.y_mm - t.y_mm) > 2 * this.R);
  }

  /** Whether a ball on the table is rolling (a confirmed track seen moving faster than the rest speed). */
  private anyRolling(): boolean {
    return this.tracks.some((k) => k.confirmed && k.state === 'visible' && hypot2(k.vx_mm_s, k.vy_mm_s) > this.opts.restSpeed_mm_s);
  }

  /**
   * Whether every ball of the set has a track: on the table, lost within MISSING_REACH_S, or gone from it;
   * or every ball the rules engine has on the table has one there, when it is told (`ballsOnTable`).
   * A ball gone into a pocket or off the table that is put back (respotted after a foul, R10) comes back as a
   * new track: a gone track is not counted once a ball born since stands for it, and a pocketed cue ball is
   * not counted at all (it is always put back in hand). 1135003: the cue ball put down after a scratch waited
   * as a seventeenth ball while the pocketed cue ball's track and ball 11's, respotted, both still counted.
   */
  private allHeld(t_s: number, candidate: Track): boolean {
    let n = 0;
    const gone_s: number[] = [];
    const born_s: number[] = [];
    for (const k of this.tracks) {
      if (!k.confirmed) continue;
      const cue = cueLooking(k) === true || k.goneAsCue === true;
      if (k.state === 'pocketed' || k.state === 'offTable') {
        if (!cue) gone_s.push(k.lastSeen_s);
        continue;
      }
      if (k.state !== 'missing' || t_s - k.lastSeen_s <= MISSING_REACH_S) {
        n++;
        if (!cue) born_s.push(k.born_s);
      }
    }
    if (n + gone_s.length - returnedBalls(gone_s, born_s) >= BALLS_IN_SET) return true;
    // (or every ball the rules have on the table: 1151203 began with seven, and the bridge hand by a corner
    // pocket, still for 0.8 s while the player aimed, became an eighth ball; rolling when the cue ball was
    // struck, it made the stroke "played while balls rolled", unflagged. The rules always have the cue ball
    // on the table: a ball that looks like it, while no ball held does, is it put down in hand, however many
    // phantoms were believed before — 1091101's cue ball, put down by a "ball" confirmed beside ball 6, was
    // still unbelieved when struck two seconds later. Under the set's count above a pocketed cue ball is left out
    // instead; a phantom making up sixteen still holds the cue ball to the wait there: not measured, left as it was)
    const onTable = this.opts.ballsOnTable?.();
    if (onTable === undefined || n < onTable) return false;
    return !(cueLooking(candidate) && !this.tracks.some((k) => k.confirmed && (k.state === 'visible' || k.state === 'occluded') && cueLooking(k)));
  }

  /**
   * What a detection's look adds to its distance from a track whose look is known. (An outline cut
   * by an arm may hold the arm's colour; one cut by a neighbour still has the ball's. One found in part on a
   * ball moving fast enough to blur is a piece of its streak, its colour washed out by the cloth, never odder:
   * 1195000's striped cue ball at 2.5 m/s, 0.51 odd at rest, showed 0.02 in such a piece, and a candidate born on
   * the streak took it from its track. Odder than the ball, it is something else: 1185006's ball 5, rolling into
   * a corner at 1.3 m/s, was otherwise taken onto the hole's dark mouth. One found whole on a rolling ball may be
   * less odd too: the ball turns its band or spot under as it rolls. 1205003's striped cue ball, 0.64 odd at rest,
   * showed 0.0-0.1 rolling at 1.2 m/s into a corner's jaws; coming back off the jaw, its own detection paid 88 mm
   * for its look and the track took a part-found "ball" in the hole's mouth.)
   */
  private lookCost(t: Track, d: BallDetection, underArm: boolean, l: number | undefined): number {
    if (!lookKnown(t) || (d.partial && underArm) || l === undefined) return 0;
    const speed = hypot2(t.vx_mm_s, t.vy_mm_s);
    if (d.partial && l < t.look! && speed > BLUR_SPEED_MM_S) return 0;
    // (rolling and found whole: only by how far it is odder than the ball has shown itself whole. 1221204's
    // striped cue ball rested with its band out of view (0.05 on the mean), showed 0.47 rolling into a corner,
    // and its whole detection at 0.48 paid 65 mm, losing it to the hole's mouth)
    const off = !d.partial && speed > ROLLING_LOOK_MM_S ? Math.max(0, l - t.lookHi!) : Math.abs(l - t.look!);
    return LOOK_COST_MM * Math.min(1, off);
  }

  /**
   * What a detection much darker than a slow track's ball adds to its distance. Every ball of a set is
   * mostly white or ivory (a coloured cue ball learns its own, low, whiteness and pays nothing); the hand,
   * the cue's tip and a pocket's mouth are not: 1205000's cue ball, lost for the frame it was struck, was
   * found whole 86 mm on (0.63 white against its 0.6) and its track took the knuckles by the cushion, 61 mm
   * back (0.12 white), no arm boxed over them. A ball at speed is a streak half the cloth's colour: no cost.
   * Only for a detection over a radius off (a leap): whiteness changes with the light across the table, and
   * 1185002's ball 15, coming to rest by a dim corner at a twentieth of its whiteness up the table, lost its
   * track to a candidate on the hole's mouth when its own detections, a few mm on, paid for it.
   */
  private whiteCost(t: Track, d: BallDetection, underArm: boolean, dist_mm: number): number {
    if (dist_mm <= this.R || !lookKnown(t) || t.white === undefined || t.white < WHITE_MIN || !d.look || (d.partial && underArm)) return 0;
    if (hypot2(t.vx_mm_s, t.vy_mm_s) > CREEP_MM_S) return 0;
    const drop = (t.white - d.look.white) / t.white;
    return WHITE_COST_MM * Math.min(1, Math.max(0, (drop - WHITE_SLACK) / (WHITE_FULL - WHITE_SLACK)));
  }

  /** A detection's distance from a track's expected or last place, and its look's cost, with none of matchCost()'s vetoes. */
  private plainCost(t: Track, d: BallDetection, underArm: boolean, look: number | undefined, t_s: number): number {
    const dist = this.placeDistance(t, d, t_s);
    return dist + this.lookCost(t, d, underArm, look) + this.whiteCost(t, d, underArm, dist);
  }

  /**
   * How far (mm) a detection lies from where the track's ball was or, by its motion, was expected: the
   * prediction fails exactly at a collision (the ball stops dead), so the last place is the other
   * hypothesis, and whichever fits better counts.
   */
  private placeDistance(t: Track, d: BallDetection, t_s: number): number {
    const p = this.expectedPlace(t, t_s);
    return Math.min(hypot2(d.x_mm - p.x_mm, d.y_mm - p.y_mm), hypot2(d.x_mm - t.x_mm, d.y_mm - t.y_mm));
  }

  /** the balls at rest found again on their places this frame (see throughStanding()) */
  private standing: Track[] = [];

  /** where each track's ball is expected (see expectedPlace()), for the frame at t_s from its place when last seen (kept per track, not made anew each frame) */
  private readonly expected = new WeakMap<Track, { x_mm: number; y_mm: number; t_s: number; seen_s: number }>();

  /**
   * Where a track's ball is expected by its motion: carried on straight, but not through a ball resting in
   * its way: from the first it would touch it goes on with only its velocity's part across the line of
   * centres (equal balls: the part along it goes to the ball hit). 1195000's break: the cue ball's track,
   * carried on at 5 m/s through the rack's apex ball, landed on the partly seen ball behind it; the cue ball
   * itself, glancing off the apex ball, was found 6 mm from where this puts it.
   */
  private expectedPlace(t: Track, t_s: number): { x_mm: number; y_mm: number } {
    const known = this.expected.get(t);
    if (known && known.t_s === t_s && known.seen_s === t.lastSeen_s) return known;
    const since = Math.min(t_s - t.lastSeen_s, 0.5);
    const [vx, vy] = this.runOut(t);
    let px = t.x_mm + vx * since, py = t.y_mm + vy * since;
    if (t.confirmed && hypot2(vx, vy) >= BLOCKABLE_mm_s) {
      let first = 1, hit: Track | undefined;
      for (const o of this.tracks) {
        if (o === t || !o.confirmed || o.state !== 'visible' || hypot2(o.vx_mm_s, o.vy_mm_s) >= this.opts.restSpeed_mm_s) continue;
        if (stepEntry(t.x_mm, t.y_mm, px, py, { x: o.x_mm, y: o.y_mm }, BLOCKED_R * this.R) === null) continue;
        const u = stepEntry(t.x_mm, t.y_mm, px, py, { x: o.x_mm, y: o.y_mm }, 2 * this.R);
        if (u !== null && u < first) { first = u; hit = o; }
      }
      if (hit) {
        const cx = t.x_mm + (px - t.x_mm) * first, cy = t.y_mm + (py - t.y_mm) * first;
        const nx = (hit.x_mm - cx) / (2 * this.R), ny = (hit.y_mm - cy) / (2 * this.R);
        const along = vx * nx + vy * ny, rest_s = since * (1 - first);
        px = cx + (vx - along * nx) * rest_s; py = cy + (vy - along * ny) * rest_s;
      }
      // nor through a cushion: its centre comes back off the line a radius from the nose (away from the
      // pockets' mouths). 1185007 at 65.5 s: the cue ball at 3.3 m/s into the side cushion was found 10 mm off
      // the line, 40 mm from its track's place carried on 30 mm into the cushion; a candidate born on a
      // piece of its streak 20 mm from it took it, and the track, lost, was called off the table.
      const X = this.spec.length_mm / 2 - this.R, Y = this.spec.width_mm / 2 - this.R;
      if ((Math.abs(px) > X || Math.abs(py) > Y) && !this.zoneAt(px, py)) {
        if (Math.abs(px) > X) px = Math.sign(px) * (2 * X - Math.abs(px));
        if (Math.abs(py) > Y) py = Math.sign(py) * (2 * Y - Math.abs(py));
      }
    }
    if (!known) {
      const e = { x_mm: px, y_mm: py, t_s, seen_s: t.lastSeen_s };
      this.expected.set(t, e);
      return e;
    }
    known.x_mm = px; known.y_mm = py; known.t_s = t_s; known.seen_s = t.lastSeen_s;
    return known;
  }

  /**
   * A track's velocity to carry it on by: its smoothed one, or its last step's when that step turned well away
   * from it (the smoothed velocity still holds the run in to a collision for its window; the last step is the
   * run out: 1185000's cue ball, glancing off the apex up the table at 3.4 m/s, was still "going" 4.3 m/s
   * along it, and unfound, its track was looked for on ball 2's streak that way). A step of half a radius is
   * enough to say which way (1205003's cue ball came back off a corner's jaw a 26 mm step).
   */
  private runOut(t: Track): [number, number] {
    const p = t.history.at(-2), q = t.history.at(-1);
    if (!p || !q || t.lastSeen_s !== q.t_s) return [t.vx_mm_s, t.vy_mm_s];
    const [lx, ly] = lastStepVelocity(t.history);
    const last = hypot2(lx, ly), v = hypot2(t.vx_mm_s, t.vy_mm_s);
    if (last * (q.t_s - p.t_s) <= 0.5 * this.R || v === 0 || (lx * t.vx_mm_s + ly * t.vy_mm_s) / (last * v) > TURNED_COS) return [t.vx_mm_s, t.vy_mm_s];
    return [lx, ly];
  }

  private matchCost(t: Track, d: BallDetection, underArm: boolean, look: number | undefined, t_s: number, dt: number): number {
    const since = t_s - t.lastSeen_s;
    const dist = this.placeDistance(t, d, t_s);
    const speed = hypot2(t.vx_mm_s, t.vy_mm_s);
    // a moving ball may change direction at a collision: allow a good part of a frame's travel
    // any ball at rest may be struck hard between two frames; the global assignment (least total
    // distance) keeps resting balls on their own detections, so a wide gate does not swap them
    // a fast ball hidden for a few frames (under an arm, in the air) is far on when it reappears
    const horizon_s = speed > 300 ? Math.min(since, 0.35) : Math.min(since, 0.1);
    let gate = 2 * this.R + Math.max(0.6 * speed, this.opts.maxSpeed_mm_s) * Math.max(dt, horizon_s);
    // a candidate followed a while is a "ball" waiting to be believed (a fingertip or a knuckle on the
    // rail, as often as a ball put down): it goes no further than its own speed carries it, and not at
    // all if it stood still (it used to leap, and start afresh there: with every track matched where it
    // can be, one standing on a fingertip behind a red cue ball took the ball 320 mm off as it was
    // struck, and the cue ball's own track took the front of its blur; another, on a body by the rail
    // and "moving" by one 160 mm hop, took a cue ball struck 1.1 m away after 0.2 s unseen)
    if (this.settledCandidate(t, t_s) && dist > 2 * this.R + (speed < HANDOVER.minSpeed_mm_s ? 0 : 1.5 * speed * Math.max(dt, horizon_s))) return Infinity;
    // a ball under an arm may have been moved by the hand: it can come back a little way off
    // (for a second: a ball lost longer and found far off is a new track first, taken for this one only
    // once it rests as a ball (reunion.ts); a lost track whose gate grew without end leapt 2 m onto
    // a hand on the far rail)
    const handReach = t.state === 'occluded' ? 6 * this.R + 400 * since : t.state === 'missing' ? 3 * this.R + 300 * Math.min(since, MISSING_REACH_S) : 0;
    gate = Math.max(gate, handReach);
    // (but a ball lost from view at rest, no arm boxed over it, longer than that, comes back far off only as a new
    // track, taken for it once that rests as a ball (reunion.ts): it no longer counts as held then, and one found
    // whole on a hand is not a ball put down. 1260201 at 4.7 s: ball 13, lost 1.6 s under an arm the map did not
    // box, took a knuckle 280 mm off, followed the hand over the side rail and was "off the table")
    if (t.confirmed && t.state === 'missing' && since > MISSING_REACH_S && speed < this.opts.restSpeed_mm_s && dist > 2 * this.R) return Infinity;
    // a ball lost in a pocket's mouth has gone down or comes back out beside it (where backOutOf looks
    // for it): it does not reappear across the table (a pocketed ball's track leapt 820 mm along the
    // cushion onto a hand's edge on the rail and was then called off the table)
    // So too one moving in the jaws: ball 4 nudged into a corner was followed onto dark "balls" in the
    // hole's mouth, then leapt 240 mm back out onto the cue ball (its own track hidden
    // under the arm that frame), and was never called pocketed
    // So too one resting in the jaws: when it drops, it does not leap onto a hand on the rail 230 mm away
    // (ball 10, hanging in a middle pocket, followed the hand that shook the table and was "struck")
    const z = this.zoneAt(t.x_mm, t.y_mm);
    if (z && (t.state === 'missing' || z.jaw(t.x_mm, t.y_mm))) gate = Math.min(gate, BACK_OUT_R * this.R);
    // a ball out of sight comes back far from where it was only as a ball seen whole and clear of the
    // arm: the hand, the arm and the cue's ferrule throw ball-like phantoms, and a lost track that takes
    // one follows the arm away (a cue ball struck off the table under the cue became a phantom stroke
    // on the player's hand)
    // one on part of its outline, clear of the arm, still is after a frame or three unseen: a ball struck
    // hard blurs into a streak and may vanish for a frame before it shows again
    // Under the arm, a hidden ball resting with its own place still under it takes nothing a radius off: the ball may
    // be there yet, and what shows beside it under the hand is more likely a ball put down there or a neighbour
    // uncovered first (1335005 at 15.9 s: a hand respotting ball 3 beside balls 6 and 15 under it; 6's track took 3 as
    // it showed 65 mm off, 15's took 6, and 12's, hidden 340 mm away, took 15 — three balls "moved"). Moved by the
    // hand, it is taken up once the arm has gone and its place is seen empty: see reunion.ts. (Only under the arm: a
    // ball struck out from under it shows clear of it, and 1295000's and 1300900's cue balls, refused so, became
    // candidates never handed the track.)
    const heldUnderArm = underArm && dist > this.R && t.confirmed && t.state === 'occluded' && speed < this.opts.restSpeed_mm_s
      && inBoxes(this.lastOccluded, t.x_mm, t.y_mm);
    if (t.state !== 'visible' && (heldUnderArm || (dist > 2 * this.R && (underArm || (d.partial && since > PARTIAL_RETURN_S))))) return Infinity;
    // (nor, further than a hand could have moved it, back over the arm's side: struck, it went where the cue
    // points, away from the hands; see arm-side.ts. How far a hand could have slid it grows with the time it was
    // hidden: 1335002's break, the cue ball unfound in the frame it was struck, its track took a piece of the cue
    // 172 mm back towards the bridge hand a frame later, inside the hidden ball's wide gate)
    const slid_mm = Math.min(handReach, 2 * this.R + HAND_SLIDE_MM_S * since);
    if (t.state !== 'visible' && dist > Math.max(2 * this.R, slid_mm) && intoArm(t, (d.x_mm - t.x_mm) / dist, (d.y_mm - t.y_mm) / dist)) return Infinity;
    // (nor, seen at rest a frame ago, when this frame's detection of it is missing: the hand reaching for
    // the cue ball over the table hid it for a frame and its track leapt 320 mm onto a red-skinned
    // "ball" on the forearm, a moved ball, then the cue ball's place for the next stroke)
    if (t.confirmed && speed < this.opts.restSpeed_mm_s && dist > 2 * this.R && underArm) return Infinity;
    if (t.state === 'visible' && dist > 2 * this.R && this.strayAllAlong(t, d)) return Infinity;
    // a resting ball beside an arm or under the cue is found off its centre on part of its outline: such
    // a detection does not move it (it is hidden for that frame); a struck ball shows itself once clear.
    // So too for a ball creeping on after a collision, a few mm a frame: the cue ball that had just sent
    // the 8 off under the cue, unseen for a frame, leapt 110 mm onto the 8's cut outline and took its name
    if (t.confirmed && speed < CREEP_MM_S && dist > this.R && d.partial && underArm) return Infinity;
    // a detection on the very place of a resting ball is that ball, whatever it looks like this frame (a
    // hand beside the cue ball cut its outline and darkened its look; a candidate with no look of its
    // own then took the ball from its track), unless a moving ball is arriving there: at a collision
    // the look tells the two apart (the cue ball breaking the rack lands on a rack ball's place)
    if (t.confirmed && speed < this.opts.restSpeed_mm_s && dist < 0.5 * this.R && !this.ballArriving(t)) return dist;
    // a ball at rest does not leap onto a cushion's line: a centre that close to the nose is no ball on the
    // cloth (one touching the cushion stands a radius off it) but the bridge hand or the cue on the rail
    // (a resting cue ball, lost for a frame as the cue came to it, leapt 330 mm back onto the bridge hand
    // and its stroke was "struck 14"); a ball going off the table is seen crossing the cloth first
    // (a leap of over a radius: 1185007 at 81.2 s, ball 1 resting against the foot cushion under a hand the
    // detector did not box; its track took a fingertip on the cushion's line 37 mm off, then the fingers' pieces
    // 80 mm back and 80 mm more: "struck 1", twice)
    if (t.confirmed && speed < this.opts.restSpeed_mm_s && dist > this.R && this.onCushionLine(d)) return Infinity;
    // nor, at rest or creeping off away from it, into a pocket's hole past its jaws: struck towards the pocket,
    // it is seen on the cloth on its way (1185007: the hole's dark mouth, found as a "ball" 22 mm from the corner
    // now and then, took the track of a cue ball resting 110 mm off as it was struck away from the corner, its
    // blurred first frame unlike it; the track was lost there and the stroke missed). Heading for it, it may be
    // lost on the way (1110201: ball 4, struck into the corner, unseen for two frames, its speed 127 mm/s as
    // the tracker's window first measured it)
    if (t.confirmed && speed < CREEP_MM_S && dist > ON_CUSHION_LEAP_R * this.R && this.zoneAt(d.x_mm, d.y_mm)?.pastJaws(d.x_mm, d.y_mm)
      && (speed < this.opts.restSpeed_mm_s || t.vx_mm_s * (d.x_mm - t.x_mm) + t.vy_mm_s * (d.y_mm - t.y_mm) <= 0)) return Infinity;
    // nor one rolling away from that cushion onto it, behind it (the cue ball struck from by the head
    // cushion at 7 m/s, its first step mid-frame 76 mm long, leapt 230 mm back onto the bridge hand on the
    // rail: a ball goes back only off something ahead of it, and never faster than it came)
    if (t.confirmed && t.state === 'visible' && dist > ON_CUSHION_LEAP_R * this.R && this.onCushionLine(d) && this.behindLastStep(t, d) > 2 * this.R) return Infinity;
    // nor back onto the arm or cue that struck it (1031001: the cue ball's track, a frame after the strike,
    // leapt 250 mm back onto the cue and hand as the ball rolled on unseen, and the stroke lost its cue ball)
    // (unless something ahead could have sent it back: 1030600's cue ball came off the side cushion under the
    // player's arm, 83 mm "behind" its last step)
    if (t.confirmed && t.state === 'visible' && underArm && this.behindLastStep(t, d) > 2 * this.R && !this.somethingAhead(t)) return Infinity;
    // nor does one a ball's width off that looks wholly unlike it (a resting cue ball's track, unseen
    // for a frame, jumped onto the player's fingertips on the rail 88 mm away and started a stroke)
    const lookCost = this.lookCost(t, d, underArm, look);
    // (nor, again, one creeping on after a collision: the cue ball above, next time unseen, leapt onto the 8's
    // outline clear of the cue)
    // (unless the ball was in view at rest a frame ago and what is unlike it is found whole out on the cloth:
    // the first frame of a cue ball struck hard is a streak whose colour is half the cloth's, and its track,
    // kept off it, leapt 330 mm back onto the bridge hand instead — 925006's break, once the ball's look was
    // learnt from whole outlines. Fingertips are on the rail; a knuckle beside a ball an arm has just come
    // over is kept off by the arm)
    if (t.confirmed && speed < CREEP_MM_S && dist > this.R && lookCost > UNLIKE_LOOK * LOOK_COST_MM && this.phantomLikely(t, d)) return Infinity;
    if (dist > gate) return Infinity;
    // nor, anywhere, one it would have had to turn to, back or to the side, with nothing on its way ahead to turn it
    // off: a ball turns only off a cushion or a ball (1365001 at 17.7 s: the cue ball struck at 4.5 m/s, its first
    // step 103 mm, unfound the next frame; its track leapt 280 mm back onto the bridge hand's fingertip — no arm
    // boxed over it, ball 8 beside the path but not on it —, rested there and was "pocketed" in the corner as the
    // hand drew away, and the stroke was cut in two. 1375006 at 5.3 s: the cue ball at 2.9 m/s, unfound for frames
    // as it crossed the table, took a "ball" 180 mm back and aside, a shade beside the rack that came and went, and
    // sat there named the cue ball for 2.4 s while the ball rolled on). (Tested after the gate: the walk along its
    // way is paid only for the detections it could reach.)
    if (t.confirmed && t.state === 'visible' && this.turnedOffNothing(t, d, dist)) return Infinity;
    // nor, at rest and in view (or lost from it with no arm over it), through a ball found standing on its
    // place this frame: no hand lifted it over (1195001: balls 7 and 13 at the back of the rack, unfound for a
    // frame as the cue ball came up the table, leapt 240–330 mm through the balls in front onto the pieces of
    // the cue ball's streak). (Tested after the gate: only the detections a leap could reach pay for the walk.)
    if (t.confirmed && t.state !== 'occluded' && speed < this.opts.restSpeed_mm_s && dist > 2 * this.R && this.throughStanding(t, d)) return Infinity;
    return this.pushedAway(t, d) ? dist + lookCost + this.whiteCost(t, d, underArm, dist) : Infinity;
  }

  /** Where a detection a resting track's look disowns is more likely a phantom than the ball struck (see matchCost()). */
  private phantomLikely(t: Track, d: BallDetection): boolean {
    return d.partial || this.byCushion(d) || t.state !== 'visible' || inBoxes(this.lastOccluded, t.x_mm, t.y_mm, this.R);
  }

  /**
   * A confirmed ball standing (below the handover's rolling speed) that something hid, or the camera lost,
   * within the last PROVISIONAL_S, near enough that a stroke could have sent it to this detection since
   * it was last seen. (945006's break: the yellow cue ball, its first step 10 mm as it was struck, was a
   * streak too faint to find and no arm was over it; the blurred ball was found 200 mm a frame further on
   * with every track held, so no candidate was made for it and the break was "struck 2".)
   */
  private struckFrom(d: BallDetection, t_s: number): Track | undefined {
    const reaches = (seen_s: number, x_mm: number, y_mm: number) => t_s - seen_s <= PROVISIONAL_S && hypot2(d.x_mm - x_mm, d.y_mm - y_mm) <= 4 * this.R + this.opts.maxSpeed_mm_s * (t_s - seen_s);
    const hidden = this.tracks.find((t) => t.confirmed && (t.state === 'occluded' || t.state === 'missing') && hypot2(t.vx_mm_s, t.vy_mm_s) < HANDOVER.minSpeed_mm_s
      && reaches(t.lastSeen_s, t.x_mm, t.y_mm));
    if (hidden) return hidden;
    // (then one that leapt onto a phantom as it was struck, see findStranded())
    for (const [t, rest] of this.stranded) if (reaches(rest.t_s, rest.x_mm, rest.y_mm)) return t;
    // (and one lost as it was struck, from the place it left: see launch-lost.ts)
    for (const [t, rest] of this.launchLost) if (reaches(rest.t_s, rest.x_mm, rest.y_mm)) return t;
    return undefined;
  }

  /** the hidden tracks lost in their first steps from rest, with the place they left (see launch-lost.ts), as of the frame before */
  private launchLost = new Map<Track, TrackSample>();

  private findLaunchLost(t_s: number): void {
    if (this.launchLost.size) this.launchLost.clear();
    for (const t of this.tracks) {
      if (!t.confirmed || (t.state !== 'occluded' && t.state !== 'missing') || t_s - t.lastSeen_s > PROVISIONAL_S) continue;
      // (one lost at rest or rolling slowly is looked for as it is)
      if (hypot2(t.vx_mm_s, t.vy_mm_s) < HANDOVER.minSpeed_mm_s) continue;
      const rest = launchRest(t.history);
      if (rest) this.launchLost.set(t, rest);
    }
  }

  /** the tracks that leapt from rest onto a phantom, with the place they left (see stranded-leap.ts), as of the frame before */
  private stranded = new Map<Track, TrackSample>();

  /**
   * Which tracks stand where they leapt to from rest with nothing there that could have stopped a ball: no other
   * ball within touching reach (a ball struck into one can stop dead) and no pocket (the jaws hold one).
   */
  private findStranded(t_s: number): void {
    if (this.stranded.size) this.stranded.clear();
    for (const t of this.tracks) {
      if (!t.confirmed || t.state !== 'visible') continue;
      const s = strandedRest(t.history, this.R);
      if (!s || t_s - s.rest.t_s > PROVISIONAL_S || this.zoneAt(s.landing.x_mm, s.landing.y_mm)) continue;
      const reach = 2 * this.R + BOUNCE_SLACK_MM;
      if (this.tracks.some((o) => o !== t && o.confirmed && (o.state === 'visible' || o.state === 'occluded') && hypot2(o.x_mm - s.landing.x_mm, o.y_mm - s.landing.y_mm) < reach)) continue;
      this.stranded.set(t, s.rest);
    }
  }

  /** Whether the track's samples over its last `span_s` seen all lie within a few mm of its place (and it has been followed that long). */
  private restedFor(t: Track, span_s: number): boolean {
    const h = t.history;
    if (!h.length || t.lastSeen_s - h[0]!.t_s < span_s) return false;
    for (let i = h.length - 1; i >= 0 && t.lastSeen_s - h[i]!.t_s <= span_s; i--) {
      if (hypot2(h[i]!.x_mm - t.x_mm, h[i]!.y_mm - t.y_mm) > SETTLED_MM) return false;
    }
    return true;
  }

  /** How far behind the track's place a detection lies against its last step (mm; 0 unless that step was half a radius or more). */
  private behindLastStep(t: Track, d: BallDetection): number {
    const h = t.history;
    if (h.length < 2) return 0;
    const a = h[h.length - 2]!, b = h[h.length - 1]!;
    const sx = b.x_mm - a.x_mm, sy = b.y_mm - a.y_mm, s = hypot2(sx, sy);
    if (s < 0.5 * this.R) return 0;
    return -((d.x_mm - t.x_mm) * sx + (d.y_mm - t.y_mm) * sy) / s;
  }

  /** Whether the straight way from a track's place to a detection passes through a ball found standing this frame (see `standing`). */
  private throughStanding(t: Track, d: BallDetection): boolean {
    const reach = BLOCKED_R * this.R;
    return this.standing.some((s) => s !== t && hypot2(s.x_mm - d.x_mm, s.y_mm - d.y_mm) > reach
      && stepEntry(t.x_mm, t.y_mm, d.x_mm, d.y_mm, { x: s.x_mm, y: s.y_mm }, reach) !== null);
  }

  /** Whether a cushion or another ball is within reach of the track's last step carried on (something it may bounce off). */
  private somethingAhead(t: Track): boolean {
    const p = t.history.at(-2), q = t.history.at(-1);
    const step = p && q ? hypot2(q.x_mm - p.x_mm, q.y_mm - p.y_mm) : 0;
    const reach = 2 * this.R + BOUNCE_SLACK_MM + step;
    if (insideNose_mm(this.spec, t.x_mm, t.y_mm) < reach) return true;
    return this.tracks.some((o) => o !== t && o.state === 'visible' && hypot2(o.x_mm - t.x_mm, o.y_mm - t.y_mm) < reach);
  }

  /**
   * Whether a jump of `dist` to `d` turned off nothing: away from the track's last step by more than TURN_DEG (to
   * the side, or back), with no cushion and no ball on its way ahead within the jump's length to have turned it.
   * Only past two radii (a centre's noise) and after a step of a radius or more (a shorter one may be a resting
   * ball's centre found a little off).
   */
  private turnedOffNothing(t: Track, d: BallDetection, dist: number): boolean {
    const p = t.history.at(-2), q = t.history.at(-1);
    if (!p || !q || q.t_s <= p.t_s || dist <= 2 * this.R) return false;
    const sx = q.x_mm - p.x_mm, sy = q.y_mm - p.y_mm, step = hypot2(sx, sy);
    if (step < this.R) return false;
    const along = ((d.x_mm - t.x_mm) * sx + (d.y_mm - t.y_mm) * sy) / step;
    if (along > COS_TURN * dist) return false;
    const ux = sx / step, uy = sy / step, reach = dist + 2 * this.R;
    // a cushion: the way ahead comes within a radius (and the slack) of a nose
    for (let s = 0; s <= reach; s += this.R) {
      if (insideNose_mm(this.spec, t.x_mm + ux * s, t.y_mm + uy * s) < this.R + BOUNCE_SLACK_MM) return false;
    }
    // a ball: its centre within two radii (and the slack) of the way ahead, and more than a radius on (one beside
    // the path cannot turn it back)
    return !this.tracks.some((o) => {
      if (o === t || (o.state !== 'visible' && o.state !== 'occluded' && o.state !== 'missing')) return false;
      const ox = o.x_mm - t.x_mm, oy = o.y_mm - t.y_mm;
      const along = ox * ux + oy * uy;
      return along > this.R && along < reach && Math.abs(ox * uy - oy * ux) < 2 * this.R + BOUNCE_SLACK_MM;
    });
  }

  /**
   * Whether a detection's centre is nearer a cushion's nose than a ball's can be, or beyond it, away from the
   * pockets: a ball touching the cushion has its centre a radius off; found, it is off by 14 mm at the 99th
   * percentile (the evaluation set's centres), so nearer than ON_CUSHION_R radii is something on the rail.
   */
  private onCushionLine(d: BallDetection): boolean {
    return insideNose_mm(this.spec, d.x_mm, d.y_mm) < ON_CUSHION_R * this.R && !this.zoneAt(d.x_mm, d.y_mm);
  }

  /**
   * Whether a place is within half a radius of a corner of the playing surface, where the cushions' lines
   * meet: deep in a corner pocket's hole, past its jaws, where no ball rests (a ball held by the jaws has
   * its centre about the jaw line, half an opening from the corner). The hole's round dark mouth, its lip
   * lit, is found as a "ball" there now and then; left to rest there it became a ball, "pocketed" when
   * the detector next missed it.
   */
  private overCornerHole(p: { x_mm: number; y_mm: number }): boolean {
    const hx = this.spec.length_mm / 2, hy = this.spec.width_mm / 2;
    return hypot2(Math.abs(p.x_mm) - hx, Math.abs(p.y_mm) - hy) < 0.5 * this.R;
  }

  /** Whether a place is within BY_CUSHION_BALLS balls' widths of a cushion's nose (where hands on the rail reach). */
  private byCushion(p: { x_mm: number; y_mm: number }): boolean {
    return insideNose_mm(this.spec, p.x_mm, p.y_mm) < BY_CUSHION_BALLS * this.spec.ball_mm;
  }

  /** Whether a moving ball may reach this one by the next frame or so (a break's cue ball goes 250 mm a frame). */
  private ballArriving(t: Track): boolean {
    return this.movingNear(t, 0.05).length > 0;
  }

  /**
   * The balls rolling (300 mm/s or more) within touching reach of this one (its centre within two radii and
   * 80 mm), or within where they go in `ahead_s` more.
   */
  private movingNear(t: Track, ahead_s = 0): Track[] {
    return this.tracks.filter((m) => {
      const v = hypot2(m.vx_mm_s, m.vy_mm_s);
      return m !== t && m.state === 'visible' && v >= 300 && hypot2(t.x_mm - m.x_mm, t.y_mm - m.y_mm) <= 2 * this.R + 80 + ahead_s * v;
    });
  }

  /** Whether a detection lies where a neighbour could have pushed this ball (see pushes.ts). */
  private pushedAway(t: Track, d: BallDetection): boolean {
    return pushedAlongLine(t, d, this.movingNear(t), this.R);
  }

  /** A rolling candidate that left a hidden resting ball, or goes on from a lost rolling one, is that ball (see handover.ts): its track takes the path over. */
  private handOver(): void {
    const hidden = this.tracks.filter((t) => t.confirmed && (t.state === 'occluded' || t.state === 'missing'));
    // (a stranded track is looked for as if hidden at the place it leapt from, since it left it; one lost as
    // it was struck, as if hidden at rest where it was struck)
    const proxies = new Map<Track, Track>();
    const restProxy = (t: Track, rest: TrackSample): Track => {
      const p: Track = { ...t, x_mm: rest.x_mm, y_mm: rest.y_mm, vx_mm_s: 0, vy_mm_s: 0, lastSeen_s: rest.t_s, state: 'missing', history: t.history.filter((h) => h.t_s <= rest.t_s) };
      proxies.set(p, t);
      return p;
    };
    for (const [t, rest] of this.stranded) hidden.push(restProxy(t, rest));
    for (const [t, rest] of this.launchLost) {
      const i = hidden.indexOf(t);
      if (i >= 0) hidden[i] = restProxy(t, rest);
    }
    if (!hidden.length) return;
    // (a hidden track seen since a candidate's first sample only about one place — on the hand or the cue's tip over
    // the ball as it left — is looked for as hidden at rest there from before then: 1325007 at 33.8 s, the cue ball
    // struck at 3.3 m/s, its track on the cue's tip 29 and 58 mm off for two frames after the streak's first piece
    // was found; nothing took the streak over, and the stroke was "struck 2" when the cue ball met ball 2)
    const restBefore = (t: Track, t_s: number): Track => {
      const h = t.history;
      let i = h.length - 1;
      while (i >= 0 && h[i]!.t_s >= t_s) i--;
      if (i < 0) return t;
      const p = h[i]!;
      for (let k = i + 1; k < h.length; k++) if (hypot2(h[k]!.x_mm - p.x_mm, h[k]!.y_mm - p.y_mm) > 2 * this.R) return t;
      return restProxy(t, p);
    };
    for (const found of this.tracks) {
      if (found.confirmed || found.state !== 'visible') continue;
      let c = withoutLeadingLeap(found, this.R);
      const from_s = c.history[0]!.t_s;
      const sources = hidden.map((h) => (h.lastSeen_s > from_s && !proxies.has(h) ? restBefore(h, from_s) : h));
      let t = handoverSource(c, sources, this.R, this.opts.restSpeed_mm_s);
      // (and whole: a "leap" then a near stop is also a ball struck into another at once; 1160204's cue ball,
      // struck from under the arm, was found 117 mm out, then stopped dead against ball 9 and followed it on)
      if (!t && c !== found && (t = handoverSource(found, sources, this.R, this.opts.restSpeed_mm_s))) c = found;
      const launched = !t;
      // (a ball struck is still "standing" by its smoothed speed for a frame or two after the strike)
      t ??= struckOutFrom(c, sources, this.R, HANDOVER.minSpeed_mm_s);
      t ??= cueLookFrom(c, this.live(), sources, this.R, this.opts.restSpeed_mm_s);
      if (!t) continue;
      const proxy = t;
      t = proxies.get(t) ?? t;
      if (t !== proxy) { t.history = proxy.history; t.x_mm = proxy.x_mm; t.y_mm = proxy.y_mm; t.vx_mm_s = 0; t.vy_mm_s = 0; t.lastSeen_s = proxy.lastSeen_s; }
      // a resting ball's last resting sample stays first (the stroke began when it left it); a rolling
      // one's path goes on from where it was lost
      const rolling = hypot2(t.vx_mm_s, t.vy_mm_s) > this.opts.restSpeed_mm_s;
      t.history = [...(rolling ? t.history : [t.history.at(-1) ?? { t_s: t.lastSeen_s, x_mm: t.x_mm, y_mm: t.y_mm }]), ...c.history];
      t.x_mm = c.x_mm; t.y_mm = c.y_mm; t.vx_mm_s = c.vx_mm_s; t.vy_mm_s = c.vy_mm_s;
      if (launched) {
        t.launched_s = c.lastSeen_s;
        [t.vx_mm_s, t.vy_mm_s] = lastStepVelocity(c.history);
      }
      t.lastSeen_s = c.lastSeen_s; t.state = 'visible'; t.last = c.last; t.streak = c.streak; t.handedOver_s = c.lastSeen_s;
      // (the proxy, or the track itself when a stand-in was made for this candidate alone)
      const k = hidden.includes(proxy) ? hidden.indexOf(proxy) : hidden.indexOf(t);
      if (k >= 0) hidden.splice(k, 1);
      found.state = 'dropped' as TrackState;
      if (!hidden.length) return;
    }
  }

  /**
   * The camera was calibrated again (it was bumped): every place held, measured through the old
   * calibration, is moved to where the new one puts the same pixel. The balls did not move.
   */
  relocate(map: (x_mm: number, y_mm: number) => { x: number; y: number }): void {
    const move = (o: { x_mm: number; y_mm: number }) => { const q = map(o.x_mm, o.y_mm); o.x_mm = q.x; o.y_mm = q.y; };
    for (const t of this.tracks) {
      if (t.state === 'pocketed' || t.state === 'offTable') continue;
      move(t);
      t.history.forEach(move);
      if (t.last) move(t.last);
    }
  }

  /**
   * The ball just taken into a pocket that a detection no track claims is likely to be: the nearest within
   * BACK_OUT_R radii of where it was lost, within BACK_OUT_S, whose look does not wholly disagree.
   */
  private backOutOf(d: BallDetection, look: number | undefined, t_s: number): Track | undefined {
    let best: Track | undefined, bestDist = Infinity;
    for (const t of this.justPocketedNear(d, t_s)) {
      const dist = hypot2(d.x_mm - t.x_mm, d.y_mm - t.y_mm);
      if (!t.confirmed || dist >= bestDist || this.lookCost(t, d, false, look) > UNLIKE_LOOK * LOOK_COST_MM) continue;
      best = t; bestDist = dist;
    }
    return best;
  }

  /** A detection no ball's track claims near where a ball was just taken into a pocket: that ball may have come back out. */
  private noteBackOut(d: BallDetection, t_s: number): void {
    for (const t of this.justPocketedNear(d, t_s)) t.maybeBack = true;
  }

  /** Balls taken into a pocket within BACK_OUT_S and BACK_OUT_R radii of a detection. */
  private justPocketedNear(d: BallDetection, t_s: number): Track[] {
    return this.tracks.filter((t) => t.state === 'pocketed' && t_s - t.gone_s! < BACK_OUT_S && hypot2(d.x_mm - t.x_mm, d.y_mm - t.y_mm) < BACK_OUT_R * this.R);
  }

  /** A lost track that follows no ball any more (its ball has a new track, or it never had one; see reunion.ts). */
  retire(lost: Track): void {
    const i = this.tracks.indexOf(lost);
    if (i >= 0) this.tracks.splice(i, 1);
  }

  /**
   * The stroke inference named this gone track the cue ball: it is put back on the table, so it holds no place
   * in the set's count (allHeld()) whatever it looked like. (1295001 at 70.8 s: a cue ball as ivory as the
   * object balls, pocketed and put down in hand, was held to the two seconds' wait of a ball beyond the set's
   * count; 1.4 s in, the player's arm came over it, and it was struck unbelieved: the stroke was missed and
   * the first ball it hit taken as struck.)
   */
  goneAsCue(t: Track): void {
    if (t.state === 'pocketed' || t.state === 'offTable') t.goneAsCue = true;
  }

  /**
   * A ball the stroke inference knows was put down here (a fallen jaw ball put back, R8.2): a ball now,
   * though it has not rested clear of a corner pocket's hole, as confirmation otherwise waits for.
   */
  confirmPutDown(t: Track): void {
    t.confirmed = true;
  }

  /** The track's past positions are not its path (it was put onto another detection): at rest where it is. */
  forgetMotion(t: Track): void {
    t.history.splice(0, t.history.length - 1);
    t.vx_mm_s = 0;
    t.vy_mm_s = 0;
  }

  /**
   * A track taken into a pocket whose ball never went: `found`, a track begun on the ball's place since, is the
   * ball, at rest there. The track takes over `found`'s place (not its motion: it may have been born on what took
   * the track away, 1325002's on the hand's other piece, and its "speed" towards the pocket had the track taken in
   * again), keeping its own look; the pocketing is forgotten, and `found` goes.
   */
  restoreFrom(t: Track, found: Track): void {
    if (t.state !== 'pocketed' || found === t) return;
    forgetPocketing(t);
    t.state = found.state;
    t.x_mm = found.x_mm; t.y_mm = found.y_mm; t.vx_mm_s = 0; t.vy_mm_s = 0;
    t.history = [{ t_s: found.lastSeen_s, x_mm: found.x_mm, y_mm: found.y_mm }];
    t.lastSeen_s = found.lastSeen_s; t.last = found.last; t.streak = found.streak;
    found.state = 'dropped' as TrackState;
  }

  /**
   * A hidden track's last places were not its ball's (it leapt onto a hand, then lost sight of it): it rests,
   * unseen, where it stood, and is looked for there.
   */
  restUnseenAt(t: Track, x_mm: number, y_mm: number): void {
    if (t.state !== 'occluded' && t.state !== 'missing') return;
    t.x_mm = x_mm;
    t.y_mm = y_mm;
    t.history = [{ t_s: t.lastSeen_s, x_mm, y_mm }];
    this.forgetMotion(t);
  }

  private observe(t: Track, d: BallDetection, t_s: number, underArm: boolean, lookOfD: number | undefined): void {
    // (a leap from rest and straight back was onto something else: see there-and-back.ts)
    const away = leapBackSamples(t.history, d.x_mm, d.y_mm, this.R);
    if (away) t.history.splice(t.history.length - away, away);
    const prev = t.history.at(-1);
    const step_mm_s = prev && t_s > prev.t_s ? hypot2(d.x_mm - prev.x_mm, d.y_mm - prev.y_mm) / (t_s - prev.t_s) : 0;
    t.history.push({ t_s, x_mm: d.x_mm, y_mm: d.y_mm });
    while (t.history.length > 2 && t_s - t.history[0]!.t_s > this.opts.history_s) t.history.shift();
    let v = windowVelocity(t.history, t_s, this.opts.velocityWindow_s);
    if (t.launched_s !== undefined && v[0] === 0 && v[1] === 0 && t_s - t.launched_s < 4 * this.opts.velocityWindow_s) v = lastStepVelocity(t.history);
    t.vx_mm_s = v[0];
    t.vy_mm_s = v[1];
    t.x_mm = d.x_mm;
    t.y_mm = d.y_mm;
    t.lastSeen_s = t_s;
    t.state = 'visible';
    t.armToward = undefined;
    t.last = d;
    t.streak += 1;
    if (!d.partial) t.wholeSeen = (t.wholeSeen ?? 0) + 1;
    if (d.round) t.roundSeen = (t.roundSeen ?? 0) + 1;
    if (!underArm) t.clearSeen = (t.clearSeen ?? 0) + 1;
    t.leastLook = lookOfD === undefined ? -Infinity : Math.min(t.leastLook ?? Infinity, lookOfD);
    // (nor one blurred by its speed: a red cue ball found only part-whole at rest learnt its look in a
    // break's flight, washed-out grey, and then refused its own sharp red outline at the rack)
    const look = d.partial || step_mm_s > BLUR_SPEED_MM_S ? undefined : lookOfD;
    if (look !== undefined) {
      // a running mean, then a slow one: the look is the ball's, lamps and blur only nudge it
      const n = Math.min(t.lookN ?? 0, 30);
      t.look = ((t.look ?? 0) * n + look) / (n + 1);
      if (d.look) t.white = ((t.white ?? 0) * n + d.look.white) / (n + 1);
      t.lookHi = Math.max(t.lookHi ?? look, look);
      t.lookN = (t.lookN ?? 0) + 1;
    }
    const z = this.zoneAt(d.x_mm, d.y_mm);
    if (z && z.jaw(d.x_mm, d.y_mm)) t.enteredJaw = z.pocket;
  }

  private unseen(t: Track, o: FrameObservation, claimed: ReadonlySet<number>): void {
    t.streak = 0;
    const since = o.t_s - t.lastSeen_s;
    // a ball at rest does not fall while a body hides it: only a moving one, or one seen to go, has
    // (a resting ball in the jaws that drops later is seen to drop once the table is clear)
    const resting = hypot2(t.vx_mm_s, t.vy_mm_s) < this.opts.restSpeed_mm_s;
    // where it was heading: the smoothed velocity lags a ball just set going (1030900: ball 4, hit at 1.6 m/s
    // towards a middle pocket, seen one step and lost; by its smoothed 314 mm/s it was heading 2 mm short of
    // the pocket's zone and was "lost from view"), so a faster last step is taken
    const [sx, sy] = lastStepVelocity(t.history);
    const [hx, hy] = !resting && hypot2(sx, sy) > hypot2(t.vx_mm_s, t.vy_mm_s) ? [sx, sy] : [t.vx_mm_s, t.vy_mm_s];
    const zone = this.zoneAt(t.x_mm + hx * 0.05, t.y_mm + hy * 0.05) ?? this.zoneAt(t.x_mm, t.y_mm);
    const hidden = isOccluded(o, t.x_mm, t.y_mm, this.R);
    if (hidden) {
      t.lastHidden_s = o.t_s;
      t.armToward = addArmDirection(t.armToward, o.occluded, t.x_mm, t.y_mm, this.R);
    }
    if (hidden && (!zone || resting)) {
      t.state = 'occluded';
      t.vx_mm_s *= 0.8;
      t.vy_mm_s *= 0.8;
      return;
    }
    if (since < this.opts.confirmGone_s) {
      if (t.state === 'visible') t.state = hidden ? 'occluded' : 'missing';
      return;
    }
    // a ball back out of a pocket's mouth is on the cloth and stays in view: one found beside the pocket for
    // a frame or two and lost again, with no arm over it, was something else there, and the ball fell after
    // all (1195000 at 98.2 s: a "ball" found in part on the cushion's face for one frame, 52 mm from the cue
    // ball, brought ball 6 back from the head-right pocket, and its stroke had it "still on the table")
    const back = t.cameBack;
    if (back && !hidden && o.t_s - back.t_s < BACK_OUT_S && t.history.filter((q) => q.t_s >= back.t_s).length < BACK_OUT_SEEN) {
      t.state = 'pocketed';
      t.pocket = back.pocket;
      t.gone_s = back.lost_s;
      delete t.cameBack;
      return;
    }
    // a resting ball hidden until a moment ago is looked for in the clear a little before it is given up:
    // it did not drop unseen under the arm, and an arm going leaves its outline ragged for a few frames
    // (1055000's ball 9, in a corner's jaws under an arm for 2.7 s, "fell" the frame the arm cleared it,
    // one frame before it was found there again as a new ball)
    // (at rest when last seen too: a hidden ball's speed decays to nothing, and a ball struck away under the
    // arm, its one step seen at 5 m/s, is to be judged by that step — 1020600's cue ball, off the table)
    if (resting && hypot2(sx, sy) < this.opts.restSpeed_mm_s && t.lastHidden_s !== undefined && o.t_s - t.lastHidden_s < HIDDEN_CLEAR_S) {
      t.state = 'missing';
      return;
    }
    // a "ball" never once seen whole, that came to be there within the last few seconds and goes into a
    // pocket or over a cushion, was fingertips or a cuff over the rail (a player placing the cue ball by
    // hand, or leaning on a corner or the foot rail): it was never a ball
    // (a frame or two of a whole outline is chance: fingertips on a corner's rail for 1.4 s, once whole)
    const phantom = (t.wholeSeen ?? 0) < PHANTOM_WHOLE && o.t_s - t.born_s < PHANTOM_AGE_S;
    // a ball that has rested a while short of the jaws does not drop by itself (R8: only one in the jaws
    // may): lost there, the detector lost it in the pocket's shadow (ball 4 by the head-right pocket, taken
    // for fallen, was found at its place 1.6 s later as a new "ball", then knocked in: no pocketing seen).
    // (A while: a ball back out of the jaws that stops for a moment and is lost again fell after all.)
    // Nor does one at rest by a pocket, jaws or not, while something ball-like that is no ball's is beside it
    // and no ball rolls near: a hand on the rail by the pocket cut it from view (the cue ball 80 mm from a
    // corner's cushions, lost for five frames under a player's fingers, was taken for fallen and its stroke was
    // never seen). It falls if it is still not there once that has gone. (A ball that nudged it in and stopped
    // beside the pocket is a ball's: it does not hold the fallen one on the table.)
    if (zone && resting && this.restedFor(t, BESIDE_POCKET_REST_S) && !this.movingNear(t).length
      && o.detections.some((d, j) => !claimed.has(j) && hypot2(d.x_mm - t.x_mm, d.y_mm - t.y_mm) < BESIDE_POCKET_BALL_R * this.R)) {
      t.state = 'missing';
      return;
    }
    // (nor does a ball struck fast that was last seen heading over the cushion clear of the pocket's mouth:
    // 1110600's cue ball, struck at 5 m/s from 180 mm beside the corner, crossed the cushion's line 100 mm
    // along it, past the jaw, and jumped the rail; lost at once, it was "pocketed")
    const from = t.history.at(-2), to = t.history.at(-1);
    const missed = zone && from && to && hypot2(sx, sy) >= STRIKE_MM_S && zone.missedBy(from, to);
    if (zone && !missed && !(resting && this.restedFor(t, SETTLED_S) && !zone.jaw(t.x_mm, t.y_mm))) {
      if (phantom) {
        t.state = 'dropped' as TrackState;
        return;
      }
      t.state = 'pocketed';
      t.pocket = zone.pocket;
      t.gone_s = t.lastSeen_s;
      t.goneUnseen = hidden;
      return;
    }
    // last seen heading over a cushion: its last step, carried on a little, leaves the cloth (a jump;
    // R10.1, F2). The last step, not the smoothed velocity: a ball can leave within a few frames.
    const h = t.history;
    const p = h.at(-3);
    const a = h.at(-2);
    const b = h.at(-1);
    let outward = false;
    // (only a ball going fast leaves the table: a resting one near a cushion jitters a mm or two; and
    // one seen going fast the same way for two steps: a resting ball's track that leapt once onto a
    // blur beside a passing ball, then lost, was no ball leaving the table)
    const fast = (u: typeof a, v: typeof a) => u && v && v.t_s > u.t_s && hypot2(v.x_mm - u.x_mm, v.y_mm - u.y_mm) / (v.t_s - u.t_s) > 500;
    const sameWay = p && a && b && (a.x_mm - p.x_mm) * (b.x_mm - a.x_mm) + (a.y_mm - p.y_mm) * (b.y_mm - a.y_mm) > 0;
    if (a && b && fast(a, b) && fast(p, a) && (sameWay || (p && this.offCushion(p, a, b)))) {
      const k = 0.15 / (b.t_s - a.t_s);
      const fx = b.x_mm + (b.x_mm - a.x_mm) * k;
      const fy = b.y_mm + (b.y_mm - a.y_mm) * k;
      outward = this.beyondCushions(fx, fy);
    } else if (a && b && fast(a, b) && !fast(p, a) && this.struckOverCushion(t, a, b)) {
      outward = true;
    }
    if (outward && phantom) {
      t.state = 'dropped' as TrackState;
      return;
    }
    if (outward) {
      t.state = 'offTable';
      t.gone_s = t.lastSeen_s;
      t.goneUnseen = hidden;
      t.seenOverCushion = this.beyondCushions(b!.x_mm, b!.y_mm);
      return;
    }
    if (t.lastSeen_s > this.vanishAfter_s && resting && !hidden && t.lastHidden_s !== undefined && t.lastHidden_s > t.lastSeen_s && o.t_s - t.lastHidden_s > VANISH_CLEAR_S
      && !this.tracks.some((n) => n !== t && arrivedSince(n, t.lastSeen_s) && n.state !== 'pocketed' && n.state !== 'offTable'
        && (n.confirmed || (n.state === 'visible' && hypot2(n.vx_mm_s, n.vy_mm_s) <= this.opts.restSpeed_mm_s)))) {
      // a ball at rest does not go by itself: the cue, a hand or an arm covered it, and its place is
      // clear now with no ball in it, and no new ball has come to rest anywhere (a hand that moved it
      // put it down somewhere; found in the very frame the hidden one was last seen counts: in 1031201
      // a piece of the hand at the old place was the track's last sight of it as the ball came to
      // rest 100 mm on; one resting that is not yet a ball counts until it is one or goes: a ball put down by
      // the hand that carried it off needs half a second clear of the hand to be believed, and its old place
      // had been clear longer). Struck off the table too fast to be seen (a jump starts under the cue), or
      // picked up: gone unseen, for a person to confirm.
      t.state = 'offTable';
      t.gone_s = t.lastSeen_s;
      t.goneUnseen = true;
      t.vanishedAtRest = true;
      return;
    }
    t.state = hidden ? 'occluded' : 'missing';
  }

  /**
   * A ball struck from rest near a cushion can leave the table after one step seen (a cue ball struck
   * 230 mm from the side cushion at 5.6 m/s jumped it in the next frame and was "lost from view"): its one
   * step from rest at a strike's speed, repeated once, is over the cushion, and no ball was moving near
   * it whose blur its track could have leapt onto instead.
   */
  private struckOverCushion(t: Track, a: { t_s: number; x_mm: number; y_mm: number }, b: { t_s: number; x_mm: number; y_mm: number }): boolean {
    const dt = b.t_s - a.t_s;
    if (hypot2(b.x_mm - a.x_mm, b.y_mm - a.y_mm) / dt < STRIKE_MM_S || this.movingNear(t).length) return false;
    return this.beyondCushions(2 * b.x_mm - a.x_mm, 2 * b.y_mm - a.y_mm);
  }

  /** Whether a centre lies past the cushions' noses (off the cloth). */
  private beyondCushions(x_mm: number, y_mm: number): boolean {
    return Math.abs(x_mm) > this.spec.length_mm / 2 || Math.abs(y_mm) > this.spec.width_mm / 2;
  }

  /**
   * Whether the two steps p → a → b are a bounce off the cushion beside a: a within reach of its nose,
   * going at it before and away from it after, along it the same way (1030600: the cue ball struck into
   * the side cushion came off it at 5 m/s, two frames later over the head cushion, and was "lost from
   * view": its steps either side of the bounce were not the same way).
   */
  private offCushion(p: TrackSample, a: TrackSample, b: TrackSample): boolean {
    const L = this.spec.length_mm / 2, W = this.spec.width_mm / 2;
    const reach = 2 * this.R + BOUNCE_SLACK_MM;
    const before = { x: a.x_mm - p.x_mm, y: a.y_mm - p.y_mm }, after = { x: b.x_mm - a.x_mm, y: b.y_mm - a.y_mm };
    const off = (n: 'x' | 'y', side: number) => side * before[n] > 0 && side * after[n] < 0;
    const along = (n: 'x' | 'y') => before[n] * after[n] > 0;
    if (L - Math.abs(a.x_mm) < reach && off('x', Math.sign(a.x_mm)) && along('y')) return true;
    return W - Math.abs(a.y_mm) < reach && off('y', Math.sign(a.y_mm)) && along('x');
  }

  /** Forget jaw entries (a new stroke starts). */
  resetStrokeMarks(): void {
    for (const t of this.tracks) delete t.enteredJaw;
  }
}
