// `marker analyze`'s work: a video in, protocol v1 shot / moved / fall records out. Calibration (or
// given corners), ball detection per frame, tracking, number reading on balls at rest, stroke
// inference. Progress goes to a callback; records go to `emit` in time order.
import { statSync } from 'node:fs';
import cv, { type VideoCapture } from './cv.js';
import type { TableRecord } from '../protocol/records.js';
import type { TableSpec } from '../table/geometry.js';
import type { BallId } from '../sim/types.js';
import { calibrateImage, type HeadSide } from './calibration/calibrate.js';
import { medianImage } from './calibration/median-frame.js';
import { ballPxToTable, tableToPx, type CalibrationProfile } from './calibration/profile.js';
import { createBallDetector, type BallDetector } from './detection/detector.js';
import { BumpWatch } from './calibration/bump-watch.js';
import { FrameSourceError, readFrame, type Frame } from './frame.js';
import { PrefetchingReader } from './frame-prefetch.js';
import { cueLikelihood, type CueBallMode } from './identity/cue-look.js';
import type { NumberReader } from './identity/number-reader.js';
import { READER_RADIUS_PX } from './identity/reader-input.js';
import { ReadSchedule, REST_MM_S, type ReadableTrack } from './identity/read-schedule.js';
import type { BallDetection as SeenBall, FrameObservation } from './observation.js';
import { ObservationAnalyzer } from './analyze-observations.js';
import type { Track } from './tracking/tracker.js';
import { hypot2 } from './hypot2.js';

export interface AnalyzeOptions {
  video: string;
  spec: TableSpec;
  corners_px?: [number, number][];
  /** the image side of the head cushion, for automatic calibration */
  head?: HeadSide;
  profile?: CalibrationProfile;
  cueBall: CueBallMode;
  reader: NumberReader | null;
  /** number readings per frame at most (balls at rest, oldest reading first) */
  readsPerFrame?: number;
  /** check for a bumped camera between strokes and find the table again (default true) */
  watchBump?: boolean;
  emit: (r: TableRecord) => void;
  onProgress?: (done: number, total: number) => void;
  onFrame?: (frame: Frame, analyzer: ObservationAnalyzer) => void;
  /** the balls the rules engine has on the table now (names are given among them); by default all 16 */
  onTable?: () => BallId[];
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

/**
 * The per-frame pipeline on a calibrated camera: detection, tracking, number reading on balls at
 * rest, stroke inference. Feed frames in order; records come back as strokes complete. `analyze`
 * and the live referee's camera source both drive it.
 */
export class FramePipeline {
  readonly analyzer: ObservationAnalyzer;
  readonly timings_ms = { detect: 0, track: 0, read: 0 };
  /** what a person looking after the camera should know (a bump and what was done about it), in order */
  readonly warnings: string[] = [];
  private detector: BallDetector;
  private readonly schedule: ReadSchedule;
  private readonly bump: BumpWatch | null;
  private current: CalibrationProfile;

  constructor(profile: CalibrationProfile, private readonly o: {
    spec: TableSpec; cueBall: CueBallMode; reader: NumberReader | null; readsPerFrame?: number; rack?: boolean; watchBump?: boolean; onWarning?: (w: string) => void;
    /** the balls the rules engine has on the table now (names are given among them); by default all 16 */
    onTable?: () => BallId[];
  }) {
    this.current = profile;
    this.detector = createBallDetector(profile);
    this.analyzer = new ObservationAnalyzer(o.spec, { rack: o.rack ?? true, cueBall: o.cueBall, ...(o.onTable && { onTable: o.onTable }) });
    this.schedule = new ReadSchedule(o.spec.ball_mm / 2, o.readsPerFrame ?? 4);
    this.bump = o.watchBump === false ? null : new BumpWatch(profile);
  }

  /** The calibration in use: the one given, or the one found again after the camera was bumped. */
  get profile(): CalibrationProfile {
    return this.current;
  }

