// What the sensor adds per frame: slow exposure and white-balance wander, mains flicker, and
// signal-dependent noise. Applied as per-channel lookup tables plus a noise table, over the frame
// (or the region of interest) once the scene is drawn.
import type { Look } from './look.js';
import type { Box } from './context.js';
import { hash2 } from './noise.js';

const NOISE_BITS = 21;
const NOISE_MASK = (1 << NOISE_BITS) - 1;

export interface PostProcess {
  apply(out: Uint8Array, width: number, roi: Box, t_s: number, frameKey: number): void;
  /** the per-channel gains in effect at time t (for tests and meta) */
  gains(t_s: number): [number, number, number];
}

export function createPostProcess(look: Look, tone: Uint8Array, untone: Float32Array): PostProcess {
  const s = look.sensor;
  const seed = typeof look.seed === 'number' ? look.seed : 99;
  const ph = [0, 1, 2, 3, 4, 5].map((i) => hash2(i, 77, seed) * 2 * Math.PI);
  // noise as indices into NOISE_LEVELS quantiles of a standard normal: the per-frame table then maps
  // (channel, code, noise index) straight to the output code, one lookup per byte
  const levels = new Float32Array(NOISE_LEVELS);
  for (let i = 0; i < NOISE_LEVELS; i++) levels[i] = normalQuantile((i + 0.5) / NOISE_LEVELS);
  const nq = new Uint8Array((1 << NOISE_BITS) + 8);
  for (let i = 0; i < nq.length; i++) nq[i] = Math.min(NOISE_LEVELS - 1, Math.floor(hash2(i, 5, seed ^ 0x5bd1e995) * NOISE_LEVELS));
  const table = new Uint8Array(3 * 256 * NOISE_LEVELS);
  const sigma = new Float32Array(256);
  // shot noise grows with the square root of the signal, plus a read-noise floor
  for (let c = 0; c < 256; c++) sigma[c] = s.noise * Math.sqrt((c + 16) / 144);
  const top = tone.length - 1;
  const gains = (t: number): [number, number, number] => {
    const P = s.driftPeriod_s;
    const ev = s.exposureDrift * (0.7 * Math.sin((2 * Math.PI * t) / P + ph[0]!) + 0.3 * Math.sin((2 * Math.PI * t) / (0.37 * P) + ph[1]!));
    const flick = 1 + s.flicker * Math.sin(2 * Math.PI * 100 * t + ph[2]!);
    const g = Math.pow(2, ev) * flick;
    return [
      g * (1 + s.wbDrift * Math.sin((2 * Math.PI * t) / (1.3 * P) + ph[3]!)),
      g,
      g * (1 + s.wbDrift * Math.sin((2 * Math.PI * t) / (1.7 * P) + ph[4]!)),
    ];
  };
  return {
    gains,
    apply(out, width, roi, t_s, frameKey) {
      const g = gains(t_s);
      for (let c = 0; c < 3; c++) {
        for (let i = 0; i < 256; i++) {
          const x = untone[i]! * g[c]!;
          const v = i === 0 ? tone[0]! : tone[x >= top ? top : x | 0]!;
          const sg = sigma[v]!;
          const o = (c * 256 + i) * NOISE_LEVELS;
          for (let n = 0; n < NOISE_LEVELS; n++) {
            const y = Math.round(v + sg * levels[n]!);
            table[o + n] = y < 0 ? 0 : y > 255 ? 255 : y;
          }
        }
      }
      const k0 = (hash2(frameKey, 3, seed) * (1 << NOISE_BITS)) | 0;
      if (roi.x0 === 0 && roi.x1 === width) {
        applySpan(out, 3 * roi.y0 * width, 3 * roi.y1 * width, table, nq, k0);
      } else {
        for (let v = roi.y0; v < roi.y1; v++) {
          applySpan(out, 3 * (v * width + roi.x0), 3 * (v * width + roi.x1), table, nq, (k0 + 7919 * v) & NOISE_MASK);
        }
      }
    },
  };
}

/** The hot loop: one table lookup per byte (kept small and monomorphic for the optimiser). */
function applySpan(out: Uint8Array, from: number, to: number, table: Uint8Array, nq: Uint8Array, k0: number): void {
  const G = 256 * NOISE_LEVELS;
  const B = 2 * G;
  let k = k0;
  // one noise draw per pixel; the other channels use fixed permutations of it (uncorrelated in
  // value, and a third of the memory traffic)
  for (let o = from; o < to; o += 3) {
    const n = nq[k]!;
    out[o] = table[(out[o]! << NOISE_SHIFT) | n]!;
    out[o + 1] = table[G + ((out[o + 1]! << NOISE_SHIFT) | ((n * 5 + 17) & 63))]!;
    out[o + 2] = table[B + ((out[o + 2]! << NOISE_SHIFT) | ((n * 9 + 40) & 63))]!;
    k = (k + 1) & NOISE_MASK;
  }
}

const NOISE_SHIFT = 6;
const NOISE_LEVELS = 1 << NOISE_SHIFT;

/** Inverse of the standard normal CDF (Acklam's rational approximation). */
function normalQuantile(p: number): number {
  const a = [-39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [-0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const q0 = Math.min(p, 1 - p);
  let x: number;
  if (q0 < 0.02425) {
    const q = Math.sqrt(-2 * Math.log(q0));
    x = (((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) / ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1);
    return p < 0.5 ? x : -x;
  }
  const q = p - 0.5;
  const r = q * q;
  return ((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * q) / (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1);
}
