// Measures tracking + identity + stroke inference alone: every scenario's truth filmed as noisy
// observations (no pixels), analysed, and scored against its truth. Seeds from --seed-base on.
// Run: node --import tsx scripts/eval-oracle.ts [--per 3] [--seed-base 1000] [--verbose]
import { listScenarios, runScenario } from '../src/sim/scenarios/index.js';
import { makeRng } from '../src/sim/rng.js';
import { oracleObservation } from '../src/vision/eval/oracle-observations.js';
import { analyzeObservations } from '../src/vision/analyze-observations.js';
import { compareShots, formatReport } from '../src/vision/eval/compare-shots.js';
import type { TableRecord } from '../src/protocol/records.js';

const args = process.argv.slice(2);
const opt = (n: string, d: string) => { const i = args.indexOf(`--${n}`); return i >= 0 ? args[i + 1]! : d; };
const per = Number(opt('per', '3'));
const base = Number(opt('seed-base', '1000'));
const only = opt('only', '');
const verbose = args.includes('--verbose');
const truthAll: TableRecord[] = [];
const obsAll: TableRecord[] = [];
let offset = 0;
for (const { name } of listScenarios()) {
  if (name === 'game' || (only && name !== only)) continue;
  for (let k = 0; k < per; k++) {
    const seed = base + k;
    const tl = runScenario(name, { seed });
    const rng = makeRng(seed).fork('oracle');
    const obs = [...tl.frames(30)].map((s, i) => oracleObservation(s, i, rng, tl.table));
    const rack = name === 'break';
    const out = analyzeObservations(tl.table, obs, { rack });
    const shift = <T extends TableRecord>(r: T): T => (r.type === 'shot' ? { ...r, t0: (r.t0 ?? 0) + offset, t1: (r.t1 ?? 0) + offset } : r);
    truthAll.push(...tl.records.map(shift));
    obsAll.push(...out.map(shift));
    const rep = compareShots(tl.records, out);
    if (verbose || rep.silentErrors || rep.exact < rep.strokes) {
      console.error(`${name} seed ${seed}: exact ${rep.exact}/${rep.strokes}, silent ${rep.silentErrors}`);
      if (verbose || rep.silentErrors) for (const c of rep.comparisons.filter((x) => x.wrong.length)) {
        console.error(`  wrong ${c.wrong.join(',')} flagged=${c.flagged}\n   truth ${JSON.stringify(c.truth && { ...c.truth, before: undefined })}\n   seen  ${JSON.stringify(c.observed && { ...c.observed, before: undefined })}`);
      }
    }
    offset += tl.duration_s + 10;
  }
}
console.log(formatReport(compareShots(truthAll, obsAll)));
