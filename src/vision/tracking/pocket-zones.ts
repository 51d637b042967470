// Where on the table plane a vanishing ball counts as having gone into a pocket, and where it sits
// "in the jaw" (between the jaw points, past the cushion line) — the place of R7.3 and R8.
import { POCKET_IDS, pocketMouth, type PocketId, type TableSpec } from '../../table/geometry.js';

export interface PocketZone {
  pocket: PocketId;
  x_mm: number;
  y_mm: number;
  /** a track lost within this distance of the mouth point went into this pocket */
  radius_mm: number;
  /** inside the jaw: past the line between the jaw points */
  jaw(x_mm: number, y_mm: number): boolean;
  /** past the line between the jaw points, over the hole (where a ball is falling, never resting) */
  pastJaws(x_mm: number, y_mm: number): boolean;
  /**
   * Whether a ball going straight on from `from` through `to` crosses the cushions' line clear of this
   * pocket's mouth: its centre more than a radius beyond a jaw point, the whole ball on the cushion
   */
  missedBy(from: { x_mm: number; y_mm: number }, to: { x_mm: number; y_mm: number }): boolean;
}

/** Where a ball going straight on from `from` through `to` first reaches the cushions' line, or null (already past it). */
export function cushionCrossing(spec: TableSpec, from: { x_mm: number; y_mm: number }, to: { x_mm: number; y_mm: number }): { x: number; y: number; long: boolean } | null {
  const hx = spec.length_mm / 2, hy = spec.width_mm / 2;
  if (Math.abs(to.x_mm) >= hx || Math.abs(to.y_mm) >= hy) return null;
  const dx = to.x_mm - from.x_mm, dy = to.y_mm - from.y_mm;
  const kx = dx === 0 ? Infinity : (Math.sign(dx) * hx - to.x_mm) / dx;
  const ky = dy === 0 ? Infinity : (Math.sign(dy) * hy - to.y_mm) / dy;
  const k = Math.min(kx, ky);
  if (!Number.isFinite(k)) return null;
  return { x: to.x_mm + k * dx, y: to.y_mm + k * dy, long: ky <= kx };
}

export function pocketZones(spec: TableSpec): PocketZone[] {
  const R = spec.ball_mm / 2;
  const hx = spec.length_mm / 2;
  const hy = spec.width_mm / 2;
  return POCKET_IDS.map((pocket): PocketZone => {
    const m = pocketMouth(spec, pocket);
    const corner = pocket[0] !== 'M';
    const opening = corner ? spec.cornerPocket_mm : spec.middlePocket_mm;
    if (corner) {
      // the jaw line joins the two jaw points, each opening/√2 from the corner along a cushion
      const s = opening / Math.SQRT2;
      const sx = Math.sign(m.x);
      const sy = Math.sign(m.y);
      return {
        pocket, x_mm: m.x, y_mm: m.y, radius_mm: s + 2.5 * R,
        jaw: (x, y) => (sx * (x - m.x) + sy * (y - m.y)) / Math.SQRT2 > -s / Math.SQRT2 - R * 0.5,
        pastJaws: (x, y) => (sx * (x - m.x) + sy * (y - m.y)) / Math.SQRT2 > -s / Math.SQRT2,
        missedBy: (from, to) => {
          const c = cushionCrossing(spec, from, to);
          // (along the cushion it crosses, from the corner)
          return c !== null && (c.long ? Math.abs(c.x - m.x) : Math.abs(c.y - m.y)) > s + R;
        },
      };
    }
    const sy = Math.sign(m.y);
    return {
      pocket, x_mm: m.x, y_mm: m.y, radius_mm: opening / 2 + 2.5 * R,
      jaw: (x, y) => Math.abs(x) < opening / 2 && sy * y > hy - R * 1.2,
      pastJaws: (x, y) => Math.abs(x) < opening / 2 && sy * y > hy,
      missedBy: (from, to) => {
        const c = cushionCrossing(spec, from, to);
        return c !== null && (!c.long || Math.abs(c.x) > opening / 2 + R);
      },
    };
  }).map((z) => ({ ...z, x_mm: z.x_mm, y_mm: z.y_mm, radius_mm: Math.min(z.radius_mm, hx) }));
}
