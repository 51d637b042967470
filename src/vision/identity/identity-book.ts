// Identity over time (issue 5 item 3): each track keeps a belief over the 16 balls, fed by the
// number reader and the cue ball's look; a clear reading of a ball at rest outweighs many blurred
// ones. Names are then given by a one-to-one assignment over the balls the rules say are on the table,
// so a ball nobody has read is named by elimination.
import type { BallId } from '../../sim/types.js';
import { assign } from '../tracking/assignment.js';
import { NOT_VISIBLE, type BallDetection } from '../observation.js';
import { cueEvidence, cueOddness, type CueBallMode } from './cue-look.js';

const IDS = 16; // cue (0) and 1..15
const FLOOR = 1e-3;

export interface Naming {
  id: BallId;
  /** posterior probability of that name given the beliefs and the one-to-one constraint's row */
  confidence: number;
}

const classToId = (c: number): BallId => (c === 0 ? 'cue' : c);
const idToClass = (id: BallId): number => (id === 'cue' ? 0 : id);

/** Time-averaged look of one track (looks of frames are alike from one to the next: averaged, not multiplied). */
interface LookTally {
  oddness: number;
  weight: number;
  /** the detector's own per-frame cue probability, as mean log-odds (observations without look figures) */
  logOdds: number;
  frames: number;
}

/** The readings of one track at one resting spot: Σ w·log p, Σ w, the largest w, and what they add to the row. */
interface SpotTally {
  spot: number;
  acc: Float64Array;
  sumW: number;
  maxW: number;
  added: Float64Array;
}

/** A row of log-likelihoods as probabilities. */
function normalised(r: Float64Array): Float64Array {
  let m = -Infinity;
  for (const x of r) m = Math.max(m, x);
  const out = new Float64Array(r.length);
  let s = 0;
  for (let c = 0; c < r.length; c++) s += out[c] = Math.exp(r[c]! - m);
  for (let c = 0; c < r.length; c++) out[c]! /= s;
  return out;
}

export class IdentityBook {
  private readonly logp = new Map<number, Float64Array>();
  private readonly spots = new Map<number, SpotTally>();
  /** per track, the latest resting spot whose readings were clear (see faceContradicts()) */
  private readonly clearFaces = new Map<number, SpotTally>();
  private readonly looks = new Map<number, LookTally>();
  /** per track, the summed weight of the exchanges mixed into its belief (see mix()) */
  private readonly mixes = new Map<number, number>();

  constructor(private readonly cueBall: CueBallMode = 'auto') {}

  private tally(track: number): LookTally {
    let t = this.looks.get(track);
    if (!t) this.looks.set(track, (t = { oddness: 0, weight: 0, logOdds: 0, frames: 0 }));
    return t;
  }

  private row(track: number): Float64Array {
    let r = this.logp.get(track);
    if (!r) this.logp.set(track, (r = new Float64Array(IDS)));
    return r;
  }

  /** Evidence from one detection of the track: its look, and a number reading when it carries one. */
  observe(track: number, d: BallDetection): void {
    const t = this.tally(track);
    if (d.look) {
      // an outline cut by an arm may have the arm's colour inside it: it counts for less
      const w = d.partial ? 0.3 : 1;
      t.oddness = (t.oddness * t.weight + w * cueOddness(d.look, this.cueBall)) / (t.weight + w);
      t.weight += w;
    } else {
      const cue = Math.min(1 - FLOOR, Math.max(FLOOR, d.cueLike));
      t.logOdds = (t.logOdds * t.frames + Math.log(cue / (1 - cue))) / (t.frames + 1);
      t.frames++;
    }
    if (d.idProbs) this.observeReading(track, d.idProbs, d.sharp ?? false);
  }

  /**
   * A number reading alone; "not visible" weighs nothing, a sharp reading at rest most. `weight`
   * below 1 for crops the reader was not made for (a ball smaller in the image than it was trained on).
   */
  observeReading(track: number, probs: ArrayLike<number>, sharp: boolean, weight = 1, spot?: number): void {
    const r = this.row(track);
    const nv = probs[NOT_VISIBLE] ?? 0;
    const w = weight * (sharp ? 1 : 0.25) * (1 - nv);
    if (w <= 0.01) return;
    let sum = 0;
    for (let c = 0; c < IDS; c++) sum += probs[c]!;
    if (spot === undefined) {
      for (let c = 0; c < IDS; c++) r[c] += w * Math.log(Math.max(FLOOR, probs[c]! / Math.max(sum, 1e-9)));
      return;
    }
    // Readings of a ball resting at one spot see the same face of it: near copies, not independent
    // evidence. A spot adds its readings' weighted mean, at the weight of its best reading, once;
    // a new spot (the ball moved and shows another face) adds anew.
    let t = this.spots.get(track);
    if (!t || t.spot !== spot) this.spots.set(track, (t = { spot, acc: new Float64Array(IDS), sumW: 0, maxW: 0, added: new Float64Array(IDS) }));
    t.sumW += w;
    t.maxW = Math.max(t.maxW, w);
    for (let c = 0; c < IDS; c++) {
      t.acc[c] += w * Math.log(Math.max(FLOOR, probs[c]! / Math.max(sum, 1e-9)));
      const add = (t.acc[c]! / t.sumW) * t.maxW;
      r[c] += add - t.added[c]!;
      t.added[c] = add;
    }
    if (t.maxW >= FACE_SURE_W) this.clearFaces.set(track, t);
  }

