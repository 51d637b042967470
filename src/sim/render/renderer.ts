// The camera renderer (issue 3 item 3): a static background ray-cast once, then per frame the
// shadows, the balls, the cue and the players' arms, and the sensor's drift and noise.
import type { TableSpec } from '../../table/geometry.js';
import type { BallId, BallSnapshot, Scene, Vec3_mm } from '../types.js';
import type { Camera } from './camera.js';
import type { Look } from './look.js';
import type { Box, Capsule, RenderContext } from './context.js';
import { tableModel } from './table-model.js';
import type { TableModel } from './table-model.js';
import { buildLighting } from './lighting.js';
import { buildBackground } from './background.js';
import type { Background } from './background.js';
import { rgbToLinear } from './colour.js';
import { numeralTexture } from './glyphs.js';
import type { NumeralTexture } from './glyphs.js';
import { drawBall } from './balls.js';
import { drawCapsule, sceneCapsules } from './capsules.js';
import { applyShadows, ballShadows, capsuleShadows } from './shadows.js';
import { createPostProcess } from './post.js';
import { segmentSegmentDistance } from './geom.js';

export interface RenderOptions {
  /** shutter time for motion blur; default the look's */
  exposure_s?: number;
  /** the scene a moment earlier, for the direction of motion; default the previous render call's */
  prev?: Scene;
  /** draw only this pixel rectangle (the rest of `out` is left as it was) */
  roi?: Box;
  /** selects the frame's noise; default derived from scene.t_s */
  frameKey?: number;
}

export interface Renderer {
  readonly width: number;
  readonly height: number;
  readonly camera: Camera;
  readonly look: Look;
  readonly spec: TableSpec;
  readonly model: TableModel;
  readonly background: Background;
  /** each object ball's numeral decal (body frame: printed around +z and -z) */
  readonly numerals: ReadonlyMap<number, NumeralTexture>;
  /** Draw a scene as RGB24 (width*height*3), into `out` if given. */
  render(scene: Scene, out?: Uint8Array, opts?: RenderOptions): Uint8Array;
  /** where the last render's time went, ms (for the benchmark) */
  readonly lastTimings_ms: { copy: number; shadows: number; balls: number; sticks: number; post: number };
}

/** Balls that are drawn: everything still on (or in the jaws of, or falling into) the table. */
export function isDrawn(b: BallSnapshot): boolean {
  return b.phase !== 'pocketed' && b.phase !== 'inHand' && b.phase !== 'offTable';
}

export interface RendererOptions {
  width: number;
  height: number;
  /**
   * shade the whole static background now (default); false shades it tile by tile as renders need
   * it, which is what crop generation over many looks wants
   */
  precompute?: boolean;
}

