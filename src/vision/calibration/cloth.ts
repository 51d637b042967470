// The cloth's colour, learnt from the image itself (green, blue, burgundy, any other), and the mask of
// cloth-coloured pixels. Colour is compared as chromaticity (R, G, B divided by their sum), which does
// not change when a lamp makes the cloth brighter or darker; brightness only limits it loosely.
import cv from '../cv.js';
import type { Mat } from '../cv.js';

export interface ClothModel {
  /** mean chromaticity (r, g) = (R, G) / (R + G + B) of cloth pixels */
  chroma: [number, number];
  /** inverse covariance of (r, g), as [a, b, c] of [[a, b], [b, c]] */
  icov: [number, number, number];
  /** median brightness (R + G + B) / 3 of cloth pixels */
  brightness: number;
  /** mean cloth colour in OpenCV's 8-bit Lab */
  lab: [number, number, number];
  /** fraction of the central region the model explains: low means no cloth in the middle */
  centralShare: number;
  /**
   * the cloth's chromaticity as a smooth function of the place in the image (quadratic in x / width
   * and y / height): lamps of different colours and a projector tint parts of the cloth; null before
   * the whole table has been seen
   */
  field: ClothField | null;
  /**
   * log of the cloth's brightness against its median, a quadratic in place (coefficients of 1, x, y,
   * x², xy, y²): a spotlight over the middle leaves the cushions' edges of the cloth a third as
   * bright, and dim cloth there is still cloth, not an arm; absent in profiles made before it
   */
  shade?: number[] | null;
  /**
   * what the quadratic field leaves of the cloth's chromaticity, cell by cell (worn cloth around the
   * spots, a low lamp's pool: patches a few balls wide); see local-tint.ts. Absent in profiles made before it
   */
  local?: ClothLocalTint | null;
}

/**
 * A coarse grid over the image (cells about two balls wide), row-major: each cell's chromaticity (r, g)
 * against the field at its centre, read bilinearly between the cells' centres.
 */
export interface ClothLocalTint {
  cols: number;
  rows: number;
  r: number[];
  g: number[];
}

/** Coefficients of 1, x, y, x², xy, y² for the mean r and g chromaticities. */
export interface ClothField {
  r: number[];
  g: number[];
}

function basis(nx: number, ny: number): number[] {
  return [1, nx, ny, nx * nx, nx * ny, ny * ny];
}

/** The cloth's expected brightness at a place against its median (1 where the model has no shade). */
export function clothShadeAt(m: ClothModel, nx: number, ny: number): number {
  if (!m.shade) return 1;
  const b = basis(nx, ny);
  let l = 0;
  for (let i = 0; i < 6; i++) l += m.shade[i]! * b[i]!;
  return Math.exp(Math.max(-2, Math.min(1, l)));
}

/** The cloth's expected chromaticity at a place (nx = x / width, ny = y / height). */
export function clothChromaAt(m: ClothModel, nx: number, ny: number): [number, number] {
  if (!m.field) return m.chroma;
  const b = basis(nx, ny);
  let r = 0, g = 0;
  for (let i = 0; i < 6; i++) { r += m.field.r[i]! * b[i]!; g += m.field.g[i]! * b[i]!; }
  return [r, g];
}

/**
 * The cloth's chromaticity at a place with its local tint (worn patches, a lamp's pool) added: for
 * telling what hides the table from cloth. (Ball outlines are still judged against the field alone: with
 * the tint used for them too, a first version's six development sets had 4 silent errors against 1 without
 * it — balls on worn cloth, whose rims are greyer, found in fewer frames.)
 */
export function clothTintedChromaAt(m: ClothModel, nx: number, ny: number): [number, number] {
  const [r, g] = clothChromaAt(m, nx, ny);
  const t = m.local;
  if (!t) return [r, g];
  const fx = Math.max(0, Math.min(t.cols - 1, nx * t.cols - 0.5)), fy = Math.max(0, Math.min(t.rows - 1, ny * t.rows - 0.5));
  const x0 = Math.min(t.cols - 2, Math.floor(fx)), y0 = Math.min(t.rows - 2, Math.floor(fy));
  const ax = fx - x0, ay = fy - y0;
  const at = (v: number[], x: number, y: number) => v[y * t.cols + x]!;
  const lerp = (v: number[]) => (1 - ay) * ((1 - ax) * at(v, x0, y0) + ax * at(v, x0 + 1, y0)) + ay * ((1 - ax) * at(v, x0, y0 + 1) + ax * at(v, x0 + 1, y0 + 1));
  return [r + lerp(t.r), g + lerp(t.g)];
}

