// The frame every vision stage works on: a BGR image (OpenCV's native order) with its index and
// presentation time. Frames come from the simulator's RGB buffers, from video files or from stills.
import cv from './cv.js';
import type { Mat, VideoCapture } from './cv.js';
import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';

export interface Frame {
  index: number;
  /** presentation time on the source's clock */
  t_s: number;
  width: number;
  height: number;
  /** 8-bit, 3 channels, BGR */
  bgr: Mat;
}

export class FrameSourceError extends Error {}

/** A frame from an RGB24 buffer (the renderer's output), converted to BGR. */
export function frameFromRgb(rgb: Uint8Array, width: number, height: number, index = 0, t_s = 0): Frame {
  if (rgb.length !== width * height * 3) throw new FrameSourceError(`frameFromRgb: expected ${width * height * 3} bytes, got ${rgb.length}`);
  const buf = Buffer.from(rgb.buffer, rgb.byteOffset, rgb.byteLength);
  const mat = new cv.Mat(buf, height, width, cv.CV_8UC3).cvtColor(cv.COLOR_RGB2BGR);
  return { index, t_s, width, height, bgr: mat };
}

/** A frame from a BGR Mat (a capture read or a decoded still). */
export function frameFromMat(mat: Mat, index = 0, t_s = 0): Frame {
  let m = mat;
  if (m.channels === 1) m = m.cvtColor(cv.COLOR_GRAY2BGR);
  else if (m.channels === 4) m = m.cvtColor(cv.COLOR_BGRA2BGR);
  return { index, t_s, width: m.cols, height: m.rows, bgr: m };
}

/** The next frame of a capture, or null at the end. Time from the container's position when given. */
export function readFrame(cap: VideoCapture, index: number, fps: number): Frame | null {
  const mat = cap.read();
  if (!mat || mat.empty) return null;
  const pos_ms = cap.get(cv.CAP_PROP_POS_MSEC);
  // POS_MSEC is the time after the frame just read on some backends; the index is the fallback clock
  const t_s = fps > 0 ? index / fps : Number.isFinite(pos_ms) ? pos_ms / 1000 : index;
  return frameFromMat(mat, index, t_s);
}

const IMAGE_EXT = /\.(png|jpe?g|bmp|tiff?|webp|ppm|pgm)$/i;

/**
 * The first `count` frames of an image or a video file, with errors a person can act on
 * (missing file, a directory, something that is neither an image nor a video).
 */
export function readSourceFrames(path: string, count = 1): Frame[] {
  if (!existsSync(path)) throw new FrameSourceError(`${path}: no such file`);
  if (statSync(path).isDirectory()) throw new FrameSourceError(`${path}: is a directory, not an image or a video`);
  if (IMAGE_EXT.test(path)) {
    let mat: Mat;
    try {
      mat = cv.imread(path);
    } catch {
      throw new FrameSourceError(`${path}: cannot be decoded as an image`);
    }
    if (!mat || mat.empty) throw new FrameSourceError(`${path}: cannot be decoded as an image`);
    return [frameFromMat(mat, 0, 0)];
  }
  if (!looksLikeVideo(path)) throw new FrameSourceError(`${path}: not an image or a video OpenCV can read`);
  let cap: VideoCapture;
  try {
    cap = new cv.VideoCapture(path);
  } catch {
    throw new FrameSourceError(`${path}: not an image or a video OpenCV can read`);
  }
  try {
    const fps = cap.get(cv.CAP_PROP_FPS);
    const out: Frame[] = [];
    for (let i = 0; i < count; i++) {
      let f: Frame | null;
      try {
        f = readFrame(cap, i, fps);
      } catch {
        f = null;
      }
      if (!f) break;
      out.push(f);
    }
    if (!out.length) throw new FrameSourceError(`${path}: not an image or a video OpenCV can read (no frame decoded)`);
    return out;
  } finally {
    cap.release();
  }
}

/**
 * A cheap look at the first bytes: text and empty files are not videos (OpenCV would try every
 * backend on them, loudly); anything binary is left for OpenCV to judge.
 */
function looksLikeVideo(path: string): boolean {
  const fd = openSync(path, 'r');
  try {
    const head = Buffer.alloc(64);
    const n = readSync(fd, head, 0, 64, 0);
    if (n < 16) return false;
    let printable = 0;
    for (let i = 0; i < n; i++) { const c = head[i]!; if (c === 9 || c === 10 || c === 13 || (c >= 32 && c < 127)) printable++; }
    return printable < n;
  } finally {
    closeSync(fd);
  }
}

/** RGB24 bytes of a frame (for PNG writers and tests). */
export function frameToRgb(frame: Frame): Uint8Array {
  return new Uint8Array(frame.bgr.cvtColor(cv.COLOR_BGR2RGB).getData());
}
