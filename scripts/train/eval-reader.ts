// Measures the number reader on crops from seeds and looks never used in training: top-1 on readable
// crops, "not visible" on unreadable ones, calibration (ECE), latency, and robustness sweeps (blur,
// noise, lamp colour, crop offset). Writes the figures as JSON for the model card.
// Run: node --import tsx scripts/train/eval-reader.ts [--model models/ball-reader.onnx] [--count 2000] [--seed-base 900000] [--json FILE]
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { numeralResolved, renderBallCrops, sixNineTwin, type BallCrop } from '../../src/sim/render/crops.js';
import { NumberReader } from '../../src/vision/identity/number-reader.js';
import { cropKind, scoreReadings, type Reading } from '../../src/vision/identity/reader-metrics.js';
import { latencyPerCrop_ms, lookCache, readAll, type Transform } from './reader-eval-kit.js';

const args = process.argv.slice(2);
const opt = (n: string, d: string) => { const i = args.indexOf(`--${n}`); return i >= 0 ? args[i + 1]! : d; };
const model = opt('model', 'models/ball-reader.onnx');
const count = Number(opt('count', '2000'));
const seedBase = Number(opt('seed-base', '900000'));
const jsonOut = opt('json', '');
const sweepCount = Number(opt('sweep-count', String(Math.min(600, count))));

const reader = await NumberReader.load(model);

function blur(sigma: number): Transform {
  const r = Math.ceil(sigma * 3);
  const k = Array.from({ length: 2 * r + 1 }, (_, i) => Math.exp(-((i - r) ** 2) / (2 * sigma * sigma)));
  const s = k.reduce((a, b) => a + b, 0);
  const w = k.map((x) => x / s);
  return (rgb, n) => {
    const tmp = new Float32Array(rgb.length);
    const out = new Uint8Array(rgb.length);
    for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) for (let c = 0; c < 3; c++) {
      let acc = 0;
      for (let j = -r; j <= r; j++) acc += w[j + r]! * rgb[(y * n + Math.min(n - 1, Math.max(0, x + j))) * 3 + c]!;
      tmp[(y * n + x) * 3 + c] = acc;
    }
    for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) for (let c = 0; c < 3; c++) {
      let acc = 0;
      for (let j = -r; j <= r; j++) acc += w[j + r]! * tmp[(Math.min(n - 1, Math.max(0, y + j)) * n + x) * 3 + c]!;
      out[(y * n + x) * 3 + c] = Math.round(acc);
    }
    return out;
  };
}
const noise = (sd: number): Transform => (rgb, _n, rng) => Uint8Array.from(rgb, (v) => Math.max(0, Math.min(255, Math.round(v + rng.normal(0, sd)))));

const t0 = Date.now();
const crops = renderBallCrops(seedBase, count);
process.stderr.write(`rendered ${count} held-out crops in ${((Date.now() - t0) / 1000).toFixed(0)} s\n`);
const readings = await readAll(reader, crops);
const base = scoreReadings(readings);

// where the readable errors are: numeral size and look blur (from each crop's look), the 6/9 pair
// on looks that print no underline (the two are the same shape turned half a turn)
const lookOf = lookCache();
const slice = (name: string, keep: (c: BallCrop) => boolean) => {
  const r = readings.filter((_, i) => keep(crops[i]!));
  const s = scoreReadings(r);
  return { slice: name, readable: s.readable, readableTop1: s.readableTop1 };
};
const numeral_px = (c: BallCrop) => lookOf(c.lookSeed).numerals.size * 2 * c.radius_px;
const resolved = (c: BallCrop) => numeralResolved(c, lookOf(c.lookSeed));
const slices = [
  slice('numeral under 7 px tall', (c) => c.ball !== 'cue' && numeral_px(c) < 7),
  slice('numeral 7-9 px tall', (c) => c.ball !== 'cue' && numeral_px(c) >= 7 && numeral_px(c) < 9),
  slice('numeral 9 px or taller', (c) => c.ball !== 'cue' && numeral_px(c) >= 9),
  slice('look blur sigma under 0.8 px', (c) => c.ball !== 'cue' && lookOf(c.lookSeed).sensor.blur_px < 0.8),
  slice('look blur sigma 0.8 px or more', (c) => c.ball !== 'cue' && lookOf(c.lookSeed).sensor.blur_px >= 0.8),
  slice('6 and 9 with the underline', (c) => (c.ball === 6 || c.ball === 9) && !sixNineTwin(c, lookOf(c.lookSeed))),
  slice('6 and 9 without it', (c) => sixNineTwin(c, lookOf(c.lookSeed))),
  slice('numeral turned under 30 degrees', (c) => c.ball !== 'cue' && c.numeralTilt_deg < 30),
  slice('numeral turned 30 degrees or more', (c) => c.ball !== 'cue' && c.numeralTilt_deg >= 30),
  slice('numeral resolved under 6 (h/blur)', (c) => c.ball !== 'cue' && resolved(c) < 6),
  slice('numeral resolved 6-10', (c) => c.ball !== 'cue' && resolved(c) >= 6 && resolved(c) < 10),
  slice('numeral resolved 10 or more', (c) => c.ball !== 'cue' && resolved(c) >= 10),
  slice('resolved 10+, not a 6/9 lacking underline', (c) => c.ball !== 'cue' && resolved(c) >= 10 && !sixNineTwin(c, lookOf(c.lookSeed))),
  slice('cue ball', (c) => c.ball === 'cue'),
];

