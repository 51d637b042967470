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
/** cushions (rubber and cloth) are this wide seen from above, mm: measured widths a little either way */
const MIN_CUSHION_MM = 25;
const MAX_CUSHION_MM = 80;

/**
 * `outer`: the outer corners (undistorted px) in quad order; `table`: the playing surface's size;
 * `longFirst`: whether side 0 (quad[0] → quad[1]) is a long side.
 */
export function findCushionNoses(s: Sampler, lens: Lens, outer: Pt[], table: { length_mm: number; width_mm: number }, longFirst: boolean): NoseResult {
  const aspect = table.length_mm / table.width_mm;
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
  // every cushion is the same width: pick the four edges together
  const longSides = longFirst ? [0, 2] as const : [1, 3] as const;
  const shortSides = longFirst ? [1, 3] as const : [0, 2] as const;
  // a unit-square depth d on a side is a cushion of c mm where c = d·(S + 2c), S the surface's
  // extent across that side (the unit square spans the cloth's outer edges, cushions included)
  const cushion_mm = (k: number, isLong: boolean) => {
    const d = k * profiles[isLong ? longSides[0] : shortSides[0]]!.depthStep;
    const S = isLong ? table.width_mm : table.length_mm;
    return (d * S) / Math.max(0.05, 1 - 2 * d);
  };
  const pairsOf = (sides: readonly [number, number], isLong: boolean) => {
    const ca = noseCandidates(profiles[sides[0]]!.M), cb = noseCandidates(profiles[sides[1]]!.M);
    const out: { a: Candidate; b: Candidate; c_mm: number; s: number; mismatch: number; sign: number }[] = [];
    for (const x of ca) for (const y of cb) {
      if (x.sign !== y.sign) continue;
      const cx = cushion_mm(x.k, isLong), cy = cushion_mm(y.k, isLong);
      out.push({ a: x, b: y, c_mm: (cx + cy) / 2, s: x.contrast + y.contrast, mismatch: Math.abs(cx - cy) / Math.max(cx, cy, 1), sign: x.sign });
    }
    // a nose too faint to show on one side (glare, a cue lying along it) is where its opposite's is
    const matched = (c: Candidate) => out.some((p) => (p.a === c || p.b === c) && p.mismatch < 0.25);
    for (const x of ca) if (!matched(x)) out.push({ a: x, b: { ...x, contrast: 0 }, c_mm: cushion_mm(x.k, isLong), s: x.contrast, mismatch: 0, sign: x.sign });
    for (const y of cb) if (!matched(y)) out.push({ a: { ...y, contrast: 0 }, b: y, c_mm: cushion_mm(y.k, isLong), s: y.contrast, mismatch: 0, sign: y.sign });
    return out;
  };
  const LP = pairsOf(longSides, true), SP = pairsOf(shortSides, false);
  const combos: { l: (typeof LP)[number]; s: (typeof SP)[number]; strength: number; c: number; valid: boolean; score: number }[] = [];
  for (const l of LP) for (const sh of SP) {
    const between = Math.abs(l.c_mm - sh.c_mm) / Math.max(l.c_mm, sh.c_mm, 1);
    const strength = (l.s + sh.s) / 4;
    // perspective and the lens leave the four widths equal only to ~10–20%
    const valid = between < 0.25 && l.mismatch < 0.25 && sh.mismatch < 0.25 && l.sign === sh.sign;
    combos.push({ l, s: sh, strength, c: (l.c_mm + sh.c_mm) / 2, valid, score: strength - between - l.mismatch - sh.mismatch });
  }
  const chosen = new Array<Candidate>(4);
  if (combos.length) {
    const valid = combos.filter((c) => c.valid);
    let c;
    if (valid.length) {
      // among the consistent ones that are not faint, the outermost: the nose is the first line in from the rail
      const strongest = Math.max(...valid.map((v) => v.strength));
      const clear = valid.filter((v) => v.strength >= 0.4 * strongest).sort((p, q) => p.c - q.c);
      // a line closer in than any cushion is wide is the outer edge itself (the cloth's mask stopped a
      // pixel or two outside the cushion tops), not a nose
      c = clear.find((v) => v.c >= MIN_CUSHION_MM) ?? clear[0]!;
      // a "cushion" wider than any is a rail the cloth's mask took in (a dark red rail by a burgundy cloth):
      // the outer edge is the rail's, the first line in is the rail's inner edge, and the nose is the next
      // line in, a cushion's width further
      if (c.c > MAX_CUSHION_MM) c = clear.find((v) => v.c - c!.c >= MIN_CUSHION_MM && v.c - c!.c <= MAX_CUSHION_MM) ?? c;
    } else {
      c = [...combos].sort((p, q) => q.score - p.score)[0]!;
    }
    chosen[longSides[0]] = c.l.a; chosen[longSides[1]] = c.l.b; chosen[shortSides[0]] = c.s.a; chosen[shortSides[1]] = c.s.b;
  } else {
    for (let side = 0; side < 4; side++) chosen[side] = noseCandidates(profiles[side]!.M)[0]!;
  }
  for (let side = 0; side < 4; side++) {
    const p = profiles[side]!;
    const isLong = (side % 2 === 0) === longFirst;
    const k = chosen[side]!;
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

interface Candidate {
  k: number;
  /** strength relative to the side's strongest candidate */
  contrast: number;
  /** the direction of the step going inward (+1 brighter) */
  sign: number;
}

/**
 * Edge candidates on a side's mean-gradient profile, outer edge's own blur skipped: every extremum
 * at least 20% as strong as the side's strongest.
 */
export function noseCandidates(M: Float64Array): Candidate[] {
  const n = M.length;
  // the first samples are the outer edge's own blur
  const start = 4;
  const peaks: { k: number; v: number }[] = [];
  for (let k = start; k < n - 2; k++) {
    const v = Math.abs(M[k]!);
    if (v >= Math.abs(M[k - 1]!) && v >= Math.abs(M[k + 1]!) && v > 0) peaks.push({ k, v });
  }
  if (!peaks.length) return [{ k: 0, contrast: 0, sign: 0 }];
  const vmax = Math.max(...peaks.map((p) => p.v));
  return peaks.filter((p) => p.v >= 0.2 * vmax).map((p) => ({ k: p.k, contrast: p.v / vmax, sign: Math.sign(M[p.k]!) }));
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
