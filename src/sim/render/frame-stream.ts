// Frames straight from the renderer, no video file in between (issue 3 item 5): tests and
// training-data generation iterate over this.
import type { Scene } from '../types.js';
import type { Renderer } from './renderer.js';

export interface StreamFrame {
  index: number;
  t_s: number;
  rgb: Uint8Array;
  /** the scene drawn, for truth */
  scene: Scene;
}

export interface FrameStreamOptions {
  fps: number;
  duration_s: number;
  start_s?: number;
  /** yield the same buffer every frame (fast; copy it if you keep it); default a new buffer each */
  reuseBuffer?: boolean;
  exposure_s?: number;
}

export function* frameStream(renderer: Renderer, sceneAt: (t_s: number) => Scene, opts: FrameStreamOptions): Generator<StreamFrame> {
  const start = opts.start_s ?? 0;
  const count = Math.max(0, Math.round(opts.duration_s * opts.fps));
  const dt = 1 / opts.fps;
  let buf: Uint8Array | undefined;
  let prev = sceneAt(Math.max(0, start - dt));
  for (let i = 0; i < count; i++) {
    const t = start + i * dt;
    const scene = sceneAt(t);
    const out = opts.reuseBuffer ? (buf ??= new Uint8Array(renderer.width * renderer.height * 3)) : undefined;
    // the previous frame's scene gives the direction of motion for the blur
    const rgb = renderer.render(scene, out, { prev: t > prev.t_s ? prev : undefined, frameKey: i + 1, ...(opts.exposure_s ? { exposure_s: opts.exposure_s } : {}) });
    prev = scene;
    yield { index: i, t_s: t, rgb, scene };
  }
}