  async push(f: Frame): Promise<TableRecord[]> {
    this.watchBump(f);
    const t1 = performance.now();
    const seen = this.detector.detect(f);
    const t2 = performance.now();
    this.timings_ms.detect += t2 - t1;
    const obs: FrameObservation = {
      index: f.index, t_s: f.t_s, occluded: [...this.detector.lastOccluded],
      detections: seen.map((d): SeenBall => ({
        x_mm: d.x_mm, y_mm: d.y_mm, conf: d.confidence, cueLike: cueLikelihood(d, this.o.cueBall), partial: d.partial, round: d.outlineRound,
        look: { oddColour: d.oddColourFraction, dark: d.darkFraction, white: d.whiteness, colour: d.colourFraction },
        u_px: d.u_px, v_px: d.v_px, r_px: d.r_px,
      })),
    };
    const out = this.analyzer.push(obs);
    this.timings_ms.track += performance.now() - t2;
    await this.read(f);
    return out;
  }

  finish(): TableRecord[] {
    this.bump?.dispose();
    return this.analyzer.finish();
  }

  /**
   * A bumped camera, found between strokes: detection goes on with the table found again (its motion
   * gate and cloth model start afresh); tracks keep their places in mm.
   */
  private watchBump(f: Frame): void {
    if (!this.bump) return;
    const outcome = this.bump.onFrame(f, !this.analyzer.builder.inStroke);
    if (outcome.kind === 'none') return;
    if (outcome.kind === 'reregistered') {
      const was = this.current, now = outcome.profile;
      const R = this.o.spec.ball_mm / 2;
      // a ball's place through the old calibration → the pixel its centre showed at → the place through the new
      this.analyzer.relocate((x, y) => { const px = tableToPx(was, x, y, R); return ballPxToTable(now, px.x, px.y); });
      this.current = now;
      this.detector = createBallDetector(now);
    }
    const w = `at ${f.t_s.toFixed(1)} s: ${outcome.warning}`;
    this.warnings.push(w);
    this.o.onWarning?.(w);
  }

