// What can be done to the table from outside the physics: a stroke, a hand placing or moving a
// ball, a hanging ball let go, a shaken table. The world logs each with its step so a fresh world
// replaying the log reproduces the run exactly (how the clip maker re-films a scenario).
import type { BallId } from '../types.js';
import type { StrikeParams } from './strike.js';

export interface CarryOptions {
  duration_s?: number;
  /** peak height above the cloth while carried (0: pushed along the cloth) */
  lift_mm?: number;
  /** who moved a ball that was at rest on the table (logged as a `moved` event) */
  by?: 'striker' | 'opponent' | 'other';
  /** where a ball not on the table comes from (a hand above the rail) */
  fromX?: number;
  fromY?: number;
}

export type WorldAction =
  | { step: number; kind: 'set'; ball: BallId; x: number; y: number }
  | { step: number; kind: 'remove'; ball: BallId }
  | { step: number; kind: 'carry'; ball: BallId; x: number; y: number; opts: CarryOptions }
  | { step: number; kind: 'strike'; params: StrikeParams }
  | { step: number; kind: 'release'; ball: BallId }
  | { step: number; kind: 'shake'; strength: number };
