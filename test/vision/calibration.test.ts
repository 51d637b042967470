// Calibration: the pure geometry, manual corners' validation, the CLI's errors, and the automatic
// search on rendered tables whose camera (corners, lens) is known exactly.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import cv from '../../src/vision/cv.js';
import { RUSSIAN_12FT } from '../../src/table/geometry.js';
import { applyH, fitHomography, invertH } from '../../src/vision/calibration/homography.js';
import { distortPx, nominalLens, undistortPx } from '../../src/vision/calibration/distortion.js';
import { CornersError, parseCorners, validateCorners } from '../../src/vision/calibration/manual-corners.js';
import { calibrate } from '../../src/vision/calibration/calibrate.js';
import { pxToTable } from '../../src/vision/calibration/profile.js';
import { checkCameraMoved } from '../../src/vision/calibration/bump.js';
import { frameFromRgb } from '../../src/vision/frame.js';
import { makeRng } from '../../src/sim/rng.js';
import { randomCameraOverTable } from '../../src/sim/render/camera.js';
import { randomLook } from '../../src/sim/render/look.js';
import type { ClothFamily } from '../../src/sim/render/look.js';
import { createRenderer } from '../../src/sim/render/renderer.js';
import { demoScene } from '../../src/sim/render/demo-scene.js';

const spec = RUSSIAN_12FT;
const here = dirname(fileURLToPath(import.meta.url));
const fromDist = here.includes(`${join('dist', 'test')}`);
const repo = fromDist ? join(here, '../../..') : join(here, '../..');
const tmp = mkdtempSync(join(tmpdir(), 'marker-cal-'));

function marker(args: string[]) {
  const cmd = fromDist ? ['node', [join(repo, 'dist/src/cli/main.js'), ...args]] as const
    : ['node', ['--import', 'tsx', join(repo, 'src/cli/main.ts'), ...args]] as const;
  return spawnSync(cmd[0], [...cmd[1]], { encoding: 'utf8', cwd: repo });
}

test('homography fit maps the four corners exactly and inverts', () => {
  const src = [{ x: 100, y: 80 }, { x: 1180, y: 95 }, { x: 1150, y: 640 }, { x: 120, y: 610 }];
  const dst = [{ x: -1775, y: 887.5 }, { x: 1775, y: 887.5 }, { x: 1775, y: -887.5 }, { x: -1775, y: -887.5 }];
  const h = fitHomography(src, dst);
  src.forEach((p, i) => {
    const q = applyH(h, p.x, p.y);
    assert.ok(Math.hypot(q.x - dst[i]!.x, q.y - dst[i]!.y) < 1e-6);
  });
  const back = applyH(invertH(h), 0, 0);
  const fwd = applyH(h, back.x, back.y);
  assert.ok(Math.hypot(fwd.x, fwd.y) < 1e-6);
});

test('lens model: undistort inverts distort for barrel and pincushion', () => {
  for (const k1 of [-0.3, -0.05, 0.1]) {
    const lens = nominalLens(1280, 720, k1);
    for (const [u, v] of [[0, 0], [1280, 720], [640, 360], [100, 650]] as const) {
      const d = distortPx(lens, u, v);
      const back = undistortPx(lens, d.x, d.y);
      assert.ok(Math.hypot(back.x - u, back.y - v) < 1e-6, `k1 ${k1} at ${u},${v}`);
    }
  }
});

test('manual corners: parsed and validated with messages that say what is wrong', () => {
  assert.deepEqual(parseCorners('10,20 30,40 50,60 70,80'), [[10, 20], [30, 40], [50, 60], [70, 80]]);
  assert.throws(() => parseCorners('10,20 30,40 50,60'), /4 points/);
  assert.throws(() => parseCorners('10,20 30,x 50,60 70,80'), /point 2/);
  const good: [number, number][] = [[100, 100], [100, 620], [1180, 620], [1180, 100]];
  validateCorners(good, 1280, 720, spec);
  assert.throws(() => validateCorners([[100, 100], [100, 620], [1380, 620], [1180, 100]], 1280, 720, spec), (e: Error) => e instanceof CornersError && /outside/.test(e.message));
  assert.throws(() => validateCorners([[100, 100], [1180, 620], [100, 620], [1180, 100]], 1280, 720, spec), /convex/);
  // HL HR along the long side: the table would look half as long as wide
  assert.throws(() => validateCorners([[100, 100], [1180, 100], [1180, 620], [100, 620]], 1280, 720, spec), /as long as wide/);
  assert.throws(() => validateCorners([[100, 100], [100, 120], [140, 120], [140, 100]], 1280, 720, spec), /2%/);
});

