// A candidate's circle at full resolution: rays from the candidate centre find the strongest colour
// edge near the expected radius; a circle of that radius fitted robustly to those points gives a
// sub-pixel centre that a partly hidden ball (an arm over it, a neighbour touching it) still gets. Where
// some ray's strongest edge is not the ball's outline (a numeral's ring), the circle through the rays'
// outlines may take its place (see outlineFit()).
import type { ClothModel } from '../calibration/cloth.js';
import { clothLike } from './votes.js';
import { hypot2 } from '../hypot2.js';

export interface RoiImage {
  /** BGR bytes of the region of interest */
  data: Buffer | Uint8Array;
  x0: number;
  y0: number;
  width: number;
  height: number;
}

export interface CircleFit {
  cx: number;
  cy: number;
  r: number;
  /** fraction of rays whose edge lies on the fitted circle */
  coverage: number;
  /**
   * fraction of rays that cross the fitted circle with an edge as strong as any outline's and cloth
   * beyond it, whether or not that was the ray's strongest edge (a numeral's ring, a coloured band)
   */
  seenRound: number;
  /** the largest run of rays without an edge on the circle, as a fraction of the turn */
  gap: number;
  /** fraction of the disc's inner samples that do not look like cloth */
  notCloth: number;
  /** the rays reached the image's edge */
  clipped: boolean;
  /** edges on two opposite sides only: the look of a cue or an arm, not of a ball */
  tube: boolean;
}

const K = 24;
/** An edge this share of a ray's strongest may be its outline (a numeral's ring is often the strongest). */
const OUTLINE_SHARE = 0.3;
/** The share of the rays on its circle from which a ball counts as seen whole (the detector's `partial` is below it). */
export const WHOLE_SHARE = 0.7;
/**
 * Each ray's gradient profile (ray k from k × n, its length in profLen, -1 for none), reused by every call: one
 * array, not 24 new ones a candidate.
 */
let profBuf = new Float64Array(0);
const profLen = new Int32Array(K);
/** each ray's strongest edge's index in its profile, reused by every call */
const strongestAt = new Int32Array(K);

function sampleOpp(img: RoiImage, x: number, y: number, out: Float64Array): boolean {
  const fx = x - img.x0 - 0.5, fy = y - img.y0 - 0.5;
  const x0 = Math.floor(fx), y0 = Math.floor(fy);
  if (x0 < 0 || y0 < 0 || x0 >= img.width - 1 || y0 >= img.height - 1) return false;
  const ax = fx - x0, ay = fy - y0;
  const d = img.data, W = img.width;
  const w00 = (1 - ax) * (1 - ay), w10 = ax * (1 - ay), w01 = (1 - ax) * ay, w11 = ax * ay;
  const o00 = 3 * (y0 * W + x0), o10 = o00 + 3, o01 = o00 + 3 * W, o11 = o01 + 3;
  const B = w00 * d[o00]! + w10 * d[o10]! + w01 * d[o01]! + w11 * d[o11]!;
  const G = w00 * d[o00 + 1]! + w10 * d[o10 + 1]! + w01 * d[o01 + 1]! + w11 * d[o11 + 1]!;
  const R = w00 * d[o00 + 2]! + w10 * d[o10 + 2]! + w01 * d[o01 + 2]! + w11 * d[o11 + 2]!;
  out[0] = (R + G + B) / 3; out[1] = (R - G) * 0.7; out[2] = ((R + G) / 2 - B) * 0.7;
  return true;
}

/** Expected outline: semi-axes a (along `angle`) and b (across), px. */
export interface OutlineShape {
  a: number;
  b: number;
  angle: number;
}

/**
 * The outline's radius in the direction (dx, dy) from its centre, d = |(dx, dy)|: radiusAt() without the angle (the
 * fit asks it some 300 times a ball, and an arctangent, a sine and a cosine each time cost a tenth of the fit).
 */
function radiusToward(s: OutlineShape, dx: number, dy: number, d: number): number {
  if (d === 0) return radiusAt(s, 0);
  if (s.angle !== axesAngle) { axesAngle = s.angle; axesCos = Math.cos(s.angle); axesSin = Math.sin(s.angle); }
  const c = (dx * axesCos + dy * axesSin) / d, sn = (dy * axesCos - dx * axesSin) / d;
  return (s.a * s.b) / Math.sqrt((s.b * c) ** 2 + (s.a * sn) ** 2);
}
/** the cosine and sine of the last outline's angle (the shapes of neighbouring candidates are alike) */
let axesAngle = NaN, axesCos = 1, axesSin = 0;

