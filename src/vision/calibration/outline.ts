// The table's outline in the image: the cloth-coloured region around the centre (bed and cushion
// tops), holes from balls filled, and its boundary split into the four sides of a quadrilateral.
import cv from '../cv.js';
import type { Mat } from '../cv.js';
import type { Pt } from './homography.js';
import { NoTableError } from './cloth.js';
import type { Line } from './lines.js';
import { distanceToLine, intersect, robustLine } from './lines.js';

export interface ClothRegion {
  /** filled region at work scale, 8UC1 255 inside */
  filled: Mat;
  /** the cloth-coloured pixels of the region (not filled), work scale */
  raw: Mat;
  /** outer boundary of the region, full-resolution px, in contour order */
  boundary: Pt[];
  /** rough corners (full-res px) going clockwise in the image from the one nearest the top-left */
  quad: Pt[];
  /** full-res px per work px */
  scale: number;
}

/**
 * The cloth region that covers the image centre, from a work-scale cloth mask. `trim` (from
 * `railBandTrimmer`) takes out what is not cloth after all, such as a rail nearly the cloth's colour.
 */
export function clothRegion(mask: Mat, scale: number, trim?: (cleaned: Mat) => Mat): ClothRegion {
  const w = mask.cols, h = mask.rows;
  const k = (n: number) => cv.getStructuringElement(cv.MORPH_ELLIPSE, new cv.Size(n, n));
  // a thin cue or a chalk line across the cloth must not split it; specks outside must not join it
  const bridge = Math.max(3, Math.round(Math.min(w, h) * 0.012) | 1);
  let cleaned = mask.morphologyEx(k(3), cv.MORPH_OPEN).morphologyEx(k(bridge), cv.MORPH_CLOSE);
  if (trim) cleaned = trim(cleaned);
  const labels = cleaned.connectedComponents(8, cv.CV_32S);
  const lab = new Int32Array(labels.getData().buffer.slice(0));
  // the component with most pixels in the central third
  const votes = new Map<number, number>();
  for (let y = Math.floor(h / 3); y < Math.ceil((2 * h) / 3); y += 2) for (let x = Math.floor(w / 3); x < Math.ceil((2 * w) / 3); x += 2) {
    const l = lab[y * w + x]!;
    if (l > 0) votes.set(l, (votes.get(l) ?? 0) + 1);
  }
  let best = -1, bestV = 0;
  for (const [l, v] of votes) if (v > bestV) { best = l; bestV = v; }
  if (best < 0) throw new NoTableError('no table found: no cloth-coloured region at the image centre');
  const comp = Buffer.alloc(w * h);
  for (let i = 0; i < w * h; i++) if (lab[i] === best) comp[i] = 255;
  const compMat = new cv.Mat(comp, h, w, cv.CV_8UC1);
  const contours = compMat.findContours(cv.RETR_EXTERNAL, cv.CHAIN_APPROX_NONE);
  if (!contours.length) throw new NoTableError('no table found: empty cloth region');
  let outer = contours[0]!;
  for (const c of contours) if (c.area > outer.area) outer = c;
  if (outer.area < 0.08 * w * h) {
    throw new NoTableError(`no table found: the cloth-coloured region covers only ${(100 * outer.area / (w * h)).toFixed(1)}% of the image`);
  }
  const filled = new cv.Mat(h, w, cv.CV_8UC1, 0);
  filled.drawContours([outer.getPoints()], 0, new cv.Vec3(255, 255, 255), -1);
  // contour pixels are pixel centres at work scale: (x + 0.5) * scale is the same place at full res
  const boundary = outer.getPoints().map((p) => ({ x: (p.x + 0.5) * scale, y: (p.y + 0.5) * scale }));
  // the image's own border is not a table edge
  const inner = boundary.filter((p) => p.x > 2 * scale && p.y > 2 * scale && p.x < (w - 2) * scale && p.y < (h - 2) * scale);
  const quad = quadFromLines(inner, Math.hypot(w, h) * scale)
    ?? quadFromHull(outer.convexHull().getPoints().map((p) => ({ x: (p.x + 0.5) * scale, y: (p.y + 0.5) * scale })));
  if (!quad) throw new NoTableError('no table found: the cloth region is not four-sided');
  return { filled, raw: compMat.bitwiseAnd(mask), boundary, quad, scale };
}

/**
 * Four corners from the four longest straight runs of the outline (sequential RANSAC): pocket cuts,
 * balls against the cushion and patches of rail that look like cloth only make short runs. The band
 * is wide enough for a lens's bending of a side.
 */
