// Every look is a randomised setting drawn from a seed (issue 3: models trained on these pictures
// must generalise to clubs the renderer never made). A Look is plain JSON for meta.json; overrides
// fix any part of it, and a fixed family/count/style is honoured before the dependent draws.
import type { Rng } from '../rng.js';
import { makeRng } from '../rng.js';
import type { Rgb } from './colour.js';
import { clampRgb, hsvToRgb, mixRgb } from './colour.js';
import type { GlyphStyle, NumeralFontName } from './glyphs.js';
import { NUMERAL_FONTS, randomGlyphStyle } from './glyphs.js';

export type ClothFamily = 'green' | 'blue' | 'burgundy';
export type CueBallStyle = 'red' | 'yellow' | 'striped';
export const CLOTH_FAMILIES: readonly ClothFamily[] = ['green', 'blue', 'burgundy'];
export const CUE_BALL_STYLES: readonly CueBallStyle[] = ['red', 'yellow', 'striped'];

export interface LampLook {
  x_mm: number;
  y_mm: number;
  /** height above the cloth */
  z_mm: number;
  /** size of the glowing shade: softens shadows and widens highlights */
  radius_mm: number;
  power: number;
  kelvin: number;
}

export interface Look {
  seed: number | string;
  cloth: {
    family: ClothFamily;
    rgb: Rgb;
    /** fine grain of the weave, fraction of brightness */
    textureNoise: number;
    /** large, soft brightness patches */
    mottling: number;
    /** nap stripes along the long axis */
    napStreaks: number;
    spots: boolean;
    houseLine: boolean;
    /** lighter worn patches around the spots and the break area */
    wear: number;
  };
  cushion: { height_mm: number; width_mm: number; shade: number };
  rail: {
    width_mm: number;
    rgb: Rgb;
    grainContrast: number;
    grainScale_mm: number;
    gloss: number;
    sights: 'none' | 'dot' | 'diamond';
    sightRgb: Rgb;
  };
  pocket: { rimKind: 'leather' | 'brass' | 'chrome'; rimRgb: Rgb; rimWidth_mm: number; netRgb: Rgb };
  floor: { kind: 'parquet' | 'carpet' | 'tile' | 'concrete'; rgb: Rgb; depth_mm: number; brightness: number };
  lighting: { lamps: LampLook[]; kelvin: number; ambient: number; coneDeg: number };
  balls: {
    ivoryRgb: Rgb;
    gloss: number;
    /** polish of the balls: 1 shows each lamp as a crisp highlight, lower blurs it */
    polish: number;
    cueStyle: CueBallStyle;
    cueRgb: Rgb;
    stripeRgb: Rgb;
    /** half-width of the cue ball's stripe as a fraction of the radius (sine of its angular half-width) */
    stripeHalfWidth: number;
  };
  numerals: {
    font: NumeralFontName;
    glyph: GlyphStyle;
    /** digit height as a fraction of the ball diameter */
    size: number;
    circle: boolean;
    underline69: boolean;
    inkRgb: Rgb;
  };
  cueStick: { shaftRgb: Rgb; buttRgb: Rgb; tipRgb: Rgb; ferruleRgb: Rgb; jointRgb: Rgb };
  people: { skinRgb: Rgb; sleeveRgb: Rgb; shirtRgb: Rgb; hairRgb: Rgb; sleeves: 'long' | 'short' };
  sensor: {
    /** offset from auto exposure, in stops */
    exposureEv: number;
    /** how far the camera's white balance corrects the lamps' colour (0 none, 1 fully) */
    wbCorrection: number;
    /** residual per-channel gain of the camera's colour */
    wbBias: [number, number, number];
    /** sensor noise, standard deviation in 8-bit levels at mid grey */
    noise: number;
    /** optical softness, Gaussian sigma in pixels at 1920 wide */
    blur_px: number;
    vignette: number;
    /** slow auto-exposure wander, stops */
    exposureDrift: number;
    /** slow white-balance wander, fraction */
    wbDrift: number;
    driftPeriod_s: number;
    /** mains flicker of the lamps beating against the frame rate */
    flicker: number;
    contrast: number;
    saturation: number;
    /** shutter time, for motion blur */
    exposure_s: number;
    /** H.264 quality hint for the encoder */
    crf: number;
  };
}

