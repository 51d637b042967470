// A match (R3.2): games one after another; each later game is broken by the previous winner.
import type { GameRecord, Numbered, TableRecord } from '../protocol/records.js';
import { ProtocolError } from '../protocol/validate.js';
import { addRecord, foldGame, startGame, type GameLog } from './game.js';
import type { GameState } from './game-state.js';

export interface MatchState {
  /** every game so far, the current one last */
  games: GameState[];
  current: GameState | null;
  /** games won per player name */
  wins: Record<string, number>;
}

/** Splits records into games and binds late records to their strokes; throws ProtocolError on bad input. */
export function logsOf(records: readonly Numbered[]): GameLog[] {
  const logs: GameLog[] = [];
  let previous: GameState | null = null;
  for (const n of records) {
    if (n.record.type === 'game') {
      if (logs.length) previous = foldGame(logs.at(-1)!);
      // after a win the winner breaks; after a draw (or an unfinished game) the first player does
      logs.push(startGame(n as Numbered<GameRecord>, previous?.winner ?? undefined));
      continue;
    }
    const log = logs.at(-1);
    if (!log) throw new ProtocolError(n.line, 'type', `a "${n.record.type}" record before any "game" record: a game must start first`);
    addRecord(log, n as Numbered<Exclude<TableRecord, GameRecord>>);
  }
  return logs;
}

export function foldMatch(records: readonly Numbered[]): MatchState {
  const games = logsOf(records).map(foldGame);
  const wins: Record<string, number> = {};
  for (const g of games) {
    for (const p of g.settings.players) wins[p] ??= 0;
    if (g.winner) wins[g.winner]! += 1;
  }
  return { games, current: games.at(-1) ?? null, wins };
}