export function quadFromLines(pts: Pt[], diag_px: number): Pt[] | null {
  if (pts.length < 40) return null;
  const band = Math.max(3, 0.008 * diag_px);
  const minSep = 0.08 * diag_px;
  let rest = pts;
  const lines: Line[] = [];
  for (let i = 0; i < 4; i++) {
    if (rest.length < 10) return null;
    let best: Line | null = null, bestN = 0;
    const n = rest.length;
    for (let t = 0; t < 400; t++) {
      const a = rest[Math.floor(((t * 0.6180339887) % 1) * n)]!, b = rest[Math.floor(((t * 0.7548776662 + 0.31) % 1) * n)]!;
      const len = Math.hypot(b.x - a.x, b.y - a.y);
      if (len < minSep) continue;
      const l: Line = { nx: -(b.y - a.y) / len, ny: (b.x - a.x) / len, c: 0 };
      l.c = l.nx * a.x + l.ny * a.y;
      let cnt = 0;
      for (const p of rest) if (Math.abs(distanceToLine(l, p)) < band) cnt++;
      if (cnt > bestN) { bestN = cnt; best = l; }
    }
    if (!best || bestN < 0.03 * pts.length) return null;
    const fit = robustLine(rest.filter((p) => Math.abs(distanceToLine(best!, p)) < band), band / 3);
    const line = fit?.line ?? best;
    lines.push(line);
    rest = rest.filter((p) => Math.abs(distanceToLine(line, p)) >= 2 * band);
  }
  // two pairs of near-parallel lines
  const ang = (l: Line) => Math.atan2(l.ny, l.nx);
  const par = (a: Line, b: Line) => Math.abs(Math.sin(ang(a) - ang(b)));
  const pairings: [number, number, number, number][] = [[0, 1, 2, 3], [0, 2, 1, 3], [0, 3, 1, 2]];
  let bestP = pairings[0]!, bestV = Infinity;
  for (const q of pairings) {
    const v = par(lines[q[0]]!, lines[q[1]]!) + par(lines[q[2]]!, lines[q[3]]!);
    if (v < bestV) { bestV = v; bestP = q; }
  }
  if (bestV > 0.8) return null;
  const corners: Pt[] = [];
  for (const i of [bestP[0], bestP[1]]) for (const j of [bestP[2], bestP[3]]) {
    const c = intersect(lines[i]!, lines[j]!);
    if (!c) return null;
    corners.push(c);
  }
  return orderClockwiseFromTopLeft(corners);
}

/**
 * Four corners from a convex hull: the quadrilateral of largest area with vertices on the hull
 * (rotating search), which ignores the rounded and cut corners pockets make.
 */
export function quadFromHull(hull: Pt[]): Pt[] | null {
  // thin the hull so the O(n^2) search stays small
  let pts = hull;
  if (pts.length > 80) {
    const stride = pts.length / 80;
    pts = Array.from({ length: 80 }, (_, i) => hull[Math.floor(i * stride)]!);
  }
  const n = pts.length;
  if (n < 4) return null;
  const area = (a: Pt, b: Pt, c: Pt) => Math.abs((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)) / 2;
  let best: number[] | null = null, bestA = 0;
  for (let i = 0; i < n; i++) for (let k = i + 2; k < n; k++) {
    // best j between i and k, best l between k and i (independent given the diagonal i–k)
    let aj = 0, bj = -1, al = 0, bl = -1;
    for (let j = i + 1; j < k; j++) { const a = area(pts[i]!, pts[j]!, pts[k]!); if (a > aj) { aj = a; bj = j; } }
    for (let l = k + 1; l < n + i; l++) { const a = area(pts[k]!, pts[l % n]!, pts[i]!); if (a > al) { al = a; bl = l % n; } }
    if (bj >= 0 && bl >= 0 && aj + al > bestA) { bestA = aj + al; best = [i, bj, k, bl]; }
  }
  if (!best) return null;
  return orderClockwiseFromTopLeft(best.map((i) => pts[i]!));
}

/** Clockwise in image coordinates (y down), starting with the corner nearest the image's top-left. */
export function orderClockwiseFromTopLeft(q: Pt[]): Pt[] {
  const cx = q.reduce((s, p) => s + p.x, 0) / q.length, cy = q.reduce((s, p) => s + p.y, 0) / q.length;
  const sorted = [...q].sort((a, b) => Math.atan2(a.y - cy, a.x - cx) - Math.atan2(b.y - cy, b.x - cx));
  let start = 0;
  for (let i = 1; i < sorted.length; i++) if (sorted[i]!.x + sorted[i]!.y < sorted[start]!.x + sorted[start]!.y) start = i;
  return [...sorted.slice(start), ...sorted.slice(0, start)];
}

/**
 * Boundary points belonging to each side of the quad (side i runs quad[i] → quad[i+1]): near the side's
 * line, and away from the corners where pocket cuts bend the outline.
 */
export function sidePoints(boundary: Pt[], quad: Pt[], tol_px: number, endSkip = 0.07): Pt[][] {
  const sides: Pt[][] = [[], [], [], []];
  for (const p of boundary) {
    let bestSide = -1, bestD = Infinity;
    for (let s = 0; s < 4; s++) {
      const a = quad[s]!, b = quad[(s + 1) % 4]!;
      const dx = b.x - a.x, dy = b.y - a.y, L2 = dx * dx + dy * dy;
      const t = ((p.x - a.x) * dx + (p.y - a.y) * dy) / L2;
      if (t < endSkip || t > 1 - endSkip) continue;
      const d = Math.abs((p.x - a.x) * dy - (p.y - a.y) * dx) / Math.sqrt(L2);
      if (d < bestD) { bestD = d; bestSide = s; }
    }
    if (bestSide >= 0 && bestD < tol_px) sides[bestSide]!.push(p);
  }
  return sides;
}
