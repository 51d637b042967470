// The table as the physics sees it: cushions as capsules (segments with a radius, so the jaw
// points come out rounded), six pockets with their jaw facings and slate holes, and what supports
// a ball at any point (cloth, rail top, a hole, or nothing: off the table).
import type { PocketId, TableSpec } from '../../table/geometry.js';
import { POCKET_IDS } from '../../table/geometry.js';
import type { PhysicsParams } from './params.js';

/** A cushion piece: the ball's centre must stay at least R + r from the segment a–b. */
export interface Capsule {
  ax: number;
  ay: number;
  bx: number;
  by: number;
  r: number;
  /** the pocket whose jaw this is, null for a straight rail */
  pocket: PocketId | null;
}

export interface PocketShape {
  id: PocketId;
  /** midpoint between the two jaw-point centres */
  mouthX: number;
  mouthY: number;
  /** unit vector from the table into the pocket */
  axisX: number;
  axisY: number;
  /** unit vector across the mouth (axis turned +90°) */
  acrossX: number;
  acrossY: number;
  /** distance from the mouth point to each jaw-point centre */
  halfSpan_mm: number;
  /** tan of the facings' outward flare */
  flareTan: number;
  /** the opening between the jaw points' surfaces (TableSpec value) */
  opening_mm: number;
  holeX: number;
  holeY: number;
  holeR: number;
  /** how deep into the pocket the channel (cloth between the facings) reaches */
  channelDepth_mm: number;
  kind: 'corner' | 'middle';
}

export interface TableLayout {
  spec: TableSpec;
  R: number;
  /** half length and half width of the playing surface */
  hx: number;
  hy: number;
  capsules: Capsule[];
  pockets: PocketShape[];
  /** contact height of the cushion nose above the cloth */
  noseHeight_mm: number;
  /** rail top above the cloth */
  railTop_mm: number;
  /** outer edges of the rails */
  outerX: number;
  outerY: number;
}

export type Support =
  | { kind: 'cloth'; z: number }
  | { kind: 'rail'; z: number }
  | { kind: 'hole'; pocket: PocketShape }
  | { kind: 'off' };

export function buildLayout(spec: TableSpec, p: PhysicsParams): TableLayout {
  const R = spec.ball_mm / 2;
  const hx = spec.length_mm / 2;
  const hy = spec.width_mm / 2;
  const rj = p.jawRadius_mm;
  // scale pocket depths with the ball so small tables keep their proportions
  const k = spec.ball_mm / 68;
  const pockets: PocketShape[] = [];
  const jaws = new Map<PocketId, { long: [number, number]; end?: [number, number] }>();
  const capsules: Capsule[] = [];

  for (const id of POCKET_IDS) {
    const sy = id.endsWith('L') ? 1 : -1;
    if (id[0] === 'M') {
      const w = spec.middlePocket_mm;
      const jL: [number, number] = [-(w / 2 + rj), sy * (hy + rj)];
      const jR: [number, number] = [w / 2 + rj, sy * (hy + rj)];
      const lip = p.middleLipDepth_mm * k;
      const holeR = p.holeRadius_mm * k;
      const shape = makePocket(id, 'middle', jL, jR, 0, sy, w, Math.tan((p.middleFacingFlare_deg * Math.PI) / 180), lip, holeR);
      pockets.push(shape);
      jaws.set(id, { long: jL, end: jR });
      addFacings(capsules, shape, jL, jR, rj);
    } else {
      const sx = id[0] === 'F' ? 1 : -1;
      const w = spec.cornerPocket_mm;
      const a = (w + 2 * rj) / Math.SQRT2 - rj;
      const jLong: [number, number] = [sx * (hx - a), sy * (hy + rj)];
      const jEnd: [number, number] = [sx * (hx + rj), sy * (hy - a)];
      const lip = p.cornerLipDepth_mm * k;
      const holeR = p.holeRadius_mm * k;
      const shape = makePocket(id, 'corner', jLong, jEnd, sx / Math.SQRT2, sy / Math.SQRT2, w, Math.tan((p.cornerFacingFlare_deg * Math.PI) / 180), lip, holeR);
      pockets.push(shape);
      jaws.set(id, { long: jLong, end: jEnd });
      addFacings(capsules, shape, jLong, jEnd, rj);
    }
  }

  const J = (id: PocketId) => jaws.get(id)!;
  const rail = (a: [number, number], b: [number, number]) =>
    capsules.push({ ax: a[0], ay: a[1], bx: b[0], by: b[1], r: rj, pocket: null });
  // long rails: corner jaw on the long side to the middle pocket's near jaw, and on to the far corner
  rail(J('HL').long, J('ML').long);
  rail(J('ML').end!, J('FL').long);
  rail(J('HR').long, J('MR').long);
  rail(J('MR').end!, J('FR').long);
  // short rails
  rail(J('HL').end!, J('HR').end!);
  rail(J('FL').end!, J('FR').end!);

  return {
    spec,
    R,
    hx,
    hy,
    capsules,
    pockets,
    noseHeight_mm: p.cushionNoseHeight * spec.ball_mm,
    railTop_mm: p.railHeight * spec.ball_mm,
    outerX: hx + p.railWidth_mm * k,
    outerY: hy + p.railWidth_mm * k,
  };
}