/** The outline's radius in direction phi. */
function radiusAt(s: OutlineShape, phi: number): number {
  const c = Math.cos(phi - s.angle), sn = Math.sin(phi - s.angle);
  return (s.a * s.b) / Math.sqrt((s.b * c) ** 2 + (s.a * sn) ** 2);
}

export function refineCircle(img: RoiImage, cx0: number, cy0: number, shape: OutlineShape, cloth: ClothModel, clothMean: readonly [number, number], edgeT: number): CircleFit | null {
  const step = 0.5;
  const rExp = Math.sqrt(shape.a * shape.b);
  const tMin = 0.55 * Math.min(shape.a, shape.b), tMax = 1.45 * Math.max(shape.a, shape.b);
  const n = Math.max(4, Math.ceil((tMax - tMin) / step) + 1);
  const pts: EdgePoint[] = [];
  // each ray's gradient profile, kept for the second look below (-1: the ray left the image at once)
  if (profBuf.length < K * n) profBuf = new Float64Array(K * n);
  profLen.fill(-1);
  const prev = new Float64Array(3), cur = new Float64Array(3);
  let clipped = false;
  for (let k = 0; k < K; k++) {
    const a = (2 * Math.PI * k) / K, ca = Math.cos(a), sa = Math.sin(a);
    const p0 = k * n;
    let len = 0;
    let ok = sampleOpp(img, cx0 + ca * tMin, cy0 + sa * tMin, prev);
    if (!ok) { clipped = true; continue; }
    for (let j = 1; j < n; j++) {
      const t = tMin + j * step;
      if (!sampleOpp(img, cx0 + ca * t, cy0 + sa * t, cur)) { ok = false; break; }
      const d0 = cur[0]! - prev[0]!, d1 = cur[1]! - prev[1]!, d2 = cur[2]! - prev[2]!;
      profBuf[p0 + len++] = Math.sqrt(d0 * d0 + d1 * d1 + d2 * d2) / step;
      prev.set(cur);
    }
    if (!ok) clipped = true;
    profLen[k] = len;
  }
  /** the edge at profile index j of ray k, placed to a sub-pixel by the parabola through its neighbours */
  const edgePoint = (p0: number, len: number, j: number, k: number): EdgePoint => {
    const a = (2 * Math.PI * k) / K;
    const g = profBuf[p0 + j]!;
    const l = j > 0 ? profBuf[p0 + j - 1]! : g, r = j + 1 < len ? profBuf[p0 + j + 1]! : g;
    const den = l - 2 * g + r;
    const off = den < 0 ? Math.max(-0.5, Math.min(0.5, (0.5 * (l - r)) / den)) : 0;
    const t = tMin + (j + 0.5 + off) * step;
    return { x: cx0 + Math.cos(a) * t, y: cy0 + Math.sin(a) * t, k };
  };
  // each ray's strongest edge (-1: none strong enough)
  strongestAt.fill(-1);
  for (let k = 0; k < K; k++) {
    const len = profLen[k]!, p0 = k * n;
    let best = 0, bestT = -1;
    for (let j = 0; j < len; j++) if (profBuf[p0 + j]! > best) { best = profBuf[p0 + j]!; bestT = j; }
    if (bestT < 0 || best < edgeT) continue;
    strongestAt[k] = bestT;
    pts.push(edgePoint(p0, len, bestT, k));
  }
  if (pts.length < K / 4) return null;
  const tol = Math.max(1.2, 0.14 * rExp);
  /** The circle through each ray's outline (its strongest edge where no other is), or null if no ray has another. */
  function outlineFit(): ReturnType<typeof fitAtRadius> {
    // (a ball of the cloth's own colour, most rays starting on cloth-like pixels, is not judged by what is inside)
    let clothInside = 0;
    for (let k = 0; k < K; k++) {
      if (profLen[k]! < 0) continue;
      const a = (2 * Math.PI * k) / K;
      if (clothBeyond(img, cx0 + Math.cos(a) * tMin, cy0 + Math.sin(a) * tMin, cloth, clothMean)) clothInside++;
    }
    const judgeInside = clothInside < K / 2;
    const inset = Math.max(1.5, 0.12 * rExp), beyond = 0.25 * rExp;
    // the ray being looked along (one function for every ray, not a closure a ray)
    let rayCos = 1, raySin = 0;
    const outline = (j: number): boolean => {
      const t = tMin + (j + 0.5) * step;
      return clothBeyond(img, cx0 + rayCos * (t + beyond), cy0 + raySin * (t + beyond), cloth, clothMean)
        && !(judgeInside && clothBeyond(img, cx0 + rayCos * (t - inset), cy0 + raySin * (t - inset), cloth, clothMean));
    };
    const outlinePts: EdgePoint[] = [];
    let picked = false;
    for (let i = 0; i < pts.length; i++) {
      const k = pts[i]!.k, len = profLen[k]!, p0 = k * n, bestT = strongestAt[k]!;
      const a = (2 * Math.PI * k) / K;
      rayCos = Math.cos(a); raySin = Math.sin(a);
      // (the strongest edge is most often the outline: the rest are looked at only when it is not)
      let pick = -1, pickG = 0;
      if (bestT === 0 || bestT + 1 === len || !outline(bestT)) {
        const floor = Math.max(edgeT, OUTLINE_SHARE * profBuf[p0 + bestT]!);
        for (let j = 1; j + 1 < len; j++) {
          const g = profBuf[p0 + j]!;
          if (g < floor || g <= pickG || g < profBuf[p0 + j - 1]! || g < profBuf[p0 + j + 1]! || !outline(j)) continue;
          pick = j; pickG = g;
        }
      }
      if (pick >= 0) { outlinePts.push(edgePoint(p0, len, pick, k)); picked = true; } else outlinePts.push(pts[i]!);
    }
    return picked ? fitAtRadius(outlinePts, cx0, cy0, shape, rExp, tol) : null;
  }
  let fit = fitAtRadius(pts, cx0, cy0, shape, rExp, tol);
  // A ray's strongest edge is often not the outline: the ring round a numeral, or a neighbour's lit edge a few px
  // past this ball's shadowed one. The outline is where the ball gives way to the cloth: of the ray's strong
  // edges, the strongest with the ball inside it and cloth beyond it. 1291201: ball 6's ring (0.7 of its radius,
  // off-centre as the numeral turned away) out-edged its outline on two thirds of the rays and drew the fitted
  // centre 8 px (18 mm) up. A ray with no such edge (a neighbour touching, a cushion, an arm) offers its strongest.
  // The circle through the rays' strongest edges stands unless (some ray's strongest edge not being its outline)
  // the circle through their outlines is the ball seen whole, on more rays. A motion-blurred ball's strongest edges
  // lie mid-smear, its "outlines" at the smear's end: there the strongest edges explain more rays and are kept.
  // A hand's fingertips, edged with skin inside and cloth beyond, fit the outlines on a few rays more (5 -> 9,
  // 11 -> 12 of 24 on 1205000's hand at 15.4 s, against 10-13 -> 18-23 for 1291201's ringed balls): never whole.
  // (No circle has more rays on it than there are points: the outlines are not looked for when every strongest
  // edge is on the fitted circle, or too few rays have an edge for a whole ball.)
  if ((!fit || fit.ds.length < pts.length) && pts.length >= WHOLE_SHARE * K) {
    const alt = outlineFit();
    if (alt && alt.ds.length >= WHOLE_SHARE * K && (!fit || alt.ds.length > fit.ds.length)) fit = alt;
  }
  if (!fit) return null;
  const { cx, cy, onCircle, ds } = fit;
  const coverage = ds.length / K;
  ds.sort((a, b) => a - b);
  const r = ds.length ? ds[ds.length >> 1]! : rExp;
  const runs = gapRuns(onCircle);
  // (no ray on the circle: nothing of it seen; every ray on it: no gap at all)
  const gap = runs.length ? runs[0]!.len / K : ds.length ? 0 : 1;
  // a cue or an arm as wide as a ball shows two edges with the open ends facing each other
  // (a ball with a dark band across it in a dark corner shows the same two gaps, where the band meets
  // the cloth: but it stands alone on the cloth, and a cue or an arm goes on past its outline)
  let tube = false;
  if (runs.length >= 2 && runs[1]!.len >= 0.15 * K) {
    const d = Math.abs(runs[0]!.mid - runs[1]!.mid) % K;
    tube = Math.min(d, K - d) >= 0.35 * K && !enclosed(img, cx, cy, r);
  }
  // A ray whose strongest edge lies inside the ball (the ring round a numeral, where ivory meets a
  // coloured band) may still cross the outline with an edge as strong as any ball's and cloth beyond
  // it: that ray sees the outline too. Counted apart (seenRound), for whether the disc is a ball at
  // all: ball 12 at rest in 965006, its numeral circled, kept a third of its rays on the circle and
  // was dropped. Left out of coverage and gap, which say how much of it was seen clear of anything
  // (the tracker's whole/part-found), and after the tube test, which reads the strongest edges only.
  for (let k = 0; k < K; k++) {
    const len = profLen[k]!, p0 = k * n;
    if (onCircle[k] || len < 0) continue;
    const a = (2 * Math.PI * k) / K, ca = Math.cos(a), sa = Math.sin(a);
    for (let j = 1; j + 1 < len; j++) {
      const g = profBuf[p0 + j]!;
      if (g < edgeT || g < profBuf[p0 + j - 1]! || g < profBuf[p0 + j + 1]!) continue;
      const t = tMin + (j + 0.5) * step, x = cx0 + ca * t, y = cy0 + sa * t;
      const d = hypot2(x - cx, y - cy), re = radiusToward(shape, x - cx, y - cy, d);
      if (Math.abs(d - re) < tol && clothBeyond(img, x + ca * 0.25 * rExp, y + sa * 0.25 * rExp, cloth, clothMean)) { onCircle[k] = true; break; }
    }
  }
  const seenRound = onCircle.filter(Boolean).length / K;
  // how unlike the cloth the inside is
  let nc = 0, tot = 0;
  const ri = 0.7 * rExp;
  const st = ri > 6 ? 2 : 1;
  for (let dy = -ri; dy <= ri; dy += st) for (let dx = -ri; dx <= ri; dx += st) {
    if (dx * dx + dy * dy > ri * ri) continue;
    const xi = Math.floor(cx + dx) - img.x0, yi = Math.floor(cy + dy) - img.y0;
    if (xi < 0 || yi < 0 || xi >= img.width || yi >= img.height) continue;
    const o = 3 * (yi * img.width + xi);
    tot++;
    if (!clothLike(cloth, img.data[o]!, img.data[o + 1]!, img.data[o + 2]!, clothMean)) nc++;
  }
  return { cx, cy, r, coverage, seenRound, gap, tube, notCloth: tot ? nc / tot : 0, clipped };
}