const perCrop_ms = await latencyPerCrop_ms(reader);

const sweep = crops.slice(0, sweepCount);
const rows: { sweep: string; setting: string; readableTop1: number; hiddenRecall: number; wrongNumberRate: number }[] = [];
const add = async (name: string, setting: string, r: Reading[]) => { const s = scoreReadings(r); rows.push({ sweep: name, setting, readableTop1: s.readableTop1, hiddenRecall: s.hiddenRecall, wrongNumberRate: s.wrongNumberRate }); };
for (const s of [0, 0.7, 1.2, 2.0]) await add('blur', `sigma ${s} px`, await readAll(reader, sweep, s ? { transform: blur(s) } : {}));
for (const s of [0, 6, 12, 20]) await add('noise', `sd ${s} levels`, await readAll(reader, sweep, s ? { transform: noise(s) } : {}));
for (const d of [0, 2, 4, 6]) await add('offset', `${d} px`, await readAll(reader, sweep, { offset_px: d }));
for (const k of [2700, 4000, 6500]) {
  const c = renderBallCrops(seedBase + 1, Math.min(300, sweepCount), { look: { lighting: { kelvin: k } } });
  await add('lamp colour', `${k} K`, await readAll(reader, c));
}
// as the pipeline reads: each crop at its four right-angle turns, the answers averaged (NumberReader.read)
const turned: Reading[] = [];
for (const c of crops) {
  const [p] = await reader.read({ data: c.rgb, width: c.size_px, height: c.size_px, order: 'rgb' }, [{ u_px: c.size_px / 2, v_px: c.size_px / 2, radius_px: c.radius_px }], 4);
  turned.push({ probs: p!, ball: c.ball === 'cue' ? 0 : c.ball, kind: cropKind(c.label, c.numeralVisible) });
}
const turns4 = scoreReadings(turned);
const hash = createHash('sha256').update(readFileSync(model)).digest('hex');
const report = { model, sha256: hash, heldOutSeeds: `${seedBase}..`, crops: count, ...base, latency_ms_per_crop_batch16: Math.round(perCrop_ms * 10000) / 10000, turns4, slices, sweeps: rows };
const pct = (x: number) => `${(100 * x).toFixed(2)}%`;
console.log(`held-out crops ${count} (readable ${base.readable}, clearly unreadable ${base.hidden}, half-turned ${base.ambiguous})`);
console.log(`top-1 on readable crops      ${pct(base.readableTop1)}`);
console.log(`"not visible" on unreadable  ${pct(base.hiddenRecall)}`);
console.log(`wrong number, all crops      ${pct(base.wrongNumberRate)}`);
console.log(`half-turned: right or "not visible" ${pct(base.ambiguousSafe)}`);
console.log(`expected calibration error   ${pct(base.ece)}`);
console.log(`latency, batch of 16, 1 core ${perCrop_ms.toFixed(4)} ms per crop`);
console.log(`read at four turns, averaged (as the pipeline reads): top-1 ${pct(turns4.readableTop1)}, "not visible" ${pct(turns4.hiddenRecall)}, wrong number ${pct(turns4.wrongNumberRate)}, ECE ${pct(turns4.ece)}`);
console.log('\nreadable crops by kind                      n   top-1');
for (const s of slices) console.log(`${s.slice.padEnd(42)} ${String(s.readable).padStart(4)} ${pct(s.readableTop1).padStart(8)}`);
console.log('\nsweep        setting         readable top-1   not-visible recall   wrong number');
for (const r of rows) console.log(`${r.sweep.padEnd(12)} ${r.setting.padEnd(15)} ${pct(r.readableTop1).padStart(14)} ${pct(r.hiddenRecall).padStart(18)} ${pct(r.wrongNumberRate).padStart(14)}`);
if (jsonOut) writeFileSync(jsonOut, JSON.stringify(report, null, 2) + '\n');