export type DeepPartial<T> = T extends (infer U)[] ? DeepPartial<U>[] : T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T;
export type LookOverrides = DeepPartial<Look>;

/** A random look from a seed; overrides replace any field (a forced family, lamp count etc. is used for the draws). */
export function randomLook(seed: number | string, overrides: LookOverrides = {}): Look {
  const root = makeRng(typeof seed === 'string' ? seed : seed >>> 0).fork('look');
  const look: Look = {
    seed,
    cloth: drawCloth(root.fork('cloth'), overrides.cloth?.family),
    cushion: drawCushion(root.fork('cushion')),
    rail: drawRail(root.fork('rail')),
    pocket: drawPocket(root.fork('pocket')),
    floor: drawFloor(root.fork('floor')),
    lighting: drawLighting(root.fork('lighting'), overrides.lighting?.lamps?.length, overrides.lighting?.kelvin),
    balls: drawBalls(root.fork('balls'), overrides.balls?.cueStyle),
    numerals: drawNumerals(root.fork('numerals'), overrides.numerals?.font),
    cueStick: drawCueStick(root.fork('cue')),
    people: drawPeople(root.fork('people')),
    sensor: drawSensor(root.fork('sensor')),
  };
  return deepMerge(look, overrides) as Look;
}

function drawCloth(r: Rng, family?: ClothFamily): Look['cloth'] {
  const fam = family ?? (r.next() < 0.5 ? 'green' : r.next() < 0.6 ? 'blue' : 'burgundy');
  let rgb: Rgb;
  if (fam === 'green') rgb = hsvToRgb(r.uniform(118, 168), r.uniform(0.45, 0.78), r.uniform(0.34, 0.58));
  else if (fam === 'blue') rgb = hsvToRgb(r.uniform(193, 222), r.uniform(0.5, 0.88), r.uniform(0.38, 0.7));
  else rgb = hsvToRgb(r.uniform(338, 366), r.uniform(0.5, 0.82), r.uniform(0.3, 0.52));
  return {
    family: fam,
    rgb,
    textureNoise: r.uniform(0.015, 0.06),
    mottling: r.uniform(0, 0.08),
    napStreaks: r.next() < 0.5 ? r.uniform(0, 0.04) : 0,
    spots: r.next() < 0.8,
    houseLine: r.next() < 0.3,
    wear: r.uniform(0, 0.08),
  };
}

function drawCushion(r: Rng): Look['cushion'] {
  return { height_mm: r.uniform(42, 47), width_mm: r.uniform(42, 58), shade: r.uniform(0.8, 1.0) };
}

const WOODS: Rgb[] = [
  [92, 58, 34], [107, 47, 31], [160, 122, 74], [138, 74, 42], [42, 30, 24], [196, 154, 100], [70, 40, 26], [120, 80, 50],
];

function drawRail(r: Rng): Look['rail'] {
  const base = r.pick(WOODS);
  const rgb = clampRgb(base.map((v) => v * r.uniform(0.85, 1.15)));
  const sights = r.pick(['none', 'dot', 'dot', 'diamond', 'diamond'] as const);
  return {
    width_mm: r.uniform(95, 170),
    rgb,
    grainContrast: r.uniform(0.05, 0.25),
    grainScale_mm: r.uniform(2, 8),
    gloss: r.uniform(0.02, 0.12),
    sights,
    sightRgb: r.next() < 0.7 ? [230, 226, 210] : [200, 170, 90],
  };
}

