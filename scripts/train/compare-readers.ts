// Scores several number readers side by side on one set of held-out crops, rendered once, in one
// run: the fair way to decide whether a candidate replaces the committed reader (eval-reader.ts
// renders its own crops per model and adds sweeps; this keeps to the figures a decision needs).
// Run: node --import tsx scripts/train/compare-readers.ts [--count 2000] [--seed-base 900000] MODEL.onnx…
import { numeralResolved, renderBallCrops, type BallCrop } from '../../src/sim/render/crops.js';
import { NumberReader } from '../../src/vision/identity/number-reader.js';
import { READER_INPUT_PX } from '../../src/vision/identity/reader-input.js';
import { randomLook } from '../../src/sim/render/look.js';
import { cropKind, scoreReadings, type Reading } from '../../src/vision/identity/reader-metrics.js';

const args = process.argv.slice(2);
const flags = new Map<string, string>();
const models: string[] = [];
for (let i = 0; i < args.length; i++) {
  if (args[i]!.startsWith('--')) flags.set(args[i]!.slice(2), args[++i] ?? '');
  else models.push(args[i]!);
}
const count = Number(flags.get('count') ?? 2000);
const seedBase = Number(flags.get('seed-base') ?? 900000);
if (!models.length || !Number.isInteger(count) || count <= 0 || !Number.isFinite(seedBase)) {
  console.error('usage: compare-readers.ts [--count N] [--seed-base S] MODEL.onnx…');
  process.exit(2);
}

const t0 = Date.now();
const crops = renderBallCrops(seedBase, count);
process.stderr.write(`rendered ${count} held-out crops (seeds ${seedBase}..) in ${((Date.now() - t0) / 1000).toFixed(0)} s\n`);
const looks = new Map<number, ReturnType<typeof randomLook>>();
const lookOf = (s: number) => { if (!looks.has(s)) looks.set(s, randomLook(s)); return looks.get(s)!; };
const resolved = (c: BallCrop) => numeralResolved(c, lookOf(c.lookSeed));
const twin69 = (c: BallCrop) => (c.ball === 6 || c.ball === 9) && !lookOf(c.lookSeed).numerals.underline69;

const pct = (x: number) => `${(100 * x).toFixed(2)}%`;
const rows: string[][] = [];
for (const model of models) {
  let reader: NumberReader;
  try {
    reader = await NumberReader.load(model);
  } catch (e) {
    console.error(`compare-readers: ${(e as Error).message}`);
    process.exit(2);
  }
  const once: Reading[] = [];
  const turned: Reading[] = [];
  for (const c of crops) {
    const img = { data: c.rgb, width: c.size_px, height: c.size_px, order: 'rgb' as const };
    const at = [{ u_px: c.size_px / 2, v_px: c.size_px / 2, radius_px: c.radius_px }];
    const kind = cropKind(c.label, c.numeralVisible);
    const ball = c.ball === 'cue' ? 0 : c.ball;
    once.push({ probs: (await reader.read(img, at, 1))[0]!, ball, kind });
    turned.push({ probs: (await reader.read(img, at, 4))[0]!, ball, kind });
  }
  const sub = (keep: (c: BallCrop) => boolean) => scoreReadings(turned.filter((_, i) => keep(crops[i]!))).readableTop1;
  const patches = new Float32Array(16 * 3 * READER_INPUT_PX * READER_INPUT_PX).map((_, i) => ((i * 2654435761) % 1000) / 1000);
  for (let i = 0; i < 20; i++) await reader.runPatches(patches, 16);
  const tl = process.hrtime.bigint();
  for (let i = 0; i < 200; i++) await reader.runPatches(patches, 16);
  const ms = Number(process.hrtime.bigint() - tl) / 1e6 / 200 / 16;
  await reader.close();
  const a = scoreReadings(once), b = scoreReadings(turned);
  rows.push([model, pct(a.readableTop1), pct(b.readableTop1), pct(b.hiddenRecall), pct(b.wrongNumberRate), pct(b.ece),
    pct(sub((c) => c.ball !== 'cue' && resolved(c) >= 10 && !twin69(c))), pct(sub((c) => c.ball === 'cue')), ms.toFixed(4)]);
}
const s0 = scoreReadings(crops.map((c) => ({ probs: [1], ball: 0, kind: cropKind(c.label, c.numeralVisible) })));
console.log(`held-out crops ${count} from seed ${seedBase}: ${s0.readable} readable, ${s0.hidden} clearly unreadable, ${s0.ambiguous} half-turned`);
const head = ['model', 'top-1 once', 'top-1 4 turns', '"not visible"', 'wrong number', 'ECE', 'resolved 10+, no 6/9 twin', 'cue ball', 'ms/crop'];
console.log(`| ${head.join(' | ')} |\n|${head.map(() => '---').join('|')}|`);
for (const r of rows) console.log(`| ${r.join(' | ')} |`);