export class NoTableError extends Error {}

/** Pixels below this share of the cloth's median brightness have too noisy a chromaticity to learn the cloth's colour from. */
const DIM_FOR_CHROMA = 0.5;
/** The brightest a lamp makes the cloth, against its median brightness: anything brighter is no cloth. */
const CLOTH_MAX_BRIGHTNESS = 2.6;

/** The least R + G + B whose chromaticity the cloth's colour is learnt from (see DIM_FOR_CHROMA). */
export function learnableChromaSum(m: ClothModel): number {
  return 3 * DIM_FOR_CHROMA * m.brightness;
}

/** The most R + G + B cloth can have under these lamps (see CLOTH_MAX_BRIGHTNESS). */
export function brightestClothSum(m: ClothModel): number {
  return Math.min(255 * 3, m.brightness * 3 * CLOTH_MAX_BRIGHTNESS);
}

/** The least R + G + B whose chromaticity means anything next to this cloth: below it, sensor noise. */
export function minChromaSum(m: ClothModel, shade = 1): number {
  return 3 * Math.max(12, 0.2 * m.brightness * shade);
}

/**
 * Mahalanobis² distance of a pixel's chromaticity from the cloth's; Infinity for near-black pixels.
 * Chromaticity gets noisier as light falls (the same sensor noise over a smaller sum), so a pixel
 * darker than the cloth's median is allowed proportionally more spread; `relFloor` caps that at
 * 1 / relFloor times the spread.
 */
export function clothDistance2(m: ClothModel, b: number, g: number, r: number, mean: readonly [number, number] = m.chroma, shade = 1, relFloor = 0): number {
  const s = r + g + b;
  const bright = m.brightness * shade;
  if (s < minChromaSum(m, shade)) return Infinity;
  const dr = r / s - mean[0], dg = g / s - mean[1];
  const d2 = m.icov[0] * dr * dr + 2 * m.icov[1] * dr * dg + m.icov[2] * dg * dg;
  const rel = Math.max(relFloor, s / (3 * bright));
  return rel < 1 ? d2 * rel * rel : d2;
}

/**
 * The dominant colour of the middle of the image (where any overhead camera sees cloth), as a
 * chromaticity cluster: the peak of a 2-D histogram, refined by two rounds of mean/covariance.
 */
