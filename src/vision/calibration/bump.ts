// Has the camera moved since calibration? The cloth's outer edge (cloth on the cushion tops, wood
// beyond) is checked where the profile says it is: along each side, the cloth→rail transition is
// looked for across the expected line, and the median offset tells a bump from a player leaning on
// the rail (which hides some samples, not all of them). If it moved, the table is found again.
import type { Frame } from '../frame.js';
import type { Pt } from './homography.js';
import { distortPx, undistortPx } from './distortion.js';
import type { CalibrationProfile } from './profile.js';
import { clothChromaAt, clothDistance2 } from './cloth.js';
import type { Mat } from '../cv.js';
import { findTableOutline, profileFromOutline } from './calibrate.js';
import { medianImage } from './median-frame.js';

export interface BumpCheck {
  moved: boolean;
  /** median outward offset of the cloth's edge on each side, px (NaN: not measurable) */
  offset_px: number[];
  /** fraction of each side's samples where the edge was found */
  found: number[];
  why: string;
}

const SEARCH_PX = 14;

/** Median offset of the cloth's outer edge from where the profile puts it, per side (px). */
export function measureEdgeOffsets(p: CalibrationProfile, bgr: Mat): { offset_px: number[]; found: number[] } {
  if (!p.clothOutline_px || !p.cloth) return { offset_px: [], found: [] };
  const cloth = p.cloth;
  const data = bgr.getData();
  const W = bgr.cols, H = bgr.rows;
  const isCloth = (x: number, y: number): boolean | null => {
    const xi = Math.floor(x), yi = Math.floor(y);
    if (xi < 0 || yi < 0 || xi >= W || yi >= H) return null;
    const o = 3 * (yi * W + xi);
    const b = data[o]!, g = data[o + 1]!, r = data[o + 2]!;
    if (b + g + r > Math.min(765, cloth.brightness * 3 * 2.6)) return false;
    return clothDistance2(cloth, b, g, r, clothChromaAt(cloth, (xi + 0.5) / W, (yi + 0.5) / H)) < 4.5 * 4.5;
  };
  const q = p.clothOutline_px.map(([u, v]) => undistortPx(p.lens, u, v));
  const cx = q.reduce((s, a) => s + a.x, 0) / 4, cy = q.reduce((s, a) => s + a.y, 0) / 4;
  const offsets: number[] = [], found: number[] = [];
  for (let s = 0; s < 4; s++) {
    const a = q[s]!, b = q[(s + 1) % 4]!;
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    let nx = -(b.y - a.y) / len, ny = (b.x - a.x) / len;
    if ((a.x + b.x) / 2 * nx + (a.y + b.y) / 2 * ny < cx * nx + cy * ny) { nx = -nx; ny = -ny; } // outward
    const offs: number[] = [];
    const M = 48;
    for (let i = 0; i < M; i++) {
      const t = 0.08 + (0.84 * (i + 0.5)) / M;
      if (Math.abs(t - 0.5) < 0.05) continue; // a middle pocket
      const base: Pt = { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
      // walking outward: the last cloth pixel before a run of non-cloth
      let edge = NaN;
      let prev: boolean | null = null;
      for (let d = -SEARCH_PX; d <= SEARCH_PX; d++) {
        const pt = distortPx(p.lens, base.x + nx * d, base.y + ny * d);
        const c = isCloth(pt.x, pt.y);
        if (c === null) { prev = null; continue; }
        if (prev === true && c === false) {
          const pt2 = distortPx(p.lens, base.x + nx * (d + 1), base.y + ny * (d + 1));
          const pt3 = distortPx(p.lens, base.x + nx * (d + 2), base.y + ny * (d + 2));
          if (isCloth(pt2.x, pt2.y) === false && isCloth(pt3.x, pt3.y) === false) { edge = d - 0.5; break; }
        }
        prev = c;
      }
      if (Number.isFinite(edge)) offs.push(edge);
    }
    const valid = offs.length / (M - 2);
    found.push(valid);
    offs.sort((x, y) => x - y);
    offsets.push(valid >= 0.3 ? offs[offs.length >> 1]! : NaN);
  }
  return { offset_px: offsets, found };
}

/**
 * Compares the cloth edge's offsets now with those measured on the calibration image itself
 * (`p.edgeReference_px`), so how the colour model places the edge does not matter, only a change.
 */
export function checkCameraMoved(p: CalibrationProfile, frame: Frame, tolerance_px?: number): BumpCheck {
  const tol = tolerance_px ?? Math.max(2.5, 0.003 * Math.max(p.image.width_px, p.image.height_px));
  if (!p.clothOutline_px || !p.cloth) return { moved: false, offset_px: [], found: [], why: 'no cloth outline in the profile: cannot check' };
  const { offset_px, found } = measureEdgeOffsets(p, frame.bgr);
  const ref = p.edgeReference_px ?? [0, 0, 0, 0];
  const shift = offset_px.map((o, i) => o - (Number.isFinite(ref[i]!) ? ref[i]! : 0));
  const measured = shift.filter((o) => Number.isFinite(o));
  const worst = measured.length ? Math.max(...measured.map(Math.abs)) : 0;
  if (measured.length <= 1) return { moved: true, offset_px: shift, found, why: 'the cloth edge is not where the profile says on most sides' };
  if (worst > tol) return { moved: true, offset_px: shift, found, why: `the cloth edge moved ${worst.toFixed(1)} px (tolerance ${tol.toFixed(1)})` };
  return { moved: false, offset_px: shift, found, why: 'the cloth edge is where the profile says' };
}

/**
 * Find the table again on new frames, keeping the head end the old profile had: the new corners are
 * matched to the old ones by position (a bump moves the image a little, it does not turn the table).
 */
export function reRegister(p: CalibrationProfile, frames: Frame[], cameraHeight_mm?: number): { profile: CalibrationProfile; warning: string } {
  const image = medianImage(frames.slice(0, 5).map((f) => f.bgr));
  const outline = findTableOutline(image, p.table, p.lens.k1);
  const q = outline.surface_px;
  let best: Pt[] = [], bestD = Infinity;
  for (let k = 0; k < 4; k++) {
    const c = [q[(k + 1) % 4]!, q[k]!, q[(k + 3) % 4]!, q[(k + 2) % 4]!];
    const d = c.reduce((s, pt, i) => s + Math.hypot(pt.x - p.corners_px[i]![0], pt.y - p.corners_px[i]![1]), 0);
    if (d < bestD) { bestD = d; best = c; }
  }
  const warning = `camera moved: the table was found again (corners moved ${(bestD / 4).toFixed(1)} px on average)`;
  const profile = profileFromOutline(outline, best.map((c) => [c.x, c.y] as [number, number]), {
    width_px: p.image.width_px, height_px: p.image.height_px, spec: p.table, head: p.head,
    warnings: [warning], ...(cameraHeight_mm ? { cameraHeight_mm } : {}),
  });
  profile.edgeReference_px = measureEdgeOffsets(profile, image).offset_px;
  return { profile, warning };
}
