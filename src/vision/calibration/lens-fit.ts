// Radial distortion from the table's own edges: cushions are straight, so the k1 that makes the
// four sides' edge points straightest is the lens's. A bounded 1-D search (grid, then golden section).
import type { Pt } from './homography.js';
import type { Lens } from './distortion.js';
import { nominalLens, undistortPx } from './distortion.js';
import type { Line } from './lines.js';
import { distanceToLine, robustLine } from './lines.js';

export interface SidesFit {
  lens: Lens;
  /** the four side lines in undistorted px */
  lines: Line[];
  /** RMS of inlier distances, px */
  residual_px: number;
  /** inlier counts per side */
  inliers: number[];
}

// k1 is for a nominal focal length of the image's width (distortion.ts): a wide lens (about 95°
// across, f ≈ 0.45 × width) with real k1 -0.12 is -0.6 here. Below -0.9 the model stops being
// one-to-one within the image's corners.
const K1_MIN = -0.9, K1_MAX = 0.4;

function fitAll(sides: Pt[][], lens: Lens, scale_px: number): { lines: Line[]; cost: number; rms: number; inliers: number[] } | null {
  const lines: Line[] = [];
  let cost = 0, ss = 0, n = 0;
  const inliers: number[] = [];
  const cap = (4 * scale_px) ** 2;
  for (const s of sides) {
    const und = s.map((p) => undistortPx(lens, p.x, p.y));
    const fit = robustLine(und, scale_px);
    if (!fit) return null;
    lines.push(fit.line);
    inliers.push(fit.inliers);
    for (const p of und) {
      const d2 = distanceToLine(fit.line, p) ** 2;
      cost += Math.min(d2, cap);
      if (d2 < cap) { ss += d2; n++; }
    }
  }
  return { lines, cost, rms: n ? Math.sqrt(ss / n) : Infinity, inliers };
}

/** `fixedK1` skips the search (e.g. a lens known from an earlier profile). */
export function fitSides(sides: Pt[][], width_px: number, height_px: number, scale_px: number, fixedK1?: number): SidesFit {
  const lensFor = (k1: number) => nominalLens(width_px, height_px, k1);
  const evalK = (k1: number) => fitAll(sides, lensFor(k1), scale_px)?.cost ?? Infinity;
  let k1 = fixedK1 ?? 0;
  if (fixedK1 === undefined) {
    const N = 27;
    let bi = 0, bc = Infinity;
    const grid = Array.from({ length: N }, (_, i) => K1_MIN + ((K1_MAX - K1_MIN) * i) / (N - 1));
    grid.forEach((k, i) => { const c = evalK(k); if (c < bc) { bc = c; bi = i; } });
    const step = (K1_MAX - K1_MIN) / (N - 1);
    let a = Math.max(K1_MIN, grid[bi]! - step), b = Math.min(K1_MAX, grid[bi]! + step);
    const g = (Math.sqrt(5) - 1) / 2;
    let c1 = b - g * (b - a), c2 = a + g * (b - a);
    let f1 = evalK(c1), f2 = evalK(c2);
    for (let it = 0; it < 25; it++) {
      if (f1 < f2) { b = c2; c2 = c1; f2 = f1; c1 = b - g * (b - a); f1 = evalK(c1); }
      else { a = c1; c1 = c2; f1 = f2; c2 = a + g * (b - a); f2 = evalK(c2); }
    }
    k1 = (a + b) / 2;
    // a lens with no measurable bending keeps k1 = 0 (do not chase noise)
    if (evalK(0) <= evalK(k1) * 1.02) k1 = 0;
  }
  const lens = lensFor(k1);
  const fit = fitAll(sides, lens, scale_px);
  if (!fit) throw new Error('fitSides: too few edge points');
  return { lens, lines: fit.lines, residual_px: fit.rms, inliers: fit.inliers };
}
