// Digit shapes for the ball numerals, authored here as stroke skeletons (no font files): each digit
// is a few polylines in a cell 0.6 wide and 1 tall (y up), stroked with a pen whose width, aspect
// (thick verticals for the serif style), slant and width scale make the different fonts. Per-digit
// variants (open/closed 4, flagged 1, barred 7, straight-tailed 6/9) add more styles still.
import type { Rng } from '../rng.js';

export type NumeralFontName = 'sans' | 'serif' | 'condensed' | 'bold' | 'italic';
export const NUMERAL_FONTS: readonly NumeralFontName[] = ['sans', 'serif', 'condensed', 'bold', 'italic'];

export interface GlyphStyle {
  /** stroke width as a fraction of the digit height */
  stroke: number;
  /** vertical strokes are thicker than horizontal ones by this ratio (1: a round pen) */
  penAspect: number;
  xScale: number;
  /** shear, x shift per unit height */
  slant: number;
  serifs: boolean;
  fourOpen: boolean;
  sevenBar: boolean;
  oneBase: boolean;
  sixStraight: boolean;
}

export function randomGlyphStyle(font: NumeralFontName, r: Rng): GlyphStyle {
  const base: GlyphStyle = {
    stroke: r.uniform(0.14, 0.18),
    penAspect: 1,
    xScale: r.uniform(0.92, 1.05),
    slant: 0,
    serifs: false,
    fourOpen: r.next() < 0.3,
    sevenBar: r.next() < 0.15,
    oneBase: r.next() < 0.35,
    sixStraight: r.next() < 0.25,
  };
  switch (font) {
    case 'sans': return base;
    case 'serif': return { ...base, serifs: true, oneBase: true, penAspect: r.uniform(1.5, 2.2), stroke: r.uniform(0.13, 0.16) };
    case 'condensed': return { ...base, xScale: r.uniform(0.68, 0.8), stroke: r.uniform(0.13, 0.16) };
    case 'bold': return { ...base, stroke: r.uniform(0.2, 0.25), xScale: r.uniform(1.02, 1.15) };
    case 'italic': return { ...base, slant: r.uniform(0.15, 0.25), stroke: r.uniform(0.14, 0.17) };
  }
}

type Pt = [number, number];
type Stroke = Pt[];

function arc(cx: number, cy: number, rx: number, ry: number, a0: number, a1: number, n = 24): Stroke {
  const out: Stroke = [];
  for (let i = 0; i <= n; i++) {
    const a = ((a0 + ((a1 - a0) * i) / n) * Math.PI) / 180;
    out.push([cx + rx * Math.cos(a), cy + ry * Math.sin(a)]);
  }
  return out;
}

function bez(p0: Pt, p1: Pt, p2: Pt, p3: Pt, n = 14): Stroke {
  const out: Stroke = [];
  for (let i = 0; i <= n; i++) {
    const t = i / n;
    const u = 1 - t;
    out.push([
      u * u * u * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t * t * t * p3[0],
      u * u * u * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t * t * t * p3[1],
    ]);
  }
  return out;
}

function six(st: GlyphStyle): Stroke[] {
  const loop = arc(0.3, 0.3, 0.26, 0.28, 0, 360, 32);
  const stem = st.sixStraight ? [[0.07, 0.42], [0.42, 0.97]] as Stroke : bez([0.04, 0.32], [0.03, 0.72], [0.2, 0.98], [0.5, 0.93]);
  return [loop, stem];
}