export function createRenderer(spec: TableSpec, camera: Camera, look: Look, size: RendererOptions): Renderer {
  const { width, height } = size;
  if (camera.params.width_px !== width || camera.params.height_px !== height) {
    throw new Error(`createRenderer: camera is ${camera.params.width_px}x${camera.params.height_px}, asked for ${width}x${height}`);
  }
  const N = width * height;
  const model = tableModel(spec, {
    cushionWidth_mm: look.cushion.width_mm,
    cushionHeight_mm: look.cushion.height_mm,
    railWidth_mm: look.rail.width_mm,
    floorDepth_mm: look.floor.depth_mm,
  });
  const lit = buildLighting(look);
  const bg = buildBackground(model, camera, look, lit, width, height, size.precompute === false ? 48 : 96);
  if (size.precompute !== false) bg.ensure({ x0: 0, y0: 0, x1: width, y1: height });
  const untone = new Float32Array(256);
  {
    let j = 0;
    for (let c = 0; c < 256; c++) {
      while (j < lit.tone.length - 1 && lit.tone[j]! < c) j++;
      untone[c] = c === 0 ? 0 : j + 0.5;
    }
  }
  const mmPerPx = camera.params.position_mm.z / camera.params.f_px;
  const blur_mm = look.sensor.blur_px * (width / 1920) * mmPerPx;
  const numerals = new Map<number, NumeralTexture>();
  for (let n = 1; n <= 15; n++) {
    numerals.set(n, numeralTexture(n, {
      height_mm: look.numerals.size * spec.ball_mm,
      style: look.numerals.glyph,
      circle: look.numerals.circle,
      underline69: look.numerals.underline69,
    }, Math.max(0.25, mmPerPx / 3), Math.hypot(blur_mm * 0.7, 0.3 * mmPerPx)));
  }
  const L = rgbToLinear;
  const ctx: RenderContext = {
    width, height, N, cam: camera, spec, model, look, lit, bg, untone, numerals,
    colours: {
      ivory: L(look.balls.ivoryRgb), cue: L(look.balls.cueRgb), stripe: L(look.balls.stripeRgb), ink: L(look.numerals.inkRgb),
      cloth: L(look.cloth.rgb), skin: L(look.people.skinRgb), sleeve: L(look.people.sleeveRgb), shirt: L(look.people.shirtRgb), hair: L(look.people.hairRgb),
      shaft: L(look.cueStick.shaftRgb), butt: L(look.cueStick.buttRgb), tip: L(look.cueStick.tipRgb),
      ferrule: L(look.cueStick.ferruleRgb), joint: L(look.cueStick.jointRgb),
    },
    out: new Uint8Array(0),
    // depth of what balls drew this frame (sticks and arms are never behind the table itself)
    zbuf: new Float32Array(N).fill(Infinity),
    occ: new Uint8Array((lit.lamps.length + 1) * N),
    rowMin: new Int32Array(height).fill(width),
    rowMax: new Int32Array(height),
    shadowMark: new Uint8Array(N),
    frameNo: 0,
    zDirty: [],
    roi: { x0: 0, y0: 0, x1: width, y1: height },
    tableBox: tableBoxPx(camera, model, width, height),
    blur_mm,
  };
  const post = createPostProcess(look, lit.tone, untone);
  let last: { t_s: number; pos: Map<BallId, Vec3_mm> } | null = null;
  const timings = { copy: 0, shadows: 0, balls: 0, sticks: 0, post: 0 };
  const Rb = spec.ball_mm / 2;

  const render = (scene: Scene, outArg?: Uint8Array, opts: RenderOptions = {}): Uint8Array => {
    const out = outArg ?? new Uint8Array(3 * N);
    if (out.length !== 3 * N) throw new Error(`render: out must be ${3 * N} bytes`);
    const roi = opts.roi ? { x0: Math.max(0, opts.roi.x0), y0: Math.max(0, opts.roi.y0), x1: Math.min(width, opts.roi.x1), y1: Math.min(height, opts.roi.y1) } : { x0: 0, y0: 0, x1: width, y1: height };
    let tm = performance.now();
    const lap = (): number => { const now = performance.now(); const d = now - tm; tm = now; return d; };
    ctx.out = out;
    ctx.roi = roi;
    bg.ensure(roi);
    if (roi.x0 === 0 && roi.y0 === 0 && roi.x1 === width && roi.y1 === height) out.set(bg.rgb);
    else for (let v = roi.y0; v < roi.y1; v++) out.set(bg.rgb.subarray(3 * (v * width + roi.x0), 3 * (v * width + roi.x1)), 3 * (v * width + roi.x0));
    for (const b of ctx.zDirty) for (let v = b.y0; v < b.y1; v++) ctx.zbuf.fill(Infinity, v * width + b.x0, v * width + b.x1);
    ctx.zDirty.length = 0;
    ctx.frameNo = (ctx.frameNo + 1) >>> 0 || 1;
    timings.copy = lap();

    const exposure = opts.exposure_s ?? look.sensor.exposure_s;
    const prevPos = opts.prev ? { t_s: opts.prev.t_s, pos: new Map(opts.prev.balls.map((b) => [b.id, b.pos_mm])) } : last;
    const balls = scene.balls.filter(isDrawn);
    const caps = sceneCapsules(scene, look.people.sleeves);

    for (const b of balls) ballShadows(ctx, b);
    for (const c of caps) capsuleShadows(ctx, c);
    applyShadows(ctx);
    timings.shadows = lap();

    const depthOf = (p: Vec3_mm) => camera.toCamera(p).z;
    const order = [...balls].sort((a, b) => depthOf(b.pos_mm) - depthOf(a.pos_mm));
    for (const b of order) {
      drawBall(ctx, {
        ball: b,
        vel: velocityOf(b, scene.t_s, prevPos),
        exposure_s: exposure,
        lampVis: lit.lamps.map((l) => lampVisibility(b.pos_mm, l, caps, Rb)),
        neighbours: balls.filter((o) => o !== b && Math.hypot(o.pos_mm.x - b.pos_mm.x, o.pos_mm.y - b.pos_mm.y) < 3 * Rb).map((o) => o.pos_mm),
      });
    }
    timings.balls = lap();
    const capOrder = [...caps].sort((a, b) => depthOf(mid(b)) - depthOf(mid(a)));
    for (const c of capOrder) drawCapsule(ctx, c);
    timings.sticks = lap();

    post.apply(out, width, roi, scene.t_s, opts.frameKey ?? Math.round(scene.t_s * 1000) + 1);
    timings.post = lap();
    last = { t_s: scene.t_s, pos: new Map(scene.balls.map((b) => [b.id, b.pos_mm])) };
    return out;
  };

  return { width, height, camera, look, spec, model, background: bg, numerals, render, lastTimings_ms: timings };
}

