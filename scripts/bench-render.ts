// Renderer speed (issue 3: >= 30 frames/s at 1280x720 on one core, encoding excluded).
// Usage: npx tsx scripts/bench-render.ts [--frames N] [--seed S]
// Prints frames/s by wall clock and by this process's CPU time (the machine may be shared: CPU
// time is what one core spends per frame), for a break stance and for open play with fast balls.
import { RUSSIAN_12FT } from '../src/table/geometry.js';
import { makeRng } from '../src/sim/rng.js';
import type { Scene } from '../src/sim/types.js';
import { randomCameraOverTable } from '../src/sim/render/camera.js';
import { randomLook } from '../src/sim/render/look.js';
import { createRenderer } from '../src/sim/render/renderer.js';
import { demoScene, scatteredScene } from '../src/sim/render/demo-scene.js';
import { stancePose } from '../src/sim/scenarios/poses.js';

const args = process.argv.slice(2);
const opt = (name: string, def: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : def;
};
const frames = opt('frames', 120);
const seed = opt('seed', 5);
const spec = RUSSIAN_12FT;

/** The break: full rack, the player down on the cue ball (cue, both arms, body). */
function breakScene(): Scene {
  const s = demoScene(spec, makeRng(seed).fork('scene'), { cue: false, arm: false });
  const cue = s.balls.find((b) => b.id === 'cue')!;
  const heading = Math.atan2(-cue.pos_mm.y, spec.length_mm / 4 - cue.pos_mm.x);
  const pose = stancePose({ table: spec, ball: cue.pos_mm, heading_rad: heading, elevation_rad: 0.1, tipSide_mm: 0, tipHeight_mm: 0, gap_mm: 40, presence: 1, side: 1 });
  return { ...s, ...(pose.cue ? { cue: pose.cue } : {}), occluders: pose.occluders };
}

/** Open play: 16 balls, four of them rolling fast (motion blur), the cue and an arm. */
function openScene(t: number): Scene {
  const s = scatteredScene(spec, makeRng(seed).fork('open'), 16);
  const d = demoScene(spec, makeRng(seed).fork('arm'));
  s.balls.forEach((b, i) => {
    if (i < 4) {
      const v = 2500 - 400 * i;
      b.pos_mm = { ...b.pos_mm, x: Math.max(-1700, Math.min(1700, b.pos_mm.x + v * t * (i % 2 ? 1 : -1) * 0.1)) };
      b.speed_mm_s = v;
      b.phase = 'rolling';
    }
  });
  return { ...s, t_s: t, ...(d.cue ? { cue: d.cue } : {}), occluders: d.occluders };
}

function bench(width: number, height: number): void {
  const cam = randomCameraOverTable(spec, makeRng(seed).fork('cam'), width, height);
  const look = randomLook(seed);
  const t0 = performance.now();
  const r = createRenderer(spec, cam, look, { width, height });
  const setup = performance.now() - t0;
  const out = new Uint8Array(width * height * 3);
  const brk = breakScene();
  for (const [name, sceneAt] of [['break stance', (t: number) => ({ ...brk, t_s: t })], ['open play, 4 fast balls', openScene]] as const) {
    for (let i = 0; i < 10; i++) r.render(sceneAt(i / 30), out); // warm up the JIT
    const sum = { copy: 0, shadows: 0, balls: 0, sticks: 0, post: 0 };
    const c0 = process.cpuUsage();
    const w0 = performance.now();
    for (let i = 0; i < frames; i++) {
      r.render(sceneAt((10 + i) / 30), out);
      for (const k of Object.keys(sum) as (keyof typeof sum)[]) sum[k] += r.lastTimings_ms[k];
    }
    const wall = (performance.now() - w0) / frames;
    const c = process.cpuUsage(c0);
    const cpu = (c.user + c.system) / 1000 / frames;
    const parts = Object.entries(sum).map(([k, v]) => `${k} ${(v / frames).toFixed(1)}`).join(', ');
    console.log(`${width}x${height} ${name.padEnd(24)} ${(1000 / wall).toFixed(1).padStart(6)} fps wall, ${(1000 / cpu).toFixed(1).padStart(6)} fps cpu  (ms: ${parts})`);
  }
  console.log(`${width}x${height} setup (static background, once per clip): ${setup.toFixed(0)} ms, ${look.lighting.lamps.length} lamps`);
}

console.log(`render benchmark: ${frames} frames per case, seed ${seed}, 16 balls, cue and the player's arms`);
bench(1280, 720);
bench(1920, 1080);
