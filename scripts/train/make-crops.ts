// Writes a crop data set for the number reader: DIR/images.u8 (N x S x S x 3 RGB), DIR/labels.u8
// (class per crop: 0 cue, 1..15, 16 number not visible) and DIR/crops.jsonl (what each crop shows).
// Shards run in parallel processes; each shard is deterministic for its seed. Shards already written
// in DIR with the same count, seeds and options are kept (an interrupted run resumes).
// Run: node --import tsx scripts/train/make-crops.ts --out DIR --count N --seed-base S [--jobs 2]
//        [--per-look 24] [--face-up-share 0.4]
// --per-look: crops drawn per random look and camera (a renderer costs ~0.75 s, a crop ~16 ms, so a
// larger value is much cheaper per crop; variety comes from many shards and seeds).
// --face-up-share: share of balls turned so a numeral faces the camera (more readable numbers to learn).
// Leave both at their defaults for held-out evaluation sets so the eval distribution stays put.
import { spawn } from 'node:child_process';
import { appendFileSync, mkdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { CUE_COVERED_UNREADABLE, numeralResolved, renderBallCrops } from '../../src/sim/render/crops.js';
import { randomLook } from '../../src/sim/render/look.js';

const args = process.argv.slice(2);
const opt = (n: string, d?: string) => { const i = args.indexOf(`--${n}`); return i >= 0 ? args[i + 1]! : d; };
const out = opt('out');
const count = Number(opt('count', '1000'));
const seedBase = Number(opt('seed-base', '1'));
const jobs = Number(opt('jobs', '2'));
const shard = opt('shard');
const perLookArg = opt('per-look');
const faceUpArg = opt('face-up-share');
const cropOpts = {
  ...(perLookArg !== undefined ? { perLook: Number(perLookArg) } : {}),
  ...(faceUpArg !== undefined ? { faceUpShare: Number(faceUpArg) } : {}),
};
const SHARD = 200;
const NOT_VISIBLE = 16;

if (!out) { console.error('--out DIR is required'); process.exit(2); }

function classOf(label: number | 'cue' | 'hidden'): number {
  return label === 'cue' ? 0 : label === 'hidden' ? NOT_VISIBLE : label;
}

if (shard !== undefined) {
  // one shard: SHARD crops from seed seedBase + shard
  const k = Number(shard);
  const dir = join(out, 'shards');
  const crops = renderBallCrops(seedBase + k, Math.min(SHARD, count - k * SHARD), cropOpts);
  const S = crops[0]!.size_px;
  const img = Buffer.alloc(crops.length * S * S * 3);
  crops.forEach((c, i) => img.set(c.rgb, i * S * S * 3));
  writeFileSync(join(dir, `${k}.u8`), img);
  writeFileSync(join(dir, `${k}.labels`), Buffer.from(crops.map((c) => classOf(c.label))));
  writeFileSync(join(dir, `${k}.jsonl`), crops.map((c) => JSON.stringify({
    ball: c.ball, label: c.label, readable: c.readable, numeralVisible: Math.round(c.numeralVisible * 1000) / 1000,
    occluded: Math.round(c.occluded * 1000) / 1000, motion_mm: Math.round(c.motion_mm * 10) / 10, radius_px: Math.round(c.radius_px * 100) / 100,
    numeralTilt_deg: Math.round(c.numeralTilt_deg * 10) / 10, lookSeed: c.lookSeed, size: S,
    // what numeralResolved() reads, so a set can be relabelled by resolution without rendering it again
    resolved: c.ball === 'cue' ? null : Math.round(numeralResolved(c, randomLook(c.lookSeed)) * 100) / 100,
  })).join('\n') + '\n');
  process.exit(0);
}

mkdirSync(join(out, 'shards'), { recursive: true });
// shards already in DIR are reused: only when they were drawn with the same seeds and options
const optionsFile = join(out, 'shards', 'options.json');
const options = JSON.stringify({ count, seedBase, cropOptions: cropOpts });
if (existsSync(optionsFile) && readFileSync(optionsFile, 'utf8') !== options) {
  console.error(`${out} holds crops made with other options (${readFileSync(optionsFile, 'utf8')}); use another --out`);
  process.exit(2);
}
writeFileSync(optionsFile, options);
const shards = Math.ceil(count / SHARD);
let next = 0;
let done = 0;
const started = Date.now();
const run = (): Promise<void> => new Promise((resolve, reject) => {
  const k = next++;
  if (k >= shards) return resolve();
  if (existsSync(join(out, 'shards', `${k}.jsonl`))) { done++; return run().then(resolve, reject); }
  const p = spawn(process.execPath, ['--import', 'tsx', new URL(import.meta.url).pathname, '--out', out, '--count', String(count), '--seed-base', String(seedBase), '--shard', String(k), ...(perLookArg !== undefined ? ['--per-look', perLookArg] : []), ...(faceUpArg !== undefined ? ['--face-up-share', faceUpArg] : [])], { stdio: ['ignore', 'inherit', 'inherit'] });
  p.on('close', (code) => {
    if (code !== 0) return reject(new Error(`shard ${k} failed (${code})`));
    done++;
    process.stderr.write(`crops: ${Math.min(count, done * SHARD)}/${count} (${((Date.now() - started) / 1000).toFixed(0)} s)\n`);
    run().then(resolve, reject);
  });
});
await Promise.all(Array.from({ length: jobs }, run));
// concatenate in shard order
for (const f of ['images.u8', 'labels.u8', 'crops.jsonl']) rmSync(join(out, f), { force: true });
for (let k = 0; k < shards; k++) {
  appendFileSync(join(out, 'images.u8'), readFileSync(join(out, 'shards', `${k}.u8`)));
  appendFileSync(join(out, 'labels.u8'), readFileSync(join(out, 'shards', `${k}.labels`)));
  appendFileSync(join(out, 'crops.jsonl'), readFileSync(join(out, 'shards', `${k}.jsonl`)));
}
const labels = readFileSync(join(out, 'labels.u8'));
const hist = new Array(17).fill(0);
for (const l of labels) hist[l]++;
writeFileSync(join(out, 'meta.json'), JSON.stringify({ count: labels.length, size: 64, seedBase, cropOptions: cropOpts, cueCoveredUnreadable: CUE_COVERED_UNREADABLE, classes: ['cue', ...Array.from({ length: 15 }, (_, i) => String(i + 1)), 'hidden'], histogram: hist }, null, 2));
console.error(`wrote ${out}: ${labels.length} crops, classes ${JSON.stringify(hist)}`);
