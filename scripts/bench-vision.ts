// `npm run bench:vision`: frames per second of `analyze` at 1280x720 and 1920x1080, each as a ratio to
// decoding the same file alone with OpenCV in the same run (the floor on this machine), and peak memory.
// Clips come from the simulator (a game of 10 strokes, seed 41, about 95 s with a player at the table),
// made once under --dir.
// Run: node --import tsx scripts/bench-vision.ts [--dir /var/tmp/marker-bench] [--no-reader]
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import cv from '../src/vision/cv.js';
import { analyzeVideo } from '../src/vision/analyze.js';
import { NumberReader } from '../src/vision/identity/number-reader.js';
import { RUSSIAN_12FT } from '../src/table/geometry.js';
import { calibrate } from '../src/vision/calibration/calibrate.js';
import { createBallDetector } from '../src/vision/detection/detector.js';
import { readFrame, type Frame } from '../src/vision/frame.js';

const args = process.argv.slice(2);
const dir = (() => { const i = args.indexOf('--dir'); return i >= 0 ? args[i + 1]! : '/var/tmp/marker-bench'; })();
const useReader = !args.includes('--no-reader');
const root = new URL('..', import.meta.url).pathname;

function clip(res: string): string {
  const out = join(dir, `game-41-10-${res}`);
  if (!existsSync(join(out, 'clip.mp4'))) {
    const r = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'src/cli/main.ts'), 'simulate', '--out', out, '--game', '--strokes', '10', '--seed', '41', '--resolution', res], { stdio: ['ignore', 'ignore', 'inherit'] });
    if (r.status !== 0) throw new Error(`simulate ${res} failed`);
  }
  return out;
}

function decodeOnly(path: string): { frames: number; fps: number } {
  const cap = new cv.VideoCapture(path);
  const t0 = performance.now();
  let n = 0;
  for (;;) {
    const m = cap.read();
    if (!m || m.empty) break;
    m.release();
    n++;
  }
  cap.release();
  return { frames: n, fps: n / ((performance.now() - t0) / 1000) };
}

const reader = useReader ? await NumberReader.load() : null;
const rows: string[] = [];
for (const res of ['1280x720', '1920x1080']) {
  const d = clip(res);
  const meta = JSON.parse(readFileSync(join(d, 'meta.json'), 'utf8'));
  const video = join(d, 'clip.mp4');
  const dec = decodeOnly(video);
  const t0 = performance.now();
  let records = 0;
  const s = await analyzeVideo({ video, spec: RUSSIAN_12FT, corners_px: meta.corners, cueBall: 'auto', reader, emit: () => { records++; }, onProgress: (d, t) => { if (d % 500 === 0) process.stderr.write(`${res}: ${d}/${t} frames\n`); } });
  const fps = s.frames / ((performance.now() - t0) / 1000);
  const per = (ms: number) => (ms / s.frames).toFixed(2);
  rows.push(`${res.padEnd(10)} decode alone ${dec.fps.toFixed(1).padStart(6)} fps   analyze ${fps.toFixed(1).padStart(6)} fps   ratio ${(fps / dec.fps).toFixed(2)}   ` +
    `(per frame ms: decode ${per(s.timings_ms.decode)}, detect ${per(s.timings_ms.detect)}, track ${per(s.timings_ms.track)}, read ${per(s.timings_ms.read)}; ${records} records)`);
}
console.log(rows.join('\n'));
// motion gating on its own: the detector with and without it on the same frames (the first 600 of the 720p clip)
{
  const d = clip('1280x720');
  const meta = JSON.parse(readFileSync(join(d, 'meta.json'), 'utf8'));
  const cap = new cv.VideoCapture(join(d, 'clip.mp4'));
  const frames: Frame[] = [];
  for (let i = 0; i < 600; i++) { const f = readFrame(cap, i, 30); if (!f) break; frames.push(f); }
  cap.release();
  const { profile } = calibrate(frames.slice(0, 5), { spec: RUSSIAN_12FT, corners_px: meta.corners });
  const per = (motionGate: boolean) => {
    const det = createBallDetector(profile, { motionGate });
    const t0 = performance.now();
    for (const f of frames) det.detect(f);
    return (performance.now() - t0) / frames.length;
  };
  const off = per(false), on = per(true);
  console.log(`detector alone, 1280x720, ${frames.length} frames: ${off.toFixed(1)} ms a frame searching everything, ${on.toFixed(1)} ms with motion gating (${(off / on).toFixed(1)}x)`);
  for (const f of frames) f.bgr.release();
}
// memory as a user meets it: bin/marker (the built CLI with its environment), one process per file
const built = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.json')], { stdio: 'inherit' });
if (built.status !== 0) throw new Error('build failed');
for (const res of ['1280x720', '1920x1080']) {
  const d = clip(res);
  const meta = JSON.parse(readFileSync(join(d, 'meta.json'), 'utf8'));
  const r = spawnSync(join(root, 'bin/marker'), ['analyze', join(d, 'clip.mp4'), '--corners', meta.corners.map((c: number[]) => c.join(',')).join(' ')], { encoding: 'utf8' });
  const peak = /peak memory (\d+) MB/.exec(r.stderr)?.[1];
  console.log(`${res.padEnd(10)} marker analyze peak memory (max RSS) ${peak ?? '?'} MB`);
}