/** The skeleton of one digit in its 0.6 x 1 cell. */
export function digitStrokes(d: number, st: GlyphStyle): Stroke[] {
  switch (d) {
    case 0: return [arc(0.3, 0.5, 0.27, 0.47, 0, 360, 40)];
    case 1: {
      const s: Stroke[] = [[[0.12, 0.78], [0.34, 0.97], [0.34, 0.03]]];
      if (st.oneBase || st.serifs) s.push([[0.13, 0.03], [0.55, 0.03]]);
      return s;
    }
    case 2: return [[...arc(0.3, 0.71, 0.26, 0.26, 160, -10, 20), ...bez([0.556, 0.665], [0.5, 0.44], [0.12, 0.26], [0.03, 0.03]).slice(1), [0.57, 0.03]]];
    case 3: return [[...arc(0.29, 0.745, 0.235, 0.225, 150, -90, 18), ...arc(0.29, 0.27, 0.27, 0.25, 90, -150, 20).slice(1)]];
    case 4: {
      const s: Stroke[] = st.fourOpen
        ? [[[0.22, 0.97], [0.05, 0.32], [0.58, 0.32]], [[0.45, 0.64], [0.45, 0.03]]]
        : [[[0.45, 0.03], [0.45, 0.97], [0.03, 0.3], [0.58, 0.3]]];
      if (st.serifs) s.push([[0.3, 0.03], [0.58, 0.03]]);
      return s;
    }
    case 5: {
      const s: Stroke[] = [[[0.53, 0.97], [0.13, 0.97], [0.115, 0.55], ...arc(0.3, 0.32, 0.27, 0.29, 130, -150, 22)]];
      if (st.serifs) s.push([[0.53, 0.97], [0.53, 0.88]]);
      return s;
    }
    case 6: return six(st);
    case 7: {
      const s: Stroke[] = [[[0.04, 0.97], [0.56, 0.97], [0.2, 0.03]]];
      if (st.sevenBar) s.push([[0.18, 0.5], [0.52, 0.5]]);
      if (st.serifs) s.push([[0.04, 0.97], [0.04, 0.86]]);
      return s;
    }
    case 8: return [arc(0.3, 0.755, 0.215, 0.215, -90, 270, 28), arc(0.3, 0.27, 0.265, 0.27, 90, 450, 32)];
    case 9: return six(st).map((s) => s.map(([x, y]) => [0.6 - x, 1 - y] as Pt));
    default: throw new Error(`no digit ${d}`);
  }
}

export interface NumeralTexture {
  /** texels per side */
  size: number;
  /** the texture covers [-extent_mm, extent_mm]^2 of the ball's surface (orthographic from the pole) */
  extent_mm: number;
  /** ink coverage 0..1, row 0 at +y (top of the numeral) */
  alpha: Float32Array;
}

export interface NumeralLayout {
  height_mm: number;
  style: GlyphStyle;
  circle: boolean;
  underline69: boolean;
}

