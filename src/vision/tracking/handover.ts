// A ball struck while an arm or the cue hides it leaves its track behind: the track waits, hidden, at
// the ball's place, and the rolling ball is picked up as a new candidate, which (like any new "ball")
// counts only once it has rested clear of the arm — so the stroke was seen only when the ball next hit
// something, seconds late. A candidate that rolls like a ball (straight, steadily, at ball speeds, its
// whole outline seen at least twice) away from a hidden resting ball is that ball: its track takes the
// candidate's path over.
// The same holds for a ball lost while it rolled fast: struck hard, it is a faint streak for a frame or
// three, its track's speed still lags the strike, and the ball is found again as a new candidate further
// on, which never rests until the stroke is over. A candidate born ahead of a lost rolling track, on its
// line and going its way, is that ball.
import { lookKnown, type Track, type TrackSample } from './tracker.js';
import { hypot2 } from '../hypot2.js';
import { intoArm } from './arm-side.js';

export interface HandoverOptions {
  /** samples the candidate needs before it is judged */
  minSamples: number;
  /** its path's largest distance from a straight line, mm */
  maxOffLine_mm: number;
  /** its mean speed, mm/s, at least (a hand slides a ball slower) */
  minSpeed_mm_s: number;
  /** frames in which its whole outline was found, at least (phantoms on an arm are partial) ... */
  minWhole: number;
  /**
   * ... or frames in which it was found clear of every occluder, at least: a ball struck hard is a
   * blurred streak whose outline is never whole, but it rolls out from under the arm (a phantom stays on it)
   */
  minClear: number;
  /** a rolling track lost longer than this, s, is not taken up by a candidate */
  maxRollingGap_s: number;
  /**
   * a softer strike, down to this mean speed, mm/s, leaves a hidden resting ball too when the candidate
   * is plainly a ball rolling out: whole in all but two of its samples, clear of the arm in minClear, and
   * slowing as a rolling ball does (a hand pushing one does not)
   */
  softMinSpeed_mm_s: number;
}

export const HANDOVER: HandoverOptions = { minSamples: 8, maxOffLine_mm: 12, minSpeed_mm_s: 300, minWhole: 2, minClear: 4, maxRollingGap_s: 0.5, softMinSpeed_mm_s: 120 };

/** Its second half no faster than its first (within a little noise): a ball rolling on its own slows. */
function slowing(h: readonly { t_s: number; x_mm: number; y_mm: number }[]): boolean {
  const mid = h[Math.floor(h.length / 2)]!, a = h[0]!, b = h.at(-1)!;
  const v1 = hypot2(mid.x_mm - a.x_mm, mid.y_mm - a.y_mm) / Math.max(1e-3, mid.t_s - a.t_s);
  const v2 = hypot2(b.x_mm - mid.x_mm, b.y_mm - mid.y_mm) / Math.max(1e-3, b.t_s - mid.t_s);
  return v2 <= 1.1 * v1 + 20;
}

/** withoutLeadingLeap(): at most this many samples standing still before the leap, each step at most STILL_STEP_mm. */
const LEAP_AFTER_STILL_SAMPLES = 6;
const STILL_STEP_mm = 8;

/**
 * The candidate as judged: without the samples it leapt from, a step over two radii and half as long again
 * as the next (a struck ball only slows) after it had stood still (a phantom on the cue's tip, 180 mm behind
 * a yellow cue ball on the line of the shot, was born a frame before the strike and leapt onto the ball's blur,
 * and no handover saw a ball leaving the cue ball's place; 1140300: a fingertip by the rail, followed for
 * three frames, leapt 234 mm onto a striped cue ball struck out from under the arm: "struck 5").
 */
export function withoutLeadingLeap(cand: Track, R_mm: number): Track {
  const h = cand.history;
  const step = (i: number) => hypot2(h[i + 1]!.x_mm - h[i]!.x_mm, h[i + 1]!.y_mm - h[i]!.y_mm);
  for (let i = 0; i + 2 < h.length && i < LEAP_AFTER_STILL_SAMPLES; i++) {
    if (step(i) > 2 * R_mm && step(i) > 1.5 * step(i + 1)) return { ...cand, history: h.slice(i + 1) };
    // (still: a fingertip's centre wanders a few mm)
    if (step(i) > STILL_STEP_mm) break;
  }
  return cand;
}

