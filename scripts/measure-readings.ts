// What the number reader said about each true ball in simulated clips, as the vision pipeline reads them
// (development clips only): per clip and in total, readings that named the ball right, said "not
// visible", were unsure (top answer under 50%), or named another ball with 50% or more (the dangerous kind).
// Run: node --import tsx scripts/measure-readings.ts [--turns 1|4] CLIP_DIR…
import { FramePipeline } from '../src/vision/analyze.js';
import { NumberReader } from '../src/vision/identity/number-reader.js';
import { calibrateSimClip, openSimClip } from './lib/sim-clip.js';
import { NOT_VISIBLE } from '../src/vision/observation.js';

const args = process.argv.slice(2);
const ti = args.indexOf('--turns');
const turns = ti >= 0 ? Number(args[ti + 1]) : 4;
if (turns !== 1 && turns !== 4) { console.error('--turns: 1 or 4'); process.exit(2); }
const clips = ti >= 0 ? args.filter((_, i) => i !== ti && i !== ti + 1) : args;
if (!clips.length) { console.error('usage: measure-readings.ts [--turns 1|4] CLIP_DIR…'); process.exit(2); }

const base = await NumberReader.load();
// the pipeline calls read(img, balls): this reader reads at the asked number of turns
const reader = Object.assign(Object.create(base) as NumberReader, { read: (img: Parameters<NumberReader['read']>[0], balls: Parameters<NumberReader['read']>[1]) => base.read(img, balls, turns) });
const total = { reads: 0, right: 0, notVisible: 0, unsure: 0, wrong: 0 };
for (const dir of clips) {
  const sim = openSimClip(dir);
  const { spec, rows } = sim;
  const profile = calibrateSimClip(sim);
  const pipe = new FramePipeline(profile, { spec, cueBall: 'auto', reader });
  const clip = { reads: 0, right: 0, notVisible: 0, unsure: 0, wrong: 0 };
  let n = 0;
  // each reading is tallied against the true ball nearest the track it was for (none within a radius: not counted)
  const ids = pipe.analyzer.ids;
  const observe = ids.observeReading.bind(ids);
  ids.observeReading = (track, probs, sharp, weight, spot) => {
    const t = pipe.analyzer.tracker.live().find((x) => x.id === track);
    let best = Infinity, who: string | null = null;
    for (const b of rows[n]?.balls ?? []) {
      const d = t ? Math.hypot(b.x - t.x_mm, b.y - t.y_mm) : Infinity;
      if (d < best) { best = d; who = String(b.id); }
    }
    if (who !== null && best <= spec.ball_mm / 2) {
      let top = 0;
      for (let c = 0; c < NOT_VISIBLE; c++) if (probs[c]! > probs[top]!) top = c;
      clip.reads++;
      if (probs[NOT_VISIBLE]! > 0.5) clip.notVisible++;
      else if (probs[top]! < 0.5) clip.unsure++;
      else if ((top === 0 ? 'cue' : String(top)) === who) clip.right++;
      else clip.wrong++;
    }
    observe(track, probs, sharp, weight, spot);
  };
  for (;;) {
    const f = sim.frame(n);
    if (!f) break;
    await pipe.push(f);
    n++;
  }
  pipe.finish();
  sim.release();
  console.log(`${dir}: ${clip.reads} readings, right ${clip.right}, not visible ${clip.notVisible}, unsure ${clip.unsure}, wrong ${clip.wrong}`);
  for (const k of Object.keys(total) as (keyof typeof total)[]) total[k] += clip[k];
}
console.log(`all ${clips.length} clips, read at ${turns} turn${turns > 1 ? 's' : ''}: ${total.reads} readings, right ${total.right}, not visible ${total.notVisible}, unsure ${total.unsure}, wrong ${total.wrong} (${(100 * total.wrong / Math.max(1, total.reads)).toFixed(1)}%)`);
