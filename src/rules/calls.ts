// Whether the stroke's call is complete enough for a pot to count (R6).
import type { CallRecord, PocketId } from '../protocol/records.js';
import type { GameSettings } from './settings.js';

export type CallCheck =
  | { complete: true; ball: number; pocket: PocketId }
  | { complete: false; why: string };

export function checkCall(call: CallRecord | null, settings: GameSettings, onTable: ReadonlySet<number>): CallCheck {
  if (!call) return { complete: false, why: 'no call was made before the stroke (R6)' };
  if (call.pocket === undefined) return { complete: false, why: 'the call names no pocket (R6)' };
  let ball = call.ball;
  if (ball === undefined) {
    // R6.4: with one object ball left its number need not be named
    if (onTable.size !== 1) return { complete: false, why: 'the call names no ball while several are on the table (R6.4)' };
    ball = [...onTable][0]!;
  }
  if (settings.callMode === 'strict' && !call.manner) {
    return { complete: false, why: 'a strict call must name the manner (R6.2)' };
  }
  return { complete: true, ball, pocket: call.pocket };
}
