// Calibration over many randomised looks and cameras: renders the first stroke of a game for each seed
// (the look and the camera depend on the seed only, not on the game's length), calibrates from its first
// frames as `marker calibrate --head` would, and prints each clip's worst surface corner against where the
// renderer put it. Use development seeds (not 900000+, the evaluation set's). With --clips it renders nothing
// and calibrates every clip already made under the given directories (e.g. the development sets of
// scripts/eval-vision.ts), one after another.
// Run: node --import tsx scripts/sweep-calibration.ts [--seed-base 870000] [--count 40] [--dir /var/tmp/marker-calib-sweep] [--jobs 2]
//      node --import tsx scripts/sweep-calibration.ts --clips /var/tmp/marker-dev10,/var/tmp/marker-dev11
import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { openSimClip, calibrateSimClip } from './lib/sim-clip.js';
import { tableToPx } from '../src/vision/calibration/profile.js';

const args = process.argv.slice(2);
const opt = (k: string, d: string) => { const i = args.indexOf(`--${k}`); return i >= 0 ? args[i + 1]! : d; };
const base = Number(opt('seed-base', '870000'));
const count = Number(opt('count', '40'));
const dir = opt('dir', '/var/tmp/marker-calib-sweep');
const jobs = Number(opt('jobs', '2'));
const res = opt('resolution', '1920x1080');
for (const [k, v] of [['seed-base', base], ['count', count], ['jobs', jobs]] as const) {
  if (!Number.isInteger(v) || v < (k === 'seed-base' ? 0 : 1)) { console.error(`--${k}: a whole number is needed`); process.exit(2); }
}
const root = new URL('..', import.meta.url).pathname;
const seeds = Array.from({ length: count }, (_, k) => base + k);

function render(seed: number): Promise<string> {
  const out = join(dir, `first-${seed}-${res}`);
  if (existsSync(join(out, 'clip.mp4'))) return Promise.resolve(out);
  const partial = `${out}.partial`;
  rmSync(partial, { recursive: true, force: true });
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, ['--import', 'tsx', join(root, 'src/cli/main.ts'), 'simulate', '--out', partial, '--game', '--strokes', '1', '--seed', String(seed), '--resolution', res], { stdio: ['ignore', 'ignore', 'ignore'] });
    p.on('exit', (code) => { if (code === 0) { renameSync(partial, out); resolve(out); } else reject(new Error(`simulate --seed ${seed} failed (${code})`)); });
  });
}

function worstCorner(out: string): { worst_px: number | null; error?: string } {
  const clip = openSimClip(out);
  try {
    const profile = calibrateSimClip(clip);
    const L = clip.spec.length_mm / 2, W = clip.spec.width_mm / 2;
    const err = ([[-L, W], [-L, -W], [L, -W], [L, W]] as const).map(([x, y], i) => { const p = tableToPx(profile, x, y, 0); return Math.hypot(p.x - clip.meta.corners[i][0], p.y - clip.meta.corners[i][1]); });
    return { worst_px: Math.max(...err) };
  } catch (e) {
    return { worst_px: null, error: (e as Error).message };
  } finally {
    clip.release();
  }
}

const results: { name: string; worst_px: number | null; error?: string }[] = [];
const report = (name: string, out: string) => {
  const r = { name, ...worstCorner(out) };
  results.push(r);
  console.log(`${name}: ${r.worst_px !== null ? `worst corner ${r.worst_px.toFixed(1)} px` : `failed: ${r.error}`}`);
};
const clipsArg = opt('clips', '');
if (clipsArg) {
  const dirs = clipsArg.split(',').filter(Boolean);
  for (const d of dirs) if (!existsSync(d)) { console.error(`--clips: ${d} does not exist`); process.exit(2); }
  const clips = dirs.flatMap((d) => readdirSync(d).filter((n) => existsSync(join(d, n, 'meta.json')) && existsSync(join(d, n, 'clip.mp4'))).map((n) => join(d, n)));
  if (!clips.length) { console.error(`--clips: no clip (a directory with meta.json and clip.mp4) under ${dirs.join(', ')}`); process.exit(2); }
  for (const c of clips) report(c, c);
} else {
  const queue = [...seeds];
  await Promise.all(Array.from({ length: jobs }, async () => {
    for (let s = queue.shift(); s !== undefined; s = queue.shift()) report(String(s), await render(s));
  }));
}
const ok = results.filter((r) => r.worst_px !== null).map((r) => r.worst_px!).sort((a, b) => a - b);
const bad = results.filter((r) => r.worst_px === null || r.worst_px > 10);
const over15 = ok.filter((v) => v > 15).length;
console.log(`\n${results.length} clips: median worst corner ${ok.length ? ok[ok.length >> 1]!.toFixed(1) : '-'} px, max ${ok.length ? ok.at(-1)!.toFixed(1) : '-'} px; ${over15} over 15 px; ${bad.length} over 10 px or failed${bad.length ? `: ${bad.map((r) => r.name).join(', ')}` : ''}`);