/** An edge found on ray k (of K), px. */
interface EdgePoint {
  x: number;
  y: number;
  k: number;
}

/**
 * Fixed-radius robust fit: the centre that puts the edge points one radius away. It starts from the best circle
 * through all the points (the coarse centre can be a few px off), then narrows the band so stray edges (a shadow,
 * a numeral) drop out. Returns the rays with a point on the circle and those points' distances (scaled to rExp).
 */
function fitAtRadius(pts: readonly EdgePoint[], cx0: number, cy0: number, shape: OutlineShape, rExp: number, tol: number): { cx: number; cy: number; onCircle: boolean[]; ds: number[] } | null {
  let cx = cx0, cy = cy0;
  const k0 = kasaCentre(pts);
  if (k0 && hypot2(k0.x - cx0, k0.y - cy0) < 0.6 * rExp) { cx = k0.x; cy = k0.y; }
  for (let it = 0; it < 12; it++) {
    let sx = 0, sy = 0, sw = 0;
    const band = it < 4 ? Math.max(2.5 * tol, 0.4 * rExp) : 2.5 * tol;
    for (const p of pts) {
      const dx = p.x - cx, dy = p.y - cy, d = Math.sqrt(dx * dx + dy * dy) || 1e-9;
      const re = radiusToward(shape, dx, dy, d);
      const res = (d - re) / band;
      const wt = Math.abs(res) < 1 ? (1 - res * res) ** 2 : 0;
      sx += wt * (p.x - (re * dx) / d); sy += wt * (p.y - (re * dy) / d); sw += wt;
    }
    if (sw < 1e-6) return null;
    const nx = sx / sw, ny = sy / sw;
    const moved = Math.abs(nx - cx) + Math.abs(ny - cy);
    cx = nx; cy = ny;
    if (moved < 0.01 && it >= 4) break;
  }
  const onCircle = new Array<boolean>(K).fill(false);
  const ds: number[] = [];
  for (const p of pts) {
    const d = Math.sqrt((p.x - cx) ** 2 + (p.y - cy) ** 2);
    const re = radiusToward(shape, p.x - cx, p.y - cy, d);
    if (Math.abs(d - re) < tol) { onCircle[p.k] = true; ds.push((d / re) * rExp); }
  }
  return { cx, cy, onCircle, ds };
}

