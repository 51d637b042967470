// `--corners "x,y x,y x,y x,y"` (HL HR FR FL, image px): the fallback when the table cannot be
// found automatically. A typo here would silently ruin every measurement, so it is checked hard.
import type { TableSpec } from '../../table/geometry.js';
import { surfaceCorners } from '../../table/geometry.js';
import { fitHomography } from './homography.js';
import { focalDisagreement } from './camera-pose.js';

export class CornersError extends Error {}

export function parseCorners(text: string): [number, number][] {
  const parts = text.trim().split(/[\s;]+/).filter(Boolean);
  if (parts.length !== 4) throw new CornersError(`--corners needs 4 points "x,y x,y x,y x,y" (HL HR FR FL), got ${parts.length}`);
  return parts.map((s, i) => {
    const m = s.split(',');
    const x = Number(m[0]), y = Number(m[1]);
    if (m.length !== 2 || !Number.isFinite(x) || !Number.isFinite(y)) {
      throw new CornersError(`--corners: point ${i + 1} "${s}" is not "x,y" in pixels`);
    }
    return [x, y];
  });
}

const NAMES = ['HL', 'HR', 'FR', 'FL'];

/**
 * Checks: every corner inside the image, a convex quadrilateral in a consistent turning order, and a
 * shape that a table of this spec could make under a perspective camera (its long sides HR–FR and
 * FL–HL must look longer than its short ones, within a generous factor).
 */
export function validateCorners(c: [number, number][], width_px: number, height_px: number, spec: TableSpec, checkAspect = true): void {
  if (c.length !== 4) throw new CornersError(`expected 4 corners, got ${c.length}`);
  c.forEach(([x, y], i) => {
    if (!(x >= 0 && x <= width_px && y >= 0 && y <= height_px)) {
      throw new CornersError(`corner ${NAMES[i]} (${x},${y}) is outside the ${width_px}×${height_px} image`);
    }
  });
  for (let i = 0; i < 4; i++) for (let j = i + 1; j < 4; j++) {
    if (Math.hypot(c[i]![0] - c[j]![0], c[i]![1] - c[j]![1]) < 10) throw new CornersError(`corners ${NAMES[i]} and ${NAMES[j]} are (almost) the same point`);
  }
  let sign = 0;
  for (let i = 0; i < 4; i++) {
    const a = c[i]!, b = c[(i + 1) % 4]!, d = c[(i + 2) % 4]!;
    const z = (b[0] - a[0]) * (d[1] - b[1]) - (b[1] - a[1]) * (d[0] - b[0]);
    const s = Math.sign(z);
    if (s === 0 || (sign !== 0 && s !== sign)) {
      throw new CornersError('corners do not form a convex quadrilateral in the order HL HR FR FL (going round the table)');
    }
    sign = s;
  }
  const len = (i: number, j: number) => Math.hypot(c[i]![0] - c[j]![0], c[i]![1] - c[j]![1]);
  const short = (len(0, 1) + len(2, 3)) / 2; // HL–HR and FR–FL: the head and foot cushions
  const long = (len(1, 2) + len(3, 0)) / 2;
  const want = spec.length_mm / spec.width_mm;
  const seen = long / short;
  // a view from above shows roughly the table's proportions; a slanted one can foreshorten the long
  // cushions, and then the order is right if a pinhole camera explains it better than the other order
  if (checkAspect && (seen < want / 2.5 || seen > want * 2.5) && !perspectiveExplains(c, width_px, height_px, spec)) {
    throw new CornersError(`corners give a table ${seen.toFixed(2)}× as long as wide; the table setting is ${want.toFixed(2)}× ` +
      '(order must be HL HR FR FL: the head cushion first, then the right long cushion)');
  }
  const area = Math.abs(shoelace(c));
  if (area < 0.02 * width_px * height_px) throw new CornersError('corners enclose less than 2% of the image: too small to be the table');
}

function perspectiveExplains(c: [number, number][], width_px: number, height_px: number, spec: TableSpec): boolean {
  const q = c.map(([x, y]) => ({ x, y }));
  const rect = surfaceCorners(spec);
  const swapped = [rect[1]!, rect[2]!, rect[3]!, rect[0]!];
  const d = focalDisagreement(fitHomography(rect, q), width_px / 2, height_px / 2);
  const dSwapped = focalDisagreement(fitHomography(swapped, q), width_px / 2, height_px / 2);
  return d < 0.7 && d < dSwapped;
}

function shoelace(c: [number, number][]): number {
  let s = 0;
  for (let i = 0; i < c.length; i++) {
    const a = c[i]!, b = c[(i + 1) % c.length]!;
    s += a[0] * b[1] - b[0] * a[1];
  }
  return s / 2;
}