interface Rendered { rgb: Uint8Array; corners: [number, number][]; k1: number }
function render(seed: number, family: ClothFamily, W = 1280, H = 720): Rendered {
  const cam = randomCameraOverTable(spec, makeRng(seed), W, H);
  const look = randomLook(seed, { cloth: { family } });
  const r = createRenderer(spec, cam, look, { width: W, height: H });
  return { rgb: r.render(demoScene(spec, makeRng(seed))), corners: cam.surfaceCorners_px(spec), k1: cam.params.k1 };
}

/** Each surface corner's error (px) of a calibration, head given, of the demo scene rendered by `cam` in `look` at 1080p. */
function cornerErrors1080(cam: ReturnType<typeof randomCameraOverTable>, look: ReturnType<typeof randomLook>, seed: number): number[] {
  const W = 1920, H = 1080;
  const r = createRenderer(spec, cam, look, { width: W, height: H });
  const corners = cam.surfaceCorners_px(spec);
  const frame = frameFromRgb(r.render(demoScene(spec, makeRng(seed))), W, H);
  const res = calibrate([frame], { spec, head: corners[0]![0] < corners[2]![0] ? 'left' : 'right' });
  return res.profile.corners_px.map((c, i) => Math.hypot(c[0] - corners[i]![0], c[1] - corners[i]![1]));
}

test('rendered table with a rail nearly the cloth\'s colour (a dark red rail by a burgundy cloth): the corners are the noses, not the rail\'s inner edge', () => {
  // the cloth's mask takes the rail in (and, in a dark room, the floor beyond it): the seam between rail
  // and cushion tops cuts the rail's band off, a floor a fraction as bright is no cloth, and the line the
  // mask's edge leaves just outside the cushion tops is no nose
  for (const seed of [30, 31, 32, 33, 34]) {
    const cam = randomCameraOverTable(spec, makeRng(seed), 1920, 1080);
    const look = randomLook(seed, { cloth: { family: 'burgundy', rgb: [119, 63, 58] }, rail: { rgb: [93, 49, 31], width_mm: 112 } });
    const err = cornerErrors1080(cam, look, seed);
    assert.ok(Math.max(...err) < 6, `seed ${seed}: corner errors ${err.map((e) => e.toFixed(1)).join(' ')} px`);
  }
});

test('a burgundy cloth on a dim parquet floor of the same hue: the cloth model is not refitted out to the image\'s edges', () => {
  // the cloth's refit over the whole region learns the floor's colour too, and the region spreads to the
  // image's borders (with seed 44 the outline then had no straight side: "no table found", before refits that carry
  // the region out to the border were refused)
  for (const seed of [43, 44]) {
    const cam = randomCameraOverTable(spec, makeRng(seed).fork('camera'), 1920, 1080);
    const look = randomLook(`${seed}:look`, { cloth: { family: 'burgundy', rgb: [99, 52, 47] }, rail: { rgb: [68, 43, 26] }, floor: { kind: 'parquet', rgb: [135, 97, 61], brightness: 0.44 } });
    const err = cornerErrors1080(cam, look, seed);
    assert.ok(Math.max(...err) < 6, `seed ${seed}: corner errors ${err.map((e) => e.toFixed(1)).join(' ')} px`);
  }
});

test('cameras and looks whose clips\' corners came out 23–51 px off: within a few px', () => {
  // as `marker simulate --seed` makes them, rendered as one raw still of the demo scene. Of the three,
  // only 1070000 (a dark red rail the cloth's mask took in on one end alone) fails this way without the
  // nose chosen side by side; the other two failed only through the clips' compressed video, and their
  // recorded edges are in cushion-nose.test.ts
  for (const seed of [1070000, 1071501, 1051100]) {
    const cam = randomCameraOverTable(spec, makeRng(seed).fork('camera'), 1920, 1080);
    const err = cornerErrors1080(cam, randomLook(`${seed}:look`), seed);
    assert.ok(Math.max(...err) < 6, `seed ${seed}: corner errors ${err.map((e) => e.toFixed(1)).join(' ')} px`);
  }
});

