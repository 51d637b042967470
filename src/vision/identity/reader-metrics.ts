// How a number reader is scored (issue 5): top-1 where the numeral is readable, "not visible"
// where it is not, and whether its confidence means what it says (expected calibration error).
import { ID_CLASSES, NOT_VISIBLE } from '../observation.js';

export type CropKind = 'readable' | 'hidden' | 'ambiguous';

/** Numeral share facing the camera below which a crop is clearly unreadable (see train_reader.py). */
export const CLEARLY_HIDDEN_BELOW = 0.3;

/** A crop is readable (its label is the number), clearly hidden, or in between (a numeral half turned away). */
export function cropKind(label: unknown, numeralVisible: number): CropKind {
  if (label !== 'hidden') return 'readable';
  return numeralVisible < CLEARLY_HIDDEN_BELOW || numeralVisible >= 0.85 ? 'hidden' : 'ambiguous';
}

export interface Reading {
  probs: ArrayLike<number>;
  /** the ball's class (0 cue, 1..15) */
  ball: number;
  kind: CropKind;
}

export interface ReaderScore {
  readable: number;
  hidden: number;
  ambiguous: number;
  readableTop1: number;
  hiddenRecall: number;
  /** answers naming a ball it is not, over every crop: the dangerous mistake */
  wrongNumberRate: number;
  /** on half-turned numerals: the right number or "not visible" (anything but a wrong number) */
  ambiguousSafe: number;
  ece: number;
}

export function argmax(p: ArrayLike<number>): number {
  let b = 0;
  for (let c = 1; c < ID_CLASSES; c++) if (p[c]! > p[b]!) b = c;
  return b;
}

export function scoreReadings(rs: readonly Reading[], bins = 15): ReaderScore {
  const readable = rs.filter((r) => r.kind === 'readable');
  const hidden = rs.filter((r) => r.kind === 'hidden');
  const ambiguous = rs.filter((r) => r.kind === 'ambiguous');
  const top1 = readable.filter((r) => argmax(r.probs) === r.ball).length;
  const nv = hidden.filter((r) => argmax(r.probs) === NOT_VISIBLE).length;
  const wrong = rs.filter((r) => { const a = argmax(r.probs); return a !== NOT_VISIBLE && a !== r.ball; }).length;
  const safe = ambiguous.filter((r) => { const a = argmax(r.probs); return a === NOT_VISIBLE || a === r.ball; }).length;
  // ECE over the clear crops: |confidence - accuracy| weighted by the share of answers in each bin
  const clear = [...readable, ...hidden];
  const truth = (r: Reading) => (r.kind === 'readable' ? r.ball : NOT_VISIBLE);
  const sums = Array.from({ length: bins }, () => ({ n: 0, conf: 0, acc: 0 }));
  for (const r of clear) {
    const a = argmax(r.probs);
    const c = r.probs[a]!;
    const b = Math.min(bins - 1, Math.floor(c * bins));
    sums[b]!.n++;
    sums[b]!.conf += c;
    sums[b]!.acc += a === truth(r) ? 1 : 0;
  }
  const ece = sums.reduce((e, s) => e + (s.n ? (s.n / clear.length) * Math.abs(s.conf / s.n - s.acc / s.n) : 0), 0);
  return {
    readable: readable.length,
    hidden: hidden.length,
    ambiguous: ambiguous.length,
    readableTop1: readable.length ? top1 / readable.length : 1,
    hiddenRecall: hidden.length ? nv / hidden.length : 1,
    wrongNumberRate: rs.length ? wrong / rs.length : 0,
    ambiguousSafe: ambiguous.length ? safe / ambiguous.length : 1,
    ece,
  };
}
