// A finished stroke written as a protocol v1 `shot` record: the tracks named, the balls that left the
// table, and a review flag for everything the camera is unsure of (never a silent guess).
import type { BallId } from '../../sim/types.js';
import type { ReviewFlag, ShotRecord, XY_mm } from '../../protocol/records.js';
import type { Naming } from '../identity/identity-book.js';
import type { Track } from '../tracking/tracker.js';
import { simplifyPath } from './path.js';
import type { Stroke } from './stroke-state.js';
import { lastStepSpeed } from './track-steps.js';
import { hypot2 } from '../hypot2.js';
import { cueSamplesToContact } from './first-contact-checks.js';

export interface ShotContext {
  /** the names of the tracks on the table when the stroke began */
  names: Map<number, Naming>;
  /** the balls still on the table */
  live: Track[];
  /** names below this confidence are flagged */
  minConfidence: number;
  /** vanishing at a pocket faster than this may as well be a jump over it: flagged */
  fastGone_mm_s: number;
  /** how much of other tracks' beliefs a track holds by now (IdentityBook.mixedSoFar) */
  mixedSoFar?: (track: number) => number;
  /** when a track came to rest (null: still moving) */
  restSince_s: (t: Track) => number | null;
  /** balls of the stroke lost at speed just short of a cushion, away from the pockets, not found again (see lost-over-cushion.ts) */
  lostOverCushion?: ReadonlySet<number>;
}

/**
 * Weight of other tracks' beliefs mixed into a track during a stroke (IdentityBook.mix: the chance the two
 * exchanged balls) from which the first contact keeps the name its track had when the stroke began: an
 * exchange one time in ten or likelier.
 */
const EXCHANGED_SINCE_START = 0.1;

/** A ball lost this near (mm) to where it rested when the stroke began had not been set rolling. */
const STILL_AT_REST_MM = 12;

/**
 * A ball lost by a pocket from its resting place, touched by nothing the camera saw: a ball resting in the
 * jaws that a detector misses for a few seconds (a dark corner, a body's shadow) looks just like one that
 * fell, and a fall by itself is R8's, not the stroke's.
 */
function vanishedFromRest(st: Stroke, t: Track): boolean {
  const b = st.before.get(t.id);
  if (!b || st.contacts.some((k) => k.target === t.id)) return false;
  return hypot2(t.x_mm - b[0], t.y_mm - b[1]) < STILL_AT_REST_MM;
}

/** The review flag of a name under the sure confidence, for `what` the name decides (a pocketing, a first contact …). */
export function nameDoubt(n: Naming, what: ReviewFlag['what']): ReviewFlag {
  return { what, ball: n.id, confidence: round2(n.confidence), why: `ball ${n.id} named with ${Math.round(n.confidence * 100)}% confidence` };
}

