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
/** an edge closer in from the cloth's outer edge than this is that edge itself, mm */
const OUTER_EDGE_MM = 15;
/** a step to darker fainter than this against the side's strongest edge is not taken for a nose */
const DARK_STEP_MIN = 0.3;
/** of a side's candidate noses, those this strong against its strongest are clear */
const CLEAR_OF_STRONGEST = 0.6;

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
  const isLongSide = (side: number) => (side % 2 === 0) === longFirst;
  // a unit-square depth d on a side is a cushion of c mm where c = d·(S + 2c), S the surface's
  // extent across that side (the unit square spans the cloth's outer edges, cushions included)
  const extent = (side: number) => (isLongSide(side) ? table.width_mm : table.length_mm);
  const widthOf = (side: number, k: number) => {
    const d = k * profiles[side]!.depthStep;
    return (d * extent(side)) / Math.max(0.05, 1 - 2 * d);
  };
  const kFor = (side: number, c_mm: number) => c_mm / (extent(side) + 2 * c_mm) / profiles[side]!.depthStep;
  const chosen = chooseNoses(profiles.map((p) => noseCandidates(p.M)), widthOf, kFor);
  for (let side = 0; side < 4; side++) {
    const p = profiles[side]!;
    const k = chosen[side]!;
    contrast.push(k.contrast);
    const toW = isLongSide(side) ? 1 : aspect; // unit-square depth → fraction of width
    depth.push(k.k * p.depthStep * toW);
    if (k.inferred) {
      lines.push(depthLine(G, side, k.k * p.depthStep));
      continue;
    }
    // refine per column near the chosen depth, then fit a line through the image points
    const pts: Pt[] = [];
    const sign = k.sign || 1;
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
      lines.push(depthLine(G, side, 0));
      continue;
    }
    lines.push(fit.line);
  }
  return { lines, depth, contrast };
}

/** The line `d` in from a side of the unit square, in undistorted px. */
function depthLine(G: Mat3, side: number, d: number): Line {
  const a = sideToUnit(side, 0, d), b = sideToUnit(side, 1, d);
  return lineThrough(applyH(G, a.x, a.y), applyH(G, b.x, b.y));
}

/** Opposite cushions' widths as found agree to this share (perspective and the lens leave them ~10–20% apart). */
const AGREE = 0.25;

/**
 * Each side's nose among its candidate edges (`edges[side]`), sides 0 and 2 opposite as are 1 and 3;
 * `widthOf` turns a candidate's depth into the cushion's width in mm, `kFor` back.
 * A pair of opposite cushions whose edges agree in width takes the outermost such agreeing edges. A
 * pair that does not: a side's own outermost edge stands if it agrees with a pair that did, or lies a
 * cushion's width past the inner edge of a rail the cloth's mask took in (else it is a line on the cloth,
 * a cue or a shadow), and a side with none is put where its opposite's is, or the other pair's width in
 * from its outer edge.
 */
export function chooseNoses(edges: Candidate[][], widthOf: (side: number, k: number) => number, kFor: (side: number, c_mm: number) => number): Candidate[] {
  // the nose is where the lit cushion top gives way to the shadow under it: a step to darker going
  // inward. (On 220 development clips' 880 cushions, the 872 noses some candidate edge lay within 8 mm
  // of were all such steps — a scratch measurement against the renderer's camera, README session 33;
  // the step back to brighter further in is where the shadow, or a cushion face seen at a slant, ends.)
  // Only if no cushion shows one are steps of either kind taken.
  const dark = edges.map((c) => c.filter((x) => x.sign < 0 && x.contrast >= DARK_STEP_MIN));
  const steps = dark.some((c) => c.length) ? dark : edges;
  const clear = steps.map((c) => {
    const strongest = Math.max(0, ...c.map((x) => x.contrast));
    return c.filter((x) => x.contrast >= CLEAR_OF_STRONGEST * strongest);
  });
  const chosen: (Candidate | undefined)[] = [undefined, undefined, undefined, undefined];
  const agreedWidth: (number | undefined)[] = [undefined, undefined];
  // a pair's cushion width alone, when its noses lie a cushion past the inner edges of rails its mask took in
  const cushionWidth: (number | undefined)[] = [undefined, undefined];
  const agree = (a: number, b: number) => Math.abs(a - b) / Math.max(a, b, 1) < AGREE;
  for (const pair of [0, 1]) {
    const [a, b] = [pair, pair + 2];
    const agreeing = (from: Candidate[][]) => from[a]!.flatMap((x) => from[b]!.map((y) => ({ x, y, w: (widthOf(a, x.k) + widthOf(b, y.k)) / 2 })))
      .filter((v) => agree(widthOf(a, v.x.k), widthOf(b, v.y.k)));
    // (the nose past a rail's inner edge, a strong edge, may be fainter than "clear" against it)
    const pick = nosePastRail(agreeing(clear), (v) => v.w, agreeing(steps))?.edge;
    if (pick) { chosen[a] = pick.x; chosen[b] = pick.y; agreedWidth[pair] = pick.w; cushionWidth[pair] = cushionPastRailEdge(pick.w, [a, b].map((side, i) => ({ nose: i ? pick.y : pick.x, edges: edges[side]!, width: (x: Candidate) => widthOf(side, x.k) }))); }
  }
  const inferred = (side: number, w: number): Candidate => ({ k: kFor(side, w), contrast: 0, sign: -1, inferred: true });
  for (const pair of [0, 1]) {
    if (agreedWidth[pair] !== undefined) continue;
    const other = agreedWidth[1 - pair];
    const sides = [pair, pair + 2];
    const own = sides.map((side) => {
      // (past a rail the mask took in on this side alone, its width is from another outer edge than the others')
      const width = (x: Candidate) => widthOf(side, x.k);
      const c = nosePastRail(clear[side]!, width, steps[side]!);
      const pastRail = c !== undefined && (c.pastRail || pastDarkerRail(c.edge, edges[side]!, width));
      return c && (other === undefined || pastRail || agree(width(c.edge), other)) ? c.edge : undefined;
    });
    sides.forEach((side, i) => {
      const opposite = sides[1 - i]!, theirs = own[1 - i];
      if (own[i]) chosen[side] = own[i];
      else if (theirs) chosen[side] = inferred(side, widthOf(opposite, theirs.k));
      // (the other pair's width less the rail its mask took in, if it did: a side that shows no nose of its own
      // shows no rail's inner edge either, and the mask stops at its cushion tops' outer edge. 1375004, a dim
      // burgundy table: the long sides' mask took in their reddish rails, the ends' rails, further from the lamp,
      // stayed out, and the ends' noses, put 170 mm in from their cushion tops' outer edge, lay 130 mm short of
      // the pockets)
      else if (other !== undefined) chosen[side] = inferred(side, cushionWidth[1 - pair] ?? other);
    });
  }
  // nothing on any side: the outer edge itself
  return chosen.map((c) => c ?? { k: 0, contrast: 0, sign: -1, inferred: true });
}