/**
 * At most this many of a candidate's first samples may lie off the line of the rest: born under the edge of an
 * arm, a ball is found only in part at first, its centre thrown sideways (1285002 at 51.4 s: a cue ball struck
 * from under the player's arm along the head cushion, its first centre 15 mm aside of a dead straight run, so
 * that its second lay 13 mm off the line drawn from the first; its candidate was never handed the hidden ball's
 * track, and the stroke was seen a second late as "struck 3").
 */
const LEADING_OFF_LINE = 2;

/** The candidate's path from sample `from` on, when it runs straight (within `maxOff_mm` of its chord) and always forward: its start, direction and speed. */
function straightRun(h: readonly TrackSample[], from: number, maxOff_mm: number): { a: TrackSample; ux: number; uy: number; speed_mm_s: number } | null {
  const a = h[from]!, b = h.at(-1)!;
  const len = hypot2(b.x_mm - a.x_mm, b.y_mm - a.y_mm);
  const dur = b.t_s - a.t_s;
  if (dur <= 0 || len <= 0) return null;
  const ux = (b.x_mm - a.x_mm) / len, uy = (b.y_mm - a.y_mm) / len;
  let along = -Infinity;
  for (let i = from; i < h.length; i++) {
    const dx = h[i]!.x_mm - a.x_mm, dy = h[i]!.y_mm - a.y_mm;
    if (Math.abs(dx * uy - dy * ux) > maxOff_mm) return null;
    // always forward: a ball does not turn back on its own
    const p = dx * ux + dy * uy;
    if (p < along - maxOff_mm) return null;
    along = Math.max(along, p);
  }
  return { a, ux, uy, speed_mm_s: len / dur };
}

/** The hidden resting track a rolling candidate left from, or null. */
export function handoverSource(cand: Track, hidden: readonly Track[], R_mm: number, restSpeed_mm_s: number, o: HandoverOptions = HANDOVER): Track | null {
  const h = cand.history;
  if (cand.confirmed || h.length < o.minSamples || ((cand.wholeSeen ?? 0) < o.minWhole && (cand.clearSeen ?? 0) < o.minClear)) return null;
  let run: ReturnType<typeof straightRun> = null;
  for (let k = 0; k <= LEADING_OFF_LINE && h.length - k >= o.minSamples && !run; k++) run = straightRun(h, k, o.maxOffLine_mm);
  if (!run) return null;
  const { a, ux, uy, speed_mm_s: speed } = run;
  if (speed < o.softMinSpeed_mm_s) return null;
  // (a soft strike left ball 11 under the cue at 290 mm/s and the cue ball, which had barely moved,
  // was taken to have crept: the stroke was never seen)
  if (speed < o.minSpeed_mm_s && !((cand.wholeSeen ?? 0) >= h.length - 2 && (cand.clearSeen ?? 0) >= o.minClear && slowing(h))) return null;
  // (a ball lost while it rolled this way is likelier than a strike nobody saw: it goes first)
  let best: Track | null = null;
  let bestD = Infinity;
  let bestRolling = false;
  for (const t of hidden) {
    if (!t.confirmed || t.state === 'visible') continue;
    const gap = a.t_s - t.lastSeen_s;
    const dx = a.x_mm - t.x_mm, dy = a.y_mm - t.y_mm;
    const d = hypot2(dx, dy);
    const v = hypot2(t.vx_mm_s, t.vy_mm_s);
    if (v <= restSpeed_mm_s) {
      if (gap < -0.1 || gap > 1) continue;
      // born where the ball would be by then, and rolling away from where it rested
      if (d > 4 * R_mm + speed * Math.max(0, gap)) continue;
      if (d > R_mm && (dx * ux + dy * uy) / d < 0.7) continue;
      if (intoArm(t, ux, uy)) continue;
    } else {
      if (v < o.minSpeed_mm_s || gap <= 0 || gap > o.maxRollingGap_s) continue;
      const vx = t.vx_mm_s / v, vy = t.vy_mm_s / v;
      // going the lost ball's way, and born on its line ahead of where it was lost, no further than the
      // candidate's own speed carries it in the gap (the track's speed lags a hard strike; the
      // candidate's is measured after it)
      if (ux * vx + uy * vy < 0.9) continue;
      const along = dx * vx + dy * vy;
      if (along < -R_mm || along > 1.5 * speed * gap + 4 * R_mm || Math.abs(dx * vy - dy * vx) > 2 * R_mm) continue;
    }
    const rolling = v > restSpeed_mm_s;
    if (rolling !== bestRolling ? rolling : d < bestD) { bestD = d; best = t; bestRolling = rolling; }
  }
  return best;
}

