// README pictures: one frame per cloth family (and a few other looks), rendered at 1920x1080 and
// saved at half size in docs/looks/. Usage: npx tsx scripts/render-looks.ts [--out docs/looks]
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RUSSIAN_12FT } from '../src/table/geometry.js';
import { makeRng } from '../src/sim/rng.js';
import type { Scene } from '../src/sim/types.js';
import { randomCameraOverTable } from '../src/sim/render/camera.js';
import type { LookOverrides } from '../src/sim/render/look.js';
import { randomLook } from '../src/sim/render/look.js';
import { createRenderer } from '../src/sim/render/renderer.js';
import { demoScene, scatteredScene } from '../src/sim/render/demo-scene.js';
import { downscaleRgb, encodePng } from '../src/sim/render/png.js';
import { renderBallCrops } from '../src/sim/render/crops.js';
import { stancePose } from '../src/sim/scenarios/poses.js';

const args = process.argv.slice(2);
const outDir = args.includes('--out') ? args[args.indexOf('--out') + 1]! : 'docs/looks';
const spec = RUSSIAN_12FT;
const W = 1920, H = 1080;

/** The break: full rack, the player down on the cue ball. */
function breakScene(seed: number): Scene {
  const s = demoScene(spec, makeRng(seed).fork('scene'), { cue: false, arm: false });
  const cue = s.balls.find((b) => b.id === 'cue')!;
  const heading = Math.atan2(-cue.pos_mm.y, spec.length_mm / 4 - cue.pos_mm.x);
  const pose = stancePose({ table: spec, ball: cue.pos_mm, heading_rad: heading, elevation_rad: 0.1, tipSide_mm: 0, tipHeight_mm: 0, gap_mm: 40, presence: 1, side: seed % 2 ? 1 : -1 });
  return { ...s, ...(pose.cue ? { cue: pose.cue } : {}), occluders: pose.occluders };
}

/** Open play: balls spread out, one rolling fast, the player down on the cue ball. */
function openScene(seed: number): { scene: Scene; prev: Scene } {
  const s = scatteredScene(spec, makeRng(seed).fork('open'), 14);
  const cue = s.balls.find((b) => b.id === 'cue')!;
  const target = s.balls.find((b) => b.id !== 'cue')!;
  const heading = Math.atan2(target.pos_mm.y - cue.pos_mm.y, target.pos_mm.x - cue.pos_mm.x);
  const pose = stancePose({ table: spec, ball: cue.pos_mm, heading_rad: heading, elevation_rad: 0.12, tipSide_mm: 0, tipHeight_mm: 0, gap_mm: 30, presence: 1, side: 1 });
  const fast = s.balls[s.balls.length - 1]!;
  fast.phase = 'rolling';
  fast.speed_mm_s = 2500;
  const prev: Scene = { t_s: -1 / 30, balls: [{ ...fast, pos_mm: { ...fast.pos_mm, x: fast.pos_mm.x - 80 } }], occluders: [] };
  return { scene: { ...s, ...(pose.cue ? { cue: pose.cue } : {}), occluders: pose.occluders }, prev };
}

const looks: { name: string; seed: number; over: LookOverrides; open?: boolean }[] = [
  { name: 'green', seed: 3, over: { cloth: { family: 'green' } } },
  { name: 'blue', seed: 12, over: { cloth: { family: 'blue' } }, open: true },
  { name: 'burgundy', seed: 7, over: { cloth: { family: 'burgundy' } } },
  { name: 'green-warm-one-lamp', seed: 21, over: { cloth: { family: 'green' }, balls: { cueStyle: 'yellow' }, lighting: { kelvin: 2800, lamps: [{ kelvin: 2800 }] } }, open: true },
  { name: 'blue-striped-cue', seed: 33, over: { cloth: { family: 'blue' }, balls: { cueStyle: 'striped' } } },
];

mkdirSync(outDir, { recursive: true });
for (const l of looks) {
  const look = randomLook(l.seed, l.over);
  const cam = randomCameraOverTable(spec, makeRng(l.seed).fork('camera'), W, H);
  const r = createRenderer(spec, cam, look, { width: W, height: H });
  let rgb: Uint8Array;
  if (l.open) {
    const { scene, prev } = openScene(l.seed);
    rgb = r.render(scene, undefined, { prev });
  } else rgb = r.render(breakScene(l.seed));
  const small = downscaleRgb(rgb, W, H, 2);
  const file = join(outDir, `${l.name}.png`);
  const png = encodePng(small.rgb, small.width, small.height);
  writeFileSync(file, png);
  console.log(`${file}: ${(png.length / 1024).toFixed(0)} KB, ${look.cloth.family} cloth, ${look.lighting.lamps.length} lamps at ${Math.round(look.lighting.kelvin)} K, ${look.numerals.font} numerals, ${look.balls.cueStyle} cue ball`);
}

// a sheet of number-reader training crops (issue 5), labels in the console
const crops = renderBallCrops(1, 32, { perLook: 8 });
const S = crops[0]!.size_px, cols = 8, rows = 4;
const sheet = new Uint8Array(cols * S * rows * S * 3);
crops.forEach((c, i) => {
  const cx = (i % cols) * S, cy = Math.floor(i / cols) * S;
  for (let y = 0; y < S; y++) sheet.set(c.rgb.subarray(3 * y * S, 3 * (y + 1) * S), 3 * ((cy + y) * cols * S + cx));
});
writeFileSync(join(outDir, 'crops.png'), encodePng(sheet, cols * S, rows * S));
console.log(`${join(outDir, 'crops.png')}: labels by row`);
for (let r = 0; r < rows; r++) console.log('  ' + crops.slice(r * cols, (r + 1) * cols).map((c) => String(c.label).padEnd(6)).join(' '));
