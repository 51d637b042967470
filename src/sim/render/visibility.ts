// Per-frame truth of what the camera can see of each ball (frames.jsonl): a ball more than half
// hidden behind the cue or a player's arm is `occluded`, not gone.
import type { TableSpec } from '../../table/geometry.js';
import { RUSSIAN_12FT } from '../../table/geometry.js';
import type { BallId, BallSnapshot, Scene, Vec3_mm } from '../types.js';
import type { Camera } from './camera.js';
import type { Capsule } from './context.js';
import { sceneCapsules } from './capsules.js';
import { segmentRayDistance } from './geom.js';

export type BallVisibility = 'visible' | 'occluded' | 'falling' | 'pocketed' | 'offTable' | 'inHand' | 'outOfView';

/** Points spread over the unit disc (a sunflower pattern), to sample a ball's silhouette. */
const DISC: [number, number][] = Array.from({ length: 48 }, (_, i) => {
  const r = Math.sqrt((i + 0.5) / 48);
  const a = i * 2.399963229728653;
  return [r * Math.cos(a), r * Math.sin(a)];
});

/**
 * Fraction (0..1) of the ball's image covered by the given capsules: rays from the camera to points
 * spread over the ball's visible face, counted blocked when a capsule crosses them first.
 */
export function coveredFraction(ball: Vec3_mm, radius_mm: number, camera: Camera, caps: Capsule[]): number {
  if (caps.length === 0) return 0;
  const C = camera.params.position_mm;
  let vx = ball.x - C.x, vy = ball.y - C.y, vz = ball.z - C.z;
  const vl = Math.hypot(vx, vy, vz);
  vx /= vl; vy /= vl; vz /= vl;
  // two axes across the line of sight
  let ex = -vy, ey = vx, ez = 0;
  const el = Math.hypot(ex, ey, ez) || 1;
  ex /= el; ey /= el; ez /= el;
  const fx = vy * ez - vz * ey, fy = vz * ex - vx * ez, fz = vx * ey - vy * ex;
  let blocked = 0;
  for (const [a, b] of DISC) {
    const h = Math.sqrt(Math.max(0, 1 - a * a - b * b));
    const P = {
      x: ball.x + radius_mm * (a * ex + b * fx - h * vx),
      y: ball.y + radius_mm * (a * ey + b * fy - h * vy),
      z: ball.z + radius_mm * (a * ez + b * fz - h * vz),
    };
    let dx = P.x - C.x, dy = P.y - C.y, dz = P.z - C.z;
    const dl = Math.hypot(dx, dy, dz);
    dx /= dl; dy /= dl; dz /= dl;
    for (const c of caps) {
      const r = segmentRayDistance(c.a, c.b, C, { x: dx, y: dy, z: dz });
      if (r.t < dl && r.dist < c.ra + (c.rb - c.ra) * r.s) { blocked++; break; }
    }
  }
  return blocked / DISC.length;
}

/** Whether the line from the camera to a point passes through any capsule first. */
export function pointHidden(P: Vec3_mm, camera: Camera, caps: Capsule[]): boolean {
  const C = camera.params.position_mm;
  let dx = P.x - C.x, dy = P.y - C.y, dz = P.z - C.z;
  const dl = Math.hypot(dx, dy, dz);
  dx /= dl; dy /= dl; dz /= dl;
  for (const c of caps) {
    const r = segmentRayDistance(c.a, c.b, C, { x: dx, y: dy, z: dz });
    if (r.t < dl && r.dist < c.ra + (c.rb - c.ra) * r.s) return true;
  }
  return false;
}

export function ballVisibilityOf(b: BallSnapshot, scene: Scene, camera: Camera, spec: TableSpec = RUSSIAN_12FT, caps = sceneCapsules(scene)): BallVisibility {
  switch (b.phase) {
    case 'pocketed': return 'pocketed';
    case 'offTable': return 'offTable';
    case 'inHand': return 'inHand';
    case 'falling': return 'falling';
    default: break;
  }
  const c = camera.toCamera(b.pos_mm);
  if (c.z <= 0) return 'outOfView';
  const px = camera.project(b.pos_mm);
  const { width_px: W, height_px: H } = camera.params;
  if (px.u_px < 0 || px.v_px < 0 || px.u_px >= W || px.v_px >= H) return 'outOfView';
  return coveredFraction(b.pos_mm, spec.ball_mm / 2, camera, caps) > 0.5 ? 'occluded' : 'visible';
}

/** Every ball's visibility in a scene (occluded when more than half its disc is behind the cue or arms). */
export function ballVisibility(scene: Scene, camera: Camera, spec: TableSpec = RUSSIAN_12FT): Map<BallId, BallVisibility> {
  const caps = sceneCapsules(scene);
  return new Map(scene.balls.map((b) => [b.id, ballVisibilityOf(b, scene, camera, spec, caps)]));
}

/** For `frameTruthRow(scene, isOccluded)` in src/sim/truth.ts: more than half the ball behind the cue or arms. */
export function occlusionTest(camera: Camera, spec: TableSpec = RUSSIAN_12FT): (b: BallSnapshot, scene: Scene) => boolean {
  let lastScene: Scene | null = null;
  let caps: Capsule[] = [];
  return (b, scene) => {
    if (scene !== lastScene) { lastScene = scene; caps = sceneCapsules(scene); }
    return coveredFraction(b.pos_mm, spec.ball_mm / 2, camera, caps) > 0.5;
  };
}
