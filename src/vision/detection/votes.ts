// Ball candidates at work scale by a fixed-radius circle transform: every colour edge votes for the
// point one expected radius away across it. Touching balls in a rack still each get a peak (the seam
// between two balls is an edge on both sides), while straight edges (cues, cushions, arms) spread
// their votes thin.
import type { ClothModel } from '../calibration/cloth.js';
import { clothChromaAt, clothDistance2, clothShadeAt, clothTintedChromaAt } from '../calibration/cloth.js';
import type { DetectorGeometry } from './geometry.js';
import type { PixelBox } from './motion-gate.js';

export interface VoteResult {
  /** 1 where a pixel is not cloth-coloured (work scale) */
  notCloth: Uint8Array;
  acc: Float32Array;
  /** candidate centres (work px, continuous): score ≈ the fraction of a full outline voting, fill = fraction of not-cloth inside */
  peaks: { x: number; y: number; score: number; fill: number }[];
  /** the edge threshold used, in opponent-colour units per px */
  edgeThreshold: number;
  /** how many pixels of the not-cloth or the occluding map changed in this search */
  notClothChanged: number;
  /**
   * 1 where a pixel is not cloth even as dim as the cloth falls there (the model's shade): what can hide
   * the table. The not-cloth map judges brightness against the cloth's median, which a ball needs (a
   * dim ivory ball in a dark corner is still a ball), but the corners a spotlight leaves dark are cloth
   */
  occluding: Uint8Array;
}

/** Opponent colours: intensity and two colour differences; balls differ from cloth in at least one. */
export function opponent(b: number, g: number, r: number): [number, number, number] {
  return [(r + g + b) / 3, (r - g) * 0.7, ((r + g) / 2 - b) * 0.7];
}

/** Whether a pixel is the cloth's: its colour, and a brightness the lamps give the cloth there (`shade`, see cloth.ts). */
export function clothLike(m: ClothModel, b: number, g: number, r: number, mean: readonly [number, number] = m.chroma, T2 = 20, shade = 1): boolean {
  const s = r + g + b;
  if (s > Math.min(765, m.brightness * 3 * 2.2) || s < m.brightness * shade * 3 * 0.35) return false;
  return clothDistance2(m, b, g, r, mean, shade) < T2;
}

/**
 * The shade the occluder map allows for at a place: the cloth's, but never brighter than its median (a
 * bright patch changes nothing) nor below half of it (a dark sleeve in a dark corner is still an arm).
 */
export function occluderShadeAt(m: ClothModel, nx: number, ny: number): number {
  return Math.min(1, Math.max(0.5, clothShadeAt(m, nx, ny)));
}

const MEAN_MAP_CHANNELS = 5;

/**
 * The cloth's expected chromaticity, the occluder map's shade and the cloth's tinted chromaticity (see
 * clothTintedChromaAt) at every work pixel (evaluated once): r, g, shade, tinted r, tinted g.
 */
export function clothMeanMap(geo: DetectorGeometry, cloth: ClothModel, imageW: number, imageH: number): Float32Array {
  const w = geo.workW, h = geo.workH;
  const out = new Float32Array(MEAN_MAP_CHANNELS * w * h);
  const sx = geo.roi.width / w, sy = geo.roi.height / h;
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    const nx = (geo.roi.x + (x + 0.5) * sx) / imageW, ny = (geo.roi.y + (y + 0.5) * sy) / imageH;
    const c = clothChromaAt(cloth, nx, ny), t = clothTintedChromaAt(cloth, nx, ny);
    const i = MEAN_MAP_CHANNELS * (y * w + x);
    out[i] = c[0]; out[i + 1] = c[1]; out[i + 2] = occluderShadeAt(cloth, nx, ny); out[i + 3] = t[0]; out[i + 4] = t[1];
  }
  return out;
}

export interface VoteOptions {
  /**
   * search only where `active` is 1 (work px; motion gating), within `boxes`, which hold every active
   * pixel and do not overlap; intensities are still read around them
   */
  search?: { active: Uint8Array; boxes: readonly PixelBox[] };
  /** the edge threshold of the last full search (a part of the table has no fair median of its own) */
  edgeThreshold?: number;
  /** the not-cloth map to update in place (searched pixels only; the rest keeps what it was) */
  notCloth?: Uint8Array;
  /** the occluding map, likewise */
  occluding?: Uint8Array;
  /** work arrays kept from frame to frame (a detector makes one; each frame would otherwise allocate ~5 MB) */
  scratch?: VoteScratch;
}

