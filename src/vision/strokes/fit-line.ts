// A straight run of a ball's samples as a line: where it lies, which way it goes, and how straight it is.
import type { TrackSample } from '../tracking/tracker.js';
import { hypot2 } from '../hypot2.js';

/** A point on the line (the samples' mean), the unit direction they go in, and the worst sample's distance from it (mm). */
export interface Line { x: number; y: number; ux: number; uy: number; worst_mm: number }

/** The least-squares line through the samples (through their mean, along their main axis, pointing the way they go) and its worst residual. */
export function fitLine(s: readonly TrackSample[]): Line | null {
  const n = s.length;
  let mx = 0, my = 0;
  for (const p of s) { mx += p.x_mm / n; my += p.y_mm / n; }
  let sxx = 0, sxy = 0, syy = 0;
  for (const p of s) { const dx = p.x_mm - mx, dy = p.y_mm - my; sxx += dx * dx; sxy += dx * dy; syy += dy * dy; }
  const angle = 0.5 * Math.atan2(2 * sxy, sxx - syy);
  let ux = Math.cos(angle), uy = Math.sin(angle);
  const gx = s[n - 1]!.x_mm - s[0]!.x_mm, gy = s[n - 1]!.y_mm - s[0]!.y_mm;
  if (hypot2(gx, gy) === 0) return null;
  if (ux * gx + uy * gy < 0) { ux = -ux; uy = -uy; }
  let worst = 0;
  for (const p of s) worst = Math.max(worst, Math.abs((p.x_mm - mx) * uy - (p.y_mm - my) * ux));
  return { x: mx, y: my, ux, uy, worst_mm: worst };
}