/** struckOutFrom()'s thresholds: every step at least this fast, this straight away from the ball's place, this soon after it was last seen. */
export const STRUCK_OUT = { minStep_mm_s: 1000, minCos: 0.95, maxGap_s: 1 };

/*
 * At the break a ball struck hard from under the cue crosses to the rack in two or three frames, a blurred
 * streak: a candidate never has the samples handoverSource() needs before it meets the rack, and a rack
 * ball's track then takes the streak. Two samples say enough when they are unmistakable: seen clear of the
 * arm, at least two radii from a hidden resting ball (three samples from one radius), going straight away
 * from it at a strike's speed.
 */

/** The hidden resting track a fast two-sample candidate was plainly struck out from, or null. */
export function struckOutFrom(cand: Track, hidden: readonly Track[], R_mm: number, restSpeed_mm_s: number): Track | null {
  const h = cand.history;
  if (cand.confirmed || h.length < 2 || (cand.clearSeen ?? 0) < 2) return null;
  const a = h[0]!;
  const speed = hypot2(h.at(-1)!.x_mm - a.x_mm, h.at(-1)!.y_mm - a.y_mm) / Math.max(1e-3, h.at(-1)!.t_s - a.t_s);
  // a ball lost while it rolled, going this way on this line, is likelier than a strike nobody saw
  const sx = h[1]!.x_mm - a.x_mm, sy = h[1]!.y_mm - a.y_mm, sn = hypot2(sx, sy) || 1;
  for (const t of hidden) {
    const v = hypot2(t.vx_mm_s, t.vy_mm_s);
    if (v <= restSpeed_mm_s || a.t_s - t.lastSeen_s > 0.5) continue;
    const vx = t.vx_mm_s / v, vy = t.vy_mm_s / v;
    const dx = a.x_mm - t.x_mm, dy = a.y_mm - t.y_mm;
    if ((sx * vx + sy * vy) / sn > 0.8 && dx * vx + dy * vy > -R_mm && Math.abs(dx * vy - dy * vx) < 3 * R_mm) return null;
  }
  let best: Track | null = null;
  let bestCos = STRUCK_OUT.minCos;
  for (const t of hidden) {
    if (!t.confirmed || t.state === 'visible' || hypot2(t.vx_mm_s, t.vy_mm_s) > restSpeed_mm_s) continue;
    const gap = a.t_s - t.lastSeen_s;
    if (gap < 0 || gap > STRUCK_OUT.maxGap_s) continue;
    const dx = a.x_mm - t.x_mm, dy = a.y_mm - t.y_mm;
    const d = hypot2(dx, dy);
    // born no further than its speed carries it since the ball was last seen (a phantom at a middle pocket
    // 1.4 m off, moving away from a ball lost 0.4 s before, was taken for it)
    // One first found within two radii of the place (the arm's edge still over the ball) says so with a
    // third sample: a cue ball struck at 1.6 m/s from under the arm was first found 65 mm off, then ran
    // into a cushion before the eight samples handoverSource() wants, and its stroke was "struck 14".
    if (d < R_mm || (d < 2 * R_mm && h.length < 3) || d > 4 * R_mm + 1.3 * speed * gap) continue;
    const ux = dx / d, uy = dy / d;
    if (intoArm(t, ux, uy)) continue;
    // every step goes straight on away from the ball's place, at a strike's speed
    let cos = 1;
    let ok = true;
    for (let i = 1; i < h.length && ok; i++) {
      const p = h[i - 1]!, q = h[i]!;
      const stepX = q.x_mm - p.x_mm, stepY = q.y_mm - p.y_mm;
      const step = hypot2(stepX, stepY), dt = q.t_s - p.t_s;
      if (dt <= 0 || step / dt < STRUCK_OUT.minStep_mm_s) { ok = false; break; }
      cos = Math.min(cos, (stepX * ux + stepY * uy) / step);
    }
    if (!ok || cos < bestCos) continue;
    bestCos = cos; best = t;
  }
  return best;
}