function makePocket(
  id: PocketId,
  kind: 'corner' | 'middle',
  j1: [number, number],
  j2: [number, number],
  axisX: number,
  axisY: number,
  opening: number,
  flareTan: number,
  lip: number,
  holeR: number,
): PocketShape {
  const mouthX = (j1[0] + j2[0]) / 2;
  const mouthY = (j1[1] + j2[1]) / 2;
  const halfSpan = Math.hypot(j1[0] - j2[0], j1[1] - j2[1]) / 2;
  const holeDepth = lip + holeR;
  return {
    id,
    kind,
    mouthX,
    mouthY,
    axisX,
    axisY,
    acrossX: -axisY,
    acrossY: axisX,
    halfSpan_mm: halfSpan,
    flareTan,
    opening_mm: opening,
    holeX: mouthX + axisX * holeDepth,
    holeY: mouthY + axisY * holeDepth,
    holeR,
    channelDepth_mm: holeDepth + holeR,
  };
}

/** The two facings: from each jaw point into the pocket, flared outward, as deep as the hole. */
function addFacings(out: Capsule[], s: PocketShape, j1: [number, number], j2: [number, number], rj: number): void {
  const len = s.channelDepth_mm;
  for (const j of [j1, j2]) {
    const side = Math.sign((j[0] - s.mouthX) * s.acrossX + (j[1] - s.mouthY) * s.acrossY);
    const dx = s.axisX + side * s.acrossX * s.flareTan;
    const dy = s.axisY + side * s.acrossY * s.flareTan;
    const n = Math.hypot(dx, dy);
    out.push({ ax: j[0], ay: j[1], bx: j[0] + (dx / n) * len, by: j[1] + (dy / n) * len, r: rj, pocket: s.id });
  }
}

/** Pocket-local coordinates: u along the axis from the mouth, v across. */
export function pocketLocal(s: PocketShape, x: number, y: number): { u: number; v: number } {
  const dx = x - s.mouthX;
  const dy = y - s.mouthY;
  return { u: dx * s.axisX + dy * s.axisY, v: dx * s.acrossX + dy * s.acrossY };
}

/** Between the facings' centre lines, from a little before the mouth to the back of the hole. */
export function inChannel(s: PocketShape, x: number, y: number, fromU: number): boolean {
  const { u, v } = pocketLocal(s, x, y);
  if (u < fromU || u > s.channelDepth_mm) return false;
  return Math.abs(v) <= s.halfSpan_mm + Math.max(0, u) * s.flareTan;
}

export function overHole(s: PocketShape, x: number, y: number): boolean {
  return (x - s.holeX) ** 2 + (y - s.holeY) ** 2 < s.holeR * s.holeR;
}

/** Distance of a point outside the hole to the hole's edge (negative inside). */
export function distToLip(s: PocketShape, x: number, y: number): number {
  return Math.hypot(x - s.holeX, y - s.holeY) - s.holeR;
}

/** The pocket whose jaws a ball centre at (x, y) is between, if any. */
export function jawPocketAt(L: TableLayout, x: number, y: number): PocketShape | null {
  // cheap reject: far from every edge
  if (Math.abs(x) < L.hx - 2 * L.R && Math.abs(y) < L.hy - 2 * L.R) return null;
  for (const s of L.pockets) if (inChannel(s, x, y, -0.5 * L.R)) return s;
  return null;
}

/** What holds up a ball whose centre is at (x, y); z is the centre's height when resting there. */
export function supportAt(L: TableLayout, x: number, y: number): Support {
  const ax = Math.abs(x);
  const ay = Math.abs(y);
  const nearEdge = ax > L.hx - 3 * L.R || ay > L.hy - 3 * L.R;
  if (nearEdge) {
    for (const s of L.pockets) if (overHole(s, x, y)) return { kind: 'hole', pocket: s };
  }
  if (ax <= L.hx && ay <= L.hy) return { kind: 'cloth', z: L.R };
  if (nearEdge) {
    for (const s of L.pockets) if (inChannel(s, x, y, -L.R)) return { kind: 'cloth', z: L.R };
  }
  if (ax <= L.outerX && ay <= L.outerY) return { kind: 'rail', z: L.railTop_mm + L.R };
  return { kind: 'off' };
}
