// The rules engine's public face: records in, match state out. Pure: no I/O, clock or randomness.
export { foldMatch, logsOf, type MatchState } from './match.js';
export { summarize, contestedStrokes, type GameSummary } from './summary.js';
export type { StrokeVerdict, CountedBall, Penalty } from './verdict.js';
export type { GameState } from './game-state.js';
export type { GameSettings } from './settings.js';
export { ballValue } from './values.js';
