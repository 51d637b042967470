// Calibration over many randomised looks on single rendered frames (a demo scene: the rack, a cue ball and a
// player's cue), much quicker than sweep-calibration.ts's game clips: ~1.5 s a look at 1080p. Prints each
// seed's worst surface corner against where the renderer put it, then the median, the max and the count
// over 6 px. To compare code side by side, run it in a worktree of the other commit on the same seeds.
// --family forces the cloth's colour family; --rail-look forces the look the calibration test uses (a dark
// red rail, rgb 93,49,31, by a burgundy cloth, rgb 119,63,58). Use development seeds, never 900000+.
// Run: node --import tsx scripts/calibrate-looks.ts [--seed-base 5000] [--count 60] [--resolution 1920x1080]
//        [--family green|blue|burgundy] [--rail-look]
import { RUSSIAN_12FT } from '../src/table/geometry.js';
import { makeRng } from '../src/sim/rng.js';
import { randomCameraOverTable } from '../src/sim/render/camera.js';
import { randomLook } from '../src/sim/render/look.js';
import type { ClothFamily } from '../src/sim/render/look.js';
import { createRenderer } from '../src/sim/render/renderer.js';
import { demoScene } from '../src/sim/render/demo-scene.js';
import { frameFromRgb } from '../src/vision/frame.js';
import { calibrate } from '../src/vision/calibration/calibrate.js';

const args = process.argv.slice(2);
const opt = (k: string, d: string) => { const i = args.indexOf(`--${k}`); return i >= 0 ? args[i + 1] ?? '' : d; };
const base = Number(opt('seed-base', '5000'));
const count = Number(opt('count', '60'));
const m = /^(\d+)x(\d+)$/.exec(opt('resolution', '1920x1080'));
const family = opt('family', '');
const railLook = args.includes('--rail-look');
if (!Number.isInteger(base) || base < 0) fail('--seed-base: a whole number is needed');
if (!Number.isInteger(count) || count < 1) fail('--count: a whole number of at least 1 is needed');
if (!m) fail('--resolution: WIDTHxHEIGHT is needed, e.g. 1920x1080');
if (family && !['green', 'blue', 'burgundy'].includes(family)) fail(`--family ${family}: green, blue or burgundy`);
if (base >= 900000) fail('--seed-base: seeds from 900000 are the evaluation set\'s');
const W = Number(m![1]), H = Number(m![2]);

function fail(msg: string): never {
  console.error(`calibrate-looks: ${msg}`);
  process.exit(2);
}

const spec = RUSSIAN_12FT;
const worst: number[] = [];
for (let seed = base; seed < base + count; seed++) {
  const cam = randomCameraOverTable(spec, makeRng(seed), W, H);
  const look = railLook ? randomLook(seed, { cloth: { family: 'burgundy', rgb: [119, 63, 58] }, rail: { rgb: [93, 49, 31], width_mm: 112 } })
    : family ? randomLook(seed, { cloth: { family: family as ClothFamily } }) : randomLook(seed);
  const r = createRenderer(spec, cam, look, { width: W, height: H });
  const truth = cam.surfaceCorners_px(spec);
  const frame = frameFromRgb(r.render(demoScene(spec, makeRng(seed))), W, H);
  let e = Infinity;
  let note = '';
  try {
    const res = calibrate([frame], { spec, head: truth[0]![0] < truth[2]![0] ? 'left' : 'right' });
    e = Math.max(...res.profile.corners_px.map((c, i) => Math.hypot(c[0] - truth[i]![0], c[1] - truth[i]![1])));
  } catch (err) {
    note = ` (${(err as Error).message})`;
  }
  worst.push(e);
  console.log(`${seed}: worst corner ${Number.isFinite(e) ? `${e.toFixed(1)} px` : 'failed'}, ${look.cloth.family} cloth${note}`);
}
const sorted = [...worst].sort((a, b) => a - b);
const fmt = (v: number) => (Number.isFinite(v) ? `${v.toFixed(1)} px` : 'failed');
console.log(`\n${count} looks: median worst corner ${fmt(sorted[sorted.length >> 1]!)}, max ${fmt(sorted.at(-1)!)}; over 6 px or failed: ${worst.filter((v) => !(v <= 6)).length}`);
