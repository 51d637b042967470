// `marker eval TRUTH OBSERVED [--json]`: how well observed shot records match the truth.
import { parseJsonl } from '../protocol/jsonl.js';
import { compareShots, formatReport } from '../vision/eval/compare-shots.js';
import { parseArgs, UsageError } from './args.js';
import { readInput } from './input.js';

export const EVAL_HELP = `usage: marker eval TRUTH OBSERVED [--json]

Compares the shot records of OBSERVED (e.g. marker analyze's output) with TRUTH (e.g. a simulated
clip's truth.jsonl) stroke by stroke, matched by start time, and prints the exact-match rate, per-field
precision and recall (struck, whileMoving, firstContact, pocketed with pockets, offTable) and the
silent-error rate: strokes with a wrong field that carry no review flag.`;

export async function evalCommand(argv: string[]): Promise<number> {
  const { positionals, options } = parseArgs(argv, { json: { value: false }, help: { value: false } });
  if (options.help) {
    process.stdout.write(EVAL_HELP + '\n');
    return 0;
  }
  if (positionals.length !== 2) throw new UsageError('TRUTH and OBSERVED files are required');
  const [truthPath, observedPath] = positionals as [string, string];
  const truth = parseJsonl(await readInput(truthPath)).map((n) => n.record);
  const observed = parseJsonl(await readInput(observedPath)).map((n) => n.record);
  const report = compareShots(truth, observed);
  if (options.json) {
    const { comparisons, ...rest } = report;
    const wrong = comparisons.filter((c) => c.wrong.length).map((c) => ({ t0: c.truth?.t0 ?? c.observed?.t0, wrong: c.wrong, flagged: c.flagged }));
    process.stdout.write(JSON.stringify({ ...rest, wrong }) + '\n');
  } else {
    process.stdout.write(formatReport(report) + '\n');
  }
  return 0;
}
