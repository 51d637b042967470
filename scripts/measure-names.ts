// Ball names against the truth, per ball (development clips only): 0.7 s after each true stroke ends (the balls
// at rest), every track within 20 mm of a true ball, named among the balls then on the table, is counted right or
// wrong and sure (confidence 0.9 or more, the stroke records' flag line) or not; wrong or unsure names are listed.
// A stroke record shows only the balls it touched; this shows every name the pipeline holds.
// Run: node --import tsx scripts/measure-names.ts CLIP_DIR…
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FramePipeline } from '../src/vision/analyze.js';
import { NumberReader } from '../src/vision/identity/number-reader.js';
import type { BallId } from '../src/sim/types.js';
import { calibrateSimClip, openSimClip } from './lib/sim-clip.js';

const dirs = process.argv.slice(2);
if (!dirs.length || dirs.some((d) => !existsSync(join(d, 'meta.json')) || !existsSync(join(d, 'truth.jsonl')))) {
  console.error('usage: measure-names.ts CLIP_DIR… (clips made by `marker simulate`: meta.json, truth.jsonl, clip.mp4)');
  process.exit(2);
}
/** Seconds after a true stroke ends that the names are read (the balls at rest, the stroke's record made). */
const AFTER_S = 0.7;
/** A track this near a true ball (mm) is taken to follow it. */
const ON_MM = 20;
type Tally = { rightSure: number; rightUnsure: number; wrongSure: number; wrongUnsure: number };
const empty = (): Tally => ({ rightSure: 0, rightUnsure: 0, wrongSure: 0, wrongUnsure: 0 });
const reader = await NumberReader.load();
const total = empty();
for (const dir of dirs) {
  const checks = readFileSync(join(dir, 'truth.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l))
    .filter((r) => r.type === 'shot').map((r) => r.t1 + AFTER_S);
  const sim = openSimClip(dir);
  const pipe = new FramePipeline(calibrateSimClip(sim), { spec: sim.spec, cueBall: 'auto', reader });
  const c = empty();
  const listed: string[] = [];
  let k = 0;
  for (let n = 0; ; n++) {
    const f = sim.frame(n);
    if (!f) break;
    await pipe.push(f);
    if (k >= checks.length || f.t_s < checks[k]!) continue;
    k++;
    const row = sim.rows[n]!;
    const live = pipe.analyzer.tracker.live();
    const names = pipe.analyzer.ids.resolve(live.map((t) => t.id), row.balls.map((b) => b.id as BallId));
    for (const b of row.balls) {
      const t = live.find((x) => Math.hypot(x.x_mm - b.x, x.y_mm - b.y) < ON_MM);
      const name = t && names.get(t.id);
      if (!name) continue;
      const right = name.id === b.id, sure = name.confidence >= 0.9;
      const key: keyof Tally = right ? (sure ? 'rightSure' : 'rightUnsure') : (sure ? 'wrongSure' : 'wrongUnsure');
      c[key]++; total[key]++;
      if (!right || !sure) listed.push(`${f.t_s.toFixed(1)} s ball ${b.id} named ${name.id} at ${(name.confidence * 100).toFixed(0)}%`);
    }
  }
  sim.release();
  console.log(`${dir}: right and sure ${c.rightSure}, right unsure ${c.rightUnsure}, wrong and sure ${c.wrongSure}, wrong unsure ${c.wrongUnsure}`);
  for (const l of listed) console.log(`  ${l}`);
}
console.log(`total: right and sure ${total.rightSure}, right unsure ${total.rightUnsure}, wrong and sure ${total.wrongSure}, wrong unsure ${total.wrongUnsure}`);
