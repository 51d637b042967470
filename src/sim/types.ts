// The contract between the simulator's physics (src/sim/physics), its players and scenarios,
// and its renderer (src/sim/render). Positions are table millimetres (protocol v1 axes), z up
// from the cloth; times are seconds of simulated time.
import type { PocketId } from '../table/geometry.js';

/** Object balls 1..15, or the cue ball. */
export type BallId = 'cue' | number;

/** The object balls of the set, 1..15. */
export const OBJECT_BALLS: readonly number[] = Array.from({ length: 15 }, (_, i) => i + 1);
/** The whole set: the cue ball and the object balls. */
export const ALL_BALLS: readonly BallId[] = ['cue', ...OBJECT_BALLS];

export interface Vec3_mm {
  x: number;
  y: number;
  z: number;
}

/** Unit quaternion [w, x, y, z] rotating the ball's body frame into table axes. */
export type Quat = [number, number, number, number];

export type BallPhase =
  | 'rest'
  | 'sliding'
  | 'rolling'
  | 'airborne' // jumped: above the cloth, may come back or leave the table
  | 'inJaw' // stopped or moving between the jaws of a pocket, still visible
  | 'falling' // dropping into a pocket: partly visible for a few frames
  | 'pocketed' // gone into a pocket
  | 'offTable' // landed off the table
  | 'inHand'; // off the table, held (cue ball before a stroke from hand)

/** One ball at one instant, what the renderer draws and `frames.jsonl` records. */
export interface BallSnapshot {
  id: BallId;
  /** centre of the ball; z is the centre's height above the cloth (radius when on the cloth) */
  pos_mm: Vec3_mm;
  orientation: Quat;
  phase: BallPhase;
  speed_mm_s: number;
  /** set for inJaw / falling / pocketed */
  pocket?: PocketId;
}

/** The cue stick as drawn: a tapered cylinder from the tip back to the butt. */
export interface CueStickPose {
  tip_mm: Vec3_mm;
  butt_mm: Vec3_mm;
}

/**
 * A person's arm, hand or body reaching over the table, as a chain of capsules
 * (points with radii) at given heights; the renderer shades them like skin or cloth.
 */
export interface Occluder {
  kind: 'arm' | 'body' | 'hand';
  points_mm: Vec3_mm[];
  radii_mm: number[];
}

/** Everything drawn in one frame. */
export interface Scene {
  t_s: number;
  balls: BallSnapshot[];
  cue?: CueStickPose;
  occluders: Occluder[];
}

/** True events of the physics, kept apart from any rules (pooltool's event log idea). */
export type SimEvent =
  | { kind: 'strokeStart'; t_s: number; ball: BallId; whileMoving: boolean }
  | { kind: 'strokeEnd'; t_s: number }
  | { kind: 'ballBall'; t_s: number; a: BallId; b: BallId; at_mm: Vec3_mm }
  | { kind: 'cushion'; t_s: number; ball: BallId; at_mm: Vec3_mm }
  | { kind: 'jawEnter'; t_s: number; ball: BallId; pocket: PocketId }
  | { kind: 'rattleOut'; t_s: number; ball: BallId; pocket: PocketId }
  | { kind: 'hanging'; t_s: number; ball: BallId; pocket: PocketId }
  | { kind: 'pocketed'; t_s: number; ball: BallId; pocket: PocketId }
  | { kind: 'offTable'; t_s: number; ball: BallId }
  | { kind: 'rest'; t_s: number; ball: BallId }
  | { kind: 'moved'; t_s: number; balls: BallId[]; by: 'striker' | 'opponent' | 'other' }
  | { kind: 'placed'; t_s: number; ball: BallId; at_mm: Vec3_mm };