/**
 * The nose among edges each a cushion `width` in from the outer edge, and whether it lies past a rail: the
 * first line in from the rail, but not one a few mm in, which is the outer edge itself (the cloth's mask
 * stopped a pixel or two outside the cushion tops); and past a "cushion" wider than any, which is a rail
 * the cloth's mask took in (a dark red rail by a burgundy cloth): the outer edge is the rail's, the first
 * line in is the rail's inner edge, and the nose is the next line in among `beyond`, a cushion's width
 * further.
 */
function nosePastRail<T>(edges: T[], width: (e: T) => number, beyond: T[]): { edge: T; pastRail: boolean } | undefined {
  const byWidth = [...edges].sort((p, q) => width(p) - width(q));
  const c = byWidth.find((v) => width(v) >= OUTER_EDGE_MM) ?? byWidth[0];
  if (c === undefined || width(c) <= MAX_CUSHION_MM) return c === undefined ? undefined : { edge: c, pastRail: false };
  const past = [...beyond].sort((p, q) => width(p) - width(q)).find((v) => cushionPast(width(c), width(v)));
  return past ? { edge: past, pastRail: true } : { edge: c, pastRail: false };
}

/**
 * The cushion's own width on a pair of sides whose noses lie `width_mm` in, wider than any cushion: the nose less
 * the inner edge of a rail the mask took in, a step to brighter going inward a cushion short of the nose on both
 * sides (the mean of the two). Undefined when the width is a cushion's or either side shows no such edge.
 */
function cushionPastRailEdge(width_mm: number, sides: { nose: Candidate; edges: Candidate[]; width: (c: Candidate) => number }[]): number | undefined {
  if (width_mm <= MAX_CUSHION_MM) return undefined;
  const own = sides.map(({ nose, edges, width }) => {
    const rail = edges.filter((e) => e.sign > 0 && cushionPast(width(e), width(nose))).sort((p, q) => width(q) - width(p))[0];
    return rail && width(nose) - width(rail);
  });
  return own.every((c) => c !== undefined) ? (own[0]! + own[1]!) / 2 : undefined;
}

const cushionPast = (inner_mm: number, nose_mm: number) => nose_mm - inner_mm >= MIN_CUSHION_MM && nose_mm - inner_mm <= MAX_CUSHION_MM;

/**
 * Whether a darkening step wider than any cushion lies a cushion past the inner edge of a rail darker than
 * the cushion tops, which the mask took in: that edge is a step to brighter (not among the darkening steps
 * `nosePastRail` looks through), past any cushion's width. Only a clear step counts (against the side's
 * strongest edge of either kind): a faint one past the line where a cushion's shade ends is on the cloth.
 */
function pastDarkerRail(nose: Candidate, edges: Candidate[], width: (e: Candidate) => number): boolean {
  return nose.contrast >= CLEAR_OF_STRONGEST && edges.some((r) => r.sign > 0 && width(r) > MAX_CUSHION_MM && cushionPast(width(r), width(nose)));
}

function lineThrough(a: Pt, b: Pt): Line {
  const len = Math.hypot(b.x - a.x, b.y - a.y);
  const nx = -(b.y - a.y) / len, ny = (b.x - a.x) / len;
  return { nx, ny, c: nx * a.x + ny * a.y };
}

export interface Candidate {
  k: number;
  /** strength relative to the side's strongest candidate */
  contrast: number;
  /** the direction of the step going inward (+1 brighter) */
  sign: number;
  /** not seen: put where the opposite cushion or the other pair says (k may be fractional) */
  inferred?: true;
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
