import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RUSSIAN_12FT } from '../../src/table/geometry.js';
import { makeRng } from '../../src/sim/rng.js';
import type { Quat, Scene } from '../../src/sim/types.js';
import { randomCameraOverTable } from '../../src/sim/render/camera.js';
import { randomLook } from '../../src/sim/render/look.js';
import { createRenderer } from '../../src/sim/render/renderer.js';
import { demoScene, restingBall, scatteredScene } from '../../src/sim/render/demo-scene.js';
import { ballVisibility } from '../../src/sim/render/visibility.js';
import { frameStream } from '../../src/sim/render/frame-stream.js';

const spec = RUSSIAN_12FT;
const W = 1280, H = 720;
const cam = randomCameraOverTable(spec, makeRng(11), W, H);
const look = randomLook(11, { cloth: { family: 'green' }, numerals: { size: 0.3, font: 'bold' }, balls: { cueStyle: 'red' }, sensor: { noise: 1.5, blur_px: 0.5 } });
const renderer = createRenderer(spec, cam, look, { width: W, height: H });
const bg = renderer.background.rgb;

const at = (img: Uint8Array, u: number, v: number) => {
  const o = 3 * (Math.round(v) * W + Math.round(u));
  return [img[o]!, img[o + 1]!, img[o + 2]!];
};
const diff = (a: number[], b: number[]) => Math.abs(a[0]! - b[0]!) + Math.abs(a[1]! - b[1]!) + Math.abs(a[2]! - b[2]!);
const luma = (c: number[]) => 0.3 * c[0]! + 0.59 * c[1]! + 0.11 * c[2]!;

test('every ball is drawn where the camera projects it, about 68 mm wide', () => {
  const scene = scatteredScene(spec, makeRng(5), 16);
  const img = renderer.render(scene);
  for (const b of scene.balls) {
    const c = cam.project(b.pos_mm);
    assert.ok(diff(at(img, c.u_px, c.v_px), at(bg, c.u_px, c.v_px)) > 60, `ball ${b.id} not at ${c.u_px},${c.v_px}`);
    // the disc's edge: walk outward along the image row until the colour is the cloth's again
    const rExpected = (cam.params.f_px * 34) / cam.toCamera(b.pos_mm).z;
    if (b.id === 'cue') continue; // red: not brighter than the cloth, its centre test is enough
    for (const dir of [-1, 1]) {
      // the farthest pixel along the row that is much brighter than the cloth (shadows are darker;
      // the numeral's ink may interrupt the run, so no contiguity)
      let r = 0;
      for (let j = 1; j < rExpected * 1.6; j++) {
        if (luma(at(img, c.u_px + dir * j, c.v_px)) - luma(at(bg, c.u_px + dir * j, c.v_px)) > 30) r = j;
      }
      assert.ok(Math.abs(r + 0.5 - rExpected) < 2.2, `ball ${b.id}: radius ${r} px, expected ${rExpected.toFixed(1)}`);
    }
  }
});

test('pocketed and in-hand balls are not drawn', () => {
  const scene: Scene = { t_s: 0, balls: [{ ...restingBall(3, 500, 200, spec, [1, 0, 0, 0]), phase: 'pocketed' }], occluders: [] };
  const img = renderer.render(scene);
  const c = cam.project(scene.balls[0]!.pos_mm);
  assert.ok(diff(at(img, c.u_px, c.v_px), at(bg, c.u_px, c.v_px)) < 25);
});

function inkPixels(q: Quat): number {
  const ball = restingBall(8, -300, 150, spec, q);
  const img = renderer.render({ t_s: 0, balls: [ball], occluders: [] });
  const c = cam.project(ball.pos_mm);
  const r = (cam.params.f_px * 34) / cam.toCamera(ball.pos_mm).z;
  const inside: number[] = [];
  for (let v = Math.floor(c.v_px - r); v <= c.v_px + r; v++) {
    for (let u = Math.floor(c.u_px - r); u <= c.u_px + r; u++) {
      if (Math.hypot(u + 0.5 - c.u_px, v + 0.5 - c.v_px) < r * 0.55) inside.push(luma(at(img, u, v)));
    }
  }
  const bright = [...inside].sort((a, b) => b - a)[Math.floor(inside.length * 0.2)]!;
  return inside.filter((y) => y < bright * 0.75).length;
}

