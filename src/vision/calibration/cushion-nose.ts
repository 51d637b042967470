// From the cloth's outer edge (where the cushion tops meet the wooden rail) in to the cushion noses,
// the edge of the playing surface. The cushion tops are covered in the same cloth, so the nose shows
// only as a faint line (a shading step, the nose's shadow, a visible cushion face) parallel to each
// side; averaging the luminance gradient along the whole side (signed, so texture cancels) finds it.
import type { Pt, Mat3 } from './homography.js';
import { applyH, fitHomography } from './homography.js';
import type { Lens } from './distortion.js';
import { distortPx } from './distortion.js';
import type { Line } from './lines.js';
import { intersect, robustLine } from './lines.js';
import type { Sampler } from './image-sampler.js';

export interface NoseResult {
  /** the four nose lines (undistorted px), sides in the outer quad's order */
  lines: Line[];
  /** inward offset of each nose line from the outer edge, as a fraction of the table's width */
  depth: number[];
  /** the strength of the chosen edge relative to the strongest in the band, per side */
  contrast: number[];
}

/** Maps a side's (along, inward) coordinates into the outer quad's unit square. */
function sideToUnit(side: number, a: number, d: number): Pt {
  switch (side) {
    case 0: return { x: a, y: d };
    case 1: return { x: 1 - d, y: a };
    case 2: return { x: 1 - a, y: 1 - d };
    default: return { x: d, y: 1 - a };
  }
}

interface SideProfile {
  /** signed mean gradient per depth sample */
  M: Float64Array;
  /** gradient per column and depth */
  g: Float64Array[];
  along: number[];
  depthStep: number;
}

const D = 90;
const MAX_DEPTH_W = 0.12; // of the table's width

/**
 * `outer`: the outer corners (undistorted px) in quad order; `aspect`: length / width of the table;
 * `longFirst`: whether side 0 (quad[0] → quad[1]) is a long side.
 */
export function findCushionNoses(s: Sampler, lens: Lens, outer: Pt[], aspect: number, longFirst: boolean): NoseResult {
  const G: Mat3 = fitHomography([{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 1, y: 1 }, { x: 0, y: 1 }], outer);
  const toImage = (u: Pt): Pt => {
    const p = applyH(G, u.x, u.y);
    return distortPx(lens, p.x, p.y);
  };
  const profiles: SideProfile[] = [];
  for (let side = 0; side < 4; side++) {
    const isLong = (side % 2 === 0) === longFirst;
    // depth in the unit square: a long side's inward direction spans the width, a short side's the length
    const maxDepth = isLong ? MAX_DEPTH_W : MAX_DEPTH_W / aspect;
    const depthStep = maxDepth / D;
    const along: number[] = [];
    const A = 240;
    for (let i = 0; i < A; i++) {
      const a = (i + 0.5) / A;
      const skipCorner = isLong ? 0.06 : 0.12;
      if (a < skipCorner || a > 1 - skipCorner) continue;
      if (isLong && Math.abs(a - 0.5) < 0.05) continue; // middle pocket
      along.push(a);
    }
    const g: Float64Array[] = [];
    const M = new Float64Array(D);
    const cols: Float64Array[] = [];
    for (const a of along) {
      const y = new Float64Array(D);
      let ok = true;
      for (let k = 0; k < D; k++) {
        const p = toImage(sideToUnit(side, a, k * depthStep));
        y[k] = s.luma(p.x, p.y);
        if (!Number.isFinite(y[k]!)) { ok = false; break; }
      }
      if (!ok) continue;
      const gr = new Float64Array(D);
      for (let k = 1; k < D - 1; k++) gr[k] = (y[k + 1]! - y[k - 1]!) / 2;
      g.push(gr);
      cols.push(y);
    }
    // signed median across columns: balls and texture do not line up, the nose does
    const tmp = new Float64Array(g.length);
    for (let k = 0; k < D; k++) {
      for (let j = 0; j < g.length; j++) tmp[j] = g[j]![k]!;
      const sorted = Array.from(tmp).sort((p, q) => p - q);
      M[k] = sorted.length ? sorted[sorted.length >> 1]! : 0;
    }
    profiles.push({ M, g, along: along.slice(0, g.length), depthStep });
  }
  const lines: Line[] = [];
  const depth: number[] = [];
  const contrast: number[] = [];
  for (let side = 0; side < 4; side++) {
    const p = profiles[side]!;
    const isLong = (side % 2 === 0) === longFirst;
    const k = pickNoseSample(p.M);
    contrast.push(k.contrast);
    const toW = isLong ? 1 : aspect; // unit-square depth → fraction of width
    depth.push(k.k * p.depthStep * toW);
    // refine per column near the chosen depth, then fit a line through the image points
    const pts: Pt[] = [];
    const sign = Math.sign(p.M[k.k]!) || 1;
    p.g.forEach((gr, j) => {
      let bk = -1, bv = 0;
      for (let q = Math.max(1, k.k - 3); q <= Math.min(D - 2, k.k + 3); q++) {
        const v = sign * gr[q]!;
        if (v > bv) { bv = v; bk = q; }
      }
      if (bk < 2 || bk > D - 3) return;
      const l = sign * gr[bk - 1]!, c = bv, r = sign * gr[bk + 1]!;
      const den = l - 2 * c + r;
      const off = den < 0 ? Math.max(-0.5, Math.min(0.5, (0.5 * (l - r)) / den)) : 0;
      const u = sideToUnit(side, p.along[j]!, (bk + off) * p.depthStep);
      pts.push(applyH(G, u.x, u.y));
    });
    const fit = robustLine(pts, 1.0);
    if (!fit || pts.length < 10) {
      // no usable edge: the nose line is the outer edge itself
      const a = applyH(G, ...xy(sideToUnit(side, 0, 0))), b = applyH(G, ...xy(sideToUnit(side, 1, 0)));
      lines.push(lineThrough(a, b));
      continue;
    }
    lines.push(fit.line);
  }
  return { lines, depth, contrast };
}

