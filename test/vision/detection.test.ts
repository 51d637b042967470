// Ball detection on rendered tables, where every ball's true position is known: all 16 found (the
// rack's touching balls included), centres within 5 mm, nothing found on the cue or the arm.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RUSSIAN_12FT } from '../../src/table/geometry.js';
import { frameFromRgb } from '../../src/vision/frame.js';
import { calibrate } from '../../src/vision/calibration/calibrate.js';
import { createBallDetector } from '../../src/vision/detection/detector.js';
import { makeRng } from '../../src/sim/rng.js';
import { randomCameraOverTable } from '../../src/sim/render/camera.js';
import { randomLook } from '../../src/sim/render/look.js';
import type { ClothFamily } from '../../src/sim/render/look.js';
import { createRenderer } from '../../src/sim/render/renderer.js';
import { demoScene, scatteredScene } from '../../src/sim/render/demo-scene.js';
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
  test(`rendered break (seed ${seed}, ${family}): all 16 balls, centres within 5 mm, no phantoms on cue or arm`, () => {
    const s = setup(seed, family);
    const r = check(demoScene(spec, makeRng(seed)), s, 'break');
    assert.equal(r.errs.length, 16);
    assert.ok(r.errs[r.errs.length - 1]! < 5, `worst centre error ${r.errs[r.errs.length - 1]!.toFixed(1)} mm (median ${r.errs[8]!.toFixed(1)})`);
    assert.equal(r.phantoms.length, 0, `phantoms at ${r.phantoms.map((d) => `(${d.x_mm.toFixed(0)}, ${d.y_mm.toFixed(0)})`).join(' ')}`);
    const open = check(scatteredScene(spec, makeRng(seed + 100), 16), s, 'open');
    assert.ok(open.errs[open.errs.length - 1]! < 5, `open play: worst ${open.errs[open.errs.length - 1]!.toFixed(1)} mm`);
    assert.equal(open.phantoms.length, 0);
  });
}
