// Decoding the next frame while this one is analysed. OpenCV's asynchronous read runs on libuv's thread
// pool, so a video file's decoding overlaps the detector's work on the main thread: on two cores a frame
// then costs the larger of the two, not their sum.
import type { Mat, VideoCapture } from './cv.js';
import cv from './cv.js';
import { frameFromMat, type Frame } from './frame.js';

export class PrefetchingReader {
  private pending: Promise<Mat> | null = null;
  private index: number;

  /** `start`: the index of the capture's next frame (frames already read synchronously come before it). */
  constructor(private readonly cap: VideoCapture, private readonly fps: number, start = 0) {
    this.index = start;
  }

  /** The next frame, or null at the end; rejects when the file cannot be decoded there. */
  async next(): Promise<Frame | null> {
    const reading = this.pending ?? this.cap.readAsync();
    this.pending = null;
    const mat = await reading;
    if (!mat || mat.empty) return null;
    const index = this.index++;
    // the clock: the frame rate, else the container's position, asked before the next read starts (one
    // call at a time on a capture)
    const pos_ms = this.fps > 0 ? NaN : this.cap.get(cv.CAP_PROP_POS_MSEC);
    const t_s = this.fps > 0 ? index / this.fps : Number.isFinite(pos_ms) ? pos_ms / 1000 : index;
    this.pending = this.cap.readAsync();
    // a failed read ahead is reported by the next call to next(), not as an unhandled rejection
    this.pending.catch(() => undefined);
    return frameFromMat(mat, index, t_s);
  }

  /** Waits for a read still in flight and frees its frame: call before releasing the capture. */
  async close(): Promise<void> {
    const reading = this.pending;
    this.pending = null;
    const mat = await reading?.catch(() => null);
    mat?.release();
  }
}