function drawPocket(r: Rng): Look['pocket'] {
  const rimKind = r.pick(['leather', 'leather', 'brass', 'chrome'] as const);
  const rimRgb: Rgb =
    rimKind === 'leather' ? clampRgb([r.uniform(25, 70), r.uniform(18, 45), r.uniform(12, 30)])
    : rimKind === 'brass' ? clampRgb([r.uniform(170, 210), r.uniform(130, 160), r.uniform(60, 90)])
    : clampRgb([r.uniform(170, 200), r.uniform(170, 200), r.uniform(175, 210)]);
  return { rimKind, rimRgb, rimWidth_mm: r.uniform(6, 18), netRgb: clampRgb([r.uniform(20, 60), r.uniform(18, 50), r.uniform(15, 45)]) };
}

function drawFloor(r: Rng): Look['floor'] {
  const kind = r.pick(['parquet', 'carpet', 'tile', 'concrete'] as const);
  const rgb: Rgb =
    kind === 'parquet' ? mixRgb([120, 82, 50], [170, 130, 85], r.next())
    : kind === 'carpet' ? r.pick<Rgb>([[70, 35, 38], [45, 50, 60], [40, 55, 45], [60, 55, 50]])
    : kind === 'tile' ? mixRgb([110, 105, 100], [180, 175, 165], r.next())
    : mixRgb([80, 80, 80], [130, 128, 125], r.next());
  return { kind, rgb, depth_mm: r.uniform(740, 800), brightness: r.uniform(0.12, 0.45) };
}

function drawLighting(r: Rng, count?: number, kelvinOverride?: number): Look['lighting'] {
  const n = count ?? r.int(1, 6);
  const drawn = r.uniform(2700, 6500);
  const kelvin = kelvinOverride ?? drawn;
  const z = r.uniform(900, 1400);
  const lamps: LampLook[] = [];
  const twoRows = n >= 4 && r.next() < 0.35;
  const perRow = twoRows ? Math.ceil(n / 2) : n;
  const span = (n === 2 ? r.uniform(0.3, 0.5) : r.uniform(0.5, 0.8)) * 3550;
  const rowY = twoRows ? r.uniform(250, 450) : 0;
  for (let i = 0; i < n; i++) {
    const row = twoRows ? i % 2 : 0;
    const k = twoRows ? Math.floor(i / 2) : i;
    const x = perRow === 1 ? 0 : -span / 2 + (span * k) / (perRow - 1);
    lamps.push({
      x_mm: x + r.normal(0, 25),
      y_mm: (twoRows ? (row === 0 ? rowY : -rowY) : 0) + r.normal(0, 30),
      z_mm: z + r.normal(0, 15),
      radius_mm: n === 1 ? r.uniform(250, 500) : r.uniform(40, 220),
      power: (n === 1 ? 3 : 1) * r.uniform(0.8, 1.2) * (r.next() < 0.08 ? 0.55 : 1),
      kelvin: kelvin + r.normal(0, 120),
    });
  }
  return { lamps, kelvin, ambient: r.uniform(0.08, 0.3), coneDeg: r.uniform(62, 88) };
}

function drawBalls(r: Rng, cueStyle?: CueBallStyle): Look['balls'] {
  const ivory = mixRgb([247, 245, 238], [236, 218, 172], Math.pow(r.next(), 1.3));
  const style = cueStyle ?? r.pick(CUE_BALL_STYLES);
  const cueRgb: Rgb =
    style === 'red' ? hsvToRgb(r.uniform(352, 368), r.uniform(0.7, 0.9), r.uniform(0.65, 0.85))
    : style === 'yellow' ? hsvToRgb(r.uniform(40, 52), r.uniform(0.7, 0.9), r.uniform(0.8, 0.95))
    : ivory;
  const stripeRgb: Rgb = r.next() < 0.65 ? hsvToRgb(r.uniform(352, 366), 0.8, r.uniform(0.6, 0.8))
    : r.pick<Rgb>([[30, 60, 150], [30, 110, 50], [20, 20, 20], [200, 120, 20]]);
  return {
    ivoryRgb: ivory,
    gloss: r.uniform(0.5, 1.0),
    polish: r.uniform(0.35, 1),
    cueStyle: style,
    cueRgb,
    stripeRgb,
    stripeHalfWidth: r.uniform(0.18, 0.4),
  };
}

