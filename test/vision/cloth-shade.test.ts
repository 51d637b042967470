// The cloth's shade (cloth.ts): under a spotlight the cloth near the cushions is a third as bright as in
// the middle. The model learns how its brightness falls off, so dim cloth is not taken for an arm,
// while a sleeve or a hand there still is.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import cv from '../../src/vision/cv.js';
import { clothShadeAt, estimateClothModel, refineClothModel } from '../../src/vision/calibration/cloth.js';
import { clothLike, occluderShadeAt } from '../../src/vision/detection/votes.js';

const W = 320, H = 180;
const CLOTH = [30, 130, 40]; // B, G, R: green
/** brightness relative to the middle: 1 there, about a quarter in the corners */
const falloff = (x: number, y: number) => Math.exp(-0.8 * (((x - W / 2) / (W / 2)) ** 2 + ((y - H / 2) / (H / 2)) ** 2));

function spotlitCloth() {
  const data = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) {
    const f = falloff(x, y);
    for (let c = 0; c < 3; c++) data[3 * (y * W + x) + c] = Math.round(CLOTH[c]! * f);
  }
  return new cv.Mat(data, H, W, cv.CV_8UC3);
}

test('the shade learnt from a spotlit cloth follows its fall-off', () => {
  const img = spotlitCloth();
  const all = new cv.Mat(H, W, cv.CV_8UC1, 255);
  const m = refineClothModel(img, estimateClothModel(img), all);
  assert.ok(m.shade, 'a shade was fitted');
  for (const [x, y] of [[W / 2, H / 2], [8, 8], [W - 8, H / 2], [W / 2, 8]] as const) {
    const want = falloff(x, y) / falloff(W / 2, H / 2);
    const got = clothShadeAt(m, (x + 0.5) / W, (y + 0.5) / H) * m.brightness / (CLOTH.reduce((a, b) => a + b, 0) / 3);
    assert.ok(Math.abs(got - want) / want < 0.25, `at (${x}, ${y}): ${got.toFixed(2)} vs ${want.toFixed(2)}`);
  }
});

test('dim cloth in a corner is cloth given the shade; a grey sleeve there is not', () => {
  const img = spotlitCloth();
  const all = new cv.Mat(H, W, cv.CV_8UC1, 255);
  const m = refineClothModel(img, estimateClothModel(img), all);
  const f = falloff(6, 6);
  const [b, g, r] = CLOTH.map((v) => Math.round(v * f)) as [number, number, number];
  const shade = occluderShadeAt(m, 6.5 / W, 6.5 / H);
  assert.equal(clothLike(m, b, g, r), false, 'without the shade, a third as bright as the middle is "not cloth"');
  assert.equal(clothLike(m, b, g, r, m.chroma, 20, shade), true, 'with it, cloth');
  assert.equal(clothLike(m, 40, 40, 40, m.chroma, 20, shade), false, 'a grey sleeve');
  assert.equal(clothLike(m, 150, 170, 200, m.chroma, 20, shade), false, 'a hand');
});
