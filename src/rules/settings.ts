// A game's agreed conditions (R4, R6, R9, R12, R4.8) with the defaults of rules.md filled in.
import type { CallMode, GameRecord, PenaltyTo, StalemateRule, TableDims, TieRule } from '../protocol/records.js';

export interface GameSettings {
  players: string[];
  breaker: string;
  callMode: CallMode;
  handicap: Record<string, number>;
  tie: TieRule;
  stalemate: StalemateRule;
  penaltyTo: PenaltyTo;
  lenientF5F6: boolean;
  table: TableDims;
  /** R4.2–R4.4: 71, 51 or 41 */
  target: number;
  /** R4.8: the score every player has when the table is cleared with no winner */
  drawScore: number;
}

export const FULL_SIZE_TABLE: TableDims = { length: 3550, width: 1775, ball: 68 };

/** R4.2–R4.4 */
export function targetFor(playerCount: number): number {
  return playerCount === 2 ? 71 : playerCount === 3 ? 51 : 41;
}

/**
 * `defaultBreaker` is the previous game's winner, or the first player (first game, or after a draw):
 * protocol v1 fills in R3.2's "by lot" with the first player.
 */
export function settingsOf(g: GameRecord, defaultBreaker?: string): GameSettings {
  const target = targetFor(g.players.length);
  const handicap: Record<string, number> = {};
  for (const p of g.players) handicap[p] = g.handicap?.[p] ?? 0;
  const fallback = defaultBreaker !== undefined && g.players.includes(defaultBreaker) ? defaultBreaker : g.players[0]!;
  return {
    players: [...g.players],
    breaker: g.breaker ?? fallback,
    callMode: g.callMode ?? 'ballPocket',
    handicap,
    tie: g.tie ?? 'draw',
    stalemate: g.stalemate ?? 'draw',
    penaltyTo: g.penaltyTo ?? 'next',
    lenientF5F6: g.lenientF5F6 ?? false,
    table: g.table ?? FULL_SIZE_TABLE,
    target,
    drawScore: target - 1,
  };
}
