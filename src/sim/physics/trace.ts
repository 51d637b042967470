// What the truth needs about a stroke beyond the events: where the balls stood when it began and
// the cue ball's path to its first contact (protocol `before` and `cuePath`).
import type { BallId } from '../types.js';
import type { Ball } from './ball.js';

export interface StrokeTrace {
  t0_s: number;
  struck: BallId;
  /** table positions of every ball on the table when the stroke began, keyed "cue", "1".."15" */
  before: Record<string, [number, number]>;
  /** the cue ball's centre: start, each cushion, first contact with a ball (or where it stopped) */
  cuePath: [number, number][];
  /** the cue ball has not touched a ball yet */
  pathOpen: boolean;
}

export function openTrace(balls: readonly Ball[], struck: BallId, t0_s: number): StrokeTrace {
  const before: Record<string, [number, number]> = {};
  for (const b of balls) if (b.onTable && b.motion !== 'carried') before[String(b.id)] = [b.x, b.y];
  const cue = balls.find((b) => b.id === 'cue')!;
  return { t0_s, struck, before, cuePath: cue.onTable ? [[cue.x, cue.y]] : [], pathOpen: cue.onTable };
}

/** A contact of the cue ball: a cushion adds a corner to the path, a ball ends it. */
export function traceContact(tr: StrokeTrace | undefined, b: Ball, withBall: boolean): void {
  if (!tr || !tr.pathOpen || b.id !== 'cue') return;
  tr.cuePath.push([b.x, b.y]);
  if (withBall) tr.pathOpen = false;
}

/** The stroke ended (or another began) with the path still open: it ends where the cue ball is. */
export function closeTrace(tr: StrokeTrace | undefined, cue: Ball): void {
  if (!tr || !tr.pathOpen) return;
  tr.cuePath.push([cue.x, cue.y]);
  tr.pathOpen = false;
}
