// The circle fit's tube test on made-up patches: a cue or an arm as wide as a ball shows edges on two
// opposite sides and goes on past them; a ball with a dark band across it, in a dim corner, shows the
// same two gaps where its band meets the cloth, but ends there. And a ball whose numeral's ring is a stronger
// edge than its outline, still seen round it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { refineCircle, type RoiImage } from '../../src/vision/detection/refine.js';
import type { ClothModel } from '../../src/vision/calibration/cloth.js';

const S = 64, C = 32, R = 15;
/** dim green cloth (RGB 14, 42, 15): the cloth model's median is twice as bright, as in a spotlit room's corner */
const cloth: ClothModel = { chroma: [14 / 71, 42 / 71], icov: [4000, 0, 4000], brightness: 47, lab: [60, 100, 140], centralShare: 1, field: null };

function patch(paint: (x: number, y: number) => [number, number, number] | null, clothRGB: [number, number, number] = [14, 42, 15]): RoiImage {
  const rgb = new Float32Array(S * S * 3);
  for (let y = 0; y < S; y++) for (let x = 0; x < S; x++) {
    const c = paint(x + 0.5, y + 0.5) ?? clothRGB;
    rgb.set(c, 3 * (y * S + x));
  }
  // the lens's blur: two passes of a 3 × 3 box
  let src = rgb;
  for (let pass = 0; pass < 2; pass++) {
    const out = new Float32Array(src.length);
    for (let y = 0; y < S; y++) for (let x = 0; x < S; x++) for (let ch = 0; ch < 3; ch++) {
      let s = 0, n = 0;
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
        const xx = x + dx, yy = y + dy;
        if (xx < 0 || yy < 0 || xx >= S || yy >= S) continue;
        s += src[3 * (yy * S + xx) + ch]!; n++;
      }
      out[3 * (y * S + x) + ch] = s / n;
    }
    src = out;
  }
  const data = new Uint8Array(S * S * 3);
  for (let i = 0; i < S * S; i++) { data[3 * i] = Math.round(src[3 * i + 2]!); data[3 * i + 1] = Math.round(src[3 * i + 1]!); data[3 * i + 2] = Math.round(src[3 * i]!); }
  return { data, x0: 0, y0: 0, width: S, height: S };
}
const fit = (img: RoiImage) => refineCircle(img, C, C, { a: R, b: R, angle: 0 }, cloth, cloth.chroma, 12);

test('an ivory ball with a black band across it, dim cloth round it, is a ball, not a tube', () => {
  const img = patch((x, y) => (Math.hypot(x - C, y - C) > R ? null : Math.abs(y - C) < 0.55 * R ? [20, 20, 20] : [247, 245, 237]));
  const f = fit(img);
  assert.ok(f, 'a fit');
  assert.ok(f.gap >= 0.15, `its outline has gaps where the band meets the cloth (largest ${f.gap.toFixed(2)})`);
  assert.equal(f.tube, false);
  assert.ok(Math.hypot(f.cx - C, f.cy - C) < 2, `centre (${f.cx.toFixed(1)}, ${f.cy.toFixed(1)})`);
});

test('a cue shaft as wide as a ball across the patch is a tube', () => {
  const img = patch((_x, y) => (Math.abs(y - C) < R ? [226, 201, 155] : null));
  const f = fit(img);
  assert.ok(f === null || f.tube, JSON.stringify(f));
});

// 965006: ball 12 at rest, its numeral circled; along most rays the ring's edges (ivory to black) were
// stronger than the ball's own outline against a light cloth, the fit was pulled off towards the ring and
// kept under 40% of its rays on the circle: the ball was dropped, its track lost, a stroke misread.
// (1291201 the same on dark cloth: the ball was kept, but its centre was 18 mm off.)
test('a ball whose numeral\'s ring is a stronger edge than its outline on a light cloth is still seen round most of its outline', () => {
  const light: [number, number, number] = [120, 180, 140];
  const lightCloth: ClothModel = { ...cloth, chroma: [120 / 440, 180 / 440], brightness: 440 / 3 };
  const img = patch((x, y) => {
    if (Math.hypot(x - C, y - C) > R) return null;
    // a ring 3 px wide round a numeral 5 px off the ball's centre
    return Math.abs(Math.hypot(x - C - 5, y - C) - 0.55 * R) < 1.5 ? [15, 15, 15] : [235, 232, 222];
  }, light);
  const f = refineCircle(img, C + 1, C, { a: R, b: R, angle: 0 }, lightCloth, lightCloth.chroma, 12);
  assert.ok(f, 'a fit');
  assert.ok(f.seenRound >= 0.7, `the outline is crossed on ${(100 * f.seenRound).toFixed(0)}% of the rays`);
  assert.equal(f.tube, false);
  // 1291201: the ring's edges, taken as the outline on most rays, drew the centre 8 px off (here 3.8 px, with
  // under a third of the rays on the circle); the outline is the edge with the ball inside and the cloth beyond
  assert.ok(f.coverage >= 0.7, `the outline, not the ring, on most rays (coverage ${f.coverage.toFixed(2)})`);
  assert.ok(Math.hypot(f.cx - C, f.cy - C) < 1, `centre (${f.cx.toFixed(1)}, ${f.cy.toFixed(1)})`);
});

// 980901: a yellow cue ball on blue cloth, every ray's edge on its outline, was reported with a gap of the
// whole turn: "found in part" for 2.6 s at rest, never confirmed, and the stroke that struck it was missed.
test('a plain ball seen all the way round has no gap in its outline', () => {
  const img = patch((x, y) => (Math.hypot(x - C, y - C) > R ? null : [207, 183, 35]));
  const f = fit(img);
  assert.ok(f, 'a fit');
  assert.equal(f.coverage, 1, `every ray on the circle (coverage ${f.coverage})`);
  assert.equal(f.gap, 0);
});

// 1300000: a striped cue ball under lamps set wide, its shadow past 1.6 radii on a fifth of the ring round it,
// was taken for a cue (its stripe's two gaps, and a ring "not alike" all round) in every frame of a full search.
test('a banded ball with its shadow beside it is a ball, not a tube', () => {
  const img = patch((x, y) => {
    if (Math.hypot(x - C, y - C) <= R) return Math.abs(y - C) < 0.55 * R ? [20, 20, 20] : [247, 245, 237];
    // the shadow: the cloth at a third of its light, out to 2.2 radii over a fifth of the turn, below the ball
    if (Math.hypot(x - C, y - C) < 2.2 * R && Math.abs(Math.atan2(x - C, y - C)) < Math.PI / 5) return [14 / 3, 42 / 3, 15 / 3];
    return null;
  });
  const f = fit(img);
  assert.ok(f, 'a fit');
  assert.ok(f.gap >= 0.15, `its outline has gaps where the band meets the cloth (largest ${f.gap.toFixed(2)})`);
  assert.equal(f.tube, false);
  assert.ok(Math.hypot(f.cx - C, f.cy - C) < 2, `centre (${f.cx.toFixed(1)}, ${f.cy.toFixed(1)})`);
});