  private async read(f: Frame): Promise<void> {
    if (!this.o.reader) return;
    const t0 = performance.now();
    // which balls to read now: see read-schedule.ts
    const view = (t: Track): ReadableTrack => ({ id: t.id, visible: t.state === 'visible' && t.last?.u_px !== undefined, x_mm: t.x_mm, y_mm: t.y_mm, speed_mm_s: hypot2(t.vx_mm_s, t.vy_mm_s) });
    const due = this.schedule.due(this.analyzer.tracker.live(), view, f.t_s);
    if (!due.length) return;
    // only a crop around each ball to read is copied out (one region spanning them all was often most of
    // a 6 MB 1080p frame, copied twice a frame); it reaches past the reader's patch, so the patch is as
    // if cut from the whole frame
    const balls = due.map((t) => {
      const u = t.last!.u_px!, v = t.last!.v_px!, r = t.last!.r_px!;
      const m = 1.5 * r + 2;
      const x0 = Math.max(0, Math.floor(u - m)), y0 = Math.max(0, Math.floor(v - m));
      const x1 = Math.min(f.width, Math.ceil(u + m)), y1 = Math.min(f.height, Math.ceil(v + m));
      const region = f.bgr.getRegion(new cv.Rect(x0, y0, x1 - x0, y1 - y0));
      const owned = region.copy();
      const img = { data: owned.getData() as Uint8Array, width: x1 - x0, height: y1 - y0, order: 'bgr' as const };
      owned.release(); region.release();
      return { img, u_px: u - x0, v_px: v - y0, radius_px: r };
    });
    const probs = await this.o.reader.readEach(balls);
    due.forEach((t, i) => {
      const d = view(t);
      // the reader was trained on balls 14 px or more in radius (1080p); a numeral on a smaller ball
      // is fewer pixels than it learnt from, and its confident answers are worth less
      const small = Math.min(1, (t.last!.r_px! / READER_RADIUS_PX) ** 2);
      this.analyzer.ids.observeReading(t.id, probs[i]!, d.speed_mm_s < REST_MM_S, small, this.schedule.read(d, f.t_s));
    });
    this.timings_ms.read += performance.now() - t0;
  }
}

function openVideo(path: string): VideoCapture {
  try {
    return new cv.VideoCapture(path);
  } catch {
    throw new FrameSourceError(`${path}: not a video OpenCV can read`);
  }
}

/** A plain file can be opened again; a pipe or a device gives its frames once. */
function rereadable(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

export async function analyzeVideo(o: AnalyzeOptions): Promise<AnalyzeSummary> {
  let cap = openVideo(o.video);
  const fps = cap.get(cv.CAP_PROP_FPS) || 30;
  const total = Math.max(0, Math.round(cap.get(cv.CAP_PROP_FRAME_COUNT)));
  const warnings: string[] = [];
  let decode_ms = 0;
  let reader: PrefetchingReader | undefined;
  try {
    // calibrate on the first frames (an empty table or a still one), then go on from there
    let first: Frame[] = [];
    for (let i = 0; i < 5; i++) {
      const f = readFrame(cap, i, fps);
      if (!f) break;
      first.push(f);
    }
    if (!first.length) throw new FrameSourceError(`${o.video}: no frame could be decoded (not a video, or truncated)`);
    let profile = o.profile;
    if (!profile) {
      const image = medianImage(first.map((f) => f.bgr));
      const own = !first.some((f) => f.bgr === image);
      // a file's first frames and its decoder are freed while the table is looked for and read again
      // after: held through the calibration, they were 40 MB of a 1080p run's memory peak
      const again = rereadable(o.video);
      if (again && own) {
        for (const f of first) f.bgr.release();
        first = [];
        cap.release();
      }
      try {
        profile = calibrateImage(image, { spec: o.spec, ...(o.corners_px && { corners_px: o.corners_px }), ...(o.head && { head: o.head }) }).profile;
      } finally {
        if (own) image.release();
      }
      if (!first.length) {
        cap = openVideo(o.video);
        const f = readFrame(cap, 0, fps);
        if (!f) throw new FrameSourceError(`${o.video}: the video could not be read again from its start`);
        first.push(f);
      }
    }
    const pipeline = new FramePipeline(profile, { spec: o.spec, cueBall: o.cueBall, reader: o.reader, ...(o.readsPerFrame && { readsPerFrame: o.readsPerFrame }), ...(o.watchBump === false && { watchBump: false }), ...(o.onTable && { onTable: o.onTable }) });
    let records = 0;
    const emit = (rs: TableRecord[]) => { for (const r of rs) { o.emit(r); records++; } };
    let n = 0;
    reader = new PrefetchingReader(cap, fps, first.length);
    for (;;) {
      let f: Frame | null;
      if (n < first.length) f = first[n]!;
      else {
        // the time spent waiting for a frame: decoding runs beside the analysis (see frame-prefetch.ts)
        const t0 = performance.now();
        try {
          f = await reader.next();
        } catch {
          warnings.push(`frame ${n} could not be decoded: the video is truncated or damaged there`);
          break;
        }
        decode_ms += performance.now() - t0;
      }
      if (!f) break;
      emit(await pipeline.push(f));
      o.onFrame?.(f, pipeline.analyzer);
      // a decoded frame is native memory the garbage collector does not see: free it now, or a
      // 1080p video holds hundreds of MB before a collection comes
      f.bgr.release();
      // (not inside the optional call: `o.onProgress?.(++n)` skips the increment when there is no callback)
      n++;
      o.onProgress?.(n, total);
    }
    emit(pipeline.finish());
    if (total > 0 && n < total - 1) warnings.push(`decoded ${n} of ${total} frames: the file ends early (truncated?)`);
    return { frames: n, fps, records, profile: pipeline.profile, warnings: [...pipeline.warnings, ...warnings], timings_ms: { decode: decode_ms, ...pipeline.timings_ms } };
  } finally {
    await reader?.close();
    cap.release();
  }
}