/** The per-pixel work arrays of one detector, reused every frame; only the boxes searched are rewritten. */
export interface VoteScratch {
  I: Float32Array; O1: Float32Array; O2: Float32Array;
  mag: Float32Array; dirX: Float32Array; dirY: Float32Array;
  acc: Float32Array; tmp: Float32Array; sm: Float32Array;
  mags: Float32Array;
  inside: Uint8Array;
}

export function createVoteScratch(w: number, h: number): VoteScratch {
  const N = w * h;
  const f = () => new Float32Array(N);
  return { I: f(), O1: f(), O2: f(), mag: f(), dirX: f(), dirY: f(), acc: f(), tmp: f(), sm: f(), mags: new Float32Array(Math.ceil(N / 3) + w), inside: new Uint8Array(N) };
}

export function castVotes(bgr: Buffer | Uint8Array, geo: DetectorGeometry, cloth: ClothModel, clothMean: Float32Array, opts: VoteOptions = {}): VoteResult {
  const w = geo.workW, h = geo.workH, N = w * h;
  const sc = opts.scratch ?? createVoteScratch(w, h);
  const { I, O1, O2, acc } = sc;
  const notCloth = opts.notCloth ?? new Uint8Array(N);
  const occluding = opts.occluding ?? new Uint8Array(N);
  let inside = geo.inside;
  const boxes: readonly PixelBox[] = opts.search?.boxes ?? [{ x0: 0, y0: 0, x1: w, y1: h }];
  if (opts.search) {
    const a = opts.search.active;
    inside = sc.inside;
    for (const box of boxes) for (let y = box.y0; y < box.y1; y++) for (let x = box.x0, i = y * w + x; x < box.x1; x++, i++) inside[i] = geo.inside[i]! & a[i]!;
  }
  const mean: [number, number] = [0, 0], tinted: [number, number] = [0, 0];
  let changed = opts.notCloth ? 0 : N;
  for (const box of boxes) for (let y = box.y0; y < box.y1; y++) for (let x = box.x0, i = y * w + x, o = 3 * i; x < box.x1; x++, i++, o += 3) {
    const b = bgr[o]!, g = bgr[o + 1]!, r = bgr[o + 2]!;
    I[i] = (r + g + b) / 3;
    O1[i] = (r - g) * 0.7;
    O2[i] = ((r + g) / 2 - b) * 0.7;
    if (inside[i]) {
      const k = MEAN_MAP_CHANNELS * i;
      mean[0] = clothMean[k]!; mean[1] = clothMean[k + 1]!;
      const nc = clothLike(cloth, b, g, r, mean) ? 0 : 1;
      if (nc !== notCloth[i]) { notCloth[i] = nc; changed++; }
      tinted[0] = clothMean[k + 3]!; tinted[1] = clothMean[k + 4]!;
      const oc = nc && !clothLike(cloth, b, g, r, tinted, 20, clothMean[k + 2]!) ? 1 : 0;
      if (oc !== occluding[i]) { occluding[i] = oc; changed++; }
    }
  }
  let nm = 0;
  for (const box of boxes) nm = gradients(sc, inside, w, h, box, nm);
  const { mag, dirX, dirY } = sc;
  const T = opts.edgeThreshold ?? Math.max(4, 3 * medianInPlace(sc.mags.subarray(0, nm)));
  // votes land up to the largest radius outside a box, and the blurs spread them two more pixels
  const reach = Math.ceil(geo.rMax_w) + 3;
  const wides = boxes.map((b): PixelBox => ({ x0: Math.max(0, b.x0 - reach), y0: Math.max(0, b.y0 - reach), x1: Math.min(w, b.x1 + reach), y1: Math.min(h, b.y1 + reach) }));
  // cleared a pixel wider than the votes reach: the blur reads one pixel past each box
  for (const b of wides) for (let y = Math.max(0, b.y0 - 1); y < Math.min(h, b.y1 + 1); y++) {
    acc.fill(0, y * w + Math.max(0, b.x0 - 1), y * w + Math.min(w, b.x1 + 1));
    sc.sm.fill(0, y * w + Math.max(0, b.x0 - 1), y * w + Math.min(w, b.x1 + 1));
  }
  const splat = (x: number, y: number, wt: number) => {
    const x0 = Math.floor(x), y0 = Math.floor(y);
    if (x0 < 0 || y0 < 0 || x0 >= w - 1 || y0 >= h - 1) return;
    const ax = x - x0, ay = y - y0, i = y0 * w + x0;
    acc[i]! += wt * (1 - ax) * (1 - ay); acc[i + 1]! += wt * ax * (1 - ay);
    acc[i + w]! += wt * (1 - ax) * ay; acc[i + w + 1]! += wt * ax * ay;
  };
  for (const box of boxes) for (let y = Math.max(2, box.y0); y < Math.min(h - 2, box.y1); y++) for (let x = Math.max(2, box.x0); x < Math.min(w - 2, box.x1); x++) {
    const i = y * w + x;
    if (!inside[i]) continue;
    const m = mag[i]!;
    if (m < T) continue;
    const wt = Math.min(1, m / (3 * T));
    const r = geo.radius_w[i]!;
    const dx = dirX[i]!, dy = dirY[i]!;
    // which side is the ball: not toward plain cloth when the other side is not cloth
    const ax = Math.round(x + 1.5 * dx), ay = Math.round(y + 1.5 * dy), bx = Math.round(x - 1.5 * dx), by = Math.round(y - 1.5 * dy);
    const aNot = notCloth[ay * w + ax]!, bNot = notCloth[by * w + bx]!;
    if (aNot || !bNot) splat(x + r * dx, y + r * dy, wt);
    if (bNot || !aNot) splat(x - r * dx, y - r * dy, wt);
  }
  // blurred twice: votes into sm, then back into acc (both are zero around the boxes)
  for (const b of wides) blur3(acc, sc.tmp, sc.sm, w, h, b);
  for (const b of wides) blur3(sc.sm, sc.tmp, acc, w, h, b);
  const sm = acc;
  const peaks: VoteResult['peaks'] = [];
  for (const box of boxes) for (let y = Math.max(2, box.y0); y < Math.min(h - 2, box.y1); y++) for (let x = Math.max(2, box.x0); x < Math.min(w - 2, box.x1); x++) {
    const i = y * w + x;
    if (!inside[i]) continue;
    const v = sm[i]!;
    const r = geo.radius_w[i]!;
    // ≈ 1 for a whole ball's outline (its 2πr edge pixels, each weighing up to 1, spread by the
    // blurs; measured on real and rendered balls), ≈ 0.5 for half of one
    const score = (v * 9) / (2 * Math.PI * r) / 2.7;
    if (score < 0.12) continue;
    const nr = Math.max(2, Math.round(0.8 * r));
    let isMax = true;
    for (let yy = -nr; yy <= nr && isMax; yy++) for (let xx = -nr; xx <= nr; xx++) {
      if (xx * xx + yy * yy > nr * nr || (xx === 0 && yy === 0)) continue;
      const j = i + yy * w + xx;
      if (j < 0 || j >= N) continue;
      const u = sm[j]!;
      if (u > v || (u === v && j < i)) { isMax = false; break; }
    }
    if (!isMax) continue;
    // a ball's inside is not cloth (most of it: a highlight or a cloth-coloured ball keeps some)
    const ri = Math.max(1, Math.round(0.6 * r));
    let nc = 0, tot = 0;
    for (let yy = -ri; yy <= ri; yy++) for (let xx = -ri; xx <= ri; xx++) {
      if (xx * xx + yy * yy > ri * ri) continue;
      const j = i + yy * w + xx;
      if (j < 0 || j >= N) continue;
      tot++; nc += notCloth[j]!;
    }
    const fill = tot ? nc / tot : 0;
    if (score < 0.3 && fill < 0.5) continue;
    // sub-pixel by parabolas along x and y
    const l = sm[i - 1]!, rr = sm[i + 1]!, t = sm[i - w]!, bb = sm[i + w]!;
    const ox = l - 2 * v + rr < 0 ? (0.5 * (l - rr)) / (l - 2 * v + rr) : 0;
    const oy = t - 2 * v + bb < 0 ? (0.5 * (t - bb)) / (t - 2 * v + bb) : 0;
    peaks.push({ x: x + ox, y: y + oy, score, fill });
  }
  return { notCloth, occluding, acc: sm, peaks, edgeThreshold: T, notClothChanged: changed };
}

