// What the camera source reads frames from: a video file, a V4L2 device, a network stream, a
// still-capture command or the simulated table. Opening may fail (the source retries with back-off);
// read() resolves null when a file ends and throws when a live camera fails.

export interface RawFrame {
  /** on the source's clock, seconds */
  t_s: number;
  width: number;
  height: number;
  /** raw pixels, or an encoded still (JPEG/PNG: width and height 0 until the analysis thread decodes it) */
  order: 'bgr' | 'rgb' | 'encoded';
  /** width × height × 3 bytes (or the encoded still), owned by the receiver (it is transferred to the analysis thread) */
  data: Uint8Array;
  /** records people make at this moment (the simulated game's set-up and calls) */
  records?: unknown[];
  /** the first frame of a new stream (the simulator's next game): strokes in flight are closed */
  newStream?: boolean;
}

export interface FrameCapture {
  /** frames per second the device or file declares, or null */
  readonly fps: number | null;
  /** the playing surface's corners in image px, HL HR FR FL, when the capture knows them */
  readonly corners_px: [number, number][] | null;
  /** false for a file: frames carry the file's own times and the end is an end, not a failure */
  readonly live: boolean;
  read(): Promise<RawFrame | null>;
  release(): void;
}

/** Opens a capture; throws CaptureError (with a short reason) when it cannot. */
export type CaptureFactory = () => Promise<FrameCapture>;

export class CaptureError extends Error {
  /** a word for health: open_failed, read_failed, not_a_video … */
  constructor(readonly reason: string, message: string) {
    super(message);
  }
}
