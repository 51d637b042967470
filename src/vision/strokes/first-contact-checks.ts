// Checks of the first contact once a stroke is over, from where the balls stood and the cue ball's samples:
// the straight run in carried on (tied-contact.ts) for a tie within a frame, for a contact the samples skipped
// over and for a guessed one; a ball the path ran into before the contact seen (path-blocker.ts); a corner of the
// path in a frame the cue ball was not seen in (path-corner.ts); a contact seen only after the stroke's first
// object balls had started (their start's corner, or a guess among them).
import type { XY_mm } from '../../protocol/records.js';
import type { Contact, Stroke } from './stroke-state.js';
import type { TrackSample } from '../tracking/tracker.js';
import { cornerInGap } from './path-corner.js';
import { firstBallOnPath, type RestingBall } from './path-blocker.js';
import { firstOnRunIn } from './tied-contact.js';
import { hypot2 } from '../hypot2.js';
import { joinedTo } from './touching.js';
import { metByRunOut } from './run-out.js';

/** How far beyond touching a ball the cue ball's sampled path may pass and still be taken to reach it (detection noise). */
export const CONTACT_NOISE_MM = 10;
/**
 * How far (mm) the cue ball's path must overlap a resting ball to have run into it: centres are good to a
 * few mm at rest, the cue ball's to more when it is blurred at a break.
 */
const PATH_OVERLAP_MM = 10;

/** The contact seen between the cue ball and the first contact taken so far, if it was seen (not inferred). */
export function firstContactSeen(st: Stroke): Contact | undefined {
  const fc = st.firstContactTrack;
  if (fc === null || st.cueTrack === null) return undefined;
  return st.contacts.find((c) => (c.cause === st.cueTrack && c.target === fc) || (c.target === st.cueTrack && c.cause === fc));
}

/**
 * The cue ball's samples up to its first contact seen, or up to the first movers' start when the contact is the one
 * its run in met (all of them otherwise): one found late and dated back (a
 * thin cut's creep) leaves the samples since in the stroke's. (895003 at 17.5 s: the cue ball's run after a thin
 * cut on 12 into ball 1 was taken for a first contact "before" it.)
 */
export function cueSamplesToContact(st: Stroke): Stroke['cueSamples'] {
  const seen = firstContactSeen(st);
  if (seen) return st.cueSamples.filter((s, i) => i === 0 || s.t_s <= seen.t_s);
  // (a contact met by the run in up to the first movers' start: the samples since are after it)
  const until_s = st.firstContactOnRunIn || st.firstContactOnRunOut ? st.firstMovers?.t_s : undefined;
  return until_s !== undefined ? st.cueSamples.filter((s, i) => i === 0 || s.t_s < until_s) : st.cueSamples;
}

/**
 * A first contact tied with another ball's (the cue ball reached both within a frame, see reachOrder()):
 * the one its straight run in meets first (tied-contact.ts), still flagged as a tie, and the cue ball's
 * contact where the line meets it (the path check after this reads it). Only with the tied
 * balls at rest when the stroke began (where they stood is known).
 */
export function firstContactByRunIn(st: Stroke, R_mm: number): void {
  const ties = st.firstContactTies;
  if (!ties || st.cueTrack === null || st.firstContactTrack === null || !ties.has(st.firstContactTrack)) return;
  const touched = st.contacts.filter((c) => (c.cause === st.cueTrack && ties.has(c.target)) || (c.target === st.cueTrack && ties.has(c.cause)));
  if (!touched.length) return;
  const by_s = Math.min(...touched.map((c) => c.t_s));
  const balls: RestingBall[] = [];
  for (const id of ties) {
    const p = st.before.get(id);
    if (!p || st.rollingAtStart.has(id)) return;
    balls.push({ id, x_mm: p[0], y_mm: p[1] });
  }
  const met = firstOnRunIn(st.cueSamples.filter((s) => s.t_s <= by_s), balls, 2 * R_mm, 2 * R_mm + CONTACT_NOISE_MM);
  if (!met) return;
  st.firstContactTrack = met.id;
  st.cueContact = met.at;
}