/** The decal printed on the ball for number n: digits, the optional ring and the 6/9 underline. */
export function numeralTexture(n: number, lay: NumeralLayout, texel_mm: number, blur_mm = 0): NumeralTexture {
  const H = lay.height_mm;
  const st = lay.style;
  const extent = 1.08 * H;
  const size = Math.max(24, Math.min(128, Math.ceil((2 * extent) / texel_mm)));
  const tx = (2 * extent) / size;
  const digits = String(n).split('').map(Number);
  const cellW = 0.6 * st.xScale;
  const gap = 0.1;
  const totalW = digits.length * cellW + (digits.length - 1) * gap;
  // segments in mm, digit cells centred on the decal
  const segs: number[] = [];
  const addStroke = (s: Stroke, ox: number, sx: number) => {
    for (let i = 0; i + 1 < s.length; i++) {
      const [x0, y0] = s[i]!;
      const [x1, y1] = s[i + 1]!;
      const m = (x: number, y: number): Pt => [(ox + x * sx + st.slant * (y - 0.5)) * H, (y - 0.5) * H];
      segs.push(...m(x0, y0), ...m(x1, y1));
    }
  };
  digits.forEach((d, i) => {
    const ox = -totalW / 2 + i * (cellW + gap);
    for (const s of digitStrokes(d, st)) addStroke(s, ox, st.xScale);
  });
  if (lay.underline69 && (n === 6 || n === 9)) addStroke([[0.08, -0.17], [0.52, -0.17]], -totalW / 2, st.xScale);
  const halfW = (st.stroke * H) / 2;
  // an elliptical pen: vertical strokes get penAspect times the horizontal thickness
  const ax = halfW * Math.sqrt(st.penAspect);
  const ay = halfW / Math.sqrt(st.penAspect);
  const alpha = new Float32Array(size * size);
  const reach = Math.max(ax, ay) + 2 * tx;
  const bbox = new Float32Array(segs.length);
  for (let k = 0; k < segs.length; k += 4) {
    bbox[k] = Math.min(segs[k]!, segs[k + 2]!) - reach;
    bbox[k + 1] = Math.min(segs[k + 1]!, segs[k + 3]!) - reach;
    bbox[k + 2] = Math.max(segs[k]!, segs[k + 2]!) + reach;
    bbox[k + 3] = Math.max(segs[k + 1]!, segs[k + 3]!) + reach;
  }
  const ringR = 0.97 * H;
  const ringHalf = 0.42 * st.stroke * H;
  for (let j = 0; j < size; j++) {
    const Y = extent - (j + 0.5) * tx;
    for (let i = 0; i < size; i++) {
      const X = -extent + (i + 0.5) * tx;
      // distance in pen-normalised space (1 = on the pen's edge)
      let best = 1e9;
      const px = X / ax;
      const py = Y / ay;
      for (let k = 0; k < segs.length; k += 4) {
        // only segments within reach of this texel matter for its coverage
        if (X < bbox[k]! || X > bbox[k + 2]! || Y < bbox[k + 1]! || Y > bbox[k + 3]!) continue;
        const x0 = segs[k]! / ax, y0 = segs[k + 1]! / ay, x1 = segs[k + 2]! / ax, y1 = segs[k + 3]! / ay;
        const dx = x1 - x0, dy = y1 - y0;
        const l2 = dx * dx + dy * dy;
        let t = l2 > 0 ? ((px - x0) * dx + (py - y0) * dy) / l2 : 0;
        t = t < 0 ? 0 : t > 1 ? 1 : t;
        const ex = px - x0 - t * dx, ey = py - y0 - t * dy;
        const d2 = ex * ex + ey * ey;
        if (d2 < best) best = d2;
      }
      const dist_mm = (Math.sqrt(best) - 1) * Math.min(ax, ay);
      let a = clamp01(0.5 - dist_mm / tx);
      if (lay.circle) {
        const dr = Math.abs(Math.hypot(X, Y) - ringR) - ringHalf;
        a = Math.max(a, clamp01(0.5 - dr / tx));
      }
      alpha[j * size + i] = a;
    }
  }
  if (blur_mm > 0.3 * tx) gaussianBlur(alpha, size, size, blur_mm / tx);
  return { size, extent_mm: extent, alpha };
}

function clamp01(x: number): number {
  return x < 0 ? 0 : x > 1 ? 1 : x;
}

/** Separable Gaussian blur in place (sigma in texels), edges clamped. */
export function gaussianBlur(img: Float32Array, w: number, h: number, sigma: number): void {
  const r = Math.max(1, Math.ceil(sigma * 2.5));
  const k = new Float32Array(2 * r + 1);
  let sum = 0;
  for (let i = -r; i <= r; i++) sum += k[i + r] = Math.exp(-(i * i) / (2 * sigma * sigma));
  for (let i = 0; i < k.length; i++) k[i]! /= sum;
  const n = Math.max(w, h);
  const line = new Float32Array(n + 2 * r);
  const tmp = new Float32Array(n);
  // each row, then each column, through a padded line buffer (edges repeated) so the inner loop has no clamps
  const pass = (len: number, get: (i: number) => number, put: (i: number, v: number) => void) => {
    for (let i = 0; i < len; i++) line[i + r] = get(i);
    for (let i = 0; i < r; i++) { line[i] = line[r]!; line[len + r + i] = line[len + r - 1]!; }
    for (let i = 0; i < len; i++) {
      let s = 0;
      for (let j = 0; j <= 2 * r; j++) s += k[j]! * line[i + j]!;
      tmp[i] = s;
    }
    for (let i = 0; i < len; i++) put(i, tmp[i]!);
  };
  for (let y = 0; y < h; y++) {
    const o = y * w;
    pass(w, (i) => img[o + i]!, (i, v) => { img[o + i] = v; });
  }
  for (let x = 0; x < w; x++) pass(h, (i) => img[i * w + x]!, (i, v) => { img[i * w + x] = v; });
}
