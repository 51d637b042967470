// Lamps and the camera's colour response: how bright each lamp makes a surface point, and the
// static gains (auto exposure + white balance) that turn linear radiance into the camera's codes.
import type { Look } from './look.js';
import type { Lin } from './colour.js';
import { kelvinToLinear, luminance, TONE_LUT_SCALE, TONE_LUT_SIZE, linearToSrgb01 } from './colour.js';

export interface Lamp {
  x: number;
  y: number;
  z: number;
  radius: number;
  /** linear colour times power */
  r: number;
  g: number;
  b: number;
}

export interface Lighting {
  lamps: Lamp[];
  /** ambient irradiance (linear rgb), from the room */
  ambient: Lin;
  cosCut: number;
  cosFull: number;
  /** camera gain per channel: exposure x white balance */
  gain: Lin;
  saturation: number;
  /** linear (after gain) -> 8-bit code, with this camera's contrast; index = x * TONE_LUT_SCALE */
  tone: Uint8Array;
}

const D2_REF = 1000 * 1000;

export function buildLighting(look: Look): Lighting {
  const lamps = look.lighting.lamps.map((l) => {
    const c = kelvinToLinear(l.kelvin);
    return { x: l.x_mm, y: l.y_mm, z: l.z_mm, radius: l.radius_mm, r: c[0] * l.power, g: c[1] * l.power, b: c[2] * l.power };
  });
  const cone = (look.lighting.coneDeg * Math.PI) / 180;
  const lit: Lighting = {
    lamps,
    ambient: [0, 0, 0],
    cosCut: Math.cos(cone),
    cosFull: Math.cos(cone * 0.45),
    gain: [1, 1, 1],
    saturation: look.sensor.saturation,
    tone: new Uint8Array(TONE_LUT_SIZE),
  };
  // ambient: a share of the mean lamp light at the table, slightly warm room light
  const e = irradianceUp(lit, 0, 0, 0);
  const room = kelvinToLinear(3800);
  const amb = look.lighting.ambient * luminance(e);
  lit.ambient = [amb * room[0], amb * room[1], amb * room[2]];
  // auto exposure on the cloth: the bright end (75th percentile) of a grid over the playing surface,
  // so the balls under the lamps are not blown out
  const grid: Lin[] = [];
  for (let gx = -1600; gx <= 1600; gx += 400) {
    for (let gy = -800; gy <= 800; gy += 400) grid.push(irradianceUp(lit, gx, gy, 0));
  }
  grid.sort((a, b) => luminance(a) - luminance(b));
  const mean = grid[Math.floor(grid.length * 0.75)]!;
  // white balance corrects the lamps' tint by wbCorrection, plus a residual camera bias
  const wc = look.sensor.wbCorrection;
  const wb: Lin = [
    Math.pow(mean[1] / mean[0], wc) * look.sensor.wbBias[0],
    1 * look.sensor.wbBias[1],
    Math.pow(mean[1] / mean[2], wc) * look.sensor.wbBias[2],
  ];
  const lumAfterWb = luminance([mean[0] * wb[0], mean[1] * wb[1], mean[2] * wb[2]]);
  // a white card on the cloth reads about 0.85 of full scale at EV 0; the cloth's darkness does
  // not fool this camera (clubs set exposure for the balls)
  const exposure = (0.85 / lumAfterWb) * Math.pow(2, look.sensor.exposureEv);
  lit.gain = [wb[0] * exposure, wb[1] * exposure, wb[2] * exposure];
  const contrast = look.sensor.contrast;
  for (let i = 0; i < TONE_LUT_SIZE; i++) {
    let x = (i + 0.5) / TONE_LUT_SCALE;
    x = 0.18 * Math.pow(x / 0.18, contrast);
    const y = x < 0.6 ? x : 0.6 + 0.4 * (1 - Math.exp(-(x - 0.6) / 0.4));
    lit.tone[i] = Math.round(255 * linearToSrgb01(y));
  }
  return lit;
}

/** How strongly a lamp lights a point with the given normal (the lamp's colour not included). */
export function lampFactor(lit: Lighting, l: Lamp, x: number, y: number, z: number, nx: number, ny: number, nz: number): number {
  const dx = l.x - x;
  const dy = l.y - y;
  const dz = l.z - z;
  const d2 = dx * dx + dy * dy + dz * dz;
  const d = Math.sqrt(d2);
  const cosN = (dx * nx + dy * ny + dz * nz) / d;
  if (cosN <= 0) return 0;
  const cosAxis = dz / d; // the shade points straight down
  if (cosAxis <= lit.cosCut) return 0;
  const t = cosAxis >= lit.cosFull ? 1 : (cosAxis - lit.cosCut) / (lit.cosFull - lit.cosCut);
  const cone = t * t * (3 - 2 * t);
  return (cosN * cone * D2_REF) / d2;
}

/** Irradiance on an upward-facing point from all lamps (no ambient). */
export function irradianceUp(lit: Lighting, x: number, y: number, z: number): Lin {
  let r = 0, g = 0, b = 0;
  for (const l of lit.lamps) {
    const f = lampFactor(lit, l, x, y, z, 0, 0, 1);
    r += f * l.r;
    g += f * l.g;
    b += f * l.b;
  }
  return [r, g, b];
}