/** The pixel box of the table top (outer rail edge), from points along its outline. */
function tableBoxPx(camera: Camera, m: TableModel, width: number, height: number): Box {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (let i = 0; i <= 40; i++) {
    const t = -1 + (2 * i) / 40;
    for (const [x, y] of [[t * m.outerHx, -m.outerHy], [t * m.outerHx, m.outerHy], [-m.outerHx, t * m.outerHy], [m.outerHx, t * m.outerHy]] as const) {
      for (const z of [0, m.topZ]) {
        const p = camera.project({ x, y, z });
        x0 = Math.min(x0, p.u_px); x1 = Math.max(x1, p.u_px); y0 = Math.min(y0, p.v_px); y1 = Math.max(y1, p.v_px);
      }
    }
  }
  return { x0: Math.max(0, Math.floor(x0) - 2), y0: Math.max(0, Math.floor(y0) - 2), x1: Math.min(width, Math.ceil(x1) + 2), y1: Math.min(height, Math.ceil(y1) + 2) };
}

function mid(c: Capsule): Vec3_mm {
  return { x: (c.a.x + c.b.x) / 2, y: (c.a.y + c.b.y) / 2, z: (c.a.z + c.b.z) / 2 };
}

/** Velocity over the exposure: direction from the earlier positions, magnitude from the ball's speed. */
function velocityOf(b: BallSnapshot, t_s: number, prev: { t_s: number; pos: Map<BallId, Vec3_mm> } | null): Vec3_mm {
  if (!prev || b.speed_mm_s <= 0) return { x: 0, y: 0, z: 0 };
  const dt = t_s - prev.t_s;
  const p0 = prev.pos.get(b.id);
  if (!p0 || dt <= 0 || dt > 0.25) return { x: 0, y: 0, z: 0 };
  const dx = b.pos_mm.x - p0.x, dy = b.pos_mm.y - p0.y, dz = b.pos_mm.z - p0.z;
  const d = Math.hypot(dx, dy, dz);
  if (d < 1e-6) return { x: 0, y: 0, z: 0 };
  const k = b.speed_mm_s / d;
  return { x: dx * k, y: dy * k, z: dz * k };
}

/**
 * How much of a lamp reaches a ball past the cue and the arms: the share of the ball's face toward
 * the lamp that the capsule's band covers (a cue across a ball dims it a little, an arm a lot),
 * softened by the penumbra the lamp's size gives at that distance.
 */
export function lampVisibility(p: Vec3_mm, lamp: { x: number; y: number; z: number; radius: number }, caps: Capsule[], ballRadius_mm = 34): number {
  let vis = 1;
  for (const c of caps) {
    const r = segmentSegmentDistance(p.x, p.y, p.z, lamp.x, lamp.y, lamp.z, c.a.x, c.a.y, c.a.z, c.b.x, c.b.y, c.b.z);
    if (r.s <= 0) continue; // the capsule is not between the ball and the lamp
    const rad = c.ra + (c.rb - c.ra) * r.t;
    const pen = Math.max(1, (lamp.radius * r.s) / Math.max(1e-3, 1 - r.s));
    const reach = rad + ballRadius_mm + pen;
    if (r.dist >= reach) continue;
    const overlap = Math.min(1, (reach - r.dist) / (2 * Math.min(rad + pen, ballRadius_mm)));
    const band = Math.min(1, rad / ballRadius_mm) * Math.min(1, rad / pen);
    vis *= 1 - overlap * band;
  }
  return vis;
}
