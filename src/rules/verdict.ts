// What the engine decided about one stroke, and why (rule ids from rules.md).
import type { FoulCode, PocketId, ReviewFlag } from '../protocol/records.js';

export interface CountedBall {
  ball: number;
  pocket: PocketId;
  points: number;
}

export interface Penalty {
  points: number;
  from: string;
  to: string;
}

export type StrokeStatus = 'judged' | 'void' | 'ignored';

export interface StrokeVerdict {
  stroke: number;
  /** the line of the stroke's `shot` record */
  line: number;
  striker: string;
  status: StrokeStatus;
  call: { ball?: number; pocket?: PocketId; manner?: string } | null;
  fouls: FoulCode[];
  penalty: Penalty | null;
  counted: CountedBall[];
  /** object balls put back on the table (R10), pocketed or jumped */
  respotted: number[];
  points: number;
  turn: 'keeps' | 'passes';
  next: string | null;
  fromHand: boolean;
  /** which house a stroke from hand had to be played from (R11) */
  house: 'house' | 'temporary' | null;
  rules: string[];
  reason: string;
  scores: Record<string, number>;
  review: ReviewFlag[];
  contested: boolean;
  /** the counted ball that cleared the table (R4.1's +10) */
  lastBall?: number;
  /** set on the stroke that ended the game */
  gameOver?: 'won' | 'draw';
  /** R12.1: the referee's warning after the second round of deliberate fouls */
  warning?: 'stalemate';
}
