// The camera part of `npm run bench:live`: a 1280x720 30 fps clip of a simulated game played through
// `marker run`'s camera source in real time (ffmpeg decoding, the vision pipeline in its worker
// thread, the referee, a real Mosquitto), as a camera over the table would feed it. Reports frames
// captured / analysed / dropped, the CPU it took, and for each stroke the latency from the last ball
// stopping (the simulator's truth) to the retained state changing at an independent subscriber.
// Run: node --import tsx scripts/bench-live-camera.ts [--dir /var/tmp/marker-bench] [--seed 41] [--strokes 10]
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { startLive } from '../src/adapters/app.js';
import { CameraSource } from '../src/live/sources/camera.js';
import { testSettings } from '../test/live/helpers.js';
import { Mosquitto, USERS } from '../test/adapters/mosquitto.js';
import { Subscriber } from '../test/adapters/subscriber.js';

const args = process.argv.slice(2);
const opt = (n: string, d: string) => { const i = args.indexOf(`--${n}`); return i >= 0 ? args[i + 1]! : d; };
const dir = opt('dir', '/var/tmp/marker-bench');
const seed = Number(opt('seed', '41'));
const strokes = Number(opt('strokes', '10'));
const root = new URL('..', import.meta.url).pathname;
const clipDir = join(dir, `game-${seed}-${strokes}-1280x720`);

if (!existsSync(join(clipDir, 'clip.mp4'))) {
  process.stderr.write(`simulating a game of ${strokes} strokes (seed ${seed}) into ${clipDir}\n`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'src/cli/main.ts'), 'simulate', '--out', clipDir, '--game', '--strokes', String(strokes), '--seed', String(seed), '--resolution', '1280x720'], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) throw new Error('simulate failed');
}
const meta = JSON.parse(readFileSync(join(clipDir, 'meta.json'), 'utf8')) as { corners: [number, number][]; duration_s: number; fps: number; width: number; height: number };
const truth = readFileSync(join(clipDir, 'truth.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { type: string; t0?: number; t1?: number });
const truthShots = truth.filter((r) => r.type === 'shot');
const gameRecord = truth.find((r) => r.type === 'game')!;

/** CPU seconds of this process's children (ffmpeg), sampled while they live: they exit at the end. */
const childCpu = new Map<number, number>();
function sampleChildren(): void {
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(f[1]) !== process.pid) continue;
      childCpu.set(Number(name), (Number(f[11]) + Number(f[12])) / 100);
    } catch { /* gone */ }
  }
}

const mosq = new Mosquitto();
await mosq.start();
const base = 'marker/benchcam';
const app = await startLive(testSettings((s) => {
  s.table = 'benchcam';
  mosq.connect(s);
  s.http.enabled = false;
  s.source.uri = `file:${join(clipDir, 'clip.mp4')}`;
  s.source.pace = 'realtime';
  s.source.loop = false;
  s.source.corners = meta.corners.map((c) => c.join(',')).join(' ');
}), { log: (m) => process.stderr.write(`${m}\n`) });
const source = app.source;
if (!(source instanceof CameraSource)) throw new Error('expected a camera source');
app.referee.submit([gameRecord], { by: 'person', via: 'bench' });

const sub = await Subscriber.connect(mosq.url, USERS.board, [`${base}/state`]);
const arrived_ms: number[] = []; // arrival of the state holding k strokes, at index k-1
sub.client.on('message', (_t, payload) => {
  const n = (JSON.parse(payload.toString()) as { strokes: unknown[] }).strokes.length;
  while (arrived_ms.length < n) arrived_ms.push(performance.now());
});

