// Table protocol v1: the one format between camera, rules engine, people and tests.
import type { PocketId } from '../table/geometry.js';

export type { PocketId };
/** Object balls 1..15 or the cue ball. */
export type Ball = number | 'cue';
export type ObjectBall = number;
export type XY_mm = [number, number];

export type CallMode = 'ballPocket' | 'strict' | 'none';
export type TieRule = 'draw' | 'playoff';
export type StalemateRule = 'draw' | 'seventy';
export type PenaltyTo = 'next' | 'previous';
export type FoulCode = 'F1' | 'F2' | 'F3' | 'F4' | 'F5' | 'F6' | 'F7' | 'F8' | 'F9' | 'F10';
export const FOUL_CODES: readonly FoulCode[] = ['F1', 'F2', 'F3', 'F4', 'F5', 'F6', 'F7', 'F8', 'F9', 'F10'];

export interface TableDims {
  length: number;
  width: number;
  ball: number;
}

export interface GameRecord {
  type: 'game';
  v?: number;
  players: string[];
  breaker?: string;
  callMode?: CallMode;
  handicap?: Record<string, number>;
  tie?: TieRule;
  stalemate?: StalemateRule;
  penaltyTo?: PenaltyTo;
  /** R9.4: F5 and F6 are not fouls at all */
  lenientF5F6?: boolean;
  table?: TableDims;
}

export interface CallRecord {
  type: 'call';
  t?: number;
  ball?: ObjectBall;
  pocket?: PocketId;
  manner?: string;
  /** extension, R13.5: a stroke without a call agreed by the players (balls gathered in a corner) */
  free?: boolean;
}

export interface Pocketing {
  ball: Ball;
  pocket: PocketId;
  t?: number;
}

export type ReviewWhat = 'pocketed' | 'firstContact' | 'struck' | 'whileMoving' | 'offTable' | 'moved' | 'identity';
export const REVIEW_WHATS: readonly ReviewWhat[] = [
  'pocketed', 'firstContact', 'struck', 'whileMoving', 'offTable', 'moved', 'identity',
];

export interface ReviewFlag {
  what: ReviewWhat;
  ball?: Ball;
  confidence?: number;
  why?: string;
}

export interface Bounce {
  ball: Ball;
  pocket?: PocketId;
}

export interface ShotRecord {
  type: 'shot';
  t0?: number;
  t1?: number;
  struck: Ball;
  whileMoving: boolean;
  firstContact: ObjectBall | null;
  pocketed: Pocketing[];
  offTable: Ball[];
  bounced: Bounce[];
  before?: Partial<Record<string, XY_mm>>;
  cuePath?: XY_mm[];
  review: ReviewFlag[];
  /** extension, R13.1: the stroke was interfered with; the position is restored and it is replayed */
  void?: boolean;
  /** extension, R13.2: the cue ball jumped, touched someone or something off the table and fell back */
  cueReturned?: boolean;
}

export type MovedBy = 'striker' | 'opponent' | 'other' | 'unknown';
export interface MovedRecord {
  type: 'moved';
  t?: number;
  balls: Ball[];
  by: MovedBy;
}

export type FallCause = 'self' | 'shake' | 'independent';
export interface FallRecord {
  type: 'fall';
  t?: number;
  ball: ObjectBall;
  pocket: PocketId;
  cause: FallCause;
  /** what the producer is unsure of about the fall (its ball's name): the stroke it is counted on is contested */
  review?: ReviewFlag[];
}

export interface FoulRecord {
  type: 'foul';
  code: FoulCode;
  shot?: number;
}

export interface NocountRecord {
  type: 'nocount';
  ball: ObjectBall;
  shot?: number;
}

/** The fields a correction may replace; validated like a shot's. */
export type ShotFields = Omit<ShotRecord, 'type'>;

export interface CorrectRecord {
  type: 'correct';
  shot: number;
  with: Partial<ShotFields>;
}

export type TableRecord =
  | GameRecord
  | CallRecord
  | ShotRecord
  | MovedRecord
  | FallRecord
  | FoulRecord
  | NocountRecord
  | CorrectRecord;

/** A record as read from a stream, with the 1-based line it came from (for error messages). */
export interface Numbered<R extends TableRecord = TableRecord> {
  line: number;
  record: R;
}