/** Whether the pixel at (x, y) looks like the cloth. */
function clothBeyond(img: RoiImage, x: number, y: number, cloth: ClothModel, clothMean: readonly [number, number]): boolean {
  const xi = Math.floor(x) - img.x0, yi = Math.floor(y) - img.y0;
  if (xi < 0 || yi < 0 || xi >= img.width || yi >= img.height) return false;
  const o = 3 * (yi * img.width + xi);
  return clothLike(cloth, img.data[o]!, img.data[o + 1]!, img.data[o + 2]!, clothMean);
}

/** Runs of rays with no edge on the circle, going once round (starting just after an edge), longest first. */
function gapRuns(onCircle: boolean[]): { len: number; mid: number }[] {
  const runs: { len: number; mid: number }[] = [];
  const first = onCircle.indexOf(true);
  if (first >= 0) {
    let run = 0;
    for (let j = 1; j <= K; j++) {
      const k = (first + j) % K;
      if (!onCircle[k]) run++;
      else if (run > 0) { runs.push({ len: run, mid: (k - run / 2 + K) % K }); run = 0; }
    }
  }
  return runs.sort((a, b) => b.len - a.len);
}

/** Opponent colours at the samples just outside the circle along ray `k` (of K) and its half-ray neighbours (1.6 and 1.9 radii out). */
function outside(img: RoiImage, cx: number, cy: number, r: number, k: number): number[][] {
  const out: number[][] = [];
  const c = new Float64Array(3);
  for (const dk of [-0.5, 0, 0.5]) {
    const a = (2 * Math.PI * (k + dk)) / K;
    for (const f of [1.6, 1.9]) if (sampleOpp(img, cx + Math.cos(a) * f * r, cy + Math.sin(a) * f * r, c)) out.push([...c]);
  }
  return out;
}