test('a numeral on top is visible and turns away when the ball rolls a quarter turn', () => {
  const up = inkPixels([1, 0, 0, 0]); // body z (a decal) straight up, toward the camera
  const side = inkPixels([Math.SQRT1_2, Math.SQRT1_2, 0, 0]); // 90 degrees about x: decals at the sides
  const half = inkPixels([0, 1, 0, 0]); // 180 degrees: the other decal comes up
  assert.ok(up >= 8, `numeral on top: ${up} dark pixels`);
  assert.ok(side * 3 < up, `turned away: ${side} vs ${up}`);
  assert.ok(half >= 8, `opposite numeral: ${half}`);
});

test('rendering is deterministic for a seed and looks differ across seeds', () => {
  const scene = demoScene(spec, makeRng(2));
  const a = renderer.render(scene);
  const b = createRenderer(spec, cam, randomLook(11, { cloth: { family: 'green' }, numerals: { size: 0.3, font: 'bold' }, balls: { cueStyle: 'red' }, sensor: { noise: 1.5, blur_px: 0.5 } }), { width: W, height: H }).render(scene);
  assert.ok(Buffer.from(a).equals(Buffer.from(b)), 'same seed, same frame');
  const families = new Set<string>();
  const cloths = new Set<string>();
  for (let s = 1; s <= 12; s++) {
    const l = randomLook(s);
    families.add(l.cloth.family);
    cloths.add(l.cloth.rgb.join(','));
  }
  assert.equal(families.size, 3);
  assert.equal(cloths.size, 12);
  assert.notDeepEqual(randomLook(1).lighting, randomLook(2).lighting);
  assert.deepEqual(randomLook(5), randomLook(5));
  // JSON-serialisable for meta.json
  assert.deepEqual(JSON.parse(JSON.stringify(randomLook(5))), randomLook(5));
});

test('a fast ball is smeared along its motion', () => {
  const still = restingBall(5, 0, 0, spec, [1, 0, 0, 0]);
  const moving = { ...still, phase: 'rolling' as const, speed_mm_s: 3000 };
  const prev: Scene = { t_s: 0, balls: [{ ...moving, pos_mm: { ...moving.pos_mm, x: -100 } }], occluders: [] };
  const changed = (img: Uint8Array) => {
    let n = 0;
    for (let i = 0; i < W * H; i++) if (diff([img[3 * i]!, img[3 * i + 1]!, img[3 * i + 2]!], [bg[3 * i]!, bg[3 * i + 1]!, bg[3 * i + 2]!]) > 45) n++;
    return n;
  };
  const a = changed(renderer.render({ t_s: 1 / 30, balls: [still], occluders: [] }));
  const b = changed(renderer.render({ t_s: 1 / 30, balls: [moving], occluders: [] }, undefined, { prev, exposure_s: 1 / 60 }));
  assert.ok(b > a * 1.4, `moving ${b} px vs still ${a} px`);
});

test('a ball under the arm is occluded, the others visible', () => {
  const scene = demoScene(spec, makeRng(4));
  const vis = ballVisibility(scene, cam);
  assert.equal(vis.size, 16);
  assert.equal(vis.get(4), 'visible');
  const ball = restingBall(9, 0, 0, spec, [1, 0, 0, 0]);
  const arm: Scene = { t_s: 0, balls: [ball], occluders: [{ kind: 'arm', points_mm: [{ x: -300, y: 0, z: 200 }, { x: 300, y: 0, z: 200 }], radii_mm: [50, 50] }] };
  assert.equal(ballVisibility(arm, cam).get(9), 'occluded');
  const thin: Scene = { ...arm, occluders: [{ kind: 'arm', points_mm: [{ x: -300, y: 60, z: 200 }, { x: 300, y: 60, z: 200 }], radii_mm: [30, 30] }] };
  assert.equal(ballVisibility(thin, cam).get(9), 'visible');
  assert.equal(ballVisibility({ ...arm, balls: [{ ...ball, phase: 'falling' }] }, cam).get(9), 'falling');
});

test('the frame stream yields every frame in order without a video file', () => {
  const frames = [...frameStream(renderer, (t) => ({ ...scatteredScene(spec, makeRng(1), 4), t_s: t }), { fps: 30, duration_s: 0.1 })];
  assert.equal(frames.length, 3);
  assert.deepEqual(frames.map((f) => f.index), [0, 1, 2]);
  assert.ok(frames.every((f) => f.rgb.length === W * H * 3));
  assert.ok(Math.abs(frames[2]!.t_s - 2 / 30) < 1e-9);
});