export function estimateClothModel(bgr: Mat): ClothModel {
  const w = bgr.cols, h = bgr.rows;
  const data = bgr.getData();
  const x0 = Math.floor(w * 0.25), x1 = Math.ceil(w * 0.75), y0 = Math.floor(h * 0.25), y1 = Math.ceil(h * 0.75);
  const step = Math.max(1, Math.floor(Math.sqrt(((x1 - x0) * (y1 - y0)) / 40000)));
  const rs: number[] = [], gs: number[] = [], vs: number[] = [], idx: number[] = [];
  for (let y = y0; y < y1; y += step) for (let x = x0; x < x1; x += step) {
    const o = 3 * (y * w + x);
    const B = data[o]!, G = data[o + 1]!, R = data[o + 2]!;
    const s = B + G + R;
    if (s < 36 || (B > 235 && G > 235 && R > 235)) continue;
    rs.push(R / s); gs.push(G / s); vs.push(s / 3); idx.push(o);
  }
  if (rs.length < 100) throw new NoTableError('no table found: the middle of the image is dark or blown out');
  const BINS = 50;
  const hist = new Float64Array(BINS * BINS);
  for (let i = 0; i < rs.length; i++) {
    // brighter pixels count more: their chromaticity is less noisy
    hist[Math.min(BINS - 1, Math.floor(rs[i]! * BINS)) * BINS + Math.min(BINS - 1, Math.floor(gs[i]! * BINS))]! += 1;
  }
  let best = 0;
  for (let i = 1; i < hist.length; i++) if (hist[i]! > hist[best]!) best = i;
  let mr = (Math.floor(best / BINS) + 0.5) / BINS, mg = ((best % BINS) + 0.5) / BINS;
  let icov: [number, number, number] = [1 / 0.02 ** 2, 0, 1 / 0.02 ** 2];
  let sel: number[] = [];
  for (let round = 0; round < 3; round++) {
    sel = [];
    for (let i = 0; i < rs.length; i++) {
      const dr = rs[i]! - mr, dg = gs[i]! - mg;
      if (icov[0] * dr * dr + 2 * icov[1] * dr * dg + icov[2] * dg * dg < 9) sel.push(i);
    }
    if (sel.length < 50) break;
    let sr = 0, sg = 0;
    for (const i of sel) { sr += rs[i]!; sg += gs[i]!; }
    mr = sr / sel.length; mg = sg / sel.length;
    let crr = 0, crg = 0, cgg = 0;
    for (const i of sel) { const dr = rs[i]! - mr, dg = gs[i]! - mg; crr += dr * dr; crg += dr * dg; cgg += dg * dg; }
    // a floor on the spread: perfectly clean renders must not give an impossibly tight model
    const floor = 0.004 ** 2;
    crr = crr / sel.length + floor; cgg = cgg / sel.length + floor; crg /= sel.length;
    const det = crr * cgg - crg * crg;
    icov = [cgg / det, -crg / det, crr / det];
  }
  const share = sel.length / rs.length;
  if (sel.length < 50 || share < 0.3) throw new NoTableError('no table found: no uniform cloth colour fills the middle of the image');
  const vsSel = sel.map((i) => vs[i]!).sort((a, b) => a - b);
  const brightness = vsSel[vsSel.length >> 1]!;
  // mean Lab of the selected pixels (via a tiny image so OpenCV does the conversion)
  let sb = 0, sgr = 0, srd = 0;
  for (const i of sel) { const o = idx[i]!; sb += data[o]!; sgr += data[o + 1]!; srd += data[o + 2]!; }
  const n = sel.length;
  const px = new cv.Mat(1, 1, cv.CV_8UC3, [Math.round(sb / n), Math.round(sgr / n), Math.round(srd / n)]);
  const lab = px.cvtColor(cv.COLOR_BGR2Lab).at(0, 0) as unknown as { x: number; y: number; z: number };
  const chromaSat = Math.hypot(mr - 1 / 3, mg - 1 / 3);
  if (chromaSat < 0.015) throw new NoTableError('no table found: the middle of the image has no cloth colour (grey or white)');
  return { chroma: [mr, mg], icov, brightness, lab: [lab.x, lab.y, lab.z], centralShare: share, field: null };
}

/**
 * The model refitted over the whole cloth region of `mask`: the mean chromaticity becomes a smooth
 * field over the image and the spread is measured around it.
 */
