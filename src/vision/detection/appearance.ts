// A ball's look from the inside of its disc: mean colour, how colourful, how white, how much of it is
// strongly coloured (a solid is mostly colour, a stripe about half, the cue ball none). The highlight
// and the rim's shading are left out by staying within 0.7 r and dropping blown-out pixels.
import type { RoiImage } from './refine.js';
import { hypot2 } from '../hypot2.js';

/** sRGB 8-bit level → linear light (a table: the power law per pixel was most of the look's cost). */
const LINEAR = Float64Array.from({ length: 256 }, (_, c) => { const v = c / 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
const labF = (t: number): number => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);

const LAB = new Float64Array(3);
/**
 * sRGB 8-bit → OpenCV's 8-bit Lab (L scaled to 0..255, a and b offset by 128), D65, into `out` (by
 * default one array shared by every call: read it before the next; a new array a pixel was most of what
 * the detector allocated).
 */
export function bgrToLab8(b: number, g: number, r: number, out: Float64Array = LAB): Float64Array {
  const R = LINEAR[r]!, G = LINEAR[g]!, B = LINEAR[b]!;
  const X = (0.412453 * R + 0.35758 * G + 0.180423 * B) / 0.950456;
  const Y = 0.212671 * R + 0.71516 * G + 0.072169 * B;
  const Z = (0.019334 * R + 0.119193 * G + 0.950227 * B) / 1.088754;
  const fY = labF(Y);
  const L = Y > 0.008856 ? 116 * Math.cbrt(Y) - 16 : 903.3 * Y;
  out[0] = (L * 255) / 100; out[1] = 500 * (labF(X) - fY) + 128; out[2] = 200 * (fY - labF(Z)) + 128;
  return out;
}

export interface Appearance {
  /** the brightest inner pixel's Lab L (a ball's highlight; a pocket's hole has none) */
  maxL: number;
  lab: [number, number, number];
  chroma: number;
  whiteness: number;
  colourFraction: number;
  /** share much darker than the ball's own body and not strongly coloured (numerals, a dark stripe) */
  darkFraction: number;
  /**
   * share whose colour is far from the scene's usual ball colour `ref` (the ivory of the object
   * balls under these lamps): a red or yellow cue ball is nearly all of it, a coloured stripe part.
   * Relative, because warm lamps make ivory itself read as strongly coloured.
   */
  oddColourFraction: number;
}

/** Lab a, b distance from the reference ball colour beyond which a pixel is another colour. */
const ODD_AB = 22;

let scratchL = new Float64Array(0), scratchC = new Float64Array(0), sortL = new Float64Array(0);
/** About six samples a side across the inner disc, whatever the ball's size in pixels. */
const stride0 = (ri: number): number => Math.max(1, Math.floor(ri / 6));

export function discAppearance(img: RoiImage, cx: number, cy: number, r: number, ref: readonly [number, number] | null = null): Appearance {
  const ri = 0.8 * r;
  let n = 0, sL = 0, sa = 0, sb = 0, sC = 0, white = 0, colour = 0, maxL = 0, odd = 0;
  // every inner sample's L and chroma, in scratch buffers kept between calls (this runs for every
  // ball found in every frame)
  const stride = stride0(ri);
  const need = (2 * Math.ceil(ri / stride) + 1) ** 2;
  if (scratchL.length < need) { scratchL = new Float64Array(need); scratchC = new Float64Array(need); sortL = new Float64Array(need); }
  for (let dy = -ri; dy <= ri; dy += stride) for (let dx = -ri; dx <= ri; dx += stride) {
    if (dx * dx + dy * dy > ri * ri) continue;
    const xi = Math.floor(cx + dx) - img.x0, yi = Math.floor(cy + dy) - img.y0;
    if (xi < 0 || yi < 0 || xi >= img.width || yi >= img.height) continue;
    const o = 3 * (yi * img.width + xi);
    const B = img.data[o]!, G = img.data[o + 1]!, R = img.data[o + 2]!;
    const lab = bgrToLab8(B, G, R);
    const L = lab[0]!, a = lab[1]!, b = lab[2]!;
    if (L > maxL) maxL = L;
    if (B > 250 && G > 250 && R > 250) continue; // specular highlight
    const C = hypot2(a - 128, b - 128);
    n++; sL += L; sa += a; sb += b; sC += C;
    scratchL[n - 1] = L; scratchC[n - 1] = C;
    if (ref && hypot2(a - ref[0], b - ref[1]) > ODD_AB) odd++;
    if (L > 150 && C < 18) white++;
    if (C > 30) colour++;
  }
  if (!n) return { maxL, lab: [0, 128, 128], chroma: 0, whiteness: 0, colourFraction: 0, darkFraction: 0, oddColourFraction: 0 };
  // the body's lightness: the upper quartile (a numeral or a stripe is the darker minority)
  sortL.set(scratchL.subarray(0, n));
  const body = sortL.subarray(0, n).sort()[Math.floor(0.75 * (n - 1))]!;
  let dark = 0;
  for (let i = 0; i < n; i++) if (scratchL[i]! < 0.55 * body && scratchC[i]! <= 30) dark++;
  return { maxL, lab: [sL / n, sa / n, sb / n], chroma: sC / n, whiteness: white / n, colourFraction: colour / n, darkFraction: dark / n, oddColourFraction: odd / n };
}

/**
 * The cloth's lightness just around a disc (Lab L, OpenCV's 0..255): the median of samples on rings at
 * 1.3–1.6 radii, where a ball's own edge and blur no longer reach. A median, so a neighbouring ball or
 * the edge of an arm on part of the ring does not move it.
 */
export function surroundL(img: RoiImage, cx: number, cy: number, r: number): number {
  const v: number[] = [];
  for (let k = 0; k < 48; k++) {
    const a = (k / 48) * 2 * Math.PI;
    for (const f of [1.3, 1.45, 1.6]) {
      const xi = Math.floor(cx + f * r * Math.cos(a)) - img.x0, yi = Math.floor(cy + f * r * Math.sin(a)) - img.y0;
      if (xi < 0 || yi < 0 || xi >= img.width || yi >= img.height) continue;
      const o = 3 * (yi * img.width + xi);
      v.push(bgrToLab8(img.data[o]!, img.data[o + 1]!, img.data[o + 2]!)[0]);
    }
  }
  if (!v.length) return 0;
  v.sort((p, q) => p - q);
  return v[v.length >> 1]!;
}
