// `marker analyze`'s work: a video in, protocol v1 shot / moved / fall records out. Calibration (or
// given corners), ball detection per frame, tracking, number reading on balls at rest, stroke
// inference. Progress goes to a callback; records go to `emit` in time order.
import cv, { type VideoCapture } from './cv.js';
import type { TableRecord } from '../protocol/records.js';
import type { TableSpec } from '../table/geometry.js';
import { calibrate } from './calibration/calibrate.js';
import type { CalibrationProfile } from './calibration/profile.js';
import { createBallDetector } from './detection/detector.js';
import { FrameSourceError, readFrame, type Frame } from './frame.js';
import { cueLikelihood, type CueBallMode } from './identity/cue-look.js';
import type { NumberReader } from './identity/number-reader.js';
import type { BallDetection as SeenBall, FrameObservation } from './observation.js';
import { ObservationAnalyzer } from './analyze-observations.js';
import type { Track } from './tracking/tracker.js';

export interface AnalyzeOptions {
  video: string;
  spec: TableSpec;
  corners_px?: [number, number][];
  profile?: CalibrationProfile;
  cueBall: CueBallMode;
  reader: NumberReader | null;
  /** number readings per frame at most (balls at rest, oldest reading first) */
  readsPerFrame?: number;
  emit: (r: TableRecord) => void;
  onProgress?: (done: number, total: number) => void;
  onFrame?: (frame: Frame, analyzer: ObservationAnalyzer) => void;
}

export interface AnalyzeSummary {
  frames: number;
  fps: number;
  records: number;
  profile: CalibrationProfile;
  warnings: string[];
  timings_ms: { decode: number; detect: number; track: number; read: number };
}

export class AnalyzeError extends Error {}

export async function analyzeVideo(o: AnalyzeOptions): Promise<AnalyzeSummary> {
  let cap: VideoCapture;
  try {
    cap = new cv.VideoCapture(o.video);
  } catch {
    throw new FrameSourceError(`${o.video}: not a video OpenCV can read`);
  }
  const fps = cap.get(cv.CAP_PROP_FPS) || 30;
  const total = Math.max(0, Math.round(cap.get(cv.CAP_PROP_FRAME_COUNT)));
  const warnings: string[] = [];
  const timings = { decode: 0, detect: 0, track: 0, read: 0 };
  try {
    // calibrate on the first frames (an empty table or a still one), then start again
    const first: Frame[] = [];
    for (let i = 0; i < 5; i++) {
      const f = readFrame(cap, i, fps);
      if (!f) break;
      first.push(f);
    }
    if (!first.length) throw new FrameSourceError(`${o.video}: no frame could be decoded (not a video, or truncated)`);
    const profile = o.profile ?? calibrate(first, { spec: o.spec, ...(o.corners_px && { corners_px: o.corners_px }) }).profile;
    const detector = createBallDetector(profile);
    const analyzer = new ObservationAnalyzer(o.spec, { rack: true });
    const lastRead = new Map<number, number>();
    let records = 0;
    const push = (f: Frame) => {
      const t1 = performance.now();
      const seen = detector.detect(f);
      const t2 = performance.now();
      timings.detect += t2 - t1;
      const obs: FrameObservation = {
        index: f.index, t_s: f.t_s, occluded: [],
        detections: seen.map((d): SeenBall => ({
          x_mm: d.x_mm, y_mm: d.y_mm, conf: d.confidence, cueLike: cueLikelihood(d, o.cueBall), partial: d.partial,
          u_px: d.u_px, v_px: d.v_px, r_px: d.r_px,
        })),
      };
      for (const r of analyzer.push(obs)) {
        o.emit(r);
        records++;
      }
      timings.track += performance.now() - t2;
    };
    const read = async (f: Frame) => {
      if (!o.reader) return;
      const t0 = performance.now();
      // balls at rest, seen now, read least recently first: a sharp reading at rest is worth most
      const due = analyzer.tracker.live()
        .filter((t) => t.state === 'visible' && t.last?.u_px !== undefined && Math.hypot(t.vx_mm_s, t.vy_mm_s) < 30 && f.t_s - (lastRead.get(t.id) ?? -Infinity) > 0.5)
        .sort((a, b) => (lastRead.get(a.id) ?? -Infinity) - (lastRead.get(b.id) ?? -Infinity))
        .slice(0, o.readsPerFrame ?? 4);
      if (!due.length) return;
      const img = { data: f.bgr.getData() as Uint8Array, width: f.width, height: f.height, order: 'bgr' as const };
      const probs = await o.reader.read(img, due.map((t: Track) => ({ u_px: t.last!.u_px!, v_px: t.last!.v_px!, radius_px: t.last!.r_px! })));
      due.forEach((t, i) => {
        analyzer.ids.observe(t.id, { ...t.last!, idProbs: probs[i]!, sharp: true, cueLike: 0.5 });
        lastRead.set(t.id, f.t_s);
      });
      timings.read += performance.now() - t0;
    };
    let n = 0;
    for (const f of first) {
      push(f);
      await read(f);
      o.onFrame?.(f, analyzer);
      o.onProgress?.(++n, total);
    }
    for (;;) {
      const t0 = performance.now();
      let f: Frame | null;
      try {
        f = readFrame(cap, n, fps);
      } catch {
        warnings.push(`frame ${n} could not be decoded: the video is truncated or damaged there`);
        break;
      }
      timings.decode += performance.now() - t0;
      if (!f) break;
      push(f);
      await read(f);
      o.onFrame?.(f, analyzer);
      o.onProgress?.(++n, total);
    }
    for (const r of analyzer.finish()) {
      o.emit(r);
      records++;
    }
    if (total > 0 && n < total - 1) warnings.push(`decoded ${n} of ${total} frames: the file ends early (truncated?)`);
    return { frames: n, fps, records, profile, warnings, timings_ms: timings };
  } finally {
    cap.release();
  }
}
