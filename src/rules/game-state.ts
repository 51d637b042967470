// The state of one game, as the fold of its records leaves it.
import type { CallRecord } from '../protocol/records.js';
import type { GameSettings } from './settings.js';
import type { StrokeVerdict } from './verdict.js';

export type GameStatus = 'playing' | 'won' | 'draw';

export interface GameState {
  settings: GameSettings;
  status: GameStatus;
  winner: string | null;
  scores: Record<string, number>;
  /** index into settings.players */
  toPlay: number;
  fromHand: boolean;
  /** object balls on the table, respotted ones included */
  onTable: Set<number>;
  /** the call in force for the next stroke */
  call: CallRecord | null;
  /** `moved` by the striker before his stroke: F6 on that stroke's account */
  pendingF6: boolean;
  /** `moved` by nobody known: flagged on the next stroke for a person */
  pendingMoved: number[];
  strokes: StrokeVerdict[];
  /** consecutive deliberate-looking fouls for R12 */
  foulStreak: number;
  /** R4.8 playoff / R12.1 "seventy": the one ball that decides the game */
  playoffBall: number | null;
  /** the stroke that ended the game */
  endedAt: number | null;
}

export function initialState(settings: GameSettings): GameState {
  const scores: Record<string, number> = {};
  for (const p of settings.players) scores[p] = settings.handicap[p] ?? 0;
  return {
    settings,
    status: 'playing',
    winner: null,
    scores,
    toPlay: settings.players.indexOf(settings.breaker),
    fromHand: true, // R3.1, R3.3: the break is played from hand in the house
    onTable: new Set(Array.from({ length: 15 }, (_, i) => i + 1)),
    call: null,
    pendingF6: false,
    pendingMoved: [],
    strokes: [],
    foulStreak: 0,
    playoffBall: null,
    endedAt: null,
  };
}

export const nextIndex = (s: GameState, i: number): number => (i + 1) % s.settings.players.length;
export const previousIndex = (s: GameState, i: number): number =>
  (i - 1 + s.settings.players.length) % s.settings.players.length;

/** R4.8 / R12.1: one ball on the third spot decides the game; the first shooter plays from hand. */
export function startPlayoff(s: GameState, ball: number, first: number): void {
  s.onTable = new Set([ball]);
  s.playoffBall = ball;
  s.toPlay = first;
  s.fromHand = true;
}
