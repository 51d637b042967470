// Colour helpers shared by the renderer: sRGB <-> linear light, colour temperature, HSV.
// Looks store colours as sRGB 0..255 triples (readable in meta.json); shading works in linear light.

export type Rgb = [number, number, number];
export type Lin = [number, number, number];

export function srgbToLinear(v255: number): number {
  const v = v255 / 255;
  return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
}

export function linearToSrgb01(x: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  return x <= 0.0031308 ? 12.92 * x : 1.055 * Math.pow(x, 1 / 2.4) - 0.055;
}

export function rgbToLinear(c: Rgb): Lin {
  return [srgbToLinear(c[0]), srgbToLinear(c[1]), srgbToLinear(c[2])];
}

/** The camera's tone lookup covers linear [0, 4) at this many steps per unit (see lighting.ts). */
export const TONE_LUT_SCALE = 1024;
export const TONE_LUT_SIZE = 4 * TONE_LUT_SCALE;

/** Black-body colour (Tanner Helland's fit), linear RGB scaled so green = 1. */
export function kelvinToLinear(kelvin: number): Lin {
  const t = kelvin / 100;
  let r: number;
  let g: number;
  let b: number;
  if (t <= 66) {
    r = 255;
    g = 99.4708025861 * Math.log(t) - 161.1195681661;
    b = t <= 19 ? 0 : 138.5177312231 * Math.log(t - 10) - 305.0447927307;
  } else {
    r = 329.698727446 * Math.pow(t - 60, -0.1332047592);
    g = 288.1221695283 * Math.pow(t - 60, -0.0755148492);
    b = 255;
  }
  const c = (v: number) => srgbToLinear(Math.max(0, Math.min(255, v)));
  const lg = c(g);
  return [c(r) / lg, 1, c(b) / lg];
}

export function hsvToRgb(h_deg: number, s: number, v: number): Rgb {
  const h = (((h_deg % 360) + 360) % 360) / 60;
  const i = Math.floor(h);
  const f = h - i;
  const p = v * (1 - s);
  const q = v * (1 - s * f);
  const t = v * (1 - s * (1 - f));
  const [r, g, b] = [
    [v, t, p], [q, v, p], [p, v, t], [p, q, v], [t, p, v], [v, p, q],
  ][i % 6]!;
  return [Math.round(r! * 255), Math.round(g! * 255), Math.round(b! * 255)];
}

export function clampRgb(c: number[]): Rgb {
  return c.map((v) => Math.max(0, Math.min(255, Math.round(v)))) as Rgb;
}

export function mixRgb(a: Rgb, b: Rgb, t: number): Rgb {
  return clampRgb([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t]);
}

export function luminance(c: Lin): number {
  return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
}
