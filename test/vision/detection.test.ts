// Ball detection on rendered tables, where every ball's true position is known: all 16 found (the
// rack's touching balls included), centres within 5 mm, nothing found on the cue or the arm.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RUSSIAN_12FT } from '../../src/table/geometry.js';
import { frameFromRgb } from '../../src/vision/frame.js';
import { calibrate } from '../../src/vision/calibration/calibrate.js';
import { createBallDetector, looksLikePocketHole } from '../../src/vision/detection/detector.js';
import { makeRng } from '../../src/sim/rng.js';
import { randomCameraOverTable } from '../../src/sim/render/camera.js';
import { randomLook } from '../../src/sim/render/look.js';
import type { ClothFamily } from '../../src/sim/render/look.js';
import { createRenderer } from '../../src/sim/render/renderer.js';
import { demoScene, randomOrientation, restingBall, scatteredScene } from '../../src/sim/render/demo-scene.js';
import type { Scene } from '../../src/sim/types.js';

const spec = RUSSIAN_12FT;
const W = 1280, H = 720;

function setup(seed: number, family: ClothFamily) {
  const cam = randomCameraOverTable(spec, makeRng(seed), W, H);
  const look = randomLook(seed, { cloth: { family } });
  const renderer = createRenderer(spec, cam, look, { width: W, height: H });
  const corners = cam.surfaceCorners_px(spec);
  const headLeft = corners[0]![0] < corners[2]![0];
  // calibrate on the empty table, as a club would at installation
  const empty = frameFromRgb(renderer.render({ t_s: 0, balls: [], occluders: [] }), W, H);
  const { profile } = calibrate([empty], { spec, head: headLeft ? 'left' : 'right' });
  return { renderer, profile, detector: createBallDetector(profile) };
}

function check(scene: Scene, s: ReturnType<typeof setup>, label: string) {
  const frame = frameFromRgb(s.renderer.render(scene), W, H);
  const dets = s.detector.detect(frame);
  const errs: number[] = [];
  const used = new Set<number>();
  for (const b of scene.balls) {
    let bj = -1, bd = Infinity;
    dets.forEach((d, j) => {
      const e = Math.hypot(d.x_mm - b.pos_mm.x, d.y_mm - b.pos_mm.y);
      if (!used.has(j) && e < bd) { bd = e; bj = j; }
    });
    assert.ok(bj >= 0 && bd < 34, `${label}: ball ${b.id} at (${b.pos_mm.x.toFixed(0)}, ${b.pos_mm.y.toFixed(0)}) not found (nearest ${bd.toFixed(1)} mm)`);
    used.add(bj);
    errs.push(bd);
  }
  const phantoms = dets.filter((_, j) => !used.has(j));
  errs.sort((a, b) => a - b);
  return { errs, phantoms, dets, ms: s.detector.lastTimings_ms.total };
}

for (const [seed, family] of [[1, 'blue'], [3, 'green'], [7, 'burgundy']] as [number, ClothFamily][]) {
  // the issue's figure for ball centres: 5 mm median, 15 mm at the 99th percentile
  test(`rendered break and open play (seed ${seed}, ${family}): all 16 balls, centres 5 mm median / 15 mm worst, at most one phantom`, () => {
    const s = setup(seed, family);
    for (const [label, scene] of [['break', demoScene(spec, makeRng(seed))], ['open', scatteredScene(spec, makeRng(seed + 100), 16)]] as const) {
      const r = check(scene, s, label);
      assert.equal(r.errs.length, 16);
      const med = r.errs[8]!, worst = r.errs[r.errs.length - 1]!;
      assert.ok(med <= 5 && worst <= 15, `${label}: centre error median ${med.toFixed(1)} mm, worst ${worst.toFixed(1)} mm`);
      assert.ok(r.phantoms.length <= 1, `${label}: phantoms at ${r.phantoms.map((d) => `(${d.x_mm.toFixed(0)}, ${d.y_mm.toFixed(0)})`).join(' ')}`);
    }
  });
}

// A middle pocket's mouth is wider than a ball: one held in its jaws has its centre past the cushion's line
// (hanging balls 17 mm past it were lost and taken as pocketed)
test('balls held in the middle pockets\' jaws, their centres 17 mm past the cushion\'s line, are found', () => {
  for (const [seed, family] of [[1, 'blue'], [7, 'burgundy']] as [number, ClothFamily][]) {
    const s = setup(seed, family);
    const rng = makeRng(seed + 200);
    const hy = spec.width_mm / 2;
    const scene: Scene = {
      t_s: 0, occluders: [],
      balls: [restingBall(3, 5, hy + 17, spec, randomOrientation(rng)), restingBall(7, -6, -hy - 17, spec, randomOrientation(rng)), restingBall(1, -600, 200, spec, randomOrientation(rng))],
    };
    const r = check(scene, s, `seed ${seed}`);
    assert.ok(r.errs[r.errs.length - 1]! <= 15, `centre errors ${r.errs.map((e) => e.toFixed(1)).join(', ')} mm`);
  }
});