  /** Prior knowledge: e.g. the rack order of R3.1 at the break, or a name a person confirmed. */
  seed(track: number, id: BallId, strength = 8): void {
    const r = this.row(track);
    r[idToClass(id)] += strength;
  }

  /** Carry a belief over when a track is replaced by another (re-identification after occlusion). */
  merge(from: number, into: number): void {
    const la = this.looks.get(from);
    if (la) {
      const lb = this.tally(into);
      lb.oddness = (lb.oddness * lb.weight + la.oddness * la.weight) / Math.max(1e-9, lb.weight + la.weight);
      lb.weight += la.weight;
      lb.logOdds = (lb.logOdds * lb.frames + la.logOdds * la.frames) / Math.max(1, lb.frames + la.frames);
      lb.frames += la.frames;
    }
    const a = this.logp.get(from);
    if (!a) return;
    const b = this.row(into);
    for (let c = 0; c < IDS; c++) b[c] += a[c]!;
  }

  /**
   * Two tracks that may have exchanged balls (the tracker's matching was near a coin flip, see
   * possibleSwaps()): each belief becomes the mixture of its own and the other's, with weight `p` on the
   * other. Evidence gathered before the crossing then counts only as far as the crossing is sure.
   */
  mix(a: number, b: number, p: number): void {
    if (p <= 0) return;
    const q = Math.min(0.5, p);
    for (const t of [a, b]) this.mixes.set(t, (this.mixes.get(t) ?? 0) + q);
    const pa = normalised(this.row(a)), pb = normalised(this.row(b));
    const ra = this.row(a), rb = this.row(b);
    for (let c = 0; c < IDS; c++) {
      ra[c] = Math.log(Math.max(1e-12, (1 - q) * pa[c]! + q * pb[c]!));
      rb[c] = Math.log(Math.max(1e-12, (1 - q) * pb[c]! + q * pa[c]!));
    }
    // a resting spot's tally refers to the row as it was: readings from here on start afresh
    for (const t of [a, b]) { this.spots.delete(t); this.clearFaces.delete(t); }
    const la = this.looks.get(a), lb = this.looks.get(b);
    if (la && lb) {
      const [oa, ob] = [la.oddness, lb.oddness], [ga, gb] = [la.logOdds, lb.logOdds];
      la.oddness = (1 - q) * oa + q * ob; lb.oddness = (1 - q) * ob + q * oa;
      la.logOdds = (1 - q) * ga + q * gb; lb.logOdds = (1 - q) * gb + q * ga;
      // a look is a running mean: the frames before the crossing weigh as far as it is sure, so the
      // frames after it can set it right (at a coin flip they alone decide)
      for (const l of [la, lb]) { l.weight *= 1 - 2 * q; l.frames = Math.round(l.frames * (1 - 2 * q)); }
    }
  }

  /**
   * The track may now follow some other ball, with chance `q` (a leap among others, see possibleLeaps()):
   * its belief becomes the mixture of itself and "any ball". Evidence from before counts only as far
   * as the track's continuity is sure, so clear readings after a break can rename it.
   */
  doubt(track: number, q: number): void {
    if (q <= 0) return;
    const p = Math.min(1, q);
    this.mixes.set(track, (this.mixes.get(track) ?? 0) + p);
    const r = this.row(track);
    const pr = normalised(r);
    for (let c = 0; c < IDS; c++) r[c] = Math.log((1 - p) * pr[c]! + p / IDS);
    this.spots.delete(track);
    this.clearFaces.delete(track);
  }

