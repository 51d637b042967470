// `marker eval`: observed shot records against the truth, stroke by stroke. A stroke is matched by
// time; a wrong field the producer did not flag for review is a silent error — the one kind of
// mistake a referee must not make.
import type { Ball, ShotRecord, TableRecord } from '../../protocol/records.js';

export const COMPARED_FIELDS = ['struck', 'whileMoving', 'firstContact', 'pocketed', 'offTable'] as const;
export type ComparedField = (typeof COMPARED_FIELDS)[number];

export interface StrokeComparison {
  truth: ShotRecord | null;
  observed: ShotRecord | null;
  wrong: ComparedField[];
  flagged: boolean;
}

export interface FieldScore {
  truePositives: number;
  predicted: number;
  actual: number;
  precision: number;
  recall: number;
}

export interface EvalReport {
  strokes: number;
  matched: number;
  missed: number;
  extra: number;
  exact: number;
  exactRate: number;
  flagged: number;
  silentErrors: number;
  silentErrorRate: number;
  fields: Record<ComparedField, FieldScore>;
  comparisons: StrokeComparison[];
}

const shotsOf = (recs: readonly TableRecord[]): ShotRecord[] => recs.filter((r): r is ShotRecord => r.type === 'shot');
const pocketKey = (p: { ball: Ball; pocket: string }) => `${p.ball}@${p.pocket}`;

/** Items of a field as a set, so precision and recall mean the same for every field. */
function items(s: ShotRecord, f: ComparedField): string[] {
  switch (f) {
    case 'struck': return [String(s.struck)];
    case 'whileMoving': return s.whileMoving ? ['yes'] : [];
    case 'firstContact': return [String(s.firstContact)];
    case 'pocketed': return s.pocketed.map(pocketKey);
    case 'offTable': return s.offTable.map(String);
  }
}

function sameField(a: ShotRecord, b: ShotRecord, f: ComparedField): boolean {
  const x = items(a, f).sort();
  const y = items(b, f).sort();
  return x.length === y.length && x.every((v, i) => v === y[i]);
}

/** Pairs truth and observed strokes in time order: the nearest start within `tolerance_s`. */
export function matchStrokes(truth: ShotRecord[], observed: ShotRecord[], tolerance_s = 0.6): [ShotRecord | null, ShotRecord | null][] {
  const pairs: [ShotRecord | null, ShotRecord | null][] = [];
  let j = 0;
  for (const t of truth) {
    while (j < observed.length && (observed[j]!.t0 ?? 0) < (t.t0 ?? 0) - tolerance_s) pairs.push([null, observed[j++]!]);
    if (j < observed.length && Math.abs((observed[j]!.t0 ?? 0) - (t.t0 ?? 0)) <= tolerance_s) pairs.push([t, observed[j++]!]);
    else pairs.push([t, null]);
  }
  while (j < observed.length) pairs.push([null, observed[j++]!]);
  return pairs;
}

export function compareShots(truthRecs: readonly TableRecord[], observedRecs: readonly TableRecord[]): EvalReport {
  const pairs = matchStrokes(shotsOf(truthRecs), shotsOf(observedRecs));
  const fields = Object.fromEntries(COMPARED_FIELDS.map((f) => [f, { truePositives: 0, predicted: 0, actual: 0, precision: 1, recall: 1 }])) as Record<ComparedField, FieldScore>;
  const comparisons: StrokeComparison[] = pairs.map(([truth, observed]) => {
    const flagged = (observed?.review.length ?? 0) > 0;
    if (!truth || !observed) return { truth, observed, wrong: [...COMPARED_FIELDS], flagged };
    const wrong = COMPARED_FIELDS.filter((f) => !sameField(truth, observed, f));
    return { truth, observed, wrong, flagged };
  });
  for (const c of comparisons) {
    for (const f of COMPARED_FIELDS) {
      const t = c.truth ? items(c.truth, f) : [];
      const o = c.observed ? items(c.observed, f) : [];
      const s = fields[f];
      s.actual += t.length;
      s.predicted += o.length;
      const left = [...t];
      for (const v of o) {
        const k = left.indexOf(v);
        if (k >= 0) {
          left.splice(k, 1);
          s.truePositives += 1;
        }
      }
    }
  }
  for (const s of Object.values(fields)) {
    s.precision = s.predicted ? s.truePositives / s.predicted : 1;
    s.recall = s.actual ? s.truePositives / s.actual : 1;
  }
  const strokes = comparisons.length;
  const exact = comparisons.filter((c) => c.truth && c.observed && c.wrong.length === 0).length;
  const silentErrors = comparisons.filter((c) => c.wrong.length > 0 && !c.flagged).length;
  return {
    strokes,
    matched: comparisons.filter((c) => c.truth && c.observed).length,
    missed: comparisons.filter((c) => c.truth && !c.observed).length,
    extra: comparisons.filter((c) => !c.truth && c.observed).length,
    exact,
    exactRate: strokes ? exact / strokes : 1,
    flagged: comparisons.filter((c) => c.flagged).length,
    silentErrors,
    silentErrorRate: strokes ? silentErrors / strokes : 0,
    fields,
    comparisons,
  };
}

const pct = (x: number) => `${(100 * x).toFixed(2)}%`;

export function formatReport(r: EvalReport): string {
  const lines = [
    `strokes ${r.strokes} (matched ${r.matched}, missed ${r.missed}, extra ${r.extra})`,
    `exact match     ${pct(r.exactRate)} (${r.exact}/${r.strokes})`,
    `flagged         ${r.flagged}`,
    `silent errors   ${pct(r.silentErrorRate)} (${r.silentErrors}: wrong and not flagged)`,
    '',
    'field          precision  recall   (true positives / predicted / actual)',
    ...COMPARED_FIELDS.map((f) => {
      const s = r.fields[f];
      return `${f.padEnd(14)} ${pct(s.precision).padStart(8)}  ${pct(s.recall).padStart(8)}   (${s.truePositives} / ${s.predicted} / ${s.actual})`;
    }),
  ];
  return lines.join('\n');
}
