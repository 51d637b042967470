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
    const reader = new NumberReader(ort, session);
    // the first run of a session allocates and plans (tens of ms); done here, at load, rather than on
    // the first frame a live camera hands over
    await reader.runPatches(new Float32Array(16 * 3 * READER_INPUT_PX * READER_INPUT_PX), 16);
    return reader;
  }

  /** Probabilities (ID_CLASSES per ball) for prepared patches: n x 3 x READER_INPUT_PX x READER_INPUT_PX floats. */
  async runPatches(patches: Float32Array, n: number): Promise<Float32Array[]> {
    if (n === 0) return [];
    const input = new this.ort.Tensor('float32', patches.subarray(0, n * 3 * READER_INPUT_PX * READER_INPUT_PX), [n, 3, READER_INPUT_PX, READER_INPUT_PX]);
    const out = await this.session.run({ [this.session.inputNames[0]!]: input });
    const probs = out[this.session.outputNames[0]!]!.data as Float32Array;
    return Array.from({ length: n }, (_, i) => probs.slice(i * ID_CLASSES, (i + 1) * ID_CLASSES));
  }

  /**
   * Reads the balls at the given places in one frame. Each patch is read at its four right-angle turns
   * and the answers averaged: a numeral lies at any angle, and the reader's mistakes at one angle are
   * partly its own, not the crop's (held-out readable top-1 87.0% → 88.4%, wrong numbers 10.3% → 8.5%:
   * models/ball-reader.md; in the pipeline, scripts/measure-readings.ts). `turns: 1` reads each patch once.
   */
  async read(img: ImageView, balls: readonly BallToRead[], turns: 1 | 4 = 4): Promise<Float32Array[]> {
    return this.readEach(balls.map((b) => ({ ...b, img })), turns);
  }

  /** As `read`, each ball in its own image (a crop around it: a frame's balls lie far apart). */
  async readEach(balls: readonly (BallToRead & { img: ImageView })[], turns: 1 | 4 = 4): Promise<Float32Array[]> {
    const size = 3 * READER_INPUT_PX * READER_INPUT_PX;
    const patches = new Float32Array(balls.length * turns * size);
    balls.forEach((b, i) => {
      readerPatch(b.img, b.u_px, b.v_px, b.radius_px, patches, i * turns * size);
      for (let k = 1; k < turns; k++) quarterTurn(patches, (i * turns + k - 1) * size, (i * turns + k) * size);
    });
    const probs = await this.runPatches(patches, balls.length * turns);
    if (turns === 1) return probs;
    return balls.map((_, i) => {
      const avg = new Float32Array(ID_CLASSES);
      for (let k = 0; k < turns; k++) { const p = probs[i * turns + k]!; for (let c = 0; c < ID_CLASSES; c++) avg[c] = avg[c]! + p[c]! / turns; }
      return avg;
    });
  }

  async close(): Promise<void> {
    await this.session.release();
  }
}

/** Writes the patch at `from` turned a quarter turn into `to` (exact: a permutation of its pixels). */
function quarterTurn(patches: Float32Array, from: number, to: number): void {
  const N = READER_INPUT_PX;
  const plane = N * N;
  for (let c = 0; c < 3; c++) {
    for (let y = 0; y < N; y++) for (let x = 0; x < N; x++) patches[to + c * plane + y * N + x] = patches[from + c * plane + (N - 1 - x) * N + y]!;
  }
}
