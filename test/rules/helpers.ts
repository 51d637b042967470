// Building protocol records by hand for rules tests.
import { parseJsonl } from '../../src/protocol/jsonl.js';
import { foldMatch, summarize, type GameSummary } from '../../src/rules/index.js';

export type Rec = Record<string, unknown> & { type: string };

export const game = (extra: Record<string, unknown> = {}): Rec => ({ type: 'game', v: 1, players: ['Anna', 'Boris'], ...extra });
export const call = (ball: number | undefined, pocket: string, extra: Record<string, unknown> = {}): Rec =>
  ({ type: 'call', ...(ball !== undefined && { ball }), pocket, ...extra });
/** A legal-looking stroke: the cue ball struck, `firstContact` touched, nothing else unless given. */
export const shot = (firstContact: number | null, extra: Record<string, unknown> = {}): Rec =>
  ({ type: 'shot', struck: 'cue', whileMoving: false, firstContact, pocketed: [], ...extra });
export const pot = (ball: number | 'cue', pocket: string, t?: number) => ({ ball, pocket, ...(t !== undefined && { t }) });
/** Called ball into the called pocket, a counted pot. */
export const potShot = (ball: number, pocket = 'FR', extra: Record<string, unknown> = {}): Rec[] =>
  [call(ball, pocket), shot(ball, { pocketed: [pot(ball, pocket)], ...extra })];
/** A plain miss that passes the turn: touches `ball`, pockets nothing. */
export const miss = (ball = 4): Rec => shot(ball);

export const jsonl = (recs: Rec[]): string => recs.map((r) => JSON.stringify(r)).join('\n');
export function play(recs: Rec[]): GameSummary {
  return summarize(foldMatch(parseJsonl(jsonl(recs))));
}
export const last = (s: GameSummary) => s.strokes.at(-1)!;
