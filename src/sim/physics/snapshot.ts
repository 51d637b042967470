// A ball as the renderer and the per-frame truth see it.
import type { BallPhase, BallSnapshot } from '../types.js';
import type { Ball } from './ball.js';

/** The ball `ahead_s` (less than a step) after its last step, extrapolated without stepping. */
export function ballSnapshot(b: Ball, ahead_s: number, g_mm_s2: number): BallSnapshot {
  const moves = b.motion === 'sliding' || b.motion === 'rolling' || b.motion === 'airborne' || b.motion === 'falling';
  const k = moves ? ahead_s : 0;
  const g = b.motion === 'airborne' || b.motion === 'falling' ? g_mm_s2 : 0;
  const snap: BallSnapshot = {
    id: b.id,
    pos_mm: { x: b.x + b.vx * k, y: b.y + b.vy * k, z: b.z + b.vz * k - 0.5 * g * k * k },
    orientation: b.orientation(),
    phase: phaseOf(b),
    speed_mm_s: b.speed(),
  };
  const pocket = b.pocket ?? b.jaw;
  if (pocket && (snap.phase === 'inJaw' || snap.phase === 'falling' || snap.phase === 'pocketed')) snap.pocket = pocket;
  return snap;
}

export function phaseOf(b: Ball): BallPhase {
  if (b.gone) return 'offTable';
  switch (b.motion) {
    case 'rest':
    case 'spinning':
      return b.jaw ? 'inJaw' : 'rest';
    case 'sliding':
      return b.jaw ? 'inJaw' : 'sliding';
    case 'rolling':
      return b.jaw ? 'inJaw' : 'rolling';
    case 'carried':
      return b.carry && b.carry.lift_mm > 0 ? 'airborne' : 'rolling';
    default:
      return b.motion;
  }
}
