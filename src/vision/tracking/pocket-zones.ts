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
      };
    }
    const sy = Math.sign(m.y);
    return {
      pocket, x_mm: m.x, y_mm: m.y, radius_mm: opening / 2 + 2.5 * R,
      jaw: (x, y) => Math.abs(x) < opening / 2 && sy * y > hy - R * 1.2,
    };
  }).map((z) => ({ ...z, x_mm: z.x_mm, y_mm: z.y_mm, radius_mm: Math.min(z.radius_mm, hx) }));
}
