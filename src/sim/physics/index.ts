// Public face of the simulator's physics.
export { World, BALL_IDS } from './world.js';
export type { WorldAction, CarryOptions } from './actions.js';
export type { StrikeParams } from './strike.js';
export { ballSpeedForCue, cueSpeedForBall, MAX_TIP_OFFSET } from './strike.js';
export type { PhysicsParams } from './params.js';
export { DEFAULT_PARAMS } from './params.js';
export type { TableLayout, PocketShape, Capsule } from './layout.js';
export { buildLayout, supportAt, jawPocketAt, pocketLocal, distToLip } from './layout.js';
export { Ball } from './ball.js';
export type { Motion } from './ball.js';
export type { StrokeTrace } from './trace.js';