function drawNumerals(r: Rng, font?: NumeralFontName): Look['numerals'] {
  const f = font ?? r.pick(NUMERAL_FONTS);
  const ink = r.uniform(8, 40);
  return {
    font: f,
    glyph: randomGlyphStyle(f, r),
    size: r.uniform(0.22, 0.4),
    circle: r.next() < 0.35,
    underline69: r.next() < 0.65,
    inkRgb: r.next() < 0.85 ? clampRgb([ink, ink, ink]) : clampRgb([ink * 0.6, ink * 0.7, ink * 1.8]),
  };
}

function drawCueStick(r: Rng): Look['cueStick'] {
  return {
    shaftRgb: mixRgb([214, 184, 136], [236, 214, 170], r.next()),
    buttRgb: r.pick<Rgb>([[40, 22, 14], [70, 35, 20], [20, 16, 14], [110, 60, 30]]),
    tipRgb: r.next() < 0.75 ? hsvToRgb(r.uniform(200, 225), 0.6, 0.75) : [120, 85, 60],
    ferruleRgb: [238, 236, 228],
    jointRgb: r.next() < 0.5 ? [200, 190, 160] : [30, 30, 30],
  };
}

const SKINS: Rgb[] = [[236, 196, 170], [224, 172, 138], [198, 140, 105], [160, 110, 80], [110, 75, 55], [240, 210, 190]];

function drawPeople(r: Rng): Look['people'] {
  const cloth = (): Rgb => r.pick<Rgb>([[25, 25, 30], [230, 230, 230], [40, 50, 90], [120, 30, 35], [70, 70, 75], [200, 190, 160], [30, 60, 40]]);
  const hair = r.pick<Rgb>([[25, 20, 18], [60, 40, 25], [110, 80, 50], [160, 130, 90], [120, 115, 110], [190, 180, 170]]);
  return { skinRgb: r.pick(SKINS), sleeveRgb: cloth(), shirtRgb: cloth(), hairRgb: hair, sleeves: r.next() < 0.6 ? 'long' : 'short' };
}

function drawSensor(r: Rng): Look['sensor'] {
  return {
    exposureEv: r.uniform(-0.6, 0.3),
    wbCorrection: r.uniform(0.3, 1),
    wbBias: [r.uniform(0.93, 1.07), 1, r.uniform(0.93, 1.07)],
    noise: Math.exp(r.uniform(Math.log(0.6), Math.log(7))),
    blur_px: r.uniform(0.2, 1.4),
    vignette: r.uniform(0, 0.45),
    exposureDrift: r.uniform(0, 0.15),
    wbDrift: r.uniform(0, 0.04),
    driftPeriod_s: r.uniform(3, 30),
    flicker: r.next() < 0.2 ? r.uniform(0.01, 0.05) : 0,
    contrast: r.uniform(0.85, 1.2),
    saturation: r.uniform(0.8, 1.15),
    exposure_s: r.pick([1 / 30, 1 / 50, 1 / 60, 1 / 100, 1 / 120, 1 / 250]),
    crf: r.int(18, 32),
  };
}

function deepMerge(base: unknown, over: unknown): unknown {
  if (over === undefined) return base;
  // arrays merge element by element (e.g. a lamp count forced with empty lamp objects keeps the drawn lamps)
  if (Array.isArray(over)) return Array.isArray(base) ? over.map((v, i) => deepMerge(base[i], v)) : over;
  if (typeof over !== 'object' || over === null) return over;
  if (typeof base !== 'object' || base === null || Array.isArray(base)) return over;
  const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [k, v] of Object.entries(over as Record<string, unknown>)) out[k] = deepMerge(out[k], v);
  return out;
}
