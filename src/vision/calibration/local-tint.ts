// Cloth worn around the spots (where balls are racked and broken: shinier, greyer) and the pool of a lamp
// hung low tint a patch of cloth a few balls wide (on a green cloth with almost no red in it, ten times
// the cloth's spread in chromaticity). The cloth model's field is a quadratic over the whole image and
// cannot follow such a patch, so it passes for "not cloth": one blob with any balls in it, taken for an
// arm over the table (1080401: the rack on a worn foot spot, 14 of its 15 balls dropped as an arm's
// part-found "balls", the break never seen). This learns what the field leaves, cell by cell, from the
// calibration image.
import cv from '../cv.js';
import type { Mat } from '../cv.js';
import { median } from '../median.js';
import type { ClothLocalTint, ClothModel } from './cloth.js';
import { brightestClothSum, clothChromaAt, learnableChromaSum } from './cloth.js';

/**
 * How far from the field a pixel's chromaticity may be and still be worn or tinted cloth: a share of the
 * way to grey. Balls (ivory), skin, wood and chalk lie near grey or beyond it, so a patch of
 * them is never learnt as tinted cloth (the rack fills whole cells: those are filled in from around).
 */
const TOWARD_GREY = 0.5;
/** A cell is measured from its own pixels when this share of its area is cloth, tinted or not. */
const MIN_CLOTH_SHARE = 0.25;
/** how far from anything else a pixel must be to count as cloth (a square's half side), px of the image the tint is learnt on */
const EDGE_PX = 2;

/**
 * The cloth's tint left over by `m`'s field on `bgr` (any scale), inside `region` (8UC1, 255 on the
 * cloth, holes filled), on cells about `cell_px` wide; null without a field.
 */
export function learnLocalTint(bgr: Mat, m: ClothModel, region: Mat, cell_px: number): ClothLocalTint | null {
  if (!m.field) return null;
  const w = bgr.cols, h = bgr.rows;
  const cols = Math.max(2, Math.round(w / cell_px)), rows = Math.max(2, Math.round(h / cell_px));
  const data = bgr.getData(), mk = region.getData();
  // each pixel's chromaticity against the field, and whether it may be worn or tinted cloth
  const dR = new Float32Array(w * h), dG = new Float32Array(w * h);
  const maybe = Buffer.alloc(w * h);
  const sMin = learnableChromaSum(m), sMax = brightestClothSum(m);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    const i = y * w + x;
    if (!mk[i]) continue;
    const o = 3 * i, S = data[o]! + data[o + 1]! + data[o + 2]!;
    if (S < sMin || S > sMax) continue;
    const [mr, mg] = clothChromaAt(m, (x + 0.5) / w, (y + 0.5) / h);
    dR[i] = data[o + 2]! / S - mr; dG[i] = data[o + 1]! / S - mg;
    if (Math.hypot(dR[i]!, dG[i]!) < TOWARD_GREY * Math.hypot(mr - 1 / 3, mg - 1 / 3)) maybe[i] = 255;
  }
  // a ball's rim blends its colour with the cloth's, part of the way to grey: only pixels whose
  // neighbours all may be cloth are counted (a rack's rims would otherwise be a cell's "tint")
  const cloth = new cv.Mat(maybe, h, w, cv.CV_8UC1).erode(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(2 * EDGE_PX + 1, 2 * EDGE_PX + 1))).getData();
  const cells = Array.from({ length: cols * rows }, () => ({ n: 0, r: [] as number[], g: [] as number[] }));
  for (let y = 0; y < h; y++) {
    const cy = Math.min(rows - 1, Math.floor(((y + 0.5) / h) * rows));
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (!mk[i]) continue;
      const cell = cells[cy * cols + Math.min(cols - 1, Math.floor(((x + 0.5) / w) * cols))]!;
      cell.n++;
      if (cloth[i]) { cell.r.push(dR[i]!); cell.g.push(dG[i]!); }
    }
  }
  const r = new Array<number>(cols * rows).fill(0), g = new Array<number>(cols * rows).fill(0);
  let known = cells.map((c, k) => {
    if (c.n === 0 || c.r.length < Math.max(8, MIN_CLOTH_SHARE * c.n)) return false;
    r[k] = median(c.r); g[k] = median(c.g);
    return true;
  });
  if (!known.some(Boolean)) return null;
  // cells with too little cloth (a rack, the rail, beyond the table) take their measured neighbours' mean,
  // ring by ring
  while (!known.every(Boolean)) {
    const next = [...known];
    for (let k = 0; k < cols * rows; k++) {
      if (known[k]) continue;
      const cx = k % cols, cy = (k / cols) | 0;
      let n = 0, sr = 0, sg = 0;
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
        const x = cx + dx, y = cy + dy;
        if (x < 0 || y < 0 || x >= cols || y >= rows || !known[y * cols + x]) continue;
        n++; sr += r[y * cols + x]!; sg += g[y * cols + x]!;
      }
      if (n) { r[k] = sr / n; g[k] = sg / n; next[k] = true; }
    }
    known = next;
  }
  // (|| 0: no -0, which a profile written and read back would not keep)
  const round = (v: number) => Math.round(v * 1e5) / 1e5 || 0;
  return { cols, rows, r: r.map(round), g: g.map(round) };
}
