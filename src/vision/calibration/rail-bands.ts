// Bands of the cloth's mask that are a rail, not cloth. The mask forgives dim pixels a wide spread of
// colour (light falls off towards the cushions), which lets in a rail whose wood is nearly the cloth's
// colour; the outline would then be the rail's outer edge. The seam between the cushion tops and such
// a rail is still a sharp step in chromaticity, and the band beyond it is thin and of another hue
// than the cloth next to it. A cushion's nose, its shadow or a lamp's fall-off can make a seam too,
// but the band it cuts off has the cloth's hue (only more or less saturated), so it stays.
import cv from '../cv.js';
import type { Mat } from '../cv.js';
import type { ClothModel } from './cloth.js';
import { minChromaSum } from './cloth.js';
import { median } from '../median.js';

/**
 * Steps per pixel larger than this many of the cloth's own chromaticity spreads are seams. Measured
 * on renders at the work scale (640 px): the weave stays under ~1, noses reach 1.7, rail seams 2–3.3.
 */
const SEAM_SPREADS_PER_PX = 1.6;
/** A band whose median hue is this many cloth spreads from the cloth's beside it is not cloth. */
const OTHER_COLOUR_SPREADS = 5;

interface Chroma { r: Float32Array; g: Float32Array; dark: Uint8Array }

function chromaOf(bgr: Mat, cloth: ClothModel): Chroma {
  const n = bgr.cols * bgr.rows;
  const d = bgr.gaussianBlur(new cv.Size(5, 5), 1.0).getData();
  const r = new Float32Array(n), g = new Float32Array(n), dark = new Uint8Array(n);
  // pockets and deep shadow make no seams
  const minSum = minChromaSum(cloth);
  for (let i = 0; i < n; i++) {
    const s = d[3 * i]! + d[3 * i + 1]! + d[3 * i + 2]!;
    if (s < minSum) { dark[i] = 1; continue; }
    r[i] = d[3 * i + 2]! / s; g[i] = d[3 * i + 1]! / s;
  }
  return { r, g, dark };
}

/** 255 on pixels where the chromaticity steps by more than the seam threshold. */
function colourSeams(bgr: Mat, cloth: ClothModel, chroma = chromaOf(bgr, cloth)): Mat {
  const w = bgr.cols, h = bgr.rows;
  const { r, g, dark } = chroma;
  const [a, b, c] = cloth.icov;
  const T2 = SEAM_SPREADS_PER_PX * SEAM_SPREADS_PER_PX;
  const out = Buffer.alloc(w * h);
  for (let y = 1; y < h - 1; y++) for (let x = 1; x < w - 1; x++) {
    const i = y * w + x;
    if (dark[i - 1] || dark[i + 1] || dark[i - w] || dark[i + w]) continue;
    const xr = (r[i + 1]! - r[i - 1]!) / 2, xg = (g[i + 1]! - g[i - 1]!) / 2;
    const yr = (r[i + w]! - r[i - w]!) / 2, yg = (g[i + w]! - g[i - w]!) / 2;
    const m2 = a * (xr * xr + yr * yr) + 2 * b * (xr * xg + yr * yg) + c * (xg * xg + yg * yg);
    if (m2 > T2) out[i] = 255;
  }
  return new cv.Mat(out, h, w, cv.CV_8UC1);
}

/**
 * A function that takes the cleaned cloth mask (work scale, like `bgr`) and returns it without its rail
 * bands. Pieces the seams cut off are thick (the bed, whole or split by a chalk line or a cue) or thin
 * (bands along the edge); a thin piece stays when its hue matches the kept cloth beside it (the
 * cushion tops behind a nose's seam), in turn from the bed outwards, or when it cannot be judged (too
 * dark, nothing beside it); the rest goes.
 */
export function railBandTrimmer(bgr: Mat, cloth: ClothModel): (cleaned: Mat) => Mat {
  const chroma = chromaOf(bgr, cloth);
  const seams = colourSeams(bgr, cloth, chroma);
  return (cleaned) => trim(cleaned, seams, chroma, cloth);
}

/** a piece's state: cloth (thick, or judged so), or kept unjudged (a speck, or nothing to judge it by) */
const CLOTH = 1, SPECK = 2;

