// Scores several number readers side by side on one set of held-out crops, rendered once, in one
// run: the fair way to decide whether a candidate replaces the committed reader (eval-reader.ts
// renders its own crops per model and adds sweeps; this keeps to the figures a decision needs).
// Run: node --import tsx scripts/train/compare-readers.ts [--count 2000] [--seed-base 900000] MODEL.onnx…
//        [--per-look N --face-up-share F: crops drawn as a training set's were (train-reader.sh: 60 and 0.65
//        from seed 100000), to see how much better a reader does on the looks it learnt]
import { numeralResolved, renderBallCrops, sixNineTwin, type BallCrop, type CropOptions } from '../../src/sim/render/crops.js';
import { NumberReader } from '../../src/vision/identity/number-reader.js';
import { cropKind, scoreReadings, type Reading } from '../../src/vision/identity/reader-metrics.js';
import { latencyPerCrop_ms, lookCache } from './reader-eval-kit.js';

const args = process.argv.slice(2);
const flags = new Map<string, string>();
const models: string[] = [];
for (let i = 0; i < args.length; i++) {
  if (args[i]!.startsWith('--')) flags.set(args[i]!.slice(2), args[++i] ?? '');
  else models.push(args[i]!);
}
const usage = 'usage: compare-readers.ts [--count N] [--seed-base S] [--per-look N] [--face-up-share F] MODEL.onnx…';
const known = new Set(['count', 'seed-base', 'per-look', 'face-up-share']);
for (const k of flags.keys()) if (!known.has(k)) { console.error(`compare-readers: unknown option --${k}\n${usage}`); process.exit(2); }
const count = Number(flags.get('count') ?? 2000);
const seedBase = Number(flags.get('seed-base') ?? 900000);
const cropOpts: CropOptions = {};
if (flags.has('per-look')) cropOpts.perLook = Number(flags.get('per-look'));
if (flags.has('face-up-share')) cropOpts.faceUpShare = Number(flags.get('face-up-share'));
const bad = !models.length ? 'no model given'
  : !Number.isInteger(count) || count <= 0 ? `--count must be a positive integer (got ${flags.get('count')})`
  : !Number.isInteger(seedBase) ? `--seed-base must be an integer (got ${flags.get('seed-base')})`
  : cropOpts.perLook !== undefined && !(Number.isInteger(cropOpts.perLook) && cropOpts.perLook > 0) ? `--per-look must be a positive integer (got ${flags.get('per-look')})`
  : cropOpts.faceUpShare !== undefined && !(cropOpts.faceUpShare >= 0 && cropOpts.faceUpShare <= 1) ? `--face-up-share must be between 0 and 1 (got ${flags.get('face-up-share')})`
  : '';
if (bad) { console.error(`compare-readers: ${bad}\n${usage}`); process.exit(2); }

const t0 = Date.now();
const crops = renderBallCrops(seedBase, count, cropOpts);
process.stderr.write(`rendered ${count} crops (seeds ${seedBase}..) in ${((Date.now() - t0) / 1000).toFixed(0)} s\n`);
const lookOf = lookCache();
const resolved = (c: BallCrop) => numeralResolved(c, lookOf(c.lookSeed));

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
  const ms = await latencyPerCrop_ms(reader);
  await reader.close();
  const a = scoreReadings(once), b = scoreReadings(turned);
  rows.push([model, pct(a.readableTop1), pct(b.readableTop1), pct(b.hiddenRecall), pct(b.wrongNumberRate), pct(b.ece),
    pct(sub((c) => c.ball !== 'cue' && resolved(c) >= 10 && !sixNineTwin(c, lookOf(c.lookSeed)))), pct(sub((c) => c.ball === 'cue')), ms.toFixed(4)]);
}
const s0 = scoreReadings(crops.map((c) => ({ probs: [1], ball: 0, kind: cropKind(c.label, c.numeralVisible) })));
console.log(`crops ${count} from seed ${seedBase}${cropOpts.perLook ? `, ${cropOpts.perLook} a look` : ''}${cropOpts.faceUpShare !== undefined ? `, ${cropOpts.faceUpShare} face up` : ''}: ${s0.readable} readable, ${s0.hidden} clearly unreadable, ${s0.ambiguous} half-turned`);
const head = ['model', 'top-1 once', 'top-1 4 turns', '"not visible"', 'wrong number', 'ECE', 'resolved 10+, no 6/9 twin', 'cue ball', 'ms/crop'];
console.log(`| ${head.join(' | ')} |\n|${head.map(() => '---').join('|')}|`);
for (const r of rows) console.log(`| ${r.join(' | ')} |`);
