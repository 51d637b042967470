// What the simulated players need to know from a referee between strokes: whose turn, from hand
// or not, which object balls belong on the table (so pocketed ones that did not count are put
// back), and whether the game is over. Backed by the project's rules engine.
import type { Numbered, TableRecord } from '../../protocol/records.js';
import { foldMatch, summarize } from '../../rules/index.js';

export interface RefereeView {
  status: 'idle' | 'playing' | 'won' | 'draw';
  winner: string | null;
  toPlay: string | null;
  fromHand: boolean;
  /** object balls that should be on the table, respotted ones included */
  onTable: number[];
  /** the balls the last stroke's verdict respotted (R10) */
  respotted: number[];
  scores: Record<string, number>;
}

export interface RefereeOracle {
  /** The state after these records (a game record first). */
  judge(records: readonly TableRecord[]): RefereeView;
}

/** The rules engine (src/rules) as the oracle. */
export const rulesOracle: RefereeOracle = {
  judge(records) {
    const numbered: Numbered[] = records.map((record, i) => ({ line: i + 1, record }));
    const s = summarize(foldMatch(numbered));
    const last = [...s.strokes].reverse().find((v) => v.status !== 'ignored');
    return {
      status: s.status,
      winner: s.winner,
      toPlay: s.toPlay,
      fromHand: s.fromHand,
      onTable: s.onTable,
      respotted: last?.respotted ?? [],
      scores: s.scores,
    };
  },
};