function trim(cleaned: Mat, seams: Mat, chroma: Chroma, cloth: ClothModel): Mat {
  const w = cleaned.cols, h = cleaned.rows;
  const k = (n: number) => cv.getStructuringElement(cv.MORPH_ELLIPSE, new cv.Size(n, n));
  const cut = cleaned.bitwiseAnd(seams.dilate(k(3)).bitwiseNot());
  const cc = cut.connectedComponentsWithStats(4, cv.CV_32S);
  const lab = new Int32Array(cc.labels.getData().buffer.slice(0));
  const nLabels = cc.stats.rows;
  const depth = new Float32Array(cut.distanceTransform(cv.DIST_L2, 3, cv.CV_32F).getData().buffer.slice(0));
  const thickest = new Float32Array(nLabels);
  for (let i = 0; i < w * h; i++) if (depth[i]! > thickest[lab[i]!]!) thickest[lab[i]!] = depth[i]!;
  // half-thickness: a rail's band is at most ~10 work px across, the bed's pieces far more
  const minDepth = 0.04 * Math.min(w, h);
  const kept = new Uint8Array(nLabels);
  const thin: number[] = [];
  for (let l = 1; l < nLabels; l++) {
    if (thickest[l]! >= minDepth) kept[l] = CLOTH;
    else if (cc.stats.at(l, cv.CC_STAT_AREA) < 20) kept[l] = SPECK;
    else thin.push(l);
  }
  if (!thin.length) return cleaned;
  const reach = 6;
  const [a, b, c] = cloth.icov;
  // thin pieces beside kept cloth are judged first; a cushion band kept lets the rail's band beyond it be judged
  for (let changed = true; changed;) {
    changed = false;
    for (let t = 0; t < thin.length; t++) {
      const l = thin[t]!;
      const x0 = Math.max(0, cc.stats.at(l, cv.CC_STAT_LEFT) - reach), y0 = Math.max(0, cc.stats.at(l, cv.CC_STAT_TOP) - reach);
      const x1 = Math.min(w, cc.stats.at(l, cv.CC_STAT_LEFT) + cc.stats.at(l, cv.CC_STAT_WIDTH) + reach);
      const y1 = Math.min(h, cc.stats.at(l, cv.CC_STAT_TOP) + cc.stats.at(l, cv.CC_STAT_HEIGHT) + reach);
      const cw = x1 - x0, ch = y1 - y0;
      const own = Buffer.alloc(cw * ch);
      const bandR: number[] = [], bandG: number[] = [];
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) {
        const i = y * w + x;
        if (lab[i] !== l) continue;
        own[(y - y0) * cw + (x - x0)] = 255;
        if (!chroma.dark[i]) { bandR.push(chroma.r[i]!); bandG.push(chroma.g[i]!); }
      }
      const near = new cv.Mat(own, ch, cw, cv.CV_8UC1).dilate(k(2 * reach + 1)).getData();
      const besideR: number[] = [], besideG: number[] = [];
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) {
        const i = y * w + x;
        if (!near[(y - y0) * cw + (x - x0)] || kept[lab[i]!] !== CLOTH || lab[i] === 0 || chroma.dark[i]) continue;
        besideR.push(chroma.r[i]!); besideG.push(chroma.g[i]!);
      }
      if (besideR.length < 5 || bandR.length < 5) continue;
      thin.splice(t--, 1);
      changed = true;
      const [tr, tg] = hueStep(median(besideR), median(besideG), median(bandR), median(bandG));
      if (a * tr * tr + 2 * b * tr * tg + c * tg * tg < OTHER_COLOUR_SPREADS ** 2) kept[l] = CLOTH;
    }
  }
  const dropped = Buffer.alloc(w * h);
  let any = false;
  // what could not be judged (too dark, or with no cloth beside it) stays, as it would without seams
  for (const l of thin) kept[l] = SPECK;
  for (let i = 0; i < w * h; i++) if (lab[i] !== 0 && !kept[lab[i]!]) { dropped[i] = 255; any = true; }
  if (!any) return cleaned;
  // a dropped band takes the seam pixels around it along; the remnants of seams between it and the
  // floor, a few pixels wide, are opened away
  return cleaned.bitwiseAnd(new cv.Mat(dropped, h, w, cv.CV_8UC1).dilate(k(5)).bitwiseNot()).morphologyEx(k(5), cv.MORPH_OPEN);
}

/**
 * The part of a chromaticity step (from r0, g0 to r1, g1) that changes the hue: the step less its part
 * along the line from grey through the first colour. Shadow, glare and a lamp's fall-off move a colour
 * along that line (less or more saturated); a different material (wood by cloth) moves it across.
 */
function hueStep(r0: number, g0: number, r1: number, g1: number): [number, number] {
  const vr = r0 - 1 / 3, vg = g0 - 1 / 3;
  const n = Math.hypot(vr, vg) || 1;
  const ur = vr / n, ug = vg / n;
  const dr = r1 - r0, dg = g1 - g0;
  const along = dr * ur + dg * ug;
  return [dr - along * ur, dg - along * ug];
}
