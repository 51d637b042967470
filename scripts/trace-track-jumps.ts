// Where tracks jump (development clips only): every frame in which a track's position moved more than
// --over mm (default 60) from its last, with the true ball nearest each end. A name shifting down a
// chain of tracks shows as several jumps in a few frames, each onto another ball's place.
// Run: node --import tsx scripts/trace-track-jumps.ts CLIP_DIR [--from S] [--to S] [--over MM]
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { FramePipeline } from '../src/vision/analyze.js';
import { NumberReader } from '../src/vision/identity/number-reader.js';
import { calibrateSimClip, openSimClip, type FrameTruth } from './lib/sim-clip.js';

const args = process.argv.slice(2);
const opt = (n: string, d: number) => { const i = args.indexOf(`--${n}`); return i >= 0 ? Number(args[i + 1]) : d; };
const dir = args[0];
const from = opt('from', 0), to = opt('to', Infinity), over = opt('over', 60);
if (!dir || dir.startsWith('--') || ![from, to, over].every((v) => !Number.isNaN(v))) {
  console.error('usage: trace-track-jumps.ts CLIP_DIR [--from S] [--to S] [--over MM]');
  process.exit(2);
}
if (!existsSync(join(dir, 'meta.json')) || !existsSync(join(dir, 'clip.mp4'))) {
  console.error(`${dir}: not a clip made by \`marker simulate\` (no meta.json and clip.mp4 there)`);
  process.exit(2);
}
const sim = openSimClip(dir);
const pipe = new FramePipeline(calibrateSimClip(sim), { spec: sim.spec, cueBall: 'auto', reader: await NumberReader.load() });
const nearest = (row: FrameTruth | undefined, x: number, y: number): string => {
  let best = Infinity, who = '?';
  for (const b of row?.balls ?? []) { const d = Math.hypot(b.x - x, b.y - y); if (d < best) { best = d; who = `${b.id}@${d.toFixed(0)}mm`; } }
  return who;
};
const last = new Map<number, { x: number; y: number; state: string }>();
let jumps = 0;
for (let n = 0; ; n++) {
  const f = sim.frame(n);
  if (!f) break;
  const t_s = f.t_s;
  await pipe.push(f);
  if (t_s < from || t_s > to) continue;
  const row = sim.rows[n];
  for (const t of pipe.analyzer.tracker.tracks) {
    const p = last.get(t.id);
    if (p && Math.hypot(t.x_mm - p.x, t.y_mm - p.y) > over) {
      jumps++;
      console.log(`${t_s.toFixed(3)} track ${t.id} ${p.state}->${t.state} (${p.x.toFixed(0)}, ${p.y.toFixed(0)}) [${nearest(row, p.x, p.y)}] -> (${t.x_mm.toFixed(0)}, ${t.y_mm.toFixed(0)}) [${nearest(row, t.x_mm, t.y_mm)}]`);
    }
    last.set(t.id, { x: t.x_mm, y: t.y_mm, state: t.state });
  }
}
pipe.finish();
sim.release();
console.log(`${jumps} jumps over ${over} mm`);