// A ball found whole on every ray was taken for part-found (the circle fit read the largest gap in its outline
// as the whole turn), and one across the house line, a light line whose not-cloth blob runs the table's width,
// was then dropped as part of an arm (seed 7's burgundy cloth: no ball within 40 mm of the line was found)
test('balls resting across the house line are found', () => {
  const s = setup(7, 'burgundy');
  const rng = makeRng(207);
  for (const x of [-920, -887, -850]) {
    const scene: Scene = { t_s: 0, occluders: [], balls: [-500, 0, 500].map((y, k) => restingBall(k + 1, x, y, spec, randomOrientation(rng))) };
    check(scene, s, `x ${x}`);
  }
});

// A rolling ball's shadow is a ball-sized disc too: cloth-coloured and darker than the cloth around it
// (965003's shadows were taken as balls for two dozen frames and stole tracks)
test('ball-sized shadows on the cloth are not found as balls', () => {
  for (const [seed, family] of [[1, 'blue'], [3, 'green'], [7, 'burgundy']] as [number, ClothFamily][]) {
    const s = setup(seed, family);
    const rng = makeRng(seed + 300);
    const scene: Scene = { t_s: 0, occluders: [], balls: [restingBall(1, -600, 200, spec, randomOrientation(rng)), restingBall(2, 700, -300, spec, randomOrientation(rng))] };
    const rgb = s.renderer.render(scene);
    const cam = s.renderer.camera;
    const shadows = [[-200, -400], [300, 350], [1100, 100]] as const;
    for (const [x, y] of shadows) {
      // the shadow's outline as the camera sees it: a ball's radius on the cloth, a soft edge of 1.5 px
      const c = cam.project({ x, y, z: 0 }), edge = cam.project({ x: x + spec.ball_mm / 2, y, z: 0 });
      const r_px = Math.hypot(edge.u_px - c.u_px, edge.v_px - c.v_px);
      for (let v = Math.floor(c.v_px - r_px - 3); v <= c.v_px + r_px + 3; v++) for (let u = Math.floor(c.u_px - r_px - 3); u <= c.u_px + r_px + 3; u++) {
        const d = Math.hypot(u + 0.5 - c.u_px, v + 0.5 - c.v_px);
        const k = 1 - 0.4 * Math.max(0, Math.min(1, (r_px + 0.75 - d) / 1.5));
        const o = 3 * (v * W + u);
        for (let ch = 0; ch < 3; ch++) rgb[o + ch] = Math.round(rgb[o + ch]! * k);
      }
    }
    const dets = s.detector.detect(frameFromRgb(rgb, W, H));
    for (const [x, y] of shadows) {
      const near = dets.filter((d) => Math.hypot(d.x_mm - x, d.y_mm - y) < spec.ball_mm);
      assert.equal(near.length, 0, `seed ${seed}: a "ball" found on the shadow at (${x}, ${y}): ${near.map((d) => `(${d.x_mm.toFixed(0)}, ${d.y_mm.toFixed(0)}) confidence ${d.confidence.toFixed(2)}`).join(' ')}`);
    }
    for (const b of scene.balls) assert.ok(dets.some((d) => Math.hypot(d.x_mm - b.pos_mm.x, d.y_mm - b.pos_mm.y) < 15), `seed ${seed}: ball ${b.id} not found`);
  }
});

// A pocket's hole is a dark ball-sized disc with no highlight. A red cue ball rolling in dim light is as dark and its
// smeared highlight no brighter than the cloth, but it has a hue (the figures measured in development clip 1390202,
// whose cue ball was dropped for its last 170 mm into the head-left corner, and of its pocket holes)
test('near a pocket, a dark disc without a hue of its own is a hole; a dark red ball is not', () => {
  const look = (L: number, maxL: number, colourFraction: number, a = 128, b = 128) => ({ lab: [L, a, b] as [number, number, number], maxL, colourFraction, chroma: 0, whiteness: 0, darkFraction: 0, oddColourFraction: 0 });
  // (1390202's blue cloth, and the pool table's green of padova-8ball's broadcast view)
  const blue: [number, number, number] = [101, 123, 95], green: [number, number, number] = [177, 75, 145];
  for (const [L, maxL] of [[1, 13], [1, 11], [2, 21]]) assert.equal(looksLikePocketHole(look(L, maxL, 0), blue), true, `a hole of L ${L}, brightest ${maxL}`);
  for (const [L, maxL, col] of [[43, 96, 0.98], [41, 80, 0.99]]) assert.equal(looksLikePocketHole(look(L, maxL, col, 165, 150), blue), false, `a red ball of L ${L}, brightest ${maxL}`);
  // a far corner pocket seen 8 px across, the green cloth's colour bled into it
  assert.equal(looksLikePocketHole(look(67, 86, 1, 99, 142), green), true);
  // a black ball's highlight, a ball as light as the cloth: no hole
  assert.equal(looksLikePocketHole(look(20, 230, 0), blue), false);
  assert.equal(looksLikePocketHole(look(60, 90, 0), blue), false);
});
