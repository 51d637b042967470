// The table as the renderer sees it: the playing surface, cushion tops, rails, and each pocket's
// cut (a channel between the jaws leading to a round hole). Only what is visible from above matters:
// horizontal tops at the cushion height, the cloth at z = 0, vertical faces between them, the floor.
import type { PocketId, TableSpec } from '../../table/geometry.js';
import { POCKET_IDS } from '../../table/geometry.js';

export interface PocketCut {
  id: PocketId;
  /** centre of the mouth line between the jaw points */
  mx: number;
  my: number;
  /** outward unit direction of the channel */
  dx: number;
  dy: number;
  /** half the opening at the mouth, and how fast the channel widens outward */
  halfOpen: number;
  widen: number;
  /** the hole: centre and radius */
  hx: number;
  hy: number;
  hr: number;
  /** channel length beyond the mouth */
  len: number;
  corner: boolean;
}

export interface TableModel {
  spec: TableSpec;
  hx: number; // half length of the surface
  hy: number;
  cushionW: number;
  topZ: number; // cushion and rail tops
  railW: number;
  outerHx: number;
  outerHy: number;
  outerRound: number;
  floorZ: number;
  pocketDepth: number;
  pockets: PocketCut[];
}

export function tableModel(spec: TableSpec, o: { cushionWidth_mm: number; cushionHeight_mm: number; railWidth_mm: number; floorDepth_mm: number }): TableModel {
  const hx = spec.length_mm / 2;
  const hy = spec.width_mm / 2;
  const ball = spec.ball_mm;
  const pockets: PocketCut[] = POCKET_IDS.map((id) => {
    const sx = id.startsWith('H') ? -1 : id.startsWith('F') ? 1 : 0;
    const sy = id.endsWith('L') ? 1 : -1;
    if (sx !== 0) {
      const a = spec.cornerPocket_mm / Math.SQRT2;
      const dx = sx / Math.SQRT2;
      const dy = sy / Math.SQRT2;
      const mx = sx * (hx - a / 2);
      const my = sy * (hy - a / 2);
      const hr = 0.6 * ball;
      const off = a / Math.SQRT2 + 0.35 * ball;
      return { id, mx, my, dx, dy, halfOpen: spec.cornerPocket_mm / 2, widen: 0.08, hx: mx + dx * off, hy: my + dy * off, hr, len: off, corner: true };
    }
    const hr = 0.64 * ball;
    const off = 0.55 * ball;
    return { id, mx: 0, my: sy * hy, dx: 0, dy: sy, halfOpen: spec.middlePocket_mm / 2, widen: 0.2, hx: 0, hy: sy * (hy + off), hr, len: off, corner: false };
  });
  return {
    spec,
    hx,
    hy,
    cushionW: o.cushionWidth_mm,
    topZ: o.cushionHeight_mm,
    railW: o.railWidth_mm,
    outerHx: hx + o.cushionWidth_mm + o.railWidth_mm,
    outerHy: hy + o.cushionWidth_mm + o.railWidth_mm,
    outerRound: 0.5 * o.railWidth_mm,
    floorZ: -o.floorDepth_mm,
    pocketDepth: 1.7 * ball,
    pockets,
  };
}

/** Which pocket's cut (channel or hole) contains the point, or -1. Points inside the surface rectangle
 * count only beyond the mouth line (the corner triangle of a corner pocket). */
export function pocketAt(m: TableModel, x: number, y: number): number {
  const ps = m.pockets;
  for (let i = 0; i < ps.length; i++) {
    const p = ps[i]!;
    const rx = x - p.mx;
    const ry = y - p.my;
    if (rx * rx + ry * ry > 40000) continue; // > 200 mm: far from this pocket
    const hdx = x - p.hx;
    const hdy = y - p.hy;
    if (hdx * hdx + hdy * hdy <= p.hr * p.hr) return i;
    const s = rx * p.dx + ry * p.dy;
    if (s < 0 || s > p.len) continue;
    const lat = Math.abs(-rx * p.dy + ry * p.dx);
    if (lat <= p.halfOpen + s * p.widen) return i;
  }
  return -1;
}

/** Distance beyond a pocket hole's edge (negative inside): for the rim trim around holes on the rails. */
export function holeEdgeDistance(m: TableModel, x: number, y: number): number {
  let best = 1e9;
  for (const p of m.pockets) {
    const d = Math.sqrt((x - p.hx) * (x - p.hx) + (y - p.hy) * (y - p.hy)) - p.hr;
    if (d < best) best = d;
  }
  return best;
}

export function inSurface(m: TableModel, x: number, y: number): boolean {
  return x >= -m.hx && x <= m.hx && y >= -m.hy && y <= m.hy;
}

/** Inside the outer edge of the rails (rounded corners). */
export function inTableTop(m: TableModel, x: number, y: number): boolean {
  const ax = Math.abs(x);
  const ay = Math.abs(y);
  if (ax > m.outerHx || ay > m.outerHy) return false;
  const r = m.outerRound;
  const cx = m.outerHx - r;
  const cy = m.outerHy - r;
  if (ax > cx && ay > cy) return (ax - cx) * (ax - cx) + (ay - cy) * (ay - cy) <= r * r;
  return true;
}

export function inCushionBand(m: TableModel, x: number, y: number): boolean {
  return Math.abs(x) <= m.hx + m.cushionW && Math.abs(y) <= m.hy + m.cushionW;
}
