// Observations made from the simulator's truth instead of pixels: the true ball positions with
// detection noise, dropouts and occlusion. It lets tracking, identity and stroke inference be built
// and measured apart from detection (the pixel pipeline replaces it with the same FrameObservation).
import type { Rng } from '../../sim/rng.js';
import type { TableSpec } from '../../table/geometry.js';
import type { BallSnapshot, Occluder, Scene } from '../../sim/types.js';
import { ID_CLASSES, NOT_VISIBLE, classOf, type BallDetection, type FrameObservation, type OccludedBox } from '../observation.js';

export interface OracleOptions {
  noise_mm: number;
  dropout: number;
  /** chance per frame that a ball at rest gets a sharp number reading */
  readRate: number;
  /** top-1 accuracy of a reading */
  readAccuracy: number;
}

export const ORACLE_DEFAULTS: OracleOptions = { noise_mm: 1.5, dropout: 0.01, readRate: 0.3, readAccuracy: 0.97 };

/** Table-plane boxes around the people and the cue, a ball's radius wider (what hides a ball from above). */
export function occluderBoxes(occluders: readonly Occluder[], margin_mm: number): OccludedBox[] {
  return occluders.filter((o) => o.points_mm.some((p) => p.z < 900)).map((o) => {
    const xs = o.points_mm.map((p, i) => [p.x - o.radii_mm[i]!, p.x + o.radii_mm[i]!]).flat();
    const ys = o.points_mm.map((p, i) => [p.y - o.radii_mm[i]!, p.y + o.radii_mm[i]!]).flat();
    return { x0_mm: Math.min(...xs) - margin_mm, y0_mm: Math.min(...ys) - margin_mm, x1_mm: Math.max(...xs) + margin_mm, y1_mm: Math.max(...ys) + margin_mm };
  });
}

function hiddenBy(b: BallSnapshot, occ: readonly Occluder[]): boolean {
  // under a capsule of an arm or body (seen from above): the ball's centre within the capsule radius
  for (const o of occ) {
    for (let i = 0; i + 1 < o.points_mm.length; i++) {
      const a = o.points_mm[i]!;
      const c = o.points_mm[i + 1]!;
      if (Math.min(a.z, c.z) > 1200) continue;
      const dx = c.x - a.x;
      const dy = c.y - a.y;
      const L = dx * dx + dy * dy || 1;
      const s = Math.max(0, Math.min(1, ((b.pos_mm.x - a.x) * dx + (b.pos_mm.y - a.y) * dy) / L));
      const r = o.radii_mm[i]! + (o.radii_mm[i + 1]! - o.radii_mm[i]!) * s;
      if (Math.hypot(b.pos_mm.x - (a.x + s * dx), b.pos_mm.y - (a.y + s * dy)) < r) return true;
    }
  }
  return false;
}

export function oracleObservation(scene: Scene, index: number, rng: Rng, table: TableSpec, o: OracleOptions = ORACLE_DEFAULTS): FrameObservation {
  const detections: BallDetection[] = [];
  const halfL = table.length_mm / 2;
  const halfW = table.width_mm / 2;
  const people = scene.occluders;
  for (const b of scene.balls) {
    if (b.phase === 'pocketed' || b.phase === 'offTable' || b.phase === 'inHand' || b.phase === 'falling') continue;
    // an airborne ball is still seen from above until it is past the cushions (off the cloth)
    if (b.phase !== 'inJaw' && (Math.abs(b.pos_mm.x) > halfL || Math.abs(b.pos_mm.y) > halfW)) continue;
    if (hiddenBy(b, people) || rng.chance(o.dropout)) continue;
    const d: BallDetection = {
      x_mm: b.pos_mm.x + rng.normal(0, o.noise_mm),
      y_mm: b.pos_mm.y + rng.normal(0, o.noise_mm),
      conf: 0.95,
      cueLike: b.id === 'cue' ? 0.9 + rng.uniform(0, 0.09) : rng.uniform(0.01, 0.08),
    };
    if (b.id !== 'cue' && b.speed_mm_s < 20 && rng.chance(o.readRate)) {
      const probs = new Array<number>(ID_CLASSES).fill(0.002);
      const right = rng.chance(o.readAccuracy);
      if (rng.chance(0.4)) probs[NOT_VISIBLE] = 0.97; // the numeral faces away
      else probs[right ? classOf(b.id) : rng.int(1, 15)] = 0.95;
      d.idProbs = probs;
      d.sharp = true;
    }
    detections.push(d);
  }
  return { index, t_s: scene.t_s, detections, occluded: occluderBoxes(people, 0) };
}