  /** Names for `tracks` among `allowed` balls, one each, most probable jointly. */
  resolve(tracks: readonly number[], allowed: readonly BallId[]): Map<number, Naming> {
    const cols = allowed.map(idToClass);
    const cueNats = this.cueNats(tracks);
    const post = tracks.map((t, i) => {
      const r = Float64Array.from(this.row(t));
      r[0] += cueNats[i]!;
      const m = Math.max(...cols.map((c) => r[c]!));
      const e = cols.map((c) => Math.exp(r[c]! - m));
      const s = e.reduce((a, b) => a + b, 0);
      return e.map((x) => x / s);
    });
    const cost = post.map((p) => p.map((x) => -Math.log(Math.max(x, 1e-12))));
    const pick = assign(cost);
    const marginal = oneToOneMarginals(post);
    const out = new Map<number, Naming>();
    tracks.forEach((t, i) => {
      const j = pick[i]!;
      if (j < 0) return;
      // the name's chance under the one-to-one constraint, but no more than the track's own evidence for it:
      // a ball named by elimination alone stays unsure (a phantom, a lost ball or a rules engine misled by an
      // earlier misreading would make the elimination wrong), and one read clearly is not marked down for a
      // rival that has another ball left to be
      // and no more than a coin flip when the ball's latest resting face, read clearly, says another ball
      const cap = this.faceContradicts(t, cols[j]!, cols) ? CONTRADICTED : 1;
      if (marginal) { out.set(t, { id: classToId(cols[j]!), confidence: Math.min(post[i]![j]!, marginal[i]![j]!, cap) }); return; }
      // (too many undecided tracks to sum over: this row's probability of the name, reduced when another
      // track wants it too)
      const rival = post.reduce((m, p, k) => (k === i ? m : Math.max(m, p[j]!)), 0);
      out.set(t, { id: classToId(cols[j]!), confidence: Math.min(post[i]![j]! * (1 - 0.5 * rival), cap) });
    });
    return out;
  }

  /**
   * Whether the track's latest face read clearly at rest (a spot whose best reading weighed FACE_SURE_W or
   * more) reads best, among `cols`, as a ball that `cls`'s own face cannot show (mayShow()), favoured over `cls`
   * by FACE_CONTRADICTS_NATS at that weight. A name carried through a
   * break's scatter (a rack place's prior of 8 nats, the readings there) outweighs a new face's readings for
   * as long as the ball rests, right or wrong: 1355004's ball 11, its track swapped with ball 3's as the rack
   * flew apart, read "1" at 87% where it rested for a minute, and was then played and pocketed as ball 3
   * without a doubt (its later faces read unclearly).
   */
  private faceContradicts(track: number, cls: number, cols: readonly number[]): boolean {
    const t = this.clearFaces.get(track);
    if (!t) return false;
    // (only the face's best reading counts: with a numeral half turned away, the reader's second guesses are
    // as wrong as its first — 1355010's ball 10 read "1", then "11")
    let top = cols[0]!;
    for (const c of cols) if (t.acc[c]! > t.acc[top]!) top = c;
    return !mayShow(cls, top) && (t.maxW * (t.acc[top]! - t.acc[cls]!)) / t.sumW > FACE_CONTRADICTS_NATS;
  }

  /**
   * How much of other tracks' beliefs has been mixed into this one's so far (the sum of mix()'s weights):
   * a name taken at one moment and this figure then tell whether the track may have exchanged balls since.
   */
  mixedSoFar(track: number): number {
    return this.mixes.get(track) ?? 0;
  }

  forget(track: number): void {
    this.mixes.delete(track);
    this.logp.delete(track);
    this.spots.delete(track);
    this.clearFaces.delete(track);
    this.looks.delete(track);
  }

  /**
   * Cue-ball evidence per track from its look: relative among the tracks with look figures (the odd
   * one out), or the detector's own mean log-odds (doubled: a clear call is worth about a reading).
   */
  private cueNats(tracks: readonly number[]): number[] {
    const out = tracks.map(() => 0);
    const withLook = tracks.map((t, i) => ({ i, l: this.looks.get(t) })).filter((x) => x.l && x.l.weight > 0);
    const ev = cueEvidence(withLook.map((x) => ({ oddness: x.l!.oddness, weight: x.l!.weight })));
    withLook.forEach((x, k) => { out[x.i] = ev[k]!; });
    tracks.forEach((t, i) => {
      const l = this.looks.get(t);
      if (l && l.weight === 0 && l.frames > 0) out[i] = Math.max(-8, Math.min(8, 2 * l.logOdds));
    });
    return out;
  }
}

/** A resting face is read clearly enough to contradict a name when its best reading weighs this much (a sharp reading, mostly visible). */
const FACE_SURE_W = 0.5;
/** How much more (nats, at the face's weight) the face must favour another ball than the name. */
const FACE_CONTRADICTS_NATS = 3;
/** A name its ball's latest face contradicts is worth a coin flip: flagged, and still taken where a name must be chosen. */
const CONTRADICTED = 0.5;

/**
 * Whether a face of ball class `cls` may read as class `read` with nothing wrong in the name: the same class, a
 * part of its numeral with the rest turned away (the 1 or the 4 of 14), its 6/9 twin upside down, or a plain
 * white face (a numeral face down read as the cue ball). Such readings of a clear face contradict nothing:
 * 1355010's ball 10, 1355011's 13 and 1355005's 15, resting with their first digit in view, read "1" at every
 * spot, sure and right.
 */