/**
 * Whether the outline stands alone on the cloth: what lies just outside it, all the way round, is alike
 * (the cloth, as dim or bright as it is round this place: a fixed cloth model is at its limit in a dim
 * corner), but for a few samples (a shadow's edge, noise). A cue, an arm or a hand goes on past it.
 */
function enclosed(img: RoiImage, cx: number, cy: number, r: number): boolean {
  const ring: number[][] = [];
  for (let k = 0; k < K; k++) ring.push(...outside(img, cx, cy, r, k));
  // (most of the ring off the image: what is round it cannot be seen)
  if (ring.length < 3 * K) return false;
  const med = [0, 1, 2].map((ch) => ring.map((v) => v[ch]!).sort((a, b) => a - b)[ring.length >> 1]!);
  const differs = ring.filter((v) => (hypot2(v[1]! - med[1]!, v[2]! - med[2]!) > 10 || Math.abs(v[0]! - med[0]!) > Math.max(12, 0.5 * med[0]!)) && !shadowOf(v, med)).length;
  return differs <= ENCLOSED_STRAYS * ring.length;
}
/** The share of the ring round an enclosed outline that may differ from the rest. */
const ENCLOSED_STRAYS = 0.1;

/**
 * Whether an opponent-colour sample is the ring's usual colour in shadow: no brighter, and of the same hue (its
 * chroma over its brightness within SHADOW_HUE of the usual one's). A ball's own shadow reaches past 1.6 radii
 * under lamps set wide: 1300000's striped cue ball, its stripe's two gaps and a fifth of its ring in its shadow,
 * was taken for a cue ("tube") in every frame of a full search, and its track went to a hand beside it. An arm,
 * a sleeve or a cue differs in hue (worked for the renderer's skin and cue wood against a blue cloth, 0.8-1.0 apart,
 * and a dark green shirt against a green cloth, 0.46).
 */
function shadowOf(v: readonly number[], usual: readonly number[]): boolean {
  if (v[0]! > usual[0]! + 12) return false;
  const b = Math.max(8, v[0]!), ub = Math.max(8, usual[0]!);
  return hypot2(v[1]! / b - usual[1]! / ub, v[2]! / b - usual[2]! / ub) < SHADOW_HUE;
}
const SHADOW_HUE = 0.3;

/** Algebraic (Kåsa) circle fit: the centre of x² + y² + Dx + Ey + F = 0 in least squares. */
function kasaCentre(pts: readonly { x: number; y: number }[]): { x: number; y: number } | null {
  let sx = 0, sy = 0;
  for (const p of pts) { sx += p.x; sy += p.y; }
  const mx = sx / pts.length, my = sy / pts.length;
  let suu = 0, suv = 0, svv = 0, suuu = 0, svvv = 0, suvv = 0, svuu = 0;
  for (const p of pts) {
    const u = p.x - mx, v = p.y - my;
    suu += u * u; suv += u * v; svv += v * v;
    suuu += u * u * u; svvv += v * v * v; suvv += u * v * v; svuu += v * u * u;
  }
  const a = (suuu + suvv) / 2, b = (svvv + svuu) / 2;
  const det = suu * svv - suv * suv;
  if (Math.abs(det) < 1e-9) return null;
  return { x: mx + (a * svv - b * suv) / det, y: my + (b * suu - a * suv) / det };
}
