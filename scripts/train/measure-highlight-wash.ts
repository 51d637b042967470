// How much of a readable numeral's contrast the ball's own specular highlight washes out, and how the
// number reader does by that share (a development diagnostic for issue 5: is the highlight a cause of
// the reader's misses?). Each readable crop is rendered four times, {as it is, with the balls' gloss at
// 0} × {with ink, without}: wash = 1 − Σ|Δ luma| / Σ|Δ luma, matte| over the ball's disc, where Δ is
// the numeral's difference to the same crop without ink. One reading a crop, upright (readAll, as the card's
// first figures are read).
// Run: node --import tsx scripts/train/measure-highlight-wash.ts [--count 1500] [--seed-base 930000] [--model models/ball-reader.onnx]
import { RUSSIAN_12FT } from '../../src/table/geometry.js';
import { makeRng } from '../../src/sim/rng.js';
import { randomLook } from '../../src/sim/render/look.js';
import { randomCameraOverTable } from '../../src/sim/render/camera.js';
import { createRenderer, type Renderer } from '../../src/sim/render/renderer.js';
import { numeralResolved, renderOneCrop, type BallCrop } from '../../src/sim/render/crops.js';
import { NumberReader } from '../../src/vision/identity/number-reader.js';
import { readAll } from './reader-eval-kit.js';

const args = process.argv.slice(2);
const opt = (n: string, d: string) => { const i = args.indexOf(`--${n}`); return i >= 0 ? args[i + 1]! : d; };
const count = Number(opt('count', '1500'));
const seedBase = Number(opt('seed-base', '930000'));
const model = opt('model', 'models/ball-reader.onnx');
if (!Number.isInteger(count) || count <= 0 || !Number.isInteger(seedBase)) {
  console.error('usage: measure-highlight-wash.ts [--count N] [--seed-base S] [--model FILE]');
  process.exit(2);
}
const PER_LOOK = 24;
const reader = await NumberReader.load(model);
const rng = makeRng(seedBase).fork('crops');
const frame = new Uint8Array(1920 * 1080 * 3);
const luma = (a: Uint8Array, i: number) => 0.299 * a[3 * i]! + 0.587 * a[3 * i + 1]! + 0.114 * a[3 * i + 2]!;
/** The crop again with no numerals drawn (the renderer's numeral map emptied for the call). */
function withoutInk(r: Renderer, draw: () => BallCrop): BallCrop {
  const map = r.numerals as Map<number, unknown>;
  const saved = new Map(map);
  map.clear();
  try { return draw(); } finally { for (const [k, v] of saved) map.set(k, v); }
}
function inkEnergy(withInk: BallCrop, noInk: BallCrop): number {
  let e = 0;
  const n = withInk.size_px;
  for (let v = 0; v < n; v++) for (let u = 0; u < n; u++) {
    if (Math.hypot(u + 0.5 - withInk.centre_px.u, v + 0.5 - withInk.centre_px.v) > withInk.radius_px) continue;
    e += Math.abs(luma(withInk.rgb, v * n + u) - luma(noInk.rgb, v * n + u));
  }
  return e;
}

const rows: { crop: BallCrop; wash: number; resolved: number; right?: boolean; read?: number }[] = [];
let real: Renderer | null = null, matte: Renderer | null = null, lookSeed = 0, look = randomLook(0);
for (let i = 0; i < count; i++) {
  if (i % PER_LOOK === 0 || !real || !matte) {
    lookSeed = rng.int(0, 2 ** 31 - 1);
    look = randomLook(lookSeed);
    const cam = randomCameraOverTable(RUSSIAN_12FT, makeRng(lookSeed).fork('camera'), 1920, 1080);
    real = createRenderer(RUSSIAN_12FT, cam, look, { width: 1920, height: 1080, precompute: false });
    matte = createRenderer(RUSSIAN_12FT, cam, { ...look, balls: { ...look.balls, gloss: 0 } }, { width: 1920, height: 1080, precompute: false });
  }
  // each drawing from the crop's own stream afresh (a stream advances as it is drawn from)
  const draw = (r: Renderer) => () => renderOneCrop(r, frame, rng.fork(`crop${i}`), lookSeed, { perLook: PER_LOOK });
  const crop = draw(real)();
  if (crop.ball === 'cue' || !crop.readable) continue;
  const eMatte = inkEnergy(draw(matte)(), withoutInk(matte, draw(matte)));
  if (eMatte <= 0) continue;
  rows.push({ crop, wash: 1 - inkEnergy(crop, withoutInk(real, draw(real))) / eMatte, resolved: numeralResolved(crop, look) });
}
(await readAll(reader, rows.map((r) => r.crop))).forEach((reading, k) => {
  const p = reading.probs;
  let best = 0;
  for (let c = 1; c < p.length; c++) if (p[c]! > p[best]!) best = c;
  rows[k]!.right = best === reading.ball;
  rows[k]!.read = best;
});
const line = (what: string, s: typeof rows) => console.log(`| ${what} | ${s.length} | ${s.length ? ((100 * s.filter((r) => r.right).length) / s.length).toFixed(1) : '-'}% |`);
console.log(`${rows.length} readable object-ball crops of ${count} (seeds from ${seedBase}), ${model}, one upright reading\n`);
console.log('| crops | count | top-1 |\n|---|---|---|');
for (const [a, b, what] of [[-Infinity, 0.1, 'under 10%'], [0.1, 0.3, '10% to 30%'], [0.3, 0.5, '30% to 50%'], [0.5, Infinity, '50% or more']] as const) {
  line(`highlight washes ${what} of the ink's contrast`, rows.filter((r) => r.wash >= a && r.wash < b));
}
for (const [a, b] of [[0, 6], [6, 10], [10, Infinity]] as const) {
  line(`resolved ${a}${b === Infinity ? '+' : `-${b}`}, washed under 20%`, rows.filter((r) => r.resolved >= a && r.resolved < b && r.wash < 0.2));
  line(`resolved ${a}${b === Infinity ? '+' : `-${b}`}, washed 20% or more`, rows.filter((r) => r.resolved >= a && r.resolved < b && r.wash >= 0.2));
}
const clear = rows.filter((r) => r.resolved >= 10 && r.wash < 0.2 && !r.right);
console.log(`\nmisread, resolved 10+ and washed under 20% (truth→read, 16 = not visible): ${clear.map((r) => `${r.crop.ball}→${r.read}`).join(' ')}`);
