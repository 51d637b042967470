// How a number reader is scored (issue 5): top-1 where the numeral is readable, "not visible"
// where it is not, and whether its confidence means what it says (expected calibration error).
import { ID_CLASSES, NOT_VISIBLE } from '../observation.js';

export interface Reading {
  probs: ArrayLike<number>;
  /** the class it should answer */
  truth: number;
  readable: boolean;
}

export interface ReaderScore {
  readable: number;
  hidden: number;
  readableTop1: number;
  hiddenRecall: number;
  ece: number;
}

export function argmax(p: ArrayLike<number>): number {
  let b = 0;
  for (let c = 1; c < ID_CLASSES; c++) if (p[c]! > p[b]!) b = c;
  return b;
}

export function scoreReadings(rs: readonly Reading[], bins = 15): ReaderScore {
  const readable = rs.filter((r) => r.readable);
  const hidden = rs.filter((r) => !r.readable);
  const top1 = readable.filter((r) => argmax(r.probs) === r.truth).length;
  const nv = hidden.filter((r) => argmax(r.probs) === NOT_VISIBLE).length;
  // ECE over every answer: |confidence - accuracy| weighted by the share of answers in each bin
  const sums = Array.from({ length: bins }, () => ({ n: 0, conf: 0, acc: 0 }));
  for (const r of rs) {
    const a = argmax(r.probs);
    const c = r.probs[a]!;
    const b = Math.min(bins - 1, Math.floor(c * bins));
    sums[b]!.n++;
    sums[b]!.conf += c;
    sums[b]!.acc += a === r.truth ? 1 : 0;
  }
  const ece = sums.reduce((e, s) => e + (s.n ? (s.n / rs.length) * Math.abs(s.conf / s.n - s.acc / s.n) : 0), 0);
  return {
    readable: readable.length,
    hidden: hidden.length,
    readableTop1: readable.length ? top1 / readable.length : 1,
    hiddenRecall: hidden.length ? nv / hidden.length : 1,
    ece,
  };
}
