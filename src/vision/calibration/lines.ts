// Robust straight-line fits to cloth-boundary points: a side of the table is one line, but its
// points include pocket cuts, balls against the cushion, hands on the rail. A RANSAC start and
// Tukey-weighted total least squares keep those from pulling the line.
import type { Pt } from './homography.js';

/** A line n·p = c with |n| = 1. */
export interface Line {
  nx: number;
  ny: number;
  c: number;
}

export interface LineFit {
  line: Line;
  /** RMS distance of the inliers, px */
  rms_px: number;
  inliers: number;
}

export function distanceToLine(l: Line, p: Pt): number {
  return l.nx * p.x + l.ny * p.y - l.c;
}

export function intersect(a: Line, b: Line): Pt | null {
  const det = a.nx * b.ny - a.ny * b.nx;
  if (Math.abs(det) < 1e-9) return null;
  return { x: (a.c * b.ny - a.ny * b.c) / det, y: (a.nx * b.c - a.c * b.nx) / det };
}

/** Weighted total-least-squares line (the principal axis of the weighted points). */
export function weightedLine(pts: readonly Pt[], w: readonly number[]): Line | null {
  let sw = 0, mx = 0, my = 0;
  for (let i = 0; i < pts.length; i++) { sw += w[i]!; mx += w[i]! * pts[i]!.x; my += w[i]! * pts[i]!.y; }
  if (sw <= 0) return null;
  mx /= sw; my /= sw;
  let sxx = 0, sxy = 0, syy = 0;
  for (let i = 0; i < pts.length; i++) {
    const dx = pts[i]!.x - mx, dy = pts[i]!.y - my;
    sxx += w[i]! * dx * dx; sxy += w[i]! * dx * dy; syy += w[i]! * dy * dy;
  }
  // direction of largest spread; the normal is perpendicular to it
  const theta = 0.5 * Math.atan2(2 * sxy, sxx - syy);
  const nx = -Math.sin(theta), ny = Math.cos(theta);
  return { nx, ny, c: nx * mx + ny * my };
}

/**
 * Robust line through points. `scale_px` is the expected noise (inlier band ≈ 3×scale).
 * The RANSAC stage is deterministic (pairs taken on a fixed stride), so results repeat exactly.
 */
export function robustLine(pts: readonly Pt[], scale_px: number): LineFit | null {
  const n = pts.length;
  if (n < 2) return null;
  const band = 3 * scale_px;
  let best: Line | null = null;
  let bestScore = -1;
  const trials = Math.min(200, (n * (n - 1)) / 2);
  for (let t = 0; t < trials; t++) {
    const i = Math.floor(((t * 0.6180339887) % 1) * n);
    const j = Math.floor(((t * 0.7548776662 + 0.5) % 1) * n);
    if (i === j) continue;
    const a = pts[i]!, b = pts[j]!;
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    if (len < 1e-9) continue;
    const l: Line = { nx: -(b.y - a.y) / len, ny: (b.x - a.x) / len, c: 0 };
    l.c = l.nx * a.x + l.ny * a.y;
    let score = 0;
    for (const p of pts) {
      const d = Math.abs(distanceToLine(l, p));
      if (d < band) score += 1 - (d / band) ** 2;
    }
    if (score > bestScore) { bestScore = score; best = l; }
  }
  if (!best) return null;
  let line = best;
  let s = Math.max(scale_px, 0.3);
  const w = new Array<number>(n);
  for (let it = 0; it < 8; it++) {
    const cTukey = 4.685 * s;
    for (let i = 0; i < n; i++) {
      const u = distanceToLine(line, pts[i]!) / cTukey;
      w[i] = Math.abs(u) < 1 ? (1 - u * u) ** 2 : 0;
    }
    const next = weightedLine(pts, w);
    if (!next) break;
    // keep the normal's orientation stable between iterations
    line = next.nx * line.nx + next.ny * line.ny < 0 ? { nx: -next.nx, ny: -next.ny, c: -next.c } : next;
    const res = pts.map((p) => Math.abs(distanceToLine(line, p))).filter((d) => d < 3 * s).sort((a, b) => a - b);
    if (res.length > 4) s = Math.max(0.3, Math.min(s, 1.4826 * res[Math.floor(res.length / 2)]! * 1.5));
  }
  let ss = 0, k = 0;
  for (const p of pts) {
    const d = distanceToLine(line, p);
    if (Math.abs(d) < 3 * s) { ss += d * d; k++; }
  }
  return { line, rms_px: k ? Math.sqrt(ss / k) : Infinity, inliers: k };
}