/**
 * Colour gradients (central differences) as a structure tensor over the three channels, into the
 * scratch arrays; every 3rd magnitude goes to `mags` from `nm` on (for the edge threshold's median).
 */
function gradients(sc: VoteScratch, inside: Uint8Array, w: number, h: number, box: PixelBox, nm: number): number {
  const { I, O1, O2, mag, dirX, dirY, mags } = sc;
  for (let y = Math.max(1, box.y0); y < Math.min(h - 1, box.y1); y++) {
    for (let x = Math.max(1, box.x0); x < Math.min(w - 1, box.x1); x++) {
      const i = y * w + x;
      if (inside[i] === 0) continue;
      const ix = (I[i + 1]! - I[i - 1]!) * 0.5, iy = (I[i + w]! - I[i - w]!) * 0.5;
      const ax = (O1[i + 1]! - O1[i - 1]!) * 0.5, ay = (O1[i + w]! - O1[i - w]!) * 0.5;
      const bx = (O2[i + 1]! - O2[i - 1]!) * 0.5, by = (O2[i + w]! - O2[i - w]!) * 0.5;
      const jxx = ix * ix + ax * ax + bx * bx, jxy = ix * iy + ax * ay + bx * by, jyy = iy * iy + ay * ay + by * by;
      const half = (jxx - jyy) * 0.5;
      const disc = Math.sqrt(half * half + jxy * jxy);
      const m = Math.sqrt((jxx + jyy) * 0.5 + disc);
      mag[i] = m;
      // the tensor's principal direction, without trigonometry
      dirX[i] = 0; dirY[i] = 0;
      if (disc > 1e-9) {
        const ex = half + disc, ey = jxy;
        const n = Math.sqrt(ex * ex + ey * ey);
        if (n > 1e-12) { dirX[i] = ex / n; dirY[i] = ey / n; } else { dirX[i] = 0; dirY[i] = 1; }
      }
      if ((x + y) % 3 === 0 && nm < mags.length) mags[nm++] = m;
    }
  }
  return nm;
}