/**
 * The ball the cue ball's straight run in, up to `until_s`, meets first when carried on, where that is not the
 * first contact taken so far (`fc`, resting at `place`): its last sample before `until_s` and its first from then
 * on both clear of that ball (a gap the samples skipped over; 1205000 at 41.9 s: the cue ball's sample at its thin
 * cut on ball 14 touched it, and the line carried on met ball 8 600 mm on), the ball met ahead of the last sample
 * (the line carried back meets the balls it passed: 1310901's ball 11, 2 mm clear of the cue ball's path), clearly
 * on the line (its centre within two radii less PATH_OVERLAP_MM), at rest when the stroke began and seen in a
 * contact or gone (a ball the cue ball reached moved) — for a `guess`, which has no contact seen to go by, also
 * among the first movers or touching one, chain by chain (movedOrTouching()). Null otherwise.
 */
function metOnRunIn(st: Stroke, fc: number, place: XY_mm, until_s: number, R_mm: number, guess: boolean): { id: number; at: XY_mm; pace_mm_s: number; last: TrackSample } | null {
  // (for a guess, each sample once: an unseen track repeats its last, and the two alike at the end gave the run in
  // no direction. Not for a contact seen: there a run in ending on a repeat is one cut short by the contact's own
  // frame, and the step before may pass a ball the path bent at — 1295004 at 61.7 s, 14 touched before 5)
  const runIn = st.cueSamples.filter((s, i, all) => s.t_s < until_s && (!guess || i === 0 || s.t_s > all[i - 1]!.t_s));
  const last = runIn.at(-1), prev = runIn.at(-2);
  if (!last || !prev || last.t_s <= prev.t_s) return null;
  const reach = 2 * R_mm + CONTACT_NOISE_MM;
  const touches = (q: { x_mm: number; y_mm: number } | undefined) => !!q && hypot2(q.x_mm - place[0], q.y_mm - place[1]) <= reach;
  if (touches(last) || touches(st.cueSamples.find((s) => s.t_s >= until_s))) return null;
  const ux = last.x_mm - prev.x_mm, uy = last.y_mm - prev.y_mm;
  const moved = guess ? movedOrTouching(st, R_mm) : seenMoved(st);
  const balls: RestingBall[] = [...st.before].filter(([id, [x, y]]) => id !== st.cueTrack && id !== st.struck && !st.rollingAtStart.has(id)
    && moved.has(id) && (x - last.x_mm) * ux + (y - last.y_mm) * uy > 0).map(([id, [x, y]]) => ({ id, x_mm: x, y_mm: y }));
  const met = firstOnRunIn(runIn, balls, 2 * R_mm - PATH_OVERLAP_MM, reach);
  if (!met || met.id === fc) return null;
  return { ...met, pace_mm_s: hypot2(ux, uy) / (last.t_s - prev.t_s), last };
}

/** The balls a stroke was seen to move: in a contact, or gone. */
function seenMoved(st: Stroke): Set<number> {
  const moved = new Set<number>();
  for (const c of st.contacts) { moved.add(c.cause); moved.add(c.target); }
  for (const t of st.gone) moved.add(t.id);
  return moved;
}

/**
 * The balls a stroke moved (seen in a contact, gone, or among the first to start), and those that stood touching
 * them, chain by chain, when it began: a ball struck in a frozen cluster passes the blow on and may hardly move
 * itself (1365002's break: the cue ball, lost 700 mm short of the rack, met the apex, which moved 5 mm and was in
 * no contact; the back corners started first).
 */
function movedOrTouching(st: Stroke, R_mm: number): Set<number> {
  const moved = seenMoved(st);
  for (const id of st.firstMovers?.tracks ?? []) moved.add(id);
  const resting = [...st.before].filter(([id]) => id !== st.cueTrack && !st.rollingAtStart.has(id)).map(([id, [x, y]]) => ({ id, x, y }));
  const touch = 2 * R_mm + CONTACT_NOISE_MM;
  const touching = (a: { x: number; y: number }, b: { x: number; y: number }) => hypot2(a.x - b.x, a.y - b.y) <= touch;
  for (const b of resting.filter((r) => moved.has(r.id))) for (const j of joinedTo(b, resting, touching).joined) moved.add(j.id);
  return moved;
}

