// A candidate's circle at full resolution: rays from the candidate centre find the strongest colour
// edge near the expected radius; a circle of that radius fitted robustly to those points gives a
// sub-pixel centre that a partly hidden ball (an arm over it, a neighbour touching it) still gets.
import type { ClothModel } from '../calibration/cloth.js';
import { clothLike } from './votes.js';

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
  /** the largest run of rays without an edge on the circle, as a fraction of the turn */
  gap: number;
  /** fraction of the disc's inner samples that do not look like cloth */
  notCloth: number;
  /** the rays reached the image's edge */
  clipped: boolean;
}

const K = 32;

function sampleOpp(img: RoiImage, x: number, y: number, out: Float64Array): boolean {
  const fx = x - img.x0 - 0.5, fy = y - img.y0 - 0.5;
  const x0 = Math.floor(fx), y0 = Math.floor(fy);
  if (x0 < 0 || y0 < 0 || x0 >= img.width - 1 || y0 >= img.height - 1) return false;
  const ax = fx - x0, ay = fy - y0;
  const d = img.data, W = img.width;
  let B = 0, G = 0, R = 0;
  const acc = (xx: number, yy: number, wt: number) => {
    const o = 3 * (yy * W + xx);
    B += wt * d[o]!; G += wt * d[o + 1]!; R += wt * d[o + 2]!;
  };
  acc(x0, y0, (1 - ax) * (1 - ay)); acc(x0 + 1, y0, ax * (1 - ay)); acc(x0, y0 + 1, (1 - ax) * ay); acc(x0 + 1, y0 + 1, ax * ay);
  out[0] = (R + G + B) / 3; out[1] = (R - G) * 0.7; out[2] = ((R + G) / 2 - B) * 0.7;
  return true;
}

export function refineCircle(img: RoiImage, cx0: number, cy0: number, rExp: number, cloth: ClothModel, edgeT: number): CircleFit | null {
  const step = 0.5;
  const tMin = 0.55 * rExp, tMax = 1.45 * rExp;
  const n = Math.max(4, Math.ceil((tMax - tMin) / step) + 1);
  const pts: { x: number; y: number; s: number; k: number }[] = [];
  const prev = new Float64Array(3), cur = new Float64Array(3);
  let clipped = false;
  for (let k = 0; k < K; k++) {
    const a = (2 * Math.PI * k) / K, ca = Math.cos(a), sa = Math.sin(a);
    let best = 0, bestT = -1;
    const prof: number[] = [];
    let ok = sampleOpp(img, cx0 + ca * tMin, cy0 + sa * tMin, prev);
    if (!ok) { clipped = true; continue; }
    for (let j = 1; j < n; j++) {
      const t = tMin + j * step;
      if (!sampleOpp(img, cx0 + ca * t, cy0 + sa * t, cur)) { ok = false; break; }
      const g = Math.hypot(cur[0]! - prev[0]!, cur[1]! - prev[1]!, cur[2]! - prev[2]!) / step;
      prof.push(g);
      prev.set(cur);
    }
    if (!ok) clipped = true;
    for (let j = 0; j < prof.length; j++) if (prof[j]! > best) { best = prof[j]!; bestT = j; }
    if (bestT < 0 || best < edgeT) continue;
    const l = prof[bestT - 1] ?? best, r = prof[bestT + 1] ?? best;
    const den = l - 2 * best + r;
    const off = den < 0 ? Math.max(-0.5, Math.min(0.5, (0.5 * (l - r)) / den)) : 0;
    const t = tMin + (bestT + 0.5 + off) * step;
    pts.push({ x: cx0 + ca * t, y: cy0 + sa * t, s: best, k });
  }
  if (pts.length < K / 4) return null;
  // fixed-radius robust fit: the centre that puts the edge points one radius away
  let cx = cx0, cy = cy0;
  const tol = Math.max(1.2, 0.14 * rExp);
  for (let it = 0; it < 10; it++) {
    let sx = 0, sy = 0, sw = 0;
    for (const p of pts) {
      const dx = p.x - cx, dy = p.y - cy, d = Math.hypot(dx, dy) || 1e-9;
      const res = (d - rExp) / (2.5 * tol);
      const wt = Math.abs(res) < 1 ? (1 - res * res) ** 2 : 0;
      sx += wt * (p.x - (rExp * dx) / d); sy += wt * (p.y - (rExp * dy) / d); sw += wt;
    }
    if (sw < 1e-6) return null;
    const nx = sx / sw, ny = sy / sw;
    const moved = Math.hypot(nx - cx, ny - cy);
    cx = nx; cy = ny;
    if (moved < 0.01) break;
  }
  const onCircle = new Array<boolean>(K).fill(false);
  const ds: number[] = [];
  for (const p of pts) {
    const d = Math.hypot(p.x - cx, p.y - cy);
    if (Math.abs(d - rExp) < tol) { onCircle[p.k] = true; ds.push(d); }
  }
  const coverage = ds.length / K;
  ds.sort((a, b) => a - b);
  const r = ds.length ? ds[ds.length >> 1]! : rExp;
  let gap = 0, run = 0;
  for (let k = 0; k < 2 * K; k++) {
    if (onCircle[k % K]) run = 0; else { run++; gap = Math.max(gap, Math.min(run, K)); }
  }
  // how unlike the cloth the inside is
  let nc = 0, tot = 0;
  const ri = 0.7 * rExp;
  for (let dy = -ri; dy <= ri; dy += 1) for (let dx = -ri; dx <= ri; dx += 1) {
    if (dx * dx + dy * dy > ri * ri) continue;
    const xi = Math.floor(cx + dx) - img.x0, yi = Math.floor(cy + dy) - img.y0;
    if (xi < 0 || yi < 0 || xi >= img.width || yi >= img.height) continue;
    const o = 3 * (yi * img.width + xi);
    tot++;
    if (!clothLike(cloth, img.data[o]!, img.data[o + 1]!, img.data[o + 2]!)) nc++;
  }
  return { cx, cy, r, coverage, gap: gap / K, notCloth: tot ? nc / tot : 0, clipped };
}
