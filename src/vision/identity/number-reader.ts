// The number reader (models/ball-reader.onnx) run with onnxruntime-node: batches of ball patches in,
// probabilities over cue / 1..15 / "number not visible" out.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type * as Ort from 'onnxruntime-node';
import { ID_CLASSES } from '../observation.js';
import { READER_INPUT_PX, readerPatch, type ImageView } from './reader-input.js';

/** models/ball-reader.onnx of this checkout, from the sources (tsx) or from dist/ alike. */
export const DEFAULT_READER_MODEL = ['../../../models/ball-reader.onnx', '../../../../models/ball-reader.onnx']
  .map((p) => fileURLToPath(new URL(p, import.meta.url)))
  .find((p) => existsSync(p)) ?? fileURLToPath(new URL('../../../../models/ball-reader.onnx', import.meta.url));

export interface BallToRead {
  u_px: number;
  v_px: number;
  radius_px: number;
}

export class NumberReader {
  private constructor(private readonly ort: typeof Ort, private readonly session: Ort.InferenceSession) {}

  static async load(path = DEFAULT_READER_MODEL, threads = 1): Promise<NumberReader> {
    if (!existsSync(path)) throw new Error(`number reader model not found: ${path} (rebuild it with npm run train:reader)`);
    const ort = await import('onnxruntime-node');
    const session = await ort.InferenceSession.create(path, { intraOpNumThreads: threads, interOpNumThreads: 1, graphOptimizationLevel: 'all' });
    // a model trained at another crop size would read garbage from our patches: refuse it
    const meta = session.inputMetadata[0];
    const side = meta?.isTensor ? meta.shape.slice(2) : [];
    if (side.length === 2 && side.some((d) => typeof d === 'number' && d !== READER_INPUT_PX)) {
      await session.release();
      throw new Error(`number reader model ${path} takes ${side.join('x')} crops, reader-input.ts cuts ${READER_INPUT_PX}x${READER_INPUT_PX}`);
    }
    return new NumberReader(ort, session);
  }

  /** Probabilities (ID_CLASSES per ball) for prepared patches: n x 3 x READER_INPUT_PX x READER_INPUT_PX floats. */
  async runPatches(patches: Float32Array, n: number): Promise<Float32Array[]> {
    if (n === 0) return [];
    const input = new this.ort.Tensor('float32', patches.subarray(0, n * 3 * READER_INPUT_PX * READER_INPUT_PX), [n, 3, READER_INPUT_PX, READER_INPUT_PX]);
    const out = await this.session.run({ [this.session.inputNames[0]!]: input });
    const probs = out[this.session.outputNames[0]!]!.data as Float32Array;
    return Array.from({ length: n }, (_, i) => probs.slice(i * ID_CLASSES, (i + 1) * ID_CLASSES));
  }

  /** Reads the balls at the given places in one frame. */
  async read(img: ImageView, balls: readonly BallToRead[]): Promise<Float32Array[]> {
    const size = 3 * READER_INPUT_PX * READER_INPUT_PX;
    const patches = new Float32Array(balls.length * size);
    balls.forEach((b, i) => readerPatch(img, b.u_px, b.v_px, b.radius_px, patches, i * size));
    return this.runPatches(patches, balls.length);
  }

  async close(): Promise<void> {
    await this.session.release();
  }
}
