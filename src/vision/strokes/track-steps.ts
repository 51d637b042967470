// Small measurements on a track's recent samples, shared by the stroke builder and the shot record.
import type { Track, TrackSample } from '../tracking/tracker.js';
import { hypot2 } from '../hypot2.js';
import { stepEntry } from '../step-entry.js';

/** The point of the straight step a → b nearest p: its share `u` of the step (0..1) and its distance from p. */
function closestOnStep(a: TrackSample, b: TrackSample, p: { x: number; y: number }): { u: number; d_mm: number } {
  const dx = b.x_mm - a.x_mm;
  const dy = b.y_mm - a.y_mm;
  const L = dx * dx + dy * dy;
  const u = L > 0 ? Math.max(0, Math.min(1, ((p.x - a.x_mm) * dx + (p.y - a.y_mm) * dy) / L)) : 0;
  return { u, d_mm: hypot2(p.x - (a.x_mm + u * dx), p.y - (a.y_mm + u * dy)) };
}

export function segmentDistance(a: TrackSample, b: TrackSample, p: { x: number; y: number }): number {
  return closestOnStep(a, b, p).d_mm;
}

/** Speed over the last step a track was seen (the smoothed velocity lags a sudden change). */
export function lastStepSpeed(t: Track): number {
  const a = t.history.at(-2);
  const b = t.history.at(-1);
  return a && b && b.t_s > a.t_s ? hypot2(b.x_mm - a.x_mm, b.y_mm - a.y_mm) / (b.t_s - a.t_s) : 0;
}

export function nearestSample(t: Track, t_s: number): TrackSample | undefined {
  let best: TrackSample | undefined;
  for (const h of t.history) if (!best || Math.abs(h.t_s - t_s) < Math.abs(best.t_s - t_s)) best = h;
  return best && Math.abs(best.t_s - t_s) < 0.02 ? best : undefined;
}

/** Distance between the track's k-th last and (k+1)-th last positions, mm (0 without them). */
export function lastStep_mm(t: Track, k: number): number {
  const h = t.history, n = h.length;
  if (n < k + 1) return 0;
  return hypot2(h[n - k]!.x_mm - h[n - k - 1]!.x_mm, h[n - k]!.y_mm - h[n - k - 1]!.y_mm);
}

/**
 * When the track's path since `from_s` first came within `r_mm` of point p (its samples joined by straight
 * steps), or Infinity. Two balls hit in the one frame are told apart by it: the cue ball reached the
 * nearer one along its path first.
 */
export function firstWithin_s(t: Track, p: { x: number; y: number }, r_mm: number, from_s: number): number {
  const h = t.history.filter((s) => s.t_s >= from_s);
  if (h.length && hypot2(h[0]!.x_mm - p.x, h[0]!.y_mm - p.y) <= r_mm) return h[0]!.t_s;
  for (let i = 0; i + 1 < h.length; i++) {
    const a = h[i]!, b = h[i + 1]!;
    const u = stepEntry(a.x_mm, a.y_mm, b.x_mm, b.y_mm, p, r_mm);
    if (u !== null) return a.t_s + u * (b.t_s - a.t_s);
  }
  return Infinity;
}

/**
 * When the track's path since `from_s` touched point p, as far as the samples' noise lets it be told: from when it
 * first came within `outer_mm` (Infinity if never) to when it came within `inner_mm`, or failing that to its
 * closest approach before it left `outer_mm` again (a ball the path passed at about a touch, a graze, was met
 * somewhere in that span; one run into full, early in it).
 */
export function reachSpan_s(t: Track, p: { x: number; y: number }, outer_mm: number, inner_mm: number, from_s: number): [number, number] {
  const from = firstWithin_s(t, p, outer_mm, from_s);
  if (!Number.isFinite(from)) return [Infinity, Infinity];
  const until = firstWithin_s(t, p, inner_mm, from_s);
  if (Number.isFinite(until)) return [from, until];
  // (no nearer than `inner_mm`: the closest sample or step's point while within `outer_mm`, from the step that
  // came within it — a fast ball's graze may begin and end inside one step)
  const h = t.history.filter((s) => s.t_s >= from_s);
  let best_mm = Infinity, best_s = from;
  let i0 = 0;
  while (i0 + 1 < h.length && h[i0 + 1]!.t_s <= from) i0++;
  for (let i = i0; i < h.length; i++) {
    const a = h[i]!;
    const d = hypot2(a.x_mm - p.x, a.y_mm - p.y);
    if (d > outer_mm && a.t_s > from) break;
    if (d < best_mm && a.t_s >= from) { best_mm = d; best_s = a.t_s; }
    const b = h[i + 1];
    if (!b) continue;
    const { u, d_mm } = closestOnStep(a, b, p);
    if (d_mm < best_mm) { best_mm = d_mm; best_s = a.t_s + u * (b.t_s - a.t_s); }
  }
  return [from, Math.max(from, best_s)];
}

/** The camera's frame interval as the track's samples show it (the shortest step of its last ten; a frame it was unseen in leaves a longer one), 1/30 s failing that. */
export function frameInterval_s(t: Track): number {
  const h = t.history.slice(-10);
  let best = Infinity;
  for (let i = 1; i < h.length; i++) {
    const dt = h[i]!.t_s - h[i - 1]!.t_s;
    if (dt > 1e-4 && dt < best) best = dt;
  }
  return Number.isFinite(best) ? best : 1 / 30;
}

/**
 * Whether samples (in time order) missing no more than `maxGap_s` between two of them never pass within
 * `reach_mm` of p, joined by straight steps; false for fewer than two.
 */
export function keptAway(samples: readonly TrackSample[], p: { x: number; y: number }, reach_mm: number, maxGap_s: number): boolean {
  for (let i = 1; i < samples.length; i++) {
    if (samples[i]!.t_s - samples[i - 1]!.t_s > maxGap_s) return false;
    if (segmentDistance(samples[i - 1]!, samples[i]!, p) <= reach_mm) return false;
  }
  return samples.length >= 2;
}

/** Whether samples since `since_s` went further than `away_mm` from `place` and then came back within `back_mm` of it. */
export function leftAndCameBack(samples: readonly TrackSample[], place: { x: number; y: number }, since_s: number, away_mm: number, back_mm: number): boolean {
  let left = false;
  for (const q of samples) {
    if (q.t_s < since_s) continue;
    const d = hypot2(q.x_mm - place.x, q.y_mm - place.y);
    if (d > away_mm) left = true;
    else if (left && d <= back_mm) return true;
  }
  return false;
}
