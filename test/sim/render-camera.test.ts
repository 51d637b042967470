import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RUSSIAN_12FT } from '../../src/table/geometry.js';
import { makeRng } from '../../src/sim/rng.js';
import { cameraOverTable, randomCameraOverTable } from '../../src/sim/render/camera.js';

const spec = RUSSIAN_12FT;

test('surface corners land inside the image and unproject back onto the cloth', () => {
  for (let seed = 1; seed <= 40; seed++) {
    const [w, h] = seed % 2 ? [1280, 720] : [1920, 1080];
    const cam = randomCameraOverTable(spec, makeRng(seed), w, h);
    const corners = cam.surfaceCorners_px(spec);
    const truth = [[-1775, 887.5], [-1775, -887.5], [1775, -887.5], [1775, 887.5]];
    corners.forEach(([u, v], i) => {
      assert.ok(u > 0 && u < w && v > 0 && v < h, `seed ${seed} corner ${i} at ${u},${v}`);
      const p = cam.unproject(u, v);
      assert.ok(Math.hypot(p.x - truth[i]![0]!, p.y - truth[i]![1]!) < 0.01, `seed ${seed} corner ${i} unprojects to ${p.x},${p.y}`);
    });
  }
});

test('project and unproject agree across the cloth, distortion included', () => {
  const cam = cameraOverTable(spec, { width_px: 1280, height_px: 720, height_mm: 2300, k1: -0.1, k2: 0.02, tilt_rad: 0.04, tiltDir_rad: 1, offset_mm: { x: 100, y: -50 } });
  const rng = makeRng(3);
  for (let i = 0; i < 200; i++) {
    const p = { x: rng.uniform(-1900, 1900), y: rng.uniform(-1000, 1000), z: 0 };
    const px = cam.project(p);
    const back = cam.unproject(px.u_px, px.v_px);
    assert.ok(Math.hypot(back.x - p.x, back.y - p.y) < 1e-3, `${JSON.stringify(p)} -> ${JSON.stringify(back)}`);
  }
  // the focal length is refitted for the lens so the table still fits
  const pin = cameraOverTable(spec, { width_px: 1280, height_px: 720, height_mm: 2300, k1: 0, margin: 0.06 });
  const barrel = cameraOverTable(spec, { width_px: 1280, height_px: 720, height_mm: 2300, k1: -0.1, margin: 0.06 });
  assert.ok(barrel.params.f_px > pin.params.f_px + 1, `${barrel.params.f_px} vs ${pin.params.f_px}`);
});

test('the whole table with its rails fits, and a ball is about 19 px wide at 720p', () => {
  for (let seed = 1; seed <= 30; seed++) {
    const cam = randomCameraOverTable(spec, makeRng(seed), 1280, 720);
    for (const [x, y] of [[-1, -1], [1, -1], [1, 1], [-1, 1]]) {
      const p = cam.project({ x: x! * (1775 + 190), y: y! * (887.5 + 190), z: 40 });
      assert.ok(p.u_px >= 0 && p.u_px <= 1280 && p.v_px >= 0 && p.v_px <= 720, `seed ${seed}: outer corner at ${p.u_px},${p.v_px}`);
    }
    const c = cam.project({ x: 0, y: 0, z: 34 });
    const e = cam.project({ x: 34, y: 0, z: 34 });
    const d_px = 2 * Math.hypot(e.u_px - c.u_px, e.v_px - c.v_px);
    assert.ok(d_px > 15 && d_px < 25, `seed ${seed}: ball ${d_px} px`);
  }
});

test('random cameras put the head on either side and the long axis across the image', () => {
  let left = 0;
  for (let seed = 1; seed <= 40; seed++) {
    const cam = randomCameraOverTable(spec, makeRng(seed), 1920, 1080);
    const head = cam.project({ x: -1775, y: 0, z: 0 });
    const foot = cam.project({ x: 1775, y: 0, z: 0 });
    assert.ok(Math.abs(foot.u_px - head.u_px) > 3 * Math.abs(foot.v_px - head.v_px), 'long axis runs across');
    if (head.u_px < foot.u_px) left++;
  }
  assert.ok(left > 5 && left < 35, `head left in ${left} of 40`);
});

test('points far outside the frame never fold back into it through the lens polynomial', () => {
  for (let seed = 1; seed <= 30; seed++) {
    const cam = randomCameraOverTable(spec, makeRng(seed), 1280, 720);
    for (let a = 0; a < 2 * Math.PI; a += 0.3) {
      let last = 0;
      for (const d of [2500, 3500, 5000, 8000, 15000]) {
        const p = cam.project({ x: d * Math.cos(a), y: d * Math.sin(a), z: 0 });
        const r = Math.hypot(p.u_px - 640, p.v_px - 360);
        assert.ok(r > last, `seed ${seed}: radius ${r} after ${last} at ${d} mm`);
        last = r;
        const back = cam.unproject(p.u_px, p.v_px);
        assert.ok(Math.hypot(back.x - d * Math.cos(a), back.y - d * Math.sin(a)) < 0.5);
      }
    }
  }
});
