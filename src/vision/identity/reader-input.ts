// The number reader's input: a 32x32 patch around a ball, resampled so the ball's radius is 14 px
// (the scale the model was trained at), float32 CHW RGB in [0, 1]. The same geometry as the
// training script's `canonical` resampling (scripts/train/train_reader.py --input). The ball's
// 28 px fit with 2 px to spare (a readable numeral lies within 12 px of its centre); the reader
// costs in proportion to the patch's area, and 32 instead of 40 saves 36% of it. The model must
// have been trained at this size: NumberReader.load refuses one that takes another.

export const READER_INPUT_PX = 32;
export const READER_RADIUS_PX = 14;

export interface ImageView {
  data: Uint8Array;
  width: number;
  height: number;
  /** byte order of a pixel: 'rgb' (simulator) or 'bgr' (OpenCV) */
  order: 'rgb' | 'bgr';
}

/**
 * Writes one patch into `out` at `offset` (3 * READER_INPUT_PX² floats). `u, v` is the ball's centre in image
 * pixels, `radius_px` its radius there. Bilinear, edges clamped (as grid_sample with border padding).
 */
export function readerPatch(img: ImageView, u: number, v: number, radius_px: number, out: Float32Array, offset = 0): void {
  const N = READER_INPUT_PX;
  const plane = N * N;
  const scale = radius_px / READER_RADIUS_PX;
  const { data, width, height } = img;
  const [ri, gi, bi] = img.order === 'rgb' ? [0, 1, 2] : [2, 1, 0];
  for (let y = 0; y < N; y++) {
    // output pixel centres map onto the source around (u, v)
    const sy = v + (y + 0.5 - N / 2) * scale - 0.5;
    const y0 = Math.floor(sy);
    const fy = sy - y0;
    const ya = Math.min(height - 1, Math.max(0, y0));
    const yb = Math.min(height - 1, Math.max(0, y0 + 1));
    for (let x = 0; x < N; x++) {
      const sx = u + (x + 0.5 - N / 2) * scale - 0.5;
      const x0 = Math.floor(sx);
      const fx = sx - x0;
      const xa = Math.min(width - 1, Math.max(0, x0));
      const xb = Math.min(width - 1, Math.max(0, x0 + 1));
      const p00 = (ya * width + xa) * 3;
      const p01 = (ya * width + xb) * 3;
      const p10 = (yb * width + xa) * 3;
      const p11 = (yb * width + xb) * 3;
      const w00 = (1 - fx) * (1 - fy);
      const w01 = fx * (1 - fy);
      const w10 = (1 - fx) * fy;
      const w11 = fx * fy;
      const o = offset + y * N + x;
      out[o] = (data[p00 + ri]! * w00 + data[p01 + ri]! * w01 + data[p10 + ri]! * w10 + data[p11 + ri]! * w11) / 255;
      out[o + plane] = (data[p00 + gi]! * w00 + data[p01 + gi]! * w01 + data[p10 + gi]! * w10 + data[p11 + gi]! * w11) / 255;
      out[o + 2 * plane] = (data[p00 + bi]! * w00 + data[p01 + bi]! * w01 + data[p10 + bi]! * w10 + data[p11 + bi]! * w11) / 255;
    }
  }
}