const cpu0 = process.cpuUsage();
const wall0 = performance.now();
const sampler = setInterval(sampleChildren, 500);
await app.sourceDone;
clearInterval(sampler);
const wall_s = (performance.now() - wall0) / 1000;
const cpu = process.cpuUsage(cpu0);
await new Promise((r) => setTimeout(r, 500));
const stats = source.stats();
const journal = readFileSync(join(app.dataDir, 'journal.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { type: string; t0?: number; t1?: number; review?: unknown[] });
const shots = journal.filter((r) => r.type === 'shot');
await sub.close();
await app.stop();
await mosq.dispose();

// each observed stroke to the true one it is (the nearest start within half a second)
const origin = stats.paceOrigin!;
const wallOf = (t_s: number) => origin.wall_ms + ((t_s - origin.t_s) * 1000) / origin.speed;
// a stroke the camera saw whole (its start and end within 0.5 s and 1 s of a true one) is timed from the true
// last ball stopping; every stroke is also timed from the camera's own idea of that moment
const lat_ms: number[] = [], latReviewed_ms: number[] = [], latOwn_ms: number[] = [];
let unmatched = 0;
shots.forEach((s, k) => {
  if (arrived_ms[k] === undefined) { unmatched++; return; }
  latOwn_ms.push(arrived_ms[k]! - wallOf(s.t1!));
  const t = truthShots.find((x) => Math.abs(x.t0! - s.t0!) < 0.5 && Math.abs(x.t1! - s.t1!) < 1);
  if (!t) { unmatched++; return; }
  (s.review?.length ? latReviewed_ms : lat_ms).push(arrived_ms[k]! - wallOf(t.t1!));
});
if (args.includes('--verbose')) {
  shots.forEach((s, k) => process.stderr.write(`stroke ${k + 1}: seen t0 ${s.t0} t1 ${s.t1}, state at stream ${arrived_ms[k] !== undefined ? ((arrived_ms[k]! - origin.wall_ms) / 1000 * origin.speed + origin.t_s).toFixed(2) : '-'} s\n`));
}
const pct = (xs: number[], p: number) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const f0 = (x: number) => x.toFixed(0);
const childs = [...childCpu.values()].reduce((a, b) => a + b, 0);
const own = (cpu.user + cpu.system) / 1e6;
console.log(`camera: ${meta.width}x${meta.height} at ${meta.fps} fps, ${meta.duration_s.toFixed(0)} s game clip (${truthShots.length} strokes), played in real time through the file source`);
console.log(`frames: captured ${stats.captured}, analysed ${stats.analysed}, dropped ${stats.dropped} (${((100 * stats.dropped) / Math.max(1, stats.captured)).toFixed(1)} %), skipped on purpose ${stats.skipped} (${stats.skippedCalibrating} of them while the table was found on the first frame, ${stats.calibrate_ms.toFixed(0)} ms; every ${stats.stride} analysed at the end); analysis ${stats.analysis_ms_per_frame?.toFixed(1)} ms per frame in the worker`);
// where frames were dropped or skipped to keep pace: runs within half a second of each other, by stream time
for (const [what, times] of [['dropped', stats.droppedAt_s], ['skipped to keep pace', stats.stridedAt_s]] as const) {
  const runs: { from: number; to: number; n: number }[] = [];
  for (const t of times) {
    const last = runs.at(-1);
    if (last && t - last.to < 0.5) { last.to = t; last.n++; } else runs.push({ from: t, to: t, n: 1 });
  }
  if (runs.length) console.log(`  ${what} at (stream s): ${runs.map((r) => `${r.from.toFixed(1)}${r.to > r.from ? `–${r.to.toFixed(1)}` : ''} (${r.n})`).join(', ')}`);
}
console.log(`CPU over ${wall_s.toFixed(0)} s: referee process (main + analysis threads) ${((100 * own) / wall_s).toFixed(0)} % of one core, ffmpeg decoding ${((100 * childs) / wall_s).toFixed(0)} %`);
const all = [...lat_ms, ...latReviewed_ms];
console.log(`last ball stopped (truth) → retained state at a subscriber: p50 ${f0(pct(all, 50))} ms, p95 ${f0(pct(all, 95))} ms, max ${f0(Math.max(...all))} ms (${all.length} strokes seen whole, ${latReviewed_ms.length} of them flagged)`);
console.log(`camera's own last-ball-stop → retained state: p50 ${f0(pct(latOwn_ms, 50))} ms, p95 ${f0(pct(latOwn_ms, 95))} ms (${latOwn_ms.length} strokes)`);
console.log(`  observed strokes ${shots.length}, true strokes ${truthShots.length}, observed without a whole true match ${unmatched}`);
