// The cloth's local tint (local-tint.ts): a worn patch of cloth around a spot, greyer than the rest, is
// still cloth once the tint is learnt, while the balls racked on it stay balls.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import cv, { type Mat } from '../../src/vision/cv.js';
import { clothTintedChromaAt, clothMask, estimateClothModel, refineClothModel } from '../../src/vision/calibration/cloth.js';
import { learnLocalTint } from '../../src/vision/calibration/local-tint.js';
import type { ClothModel } from '../../src/vision/calibration/cloth.js';
import { clothLike } from '../../src/vision/detection/votes.js';
import { RUSSIAN_12FT } from '../../src/table/geometry.js';
import { calibrate } from '../../src/vision/calibration/calibrate.js';
import { frameFromRgb } from '../../src/vision/frame.js';
import { makeRng } from '../../src/sim/rng.js';
import { randomCameraOverTable } from '../../src/sim/render/camera.js';
import { randomLook } from '../../src/sim/render/look.js';
import { createRenderer } from '../../src/sim/render/renderer.js';
import { demoScene } from '../../src/sim/render/demo-scene.js';
import { createBallDetector } from '../../src/vision/detection/detector.js';
import { loadProfile, ProfileError, saveProfile } from '../../src/vision/calibration/profile.js';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const W = 640, H = 360;
const CLOTH = [67, 134, 2]; // B, G, R: a green with almost no red
const IVORY = [190, 215, 225];
const PATCH = { x: 480, y: 180, sigma: 40 };
/** a rack's worth of balls (5 px radius) on the patch */
const BALLS = [[470, 180], [481, 174], [481, 186], [492, 168], [492, 180], [492, 192]] as const;

function wornCloth(): Mat {
  const data = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) {
    // worn cloth shows the greyer weave: mixed a third of the way to a light grey at the patch's middle
    const wear = 0.35 * Math.exp(-((x - PATCH.x) ** 2 + (y - PATCH.y) ** 2) / (2 * PATCH.sigma ** 2));
    const ball = BALLS.some(([bx, by]) => (x - bx) ** 2 + (y - by) ** 2 <= 25);
    for (let c = 0; c < 3; c++) data[3 * (y * W + x) + c] = ball ? IVORY[c]! : Math.round(CLOTH[c]! + (110 - CLOTH[c]!) * wear);
  }
  return new cv.Mat(data, H, W, cv.CV_8UC3);
}

function pixel(img: Mat, x: number, y: number): [number, number, number] {
  const d = img.getData(), o = 3 * (y * W + x);
  return [d[o]!, d[o + 1]!, d[o + 2]!];
}

function like(m: ClothModel, img: Mat, x: number, y: number): boolean {
  const [b, g, r] = pixel(img, x, y);
  return clothLike(m, b, g, r, clothTintedChromaAt(m, (x + 0.5) / W, (y + 0.5) / H));
}

test('a worn patch is cloth once its tint is learnt; the balls on it and a hand are not', () => {
  const img = wornCloth();
  const base = estimateClothModel(img);
  const m = refineClothModel(img, base, clothMask(img, base));
  const all = new cv.Mat(H, W, cv.CV_8UC1, 255);
  const tinted: ClothModel = { ...m, local: learnLocalTint(img, m, all, 20) };
  assert.ok(tinted.local, 'a tint was learnt');
  assert.equal(like(m, img, PATCH.x + 12, PATCH.y + 20), false, 'without the tint, the worn patch is "not cloth"');
  assert.equal(like(tinted, img, PATCH.x + 12, PATCH.y + 20), true, 'with it, cloth');
  assert.equal(like(tinted, img, PATCH.x + 30, PATCH.y - 5), true, 'the patch further out too');
  assert.equal(like(tinted, img, 100, 100), true, 'cloth far from the patch is still cloth');
  for (const [x, y] of BALLS) assert.equal(like(tinted, img, x, y), false, `the ball at (${x}, ${y}) is not cloth`);
  assert.equal(clothLike(tinted, 150, 170, 200, clothTintedChromaAt(tinted, (PATCH.x + 0.5) / W, (PATCH.y + 0.5) / H)), false, 'a hand on the patch is not cloth');
});

test('no field, no tint', () => {
  const img = wornCloth();
  const all = new cv.Mat(H, W, cv.CV_8UC1, 255);
  assert.equal(learnLocalTint(img, estimateClothModel(img), all, 20), null);
});

test('a rack on a worn foot spot, rendered (1080401\'s camera and look): all sixteen balls found', () => {
  // (without the tint, the worn patch and the rack on it made one blob the size of an arm, and four of the
  // rack's balls, each touched by its neighbours and so part-found, were dropped as parts of it; on the
  // clip's compressed video, all fifteen)
  const spec = RUSSIAN_12FT, seed = 1080401;
  const cam = randomCameraOverTable(spec, makeRng(seed).fork('camera'), 1920, 1080);
  const renderer = createRenderer(spec, cam, randomLook(`${seed}:look`), { width: 1920, height: 1080 });
  const scene = demoScene(spec, makeRng(seed));
  const frame = frameFromRgb(renderer.render(scene), 1920, 1080);
  const corners = cam.surfaceCorners_px(spec);
  const { profile } = calibrate([frame], { spec, head: corners[0]![0] < corners[2]![0] ? 'left' : 'right' });
  const found = createBallDetector(profile).detect(frame);
  // the tint is kept in the profile, and read back
  const dir = mkdtempSync(join(tmpdir(), 'marker-tint-'));
  saveProfile(join(dir, 'p.json'), profile);
  assert.deepEqual(loadProfile(join(dir, 'p.json')).cloth?.local, profile.cloth?.local);
  assert.ok(profile.cloth?.local);
  const bad = JSON.parse(readFileSync(join(dir, 'p.json'), 'utf8'));
  bad.cloth.local.r.pop();
  writeFileSync(join(dir, 'bad.json'), JSON.stringify(bad));
  assert.throws(() => loadProfile(join(dir, 'bad.json')), (e: Error) => e instanceof ProfileError && /cloth\.local/.test(e.message));
  const missed = scene.balls.filter((b) => !found.some((d) => Math.hypot(d.x_mm - b.pos_mm.x, d.y_mm - b.pos_mm.y) < 20));
  assert.deepEqual(missed.map((b) => b.id), [], `not found: ${missed.map((b) => `${b.id} at (${b.pos_mm.x.toFixed(0)}, ${b.pos_mm.y.toFixed(0)})`).join(', ')}`);
});