/**
 * The (upper) median, by selection in place: the order of `xs` is lost (it is scratch). Sorting a copy
 * cost 2.5 ms of a 14 ms whole-table search at 720p; selection gives the same element in a tenth of that.
 */
export function medianInPlace(xs: Float32Array): number {
  const n = xs.length;
  if (!n) return 1;
  const k = n >> 1;
  let lo = 0, hi = n - 1;
  while (hi > lo) {
    // Hoare partition around the middle of three
    const a = xs[lo]!, b = xs[(lo + hi) >> 1]!, c = xs[hi]!;
    const pivot = a < b ? (b < c ? b : a < c ? c : a) : (a < c ? a : b < c ? c : b);
    let i = lo, j = hi;
    while (i <= j) {
      while (xs[i]! < pivot) i++;
      while (xs[j]! > pivot) j--;
      if (i <= j) { const t = xs[i]!; xs[i] = xs[j]!; xs[j] = t; i++; j--; }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else break;
  }
  return xs[k]!;
}

/**
 * A [1 2 1]/4 blur along x then y over box `b`, from `a` through `t` into `o`. `a` must be zero for a
 * pixel around the box (pixels past the image's edge count as zero).
 */
function blur3(a: Float32Array, t: Float32Array, o: Float32Array, w: number, h: number, b: PixelBox): void {
  // the image's edge columns and rows are zero; the loops run over the inner ones without a test per pixel
  const xa = Math.max(1, b.x0), xb = Math.min(w - 1, b.x1);
  for (let y = Math.max(0, b.y0 - 1); y < Math.min(h, b.y1 + 1); y++) {
    const row = y * w;
    if (b.x0 < 1) t[row] = 0;
    if (b.x1 > w - 1) t[row + w - 1] = 0;
    for (let i = row + xa, end = row + xb; i < end; i++) t[i] = (a[i - 1]! + 2 * a[i]! + a[i + 1]!) / 4;
  }
  for (let y = b.y0; y < b.y1; y++) {
    const row = y * w;
    if (y < 1 || y >= h - 1) { o.fill(0, row + b.x0, row + b.x1); continue; }
    for (let i = row + b.x0, end = row + b.x1; i < end; i++) o[i] = (t[i - w]! + 2 * t[i]! + t[i + w]!) / 4;
  }
}