/**
 * A first contact seen, made between two samples of the cue ball: when its straight run in, carried on, meets
 * another ball first (metOnRunIn()) within the run it had at its last pace until the contact, that ball is taken
 * instead, flagged as the path's correction is. (1195000's break: the cue ball at 5.6 m/s, 190 mm a frame, was
 * last seen 140 mm short of the apex; its next, blurred sample lay past the apex's side, and ball 5 behind it,
 * whose track the rack's jitter had started, was taken as the first contact without a word.) The path check
 * (firstContactByPath()) reads only the samples, and the one after a contact has already turned.
 */
export function firstContactByRunInAcrossGap(st: Stroke, R_mm: number): void {
  const fc = st.firstContactTrack;
  if (st.cueTrack === null || st.whileMoving || fc === null || st.firstContactBehind !== undefined) return;
  const seen = firstContactSeen(st);
  const place = st.before.get(fc);
  if (!seen || !place) return;
  const met = metOnRunIn(st, fc, place, seen.t_s, R_mm, false);
  if (!met || hypot2(met.at[0] - met.last.x_mm, met.at[1] - met.last.y_mm) > met.pace_mm_s * (seen.t_s - met.last.t_s) + 2 * R_mm) return;
  st.firstContactBehind = fc;
  st.firstContactTrack = met.id;
  st.cueContact = met.at;
}

/**
 * A first contact still guessed once the other checks are done (no contact of the cue ball with it seen, the
 * first of the balls that started first; see firstContactAmongFirstMovers() and shiftedNotTouched()): the ball
 * the run in up to their start meets first (metOnRunIn()) instead, said so. (1185003's break: the cue ball lost
 * 570 mm short of the rack, ball 12 at its back "started" 0.12 s before the cue ball reached the apex, which it
 * was then seen touching.) Not held to the cue ball's pace: the first ball seen to start may have started early.
 * The ball met may be one never seen to move that stood touching one that did, in the cluster (movedOrTouching()).
 * With no run in to go by, the ball its run out, carried back, left (run-out.ts), reached straight from where it
 * was last seen before their start. A contact only assumed, the ball a stroke began with taken as met by a cue
 * ball seen leaving late, is no contact seen.
 */
export function firstGuessByRunIn(st: Stroke, R_mm: number): void {
  const fc = st.firstContactTrack, seen = firstContactSeen(st);
  if (st.cueTrack === null || st.whileMoving || fc === null || !st.firstContactGuessed || !st.firstMovers || (seen && !seen.assumed)) return;
  const place = st.before.get(fc);
  if (!place) return;
  const onRunIn = metOnRunIn(st, fc, place, st.firstMovers.t_s, R_mm, true);
  const met = onRunIn ?? metOnRunOut(st, R_mm);
  if (!met || met.id === fc) return;
  if (onRunIn) st.firstContactOnRunIn = true;
  else st.firstContactOnRunOut = true;
  st.firstContactUnseen = met.id;
  st.firstContactTrack = met.id;
  st.cueContact = met.at;
}

/** The ball the cue ball's run out left (metByRunOut()), for a guess with the first movers' start to go by. */
function metOnRunOut(st: Stroke, R_mm: number): { id: number; at: XY_mm } | null {
  const fm = st.firstMovers!;
  const path = [...st.cueSamples, ...st.cueAfter];
  const last = path.filter((s) => s.t_s <= fm.t_s).at(-1);
  if (!last) return null;
  const balls: RestingBall[] = [...st.before].filter(([id]) => id !== st.cueTrack && id !== st.struck && !st.rollingAtStart.has(id)).map(([id, [x, y]]) => ({ id, x_mm: x, y_mm: y }));
  return metByRunOut([last.x_mm, last.y_mm], path.filter((s) => s.t_s > fm.t_s), balls, movedOrTouching(st, R_mm), 2 * R_mm + CONTACT_NOISE_MM, 2 * R_mm - PATH_OVERLAP_MM);
}

/**
 * A first contact seen behind a ball the cue ball's path ran into (their centres closer than two radii
 * less PATH_OVERLAP_MM) is that ball instead, flagged; so is a stroke with no contact seen whose cue
 * ball ran into one. Only with every ball at rest when the stroke began (where they stood is known).
 */