export function shotRecord(st: Stroke, t_s: number, truncated: boolean, c: ShotContext): ShotRecord {
    const review: ReviewFlag[] = [];
    const name = (id: number, what: ReviewFlag['what']): BallId => {
      const n: Naming | undefined = c.names.get(id);
      if (!n) {
        review.push({ what: 'identity', why: `track ${id} could not be named`, confidence: 0 });
        return 'cue';
      }
      if (n.confidence < c.minConfidence) review.push(nameDoubt(n, what));
      return n.id;
    };
    const fc = st.firstContactTrack;
    const atStart = fc !== null ? st.namesAtStart.get(fc) : undefined;
    const nameNow = fc !== null ? c.names.get(fc)?.id : undefined;
    const struckAtStart = st.namesAtStart.get(st.struck);
    // The struck ball and the ball it touched first, each named now as the other was when the stroke began:
    // their tracks exchanged balls where they met (1280400's break: the cue ball stopped dead against the apex
    // ball, which came back off the rack behind it, and each track went on with the other ball). What the
    // stroke did before they met (which ball the cue struck, which it touched, where they stood) is told by
    // the names they had then; flagged.
    const exchanged = fc !== null && fc !== st.struck && !st.whileMoving && atStart !== undefined && struckAtStart !== undefined
      && atStart !== struckAtStart && nameNow === struckAtStart && c.names.get(st.struck)?.id === atStart;
    // So too a cue ball's track that went on with a ball no track followed when the stroke began, no track
    // there being the cue ball now (1315001's break: ball 5, unfound in the rack, was taken up by the cue
    // ball's track as they met, and the stroke was "struck 5")
    const struckNow = c.names.get(st.struck)?.id;
    const passedOn = !exchanged && struckAtStart === 'cue' && struckNow !== undefined && struckNow !== 'cue'
      && ![...st.namesAtStart.values()].includes(struckNow) && ![...c.names.values()].some((n) => n.id === 'cue');
    const struck = exchanged || passedOn ? struckAtStart : name(st.struck, 'struck');
    if (exchanged) {
      review.push({ what: 'struck', ball: struck, confidence: 0.5, why: `the tracks of ball ${struckAtStart} and ball ${atStart} were each named as the other when the stroke began: taken to have exchanged balls where they met` });
    } else if (passedOn) {
      review.push({ what: 'struck', ball: struck, confidence: 0.5, why: `the struck ball's track was the cue ball's when the stroke began and is taken for ball ${struckNow} now, a ball no track followed then: taken to have passed to it where they met` });
    }
    // the cue striking an object ball (F3) is rare in play and costs the striker a penalty; the camera
    // reaching it more often means a cue ball it took for an object ball, or a ball that only jittered:
    // a person confirms it, however sure the name
    if (struck !== 'cue' && !review.some((r) => r.what === 'struck')) {
      review.push({ what: 'struck', ball: struck, confidence: round2(Math.min(0.7, c.names.get(st.struck)?.confidence ?? 0)), why: `an object ball, ${struck}, was taken as struck by the cue (F3): the cue ball mistaken for it, or a ball that only jittered` });
    }
    const renamed = !exchanged && atStart !== undefined && nameNow !== undefined && atStart !== nameNow;
    // with every ball at rest when the stroke began, the ball touched first kept its track until touched;
    // if the tracker then saw that track nearly exchange balls with another, the name it had when the
    // stroke began is about the ball touched, the name now about a ball it may have passed to
    const keptFromStart = renamed && !st.whileMoving
      && (c.mixedSoFar?.(fc!) ?? 0) - (st.mixedAtStart.get(fc!) ?? 0) >= EXCHANGED_SINCE_START;
    const firstContactId = fc === null ? null : keptFromStart || exchanged ? atStart! : name(fc, 'firstContact');
    if (keptFromStart) {
      review.push({ what: 'firstContact', ball: atStart, confidence: 0.4, why: `the ball the cue ball touched first was taken for ${atStart} when the stroke began; its track may have exchanged balls with another since and is taken for ${nameNow} now` });
    } else if (renamed) {
      // otherwise the readings during the stroke renamed it, or the track passed to another ball unseen
      // as they scattered (a break): a person reads the numbers
      review.push({ what: 'firstContact', ball: firstContactId!, confidence: 0.4, why: `the ball the cue ball touched first was taken for ${atStart} when the stroke began and for ${firstContactId} after it` });
    }
    if (st.firstContactBehind !== undefined && firstContactId !== null) {
      const seen = st.firstContactBehind !== null ? c.names.get(st.firstContactBehind)?.id : undefined;
      review.push({ what: 'firstContact', ball: firstContactId, confidence: 0.5, why: seen !== undefined
        ? `the cue ball was seen touching ball ${seen} first, but its path ran into ball ${firstContactId} before that`
        : `no contact was seen, but the cue ball's path ran into ball ${firstContactId}` });
    }
    if (fc !== null && st.firstContactTies?.has(fc) && firstContactId !== null && st.firstContactBehind === undefined) {
      const said = (n: BallId | undefined) => (n === undefined ? 'a ball not named' : n === 'cue' ? 'the ball named the cue ball' : `ball ${n}`);
      const others = [...st.firstContactTies].filter((id) => id !== fc).map((id) => said(c.names.get(id)?.id));
      review.push({ what: 'firstContact', ball: firstContactId, confidence: 0.5,
        why: `the cue ball reached ${others.join(' and ')} within a frame of ball ${firstContactId}: which it touched first is not certain` });
    }
    const pocketed = st.gone.filter((t) => t.state === 'pocketed').map((t) => {
      const ball = name(t.id, 'pocketed');
      if (t.goneUnseen) review.push({ what: 'pocketed', ball, confidence: 0.5, why: `the ${t.pocket} pocket was hidden when ball ${ball} vanished` });
      else if (t.maybeBack) review.push({ what: 'pocketed', ball, confidence: 0.4, why: `a ball was seen by the ${t.pocket} pocket just after ball ${ball} was lost there: it may have come back out` });
      else if (lastStepSpeed(t) > c.fastGone_mm_s) review.push({ what: 'pocketed', ball, confidence: 0.6, why: `ball ${ball} vanished at ${(lastStepSpeed(t) / 1000).toFixed(1)} m/s at ${t.pocket}: pocketed, or jumped off the table there` });
      else if (vanishedFromRest(st, t)) review.push({ what: 'pocketed', ball, confidence: 0.4, why: `ball ${ball} vanished by the ${t.pocket} pocket from where it rested, with no ball seen to touch it: fallen in by itself, or only lost from view` });
      return { ball, pocket: t.pocket!, t: round2(t.gone_s!) };
    });
    // balls are not made during a stroke: one that came to rest on the table which the camera was not
    // following when the stroke began is a ball it lost on the way, and may be one it believes gone
    const newcomers = c.live.filter((t) => !st.tracksAtStart.includes(t.id) && t.born_s >= st.t0_s);
    const offTable = st.gone.filter((t) => t.state === 'offTable').map((t) => {
      const ball = name(t.id, 'offTable');
      if (t.vanishedAtRest) review.push({ what: 'offTable', ball, confidence: 0.4, why: `ball ${ball} vanished from rest under the cue or an arm and did not come back: struck off the table unseen, or picked up` });
      else if (t.goneUnseen) review.push({ what: 'offTable', ball, confidence: 0.5, why: `ball ${ball} vanished under an arm near the cushion` });
      else if (newcomers.length) review.push({ what: 'offTable', ball, confidence: 0.4, why: `ball ${ball} was last seen heading over a cushion, but a ball the camera was not following before came to rest on the table: it may be that one` });
      // seen only heading for a cushion, still on the cloth: the same as a ball the camera lost there
      else if (!t.seenOverCushion) review.push({ what: 'offTable', ball, confidence: 0.6, why: `ball ${ball} was last seen on the cloth heading over a cushion at ${(lastStepSpeed(t) / 1000).toFixed(1)} m/s, not over it: off the table, or lost from view` });
      return ball;
    });
    // (not while a ball the camera was not following came to rest on the table: it may be that one)
    const overCushion = newcomers.length ? new Set<number>() : c.lostOverCushion ?? new Set<number>();
    for (const t of c.live) {
      if (!overCushion.has(t.id)) continue;
      const ball = name(t.id, 'offTable');
      review.push({ what: 'offTable', ball, confidence: 0.4, why: `ball ${ball} was lost from view at ${(lastStepSpeed(t) / 1000).toFixed(1)} m/s just short of a cushion and not found again: off the table, or hidden` });
      offTable.push(ball);
    }
    const bounced = c.live.filter((t) => t.enteredJaw && st.tracksAtStart.includes(t.id)).map((t) => ({ ball: name(t.id, 'identity'), pocket: t.enteredJaw! }));
    for (const t of c.live) {
      if (t.cameBack && t.cameBack.t_s >= st.t0_s && st.tracksAtStart.includes(t.id)) {
        const ball = name(t.id, 'identity');
        review.push({ what: 'pocketed', ball, confidence: 0.6, why: `ball ${ball} was lost in the ${t.cameBack.pocket} pocket's mouth and found again beside it: taken as still on the table` });
      }
      if (t.state === 'missing' && st.tracksAtStart.includes(t.id) && !overCushion.has(t.id)) {
        review.push({ what: 'pocketed', ball: name(t.id, 'identity'), confidence: 0.3, why: 'a ball was lost from view away from the pockets' });
      }
    }
    if (st.struckMotion.frames < 3 && st.gone.some((t) => t.id === st.struck)) {
      // it vanished almost as soon as it moved (under an arm, in the air): when it was struck, and where it went, are inferred
      review.push({ what: 'struck', ball: struck, confidence: 0.5, why: `ball ${struck} was seen moving in ${st.struckMotion.frames} frame(s) before it vanished` });
    }
    if (st.creptStart) review.push({ what: 'struck', ball: struck, confidence: 0.6, why: `the stroke began with ball ${struck} creeping a few millimetres, never seen to roll: a soft stroke, or a ball touched by a hand or the cue` });
    if (st.cueStruckUnseen !== undefined) review.push({ what: 'struck', ball: struck, confidence: 0.5, why: 'the cue ball lay hidden under the cue or an arm as the stroke began and was next seen resting away from its place: taken as struck, unseen on its way' });
    if (st.struckFrozen) review.push({ what: 'struck', ball: struck, confidence: 0.6, why: `ball ${struck} rested against the balls that moved and was not seen to move: taken as struck` });
    if (st.firstContactTrack === null && (st.contacts.length > 0 || st.gone.some((t) => t.id !== st.struck))) {
      // other balls moved or fell, so the cue ball touched something: the contact went unseen
      review.push({ what: 'firstContact', confidence: 0.4, why: 'other balls moved, but the cue ball\'s first contact was not seen' });
    } else if (st.firstContactTrack === null && st.independentFalls.length) {
      // a ball in the jaws that fell while the cue ball rolled, with no contact seen: by itself (R8), or
      // knocked in by the cue ball unseen
      const fell = st.independentFalls.map((t) => c.names.get(t.id)?.id).filter((b) => b !== undefined);
      review.push({ what: 'firstContact', ...(fell.length === 1 && { ball: fell[0] }), confidence: 0.4, why: `a ball in the jaws fell during the stroke with no contact seen: by itself, or knocked in by the cue ball unseen` });
    }
    if (st.firstContactTrack === null && st.cueHiddenBeside !== null) {
      // the cue ball went out of sight rolling right beside a ball, which may have moved too little to show
      const beside = c.names.get(st.cueHiddenBeside)?.id;
      review.push({ what: 'firstContact', ...(beside !== undefined && { ball: beside }), confidence: 0.4, why: `the cue ball went out of sight while rolling beside ${beside !== undefined ? `ball ${beside}` : 'a ball'}: a contact there would not be seen` });
    }
    if (st.shiftedNotTouched) {
      const ball = name(st.shiftedNotTouched.track, 'identity');
      review.push({ what: 'firstContact', ball, confidence: 0.5, why: `ball ${ball} shifted ${Math.round(st.shiftedNotTouched.mm)} mm with no ball seen near it and stayed there: taken as the camera's jitter, not a touch` });
    }
    if (st.firstContactGuessed) review.push({ what: 'firstContact', ...(firstContactId !== null && { ball: firstContactId }), confidence: 0.5, why: st.firstContactOnRunIn
      ? `the cue ball's first contact was not seen, and the first ball to move had no visible cause: ball ${firstContactId} is the first the cue ball's straight run in meets, carried on`
      : st.firstContactOnRunOut
        ? `the cue ball's first contact and its run in were not seen: ball ${firstContactId} is the first its run out, carried back, meets`
      : st.firstContactReached
        ? `the cue ball's first contact was not seen: ball ${firstContactId} is the first it came to touching distance of that left its place`
        : 'the cue ball\'s first contact was not seen: the first ball to move without a visible cause is taken' });
    if (st.whileMovingDoubt === 'near') review.push({ what: 'whileMoving', confidence: 0.6, why: 'a ball started near moving balls: a stroke, or a contact the camera missed' });
    if (st.struckUnsettled) review.push({ what: 'whileMoving', ball: struck, confidence: 0.5, why: `ball ${struck} started while balls still rolled without being seen at rest there first: a stroke played while balls moved, or a ball the camera lost and found again` });
    if (st.whileMovingDoubt === 'afterNoStroke') review.push({ what: 'whileMoving', confidence: 0.5, why: 'the only balls still rolling were set going by a motion taken for no stroke (a hand, or a "ball" on one)' });
    if (st.whileMovingDoubt === 'afterF3') review.push({ what: 'whileMoving', confidence: 0.5, why: 'the balls still rolling were set going by an object ball taken as struck by the cue: more likely this stroke begun unseen' });
    if (truncated) review.push({ what: 'pocketed', confidence: 0.5, why: 'the video ended before every ball stopped' });
    const before: Record<string, XY_mm> = {};
    for (const [id, xy] of st.before) {
      const n = exchanged && (id === st.struck || id === fc) ? st.namesAtStart.get(id) : c.names.get(id)?.id;
      if (n !== undefined) before[String(n)] = xy;
    }
    const toContact = cueSamplesToContact(st);
    const cuePath = toContact.length ? simplifyPath([...toContact.map((s): XY_mm => [s.x_mm, s.y_mm]), ...(st.cueContact ? [st.cueContact] : [])], 12) : undefined;
    const lastStop = Math.max(st.t0_s, ...c.live.map((t) => c.restSince_s(t) ?? t_s));
    // two tracks given one name: keep one, and say the names are in doubt (never a record the rules refuse)
    const named = new Set<string>();
    const once = (ball: BallId, what: 'pocketed' | 'offTable'): boolean => {
      if (!named.has(String(ball))) { named.add(String(ball)); return true; }
      review.push({ what, ball, confidence: 0.3, why: `two balls that left the table were both named ${ball}` });
      return false;
    };
    pocketed.splice(0, pocketed.length, ...pocketed.filter((p) => once(p.ball, 'pocketed')));
    offTable.splice(0, offTable.length, ...offTable.filter((b) => once(b, 'offTable')));
    const shot: ShotRecord = {
      type: 'shot', t0: round2(st.t0_s), t1: round2(truncated ? t_s : Math.min(t_s, lastStop)),
      struck, whileMoving: st.whileMoving, firstContact: firstContactId === 'cue' ? null : firstContactId,
      pocketed, offTable, bounced, before,
      ...(cuePath && { cuePath: cuePath.map(([x, y]): XY_mm => [Math.round(x), Math.round(y)]) }),
      review: dedupe(review),
    };
  return shot;
}

export const round2 = (x: number): number => Math.round(x * 100) / 100;

function dedupe(r: ReviewFlag[]): ReviewFlag[] {
  const seen = new Set<string>();
  return r.filter((x) => {
    const k = `${x.what}:${String(x.ball)}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