/** cueLookFrom()'s thresholds: a look this cue-like, the candidate this fast, found this soon after the ball was last seen. */
export const CUE_LOOK_HANDOVER = { cueLook: 0.6, otherLook: 0.5, minSpeed_mm_s: 300, maxGap_s: 0.5, maxStrike_mm_s: 8000 };

/*
 * The cue ball is the one ball that looks unlike the rest, and the one nearly always struck. Resting against
 * the cue's tip it is found only in part and taken for part of the cue and arm; struck, it shows up a frame
 * or two later a ball's width or more away, and if it meets a ball at once its candidate never runs the
 * straight samples the handovers above want (the stroke was "struck 15": the cue ball left behind, hidden,
 * and lost). A moving candidate that looks like the cue ball in every frame it was found, near where the
 * hidden resting cue ball was last seen, when no other ball on the table looks like it, is the cue ball.
 * Found within half a second: struck hard out in the open, it can be too faint a streak to be found at all
 * until it has crossed the table and hit a ball (1145001: a red cue ball on burgundy cloth at 8 m/s, found
 * again 2.4 m on, 0.4 s after it left, coming off the rack; with 0.3 s its break was "struck 3" and a stroke at
 * 16.7 s "struck 9").
 */

/** The hidden resting cue-like track a cue-like moving candidate was struck out from, or null. */
export function cueLookFrom(cand: Track, others: readonly Track[], hidden: readonly Track[], R_mm: number, restSpeed_mm_s: number, o = CUE_LOOK_HANDOVER): Track | null {
  const h = cand.history;
  if (cand.confirmed || h.length < 2 || (cand.clearSeen ?? 0) < 1 || (cand.leastLook ?? -Infinity) < o.cueLook) return null;
  const a = h[0]!, b = h.at(-1)!;
  if (hypot2(b.x_mm - a.x_mm, b.y_mm - a.y_mm) / Math.max(1e-3, b.t_s - a.t_s) < o.minSpeed_mm_s) return null;
  // (a look counts from the tracker's own number of whole sightings)
  const lookAtLeast = (t: Track, l: number) => lookKnown(t) && t.look! >= l;
  const src = hidden.filter((t) => t.confirmed && t.state !== 'visible' && lookAtLeast(t, o.cueLook) && hypot2(t.vx_mm_s, t.vy_mm_s) <= restSpeed_mm_s);
  if (src.length !== 1) return null;
  const t = src[0]!;
  // no other ball that looks like it: then the candidate could be that one as well
  if (others.some((x) => x !== t && x.confirmed && lookAtLeast(x, o.otherLook))) return null;
  const gap = a.t_s - t.lastSeen_s;
  if (gap < 0 || gap > o.maxGap_s) return null;
  const d = hypot2(a.x_mm - t.x_mm, a.y_mm - t.y_mm);
  if (d < R_mm || d > 2 * R_mm + o.maxStrike_mm_s * gap || intoArm(t, (a.x_mm - t.x_mm) / d, (a.y_mm - t.y_mm) / d)) return null;
  return t;
}