export function firstContactByPath(st: Stroke, R_mm: number): void {
  if (st.cueTrack === null || st.whileMoving || st.cueSamples.length < 2) return;
  // (only the path before the contact seen)
  const path: XY_mm[] = [...cueSamplesToContact(st).map((s): XY_mm => [s.x_mm, s.y_mm]), ...(st.cueContact ? [st.cueContact] : [])];
  if (path.length < 2) return;
  const balls = [...st.before].filter(([id]) => id !== st.cueTrack && id !== st.struck).map(([id, [x, y]]) => ({ id, x_mm: x, y_mm: y }));
  const first = firstBallOnPath(path, balls, 2 * R_mm - PATH_OVERLAP_MM);
  if (!first || first.id === st.firstContactTrack) return;
  st.firstContactBehind = st.firstContactTrack;
  st.firstContactTrack = first.id;
}

/**
 * A first contact in a frame the cue ball was not seen in (or in a step longer than a ball's width),
 * where its run in and its run out meet at a corner touching another ball than the one taken (and not
 * that one): the ball at the corner instead, flagged as a path's correction is (see path-corner.ts).
 */
export function firstContactByCorner(st: Stroke, R_mm: number): void {
  if (st.cueTrack === null || st.whileMoving || st.firstContactTrack === null) return;
  const first = firstContactSeen(st);
  if (!first) return;
  const c = cornerInGap([...st.cueSamples, ...st.cueAfter], first.t_s, 2 * R_mm);
  if (c) ballAtCorner(st, c, R_mm);
}

/**
 * The cue ball's path turned at corner `c`: the first contact taken stands if its ball stood within touching reach
 * of it; otherwise the ball (neither the cue ball nor the struck one) that stood nearest it within reach is taken
 * instead, flagged as the path's correction, the contact seen kept for the review. False when no ball stood within
 * reach (the corner names none).
 */
function ballAtCorner(st: Stroke, c: XY_mm, R_mm: number): boolean {
  const reach = 2 * R_mm + CONTACT_NOISE_MM;
  const fc = st.firstContactTrack;
  const taken = fc !== null ? st.before.get(fc) : undefined;
  if (taken && hypot2(taken[0] - c[0], taken[1] - c[1]) <= reach) return true;
  let best: number | null = null, bestD = reach;
  for (const [id, [x, y]] of st.before) {
    if (id === st.cueTrack || id === st.struck) continue;
    const d = hypot2(x - c[0], y - c[1]);
    if (d < bestD) { best = id; bestD = d; }
  }
  if (best === null) return false;
  st.firstContactBehind = fc;
  st.firstContactTrack = best;
  st.cueContact = c;
  return true;
}

/** A first contact seen this long (s) after the stroke's first object balls started did not set them going. */
const MET_LATE_S = 0.15;

/**
 * A first contact seen only after the object balls the stroke set going first had started (by more than
 * MET_LATE_S, so not a start dated early from a centre's jitter): the cue ball met them in a contact the
 * camera missed. Where its path turned between two samples around their start (a corner its straight steps
 * cut, path-corner.ts) a ball's width from a ball, that ball, flagged as a path's correction; failing that, a
 * contact with a ball that was itself among them is no evidence, and the first contact becomes a guess among
 * them (firstContactAmongFirstMovers(), after this). (1355003's break: the cue ball, seen in every frame at
 * 8.7 m/s, turned off the apex between two samples whose straight step passed 104 mm from it; the first contact
 * seen was ball 8, met 0.45 s later as both rolled, and it went unflagged.)
 */
export function firstContactBeforeMovers(st: Stroke, R_mm: number): void {
  const fm = st.firstMovers;
  if (st.cueTrack === null || st.whileMoving || st.struck !== st.cueTrack || !fm) return;
  const first = firstContactSeen(st);
  if (!first || first.t_s <= fm.t_s + MET_LATE_S) return;
  const fc = st.firstContactTrack!;
  const c = cornerInGap([...st.cueSamples, ...st.cueAfter], fm.t_s, 2 * R_mm);
  if (c && ballAtCorner(st, c, R_mm)) return;
  if (!fm.tracks.includes(fc)) return;
  st.firstContactGuessed = true;
  st.firstContactUnseen = fc;
}