export function refineClothModel(bgr: Mat, m: ClothModel, mask: Mat): ClothModel {
  const w = bgr.cols, h = bgr.rows;
  const data = bgr.gaussianBlur(new cv.Size(5, 5), 1.0).getData();
  const mk = mask.getData();
  const A = Array.from({ length: 6 }, () => new Array<number>(6).fill(0));
  const br = new Array<number>(6).fill(0), bg = new Array<number>(6).fill(0);
  const samples: [number, number, number, number][] = [];
  // the shade: log brightness over every cloth pixel, dim ones too (they are what it is for)
  const As = Array.from({ length: 6 }, () => new Array<number>(6).fill(0));
  const bl = new Array<number>(6).fill(0);
  let shadeN = 0;
  const step = Math.max(1, Math.floor(Math.sqrt((w * h) / 30000)));
  for (let y = 0; y < h; y += step) for (let x = 0; x < w; x += step) {
    const i = y * w + x;
    if (!mk[i]) continue;
    const o = 3 * i, B = data[o]!, G = data[o + 1]!, R = data[o + 2]!, S = B + G + R;
    const nx = (x + 0.5) / w, ny = (y + 0.5) / h, r = R / S, g = G / S;
    const bs = basis(nx, ny);
    if (S >= 36) {
      const l = Math.log(S / (3 * m.brightness));
      for (let a = 0; a < 6; a++) { bl[a]! += bs[a]! * l; for (let b = 0; b < 6; b++) As[a]![b]! += bs[a]! * bs[b]!; }
      shadeN++;
    }
    if (S < learnableChromaSum(m)) continue;
    for (let a = 0; a < 6; a++) {
      br[a]! += bs[a]! * r; bg[a]! += bs[a]! * g;
      for (let b = 0; b < 6; b++) A[a]![b]! += bs[a]! * bs[b]!;
    }
    samples.push([nx, ny, r, g]);
  }
  if (samples.length < 200) return m;
  let field: ClothField;
  try {
    field = { r: solve6(A, br), g: solve6(A, bg) };
  } catch {
    return m;
  }
  let shade: number[] | null = null;
  try {
    if (shadeN >= 200) shade = solve6(As, bl);
  } catch {
    shade = null;
  }
  const withField = { ...m, field, shade, local: null };
  let crr = 0, crg = 0, cgg = 0;
  for (const [nx, ny, r, g] of samples) {
    const [mr, mg] = clothChromaAt(withField, nx, ny);
    const dr = r - mr, dg = g - mg;
    crr += dr * dr; crg += dr * dg; cgg += dg * dg;
  }
  const floor = 0.004 ** 2;
  crr = crr / samples.length + floor; cgg = cgg / samples.length + floor; crg /= samples.length;
  const det = crr * cgg - crg * crg;
  return { ...withField, icov: [cgg / det, -crg / det, crr / det] };
}

function solve6(A: number[][], b: number[]): number[] {
  const aug = A.map((row, i) => [...row, b[i]!]);
  const n = 6;
  for (let c = 0; c < n; c++) {
    let piv = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(aug[r]![c]!) > Math.abs(aug[piv]![c]!)) piv = r;
    if (Math.abs(aug[piv]![c]!) < 1e-12) throw new Error('singular');
    [aug[c], aug[piv]] = [aug[piv]!, aug[c]!];
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = aug[r]![c]! / aug[c]![c]!;
      for (let k = c; k <= n; k++) aug[r]![k]! -= f * aug[c]![k]!;
    }
  }
  return aug.map((row, i) => row[n]! / row[i]!);
}

/**
 * The mask forgives a pixel darker than the cloth's median a spread of colour that grows as its
 * brightness falls (the sensor's noise is a larger part of a smaller sum), but no more than twice the
 * spread: a floor a fifth as bright as the cloth, of another colour, must not become cloth.
 */
const MASK_REL_FLOOR = 0.5;
/** 255 where a pixel has the cloth's colour (any brightness a lamp could give it), else 0. */
export function clothMask(bgr: Mat, m: ClothModel, maxDistance = 4.5): Mat {
  const w = bgr.cols, h = bgr.rows;
  // a light blur first: sensor noise and the weave must not speckle the mask
  const data = bgr.gaussianBlur(new cv.Size(5, 5), 1.0).getData();
  const out = Buffer.alloc(w * h);
  const T2 = maxDistance * maxDistance;
  const vMax = brightestClothSum(m);
  const mean: [number, number] = [...m.chroma];
  for (let y = 0, i = 0; y < h; y++) {
    for (let x = 0; x < w; x++, i++) {
      const o = 3 * i;
      const B = data[o]!, G = data[o + 1]!, R = data[o + 2]!;
      if (B + G + R > vMax) continue;
      if (m.field && (x & 3) === 0) { const c = clothChromaAt(m, (x + 0.5) / w, (y + 0.5) / h); mean[0] = c[0]; mean[1] = c[1]; }
      if (clothDistance2(m, B, G, R, mean, 1, MASK_REL_FLOOR) < T2) out[i] = 255;
    }
  }
  return new cv.Mat(out, h, w, cv.CV_8UC1);
}