function xy(p: Pt): [number, number] {
  return [p.x, p.y];
}

function lineThrough(a: Pt, b: Pt): Line {
  const len = Math.hypot(b.x - a.x, b.y - a.y);
  const nx = -(b.y - a.y) / len, ny = (b.x - a.x) / len;
  return { nx, ny, c: nx * a.x + ny * a.y };
}

/**
 * The nose's sample on a side's mean-gradient profile: skip the blur of the outer edge itself, then
 * take the innermost strong extremum (the cushion top can have its own markings nearer the rail).
 */
function pickNoseSample(M: Float64Array): { k: number; contrast: number } {
  const n = M.length;
  // the outer edge's own transition: where |M| first falls below a third of its value at the edge
  let start = 2;
  const edge = Math.max(Math.abs(M[1]!), Math.abs(M[2]!));
  while (start < n / 3 && Math.abs(M[start]!) > edge / 3) start++;
  start += 1;
  const peaks: { k: number; v: number }[] = [];
  for (let k = start; k < n - 2; k++) {
    const v = Math.abs(M[k]!);
    if (v >= Math.abs(M[k - 1]!) && v >= Math.abs(M[k + 1]!) && v > 0) peaks.push({ k, v });
  }
  if (!peaks.length) return { k: 0, contrast: 0 };
  const vmax = Math.max(...peaks.map((p) => p.v));
  const strong = peaks.filter((p) => p.v >= 0.45 * vmax);
  const chosen = strong[strong.length - 1]!;
  return { k: chosen.k, contrast: chosen.v / Math.max(1e-9, vmax) };
}

/** Corners of four lines taken in order: corner i is where side i-1 meets side i. */
export function cornersOf(lines: Line[]): Pt[] | null {
  const out: Pt[] = [];
  for (let i = 0; i < 4; i++) {
    const p = intersect(lines[(i + 3) % 4]!, lines[i]!);
    if (!p) return null;
    out.push(p);
  }
  return out;
}