function mayShow(cls: number, read: number): boolean {
  if (read === cls || (cls !== 0 && read === 0)) return true;
  if (cls === 0 || read === 0) return false;
  return String(cls).includes(String(read)) || (cls === 6 && read === 9) || (cls === 9 && read === 6);
}

/** With more tracks than balls, the chance (against a row summing to one) that a track is none of them. */
const NO_BALL_WEIGHT = 0.01;
/** A ball below this share of a track's row is left out of the sums; its share is taken off the others'. */
const CANDIDATE_FLOOR = 1e-3;
/** A set of balls in use weighing less than this part of the heaviest is dropped from the sums. */
const NEGLIGIBLE = 1e-9;
/** Work (sets of balls × choices) allowed for one set of marginals, a few ms; beyond it the caller falls back. */
const MARGINAL_BUDGET = 2e5;

/**
 * The chance that track i is ball j given every track's own probabilities (`post`, a row per track over
 * the balls allowed) and that no ball is two tracks: each track is one of the balls or, rarely, none, and
 * every such assignment weighs the product of its tracks' probabilities. Summed exactly over assignments,
 * by the balls each takes (a bit mask; 16 balls at most): for track i, the other tracks' assignments by the
 * set of balls they use, then each ball j weighed by the assignments that leave it free. A track sure of a
 * ball that a vaguer track also half-wants keeps its certainty when the vaguer one has another ball left to
 * be; one whose rival has nowhere else to go loses it. Null when the tracks are too undecided to sum over
 * cheaply (many tracks each open to many balls), or when no one-to-one assignment of the balls above the floor
 * fits (1355009 at 14 s: after a break's exchange two tracks were each sure of ball 5, and every ball on the
 * table was named with 0% confidence for the rest of the game).
 */
export function oneToOneMarginals(post: readonly (readonly number[])[]): number[][] | null {
  const n = post.length, m = post[0]?.length ?? 0;
  if (!n || !m || m > 30) return null;
  // "none of them" only where it must be: more tracks than balls (otherwise every assignment would also
  // have to weigh each track being a phantom, and the sets of balls in use multiply)
  const phantoms = n > m;
  const rows = post.map((r) => {
    const s = r.reduce((a, b) => a + b, 0);
    const cands = r.map((w, j) => [j, w / s] as const).filter(([, w]) => w >= CANDIDATE_FLOOR);
    const left = Math.max(0, 1 - cands.reduce((a, [, w]) => a + w, 0));
    return { none: phantoms ? Math.max(NO_BALL_WEIGHT, left) : 0, left, cands };
  });
  let work = 0;
  // the sure tracks first keeps the sets of balls in use few while the undecided ones are added
  const order = rows.map((_, i) => i).sort((a, b) => rows[a]!.cands.length - rows[b]!.cands.length);
  const others = (skip: number): Map<number, number> | null => {
    let f = new Map<number, number>([[0, 1]]);
    for (const i of order) {
      if (i === skip) continue;
      const row = rows[i]!;
      work += f.size * (row.cands.length + 1);
      if (work > MARGINAL_BUDGET) return null;
      const g = new Map<number, number>();
      for (const [mask, v] of f) {
        g.set(mask, (g.get(mask) ?? 0) + v * row.none);
        for (const [j, w] of row.cands) {
          const bit = 1 << j;
          if (mask & bit) continue;
          g.set(mask | bit, (g.get(mask | bit) ?? 0) + v * w);
        }
      }
      // sets of balls whose weight is a vanishing part of the rest (many tracks taken for phantoms at once) go
      let top = 0;
      for (const v of g.values()) top = Math.max(top, v);
      for (const [k, v] of g) if (v < top * NEGLIGIBLE) g.delete(k);
      f = g;
    }
    return f;
  };
  const out: number[][] = [];
  for (let i = 0; i < n; i++) {
    const f = others(i);
    if (!f) return null;
    // the other tracks' weight in all, and with each ball taken
    let total = 0;
    const taken = new Float64Array(m);
    for (const [mask, v] of f) {
      total += v;
      for (let j = 0; j < m; j++) if (mask & (1 << j)) taken[j]! += v;
    }
    const row = new Array<number>(m).fill(0);
    for (const [j, w] of rows[i]!.cands) row[j] = w * (total - taken[j]!);
    const z = row.reduce((a, b) => a + b, 0) + rows[i]!.none * total;
    // (no assignment of the balls above the floor fits: two tracks each sure of one ball, each other ball under
    // the floor in their rows. Every name would get nothing; the caller's fallback weighs the rivals instead)
    if (!(z > 0)) return null;
    // (the balls left out of the row take their share off what it is sure of)
    const keep = phantoms ? 1 : 1 - rows[i]!.left;
    out.push(row.map((x) => (keep * x) / z));
  }
  return out;
}
