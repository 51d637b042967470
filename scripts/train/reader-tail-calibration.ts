// How honest the number reader's small probabilities are, as the identity fusion uses them: each crop read at
// the four right-angle turns (as the pipeline reads), crops answered "not visible" over 50% left out (the
// fusion gives them no weight), the rest renormalised over the cue ball and 1..15. Every (crop, class) pair is
// binned by the probability given; each bin prints the mean probability and how often that class was the truth.
// Run: node --import tsx scripts/train/reader-tail-calibration.ts [--model models/ball-reader.onnx] [--count 3000] [--seed-base 640000]
import { renderBallCrops } from '../../src/sim/render/crops.js';
import { NumberReader } from '../../src/vision/identity/number-reader.js';
import { NOT_VISIBLE } from '../../src/vision/observation.js';

const args = process.argv.slice(2);
const opt = (n: string, d: string) => { const i = args.indexOf(`--${n}`); return i >= 0 ? args[i + 1]! : d; };
const count = Number(opt('count', '3000'));
const seedBase = Number(opt('seed-base', '640000'));
if (!Number.isInteger(count) || count < 1 || !Number.isInteger(seedBase)) {
  console.error('usage: reader-tail-calibration.ts [--model FILE] [--count N] [--seed-base S]');
  process.exit(2);
}
const reader = await NumberReader.load(opt('model', 'models/ball-reader.onnx'));
const crops = renderBallCrops(seedBase, count);
const edges = [0, 1e-4, 3e-4, 1e-3, 3e-3, 1e-2, 3e-2, 0.1, 0.3, 0.6, 0.9, 1.0001];
const bins = edges.slice(1).map(() => ({ pairs: 0, sum: 0, truth: 0 }));
let read = 0;
for (let i = 0; i < crops.length; i += 32) {
  const batch = crops.slice(i, i + 32);
  const probs = await reader.readEach(batch.map((c) => ({ img: { data: c.rgb, width: c.size_px, height: c.size_px, order: 'rgb' as const }, u_px: c.size_px / 2, v_px: c.size_px / 2, radius_px: c.radius_px })), 4);
  batch.forEach((c, k) => {
    const p = probs[k]!;
    if (p[NOT_VISIBLE]! > 0.5) return;
    read++;
    let s = 0;
    for (let j = 0; j < NOT_VISIBLE; j++) s += p[j]!;
    const truth = c.ball === 'cue' ? 0 : c.ball;
    for (let j = 0; j < NOT_VISIBLE; j++) {
      const q = p[j]! / s;
      const b = bins[edges.findIndex((e, x) => q >= e && q < edges[x + 1]!)]!;
      b.pairs++; b.sum += q; if (j === truth) b.truth++;
    }
  });
}
console.log(`${crops.length} crops from seed ${seedBase}, ${read} read (not "not visible" over 50%), at four turns`);
console.log('probability given      pairs   mean given   truth   how often true');
bins.forEach((b, i) => console.log(`[${edges[i]}, ${Math.min(1, edges[i + 1]!)})`.padEnd(22) + `${b.pairs}`.padStart(6) + `${(100 * b.sum / Math.max(1, b.pairs)).toFixed(3)}%`.padStart(13) + `${b.truth}`.padStart(8) + `${(100 * b.truth / Math.max(1, b.pairs)).toFixed(3)}%`.padStart(17)));
