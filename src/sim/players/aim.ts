// Ghost-ball aiming: for every object ball and pocket with a clear line, where the cue ball must
// be at contact (the ghost ball), how thin the cut is, and how hard to hit so the object ball
// reaches the pocket. Pure geometry plus the physics' friction figures.
import type { PocketId, TableSpec } from '../../table/geometry.js';
import type { PhysicsParams } from '../physics/params.js';
import type { PocketShape, TableLayout } from '../physics/layout.js';
import { cueSpeedForBall } from '../physics/strike.js';
import type { World } from '../physics/world.js';
import type { BallId } from '../types.js';

export interface XY {
  x: number;
  y: number;
}

/** The balls at rest on the table, as a player sees them. */
export interface TableView {
  table: TableSpec;
  layout: TableLayout;
  params: PhysicsParams;
  balls: Map<BallId, XY>;
}

export function tableView(world: World): TableView {
  const balls = new Map<BallId, XY>();
  for (const b of world.balls) if (b.onTable && b.motion !== 'carried') balls.set(b.id, { x: b.x, y: b.y });
  return { table: world.table, layout: world.layout, params: world.params, balls };
}

export interface PotPlan {
  ball: number;
  pocket: PocketId;
  /** where the object ball is sent: the middle of the pocket's mouth */
  target: XY;
  /** the cue ball's centre at contact */
  ghost: XY;
  heading_rad: number;
  /** angle between the cue ball's line and the object ball's */
  cut_rad: number;
  cueDist_mm: number;
  objDist_mm: number;
  /** angle of the object ball's line off the pocket's axis */
  entry_rad: number;
  /** lower is easier */
  difficulty: number;
}

/** How far off a pocket's axis a ball may come through the middle of the mouth and still drop. */
export const ENTRY_LIMIT_RAD = { corner: (18 * Math.PI) / 180, middle: (28 * Math.PI) / 180 };
export const MAX_CUT_RAD = (72 * Math.PI) / 180;

/** No ball (except those ignored) within `clearance` of the segment a–b. */
export function pathClear(view: TableView, a: XY, b: XY, ignore: readonly BallId[], clearance: number): boolean {
  const ex = b.x - a.x;
  const ey = b.y - a.y;
  const len2 = ex * ex + ey * ey || 1;
  for (const [id, p] of view.balls) {
    if (ignore.includes(id)) continue;
    const s = Math.max(0, Math.min(1, ((p.x - a.x) * ex + (p.y - a.y) * ey) / len2));
    const dx = a.x + s * ex - p.x;
    const dy = a.y + s * ey - p.y;
    if (dx * dx + dy * dy < clearance * clearance) return false;
  }
  return true;
}

export function onSurface(view: TableView, p: XY, margin = 0): boolean {
  const R = view.table.ball_mm / 2;
  return Math.abs(p.x) <= view.table.length_mm / 2 - R - margin && Math.abs(p.y) <= view.table.width_mm / 2 - R - margin;
}

/** Every pot the cue ball at `cue` could try, easiest first. */
export function potPlans(view: TableView, cue: XY, only?: (ball: number, pocket: PocketShape) => boolean): PotPlan[] {
  const R = view.table.ball_mm / 2;
  const out: PotPlan[] = [];
  for (const [id, o] of view.balls) {
    if (id === 'cue') continue;
    const ball = id as number;
    for (const s of view.layout.pockets) {
      if (only && !only(ball, s)) continue;
      const target = { x: s.mouthX, y: s.mouthY };
      const ox = target.x - o.x;
      const oy = target.y - o.y;
      const objDist = Math.hypot(ox, oy);
      if (objDist < 1) continue;
      const ux = ox / objDist;
      const uy = oy / objDist;
      const entry = Math.acos(Math.max(-1, Math.min(1, ux * s.axisX + uy * s.axisY)));
      if (entry > ENTRY_LIMIT_RAD[s.kind]) continue;
      const ghost = { x: o.x - 2 * R * ux, y: o.y - 2 * R * uy };
      if (!onSurface(view, ghost, 1)) continue;
      const cx = ghost.x - cue.x;
      const cy = ghost.y - cue.y;
      const cueDist = Math.hypot(cx, cy);
      if (cueDist < 2 * R) continue;
      const cut = Math.acos(Math.max(-1, Math.min(1, (cx * ux + cy * uy) / cueDist)));
      if (cut > MAX_CUT_RAD) continue;
      if (!pathClear(view, o, target, [id, 'cue'], 2 * R + 2)) continue;
      if (!pathClear(view, cue, ghost, [id, 'cue'], 2 * R + 2)) continue;
      // thin cuts, long shots and pockets entered off-axis are harder
      const difficulty = objDist / 1000 + cueDist / 2500 + 3 * (1 / Math.cos(cut) - 1) + 4 * (entry / ENTRY_LIMIT_RAD[s.kind]) ** 2;
      out.push({
        ball,
        pocket: s.id,
        target,
        ghost,
        heading_rad: Math.atan2(cy, cx),
        cut_rad: cut,
        cueDist_mm: cueDist,
        objDist_mm: objDist,
        entry_rad: entry,
        difficulty,
      });
    }
  }
  return out.sort((a, b) => a.difficulty - b.difficulty);
}

/**
 * Cue speed that sends the object ball through the pocket at about `arrive_mm_s`. The object
 * ball starts with no spin, slides down to 5/7 of its speed, then rolls; the cue ball (hit in the
 * centre) slides first too, and rolls if the contact is far enough away.
 */
export function cueSpeedFor(plan: PotPlan, arrive_mm_s: number, p: PhysicsParams): number {
  const aRoll = p.muRoll * p.g_mm_s2;
  const aSlide = p.muSlide * p.g_mm_s2;
  const e = p.ballRestitution;
  const vObj = (7 / 5) * Math.sqrt(arrive_mm_s ** 2 + 2 * aRoll * plan.objDist_mm);
  const vc = vObj / (((1 + e) / 2) * Math.max(0.2, Math.cos(plan.cut_rad)));
  // still sliding at contact?
  const v0Sliding = Math.sqrt(vc * vc + 2 * aSlide * plan.cueDist_mm);
  const slideDist = (v0Sliding ** 2 * (24 / 49)) / (2 * aSlide);
  const v0 = slideDist >= plan.cueDist_mm ? v0Sliding : (7 / 5) * Math.sqrt(vc * vc + 2 * aRoll * plan.cueDist_mm);
  return cueSpeedForBall(v0, p);
}