const renders: [number, ClothFamily][] = [[1, 'blue'], [3, 'green'], [7, 'burgundy']];
for (const [seed, family] of renders) {
  test(`rendered table (seed ${seed}, ${family} cloth): corners within a few px, the head as the camera sees it`, () => {
    const r = render(seed, family);
    const frame = frameFromRgb(r.rgb, 1280, 720);
    // the renderer's camera puts the head on the left or the right: say which, as a club would
    const headLeft = r.corners[0]![0] < r.corners[2]![0];
    const res = calibrate([frame], { spec, head: headLeft ? 'left' : 'right' });
    const err = res.profile.corners_px.map((c, i) => Math.hypot(c[0] - r.corners[i]![0], c[1] - r.corners[i]![1]));
    assert.ok(Math.max(...err) < 4, `corner errors ${err.map((e) => e.toFixed(1)).join(' ')} px`);
    // the centre of the image maps near the point the camera really sees there
    const t = pxToTable(res.profile, r.corners.reduce((s, c) => s + c[0], 0) / 4, r.corners.reduce((s, c) => s + c[1], 0) / 4);
    assert.ok(Math.abs(t.x) < 200 && Math.abs(t.y) < 200);
    assert.equal(checkCameraMoved(res.profile, frame).moved, false);
    // shift the image by 8 px: the camera "moved"
    const shifted = frame.bgr.warpAffine(new cv.Mat([[1, 0, 8], [0, 1, 5]], cv.CV_64F), new cv.Size(1280, 720));
    assert.equal(checkCameraMoved(res.profile, { ...frame, bgr: shifted }).moved, true);
  });
}

test('marker calibrate: a file that is not an image, and an image with no table, exit non-zero with a message', () => {
  const bad = join(tmp, 'notes.txt');
  writeFileSync(bad, 'this is not a picture\n');
  let r = marker(['calibrate', bad, '--out', join(tmp, 'x.json')]);
  assert.notEqual(r.status, 0);
  assert.match(r.stderr, /not an image or a video/);
  assert.doesNotMatch(r.stderr, /\n\s+at /);
  const grey = join(tmp, 'grey.png');
  cv.imwrite(grey, new cv.Mat(480, 640, cv.CV_8UC3, [128, 128, 128]));
  r = marker(['calibrate', grey, '--out', join(tmp, 'y.json')]);
  assert.notEqual(r.status, 0);
  assert.match(r.stderr, /no table found/);
  assert.doesNotMatch(r.stderr, /\n\s+at /);
  r = marker(['calibrate', join(tmp, 'missing.png'), '--out', join(tmp, 'z.json')]);
  assert.notEqual(r.status, 0);
  assert.match(r.stderr, /no such file/);
  r = marker(['calibrate', grey, '--out', join(tmp, 'z.json'), '--corners', '10,10 10,400 900,400 600,10']);
  assert.notEqual(r.status, 0);
  assert.match(r.stderr, /outside/);
});

test('marker calibrate writes a profile and an overlay for a rendered table', () => {
  const r = render(3, 'green');
  const png = join(tmp, 'table.png');
  cv.imwrite(png, frameFromRgb(r.rgb, 1280, 720).bgr);
  const out = join(tmp, 'cal', 'club.json');
  const res = marker(['calibrate', png, '--out', out]);
  assert.equal(res.status, 0, res.stderr);
  assert.ok(existsSync(out) && existsSync(out.replace(/\.json$/, '.png')));
  const p = JSON.parse(readFileSync(out, 'utf8'));
  assert.equal(p.corners_px.length, 4);
  assert.equal(p.imageToTable.length, 9);
  assert.ok(p.ballRadius_px.centre > 5 && p.ballRadius_px.centre < 30);
  assert.match(res.stderr, /head end was assumed/);
});
