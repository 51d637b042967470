// Everything a frame's drawing passes share: the camera's numbers, the static background, the
// lighting, per-ball textures and the per-frame buffers (output, depth, shadow occlusion).
import type { TableSpec } from '../../table/geometry.js';
import type { Vec3_mm } from '../types.js';
import type { Camera } from './camera.js';
import type { Background } from './background.js';
import type { Lighting } from './lighting.js';
import type { Look } from './look.js';
import type { NumeralTexture } from './glyphs.js';
import type { TableModel } from './table-model.js';
import type { Lin } from './colour.js';

export interface Box {
  x0: number;
  y0: number;
  x1: number; // exclusive
  y1: number;
}

export interface RenderContext {
  width: number;
  height: number;
  N: number;
  cam: Camera;
  spec: TableSpec;
  model: TableModel;
  look: Look;
  lit: Lighting;
  bg: Background;
  /** 8-bit code -> pre-tone linear value (inverse of lit.tone) */
  untone: Float32Array;
  numerals: Map<number, NumeralTexture>;
  colours: { ivory: Lin; cue: Lin; stripe: Lin; ink: Lin; cloth: Lin; skin: Lin; sleeve: Lin; shirt: Lin; hair: Lin;
    shaft: Lin; butt: Lin; tip: Lin; ferrule: Lin; joint: Lin };
  /** per-frame state */
  out: Uint8Array;
  zbuf: Float32Array;
  /** shadow occlusion per pixel and lamp (plus ambient, for contact shadows), at p * (lamps + 1) + l */
  occ: Uint8Array;
  /** per image row, the columns shadows reached this frame [min, max) */
  rowMin: Int32Array;
  rowMax: Int32Array;
  /** 1 where a shadow was rasterised this frame and not yet applied */
  shadowMark: Uint8Array;
  frameNo: number;
  zDirty: Box[];
  roi: Box;
  /** pixels the table top (rails included) can cover */
  tableBox: Box;
  /** optical blur on the table, mm (softens ball and stick edges like the background's) */
  blur_mm: number;
}

/** A sphere, capsule or cone segment standing in the light or in front of the camera, in table mm. */
export interface Capsule {
  a: Vec3_mm;
  b: Vec3_mm;
  ra: number;
  rb: number;
  kind: 'cue' | 'arm' | 'hand' | 'body' | 'sleeve' | 'head';
}

export function clipBox(b: Box, roi: Box): Box | null {
  const x0 = Math.max(b.x0, roi.x0), y0 = Math.max(b.y0, roi.y0);
  const x1 = Math.min(b.x1, roi.x1), y1 = Math.min(b.y1, roi.y1);
  return x1 > x0 && y1 > y0 ? { x0, y0, x1, y1 } : null;
}
