// Small JPEGs of frames for review clips (synchronous: the binding's async calls crash in Node 20).
import cv, { type Mat } from '../../vision/cv.js';

export const CLIP_WIDTH_PX = 640;
export { CLIP_FPS } from './clip-fps.js';
import { CLIP_FPS } from './clip-fps.js';

export function thumbJpeg(mat: Mat, order: 'bgr' | 'rgb', width_px = CLIP_WIDTH_PX, quality = 70): Buffer {
  const w = Math.min(width_px, mat.cols);
  const h = Math.max(2, Math.round((mat.rows * w) / mat.cols / 2) * 2);
  let small = mat.resize(h, w, 0, 0, cv.INTER_AREA);
  if (order === 'rgb') small = small.cvtColor(cv.COLOR_RGB2BGR);
  return cv.imencode('.jpg', small, [cv.IMWRITE_JPEG_QUALITY, quality]);
}

/** Decides which frames get a thumbnail: at most CLIP_FPS a second. */
export class ThumbPace {
  private last_s = -Infinity;
  due(t_s: number): boolean {
    if (t_s - this.last_s < 1 / CLIP_FPS - 1e-6 && t_s >= this.last_s) return false;
    this.last_s = t_s;
    return true;
  }
}
