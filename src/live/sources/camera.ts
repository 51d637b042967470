// The camera source: frames from a capture (file, device, stream, stills, the simulator) go to the vision
// pipeline in a worker thread; its records come back as source items. At most `queueFrames` frames are
// in flight: when the analysis cannot keep up, frames are dropped and counted (a file played "fast" waits
// instead). A live camera that fails or goes quiet is reopened with back-off; a file that ends ends.
import type { TableSpec } from '../../table/geometry.js';
import type { CueBallMode } from '../../vision/identity/cue-look.js';
import type { Worker } from 'node:worker_threads';
import { AsyncQueue } from './async-queue.js';
import { CaptureError, type CaptureFactory, type FrameCapture, type RawFrame } from './capture.js';
import { ClipRing } from './clip-ring.js';
import { CLIP_FPS } from './clip-fps.js';
import type { FromAnalysis, ToAnalysis } from './frame-worker.js';
import { spawnWorker } from './spawn-worker.js';
import { sleep, type Clip, type RecordSource, type SourceHealth, type SourceItem } from './types.js';

export interface CameraSourceOptions {
  name: string;
  open: CaptureFactory;
  pace: 'realtime' | 'fast';
  speed: number;
  analysis: { spec: TableSpec; corners_px: [number, number][] | null; profile: string | null; reader: string | null; cueBall: CueBallMode };
  /** frames posted to the analysis thread and not yet done, at most */
  queueFrames?: number;
  backoff_ms?: { first: number; max: number };
  /** a live camera silent this long is offline */
  stall_s?: number;
  /** seconds of video kept before t0 and after t1 of a stroke to review */
  clipMargin_s?: number;
  log?: (m: string) => void;
}

/**
 * The analysis thread, one per process and kept for its life: the OpenCV binding cannot be loaded again
 * in a later thread once one has used it (it aborts the process), so sources take turns on this one.
 */
let shared: Worker | null = null;
/** numbers the sources' turns on the shared thread */
let sessions = 0;
function analysisWorker(): Worker {
  if (!shared) {
    const w = spawnWorker('frame-worker', null);
    w.on('exit', () => { if (shared === w) shared = null; });
    shared = w;
  }
  return shared;
}

type CameraState = { camera: 'online' | 'offline' | 'none'; detail: string };

export class CameraSource implements RecordSource {
  readonly name: string;
  private state: SourceHealth['state'] = 'starting';
  private cam: CameraState = { camera: 'offline', detail: 'starting' };
  private dropped = 0;
  private skipped = 0;
  /** of the skipped frames, those that came while the analysis thread was finding the table */
  private skippedCalibrating = 0;
  private calibrate_ms = 0;
  /** the analysis's last few warnings (a bumped camera), newest last, each led by its ISO time */
  private readonly warnings: string[] = [];
  /**
   * Analyse every stride-th frame of a live (or real-time) stream. When the analysis is slower than the
   * frame rate, evenly spaced frames track balls far better than frames dropped in bursts: a burst gap
   * looks like a ball that vanished and came back, which starts a false stroke.
   */
  private stride = 1;
  private analysisEwma_ms = 0;
  private captured = 0;
  private analysed = 0;
  private analysis_ms = 0;
  private readonly recent_ms: number[] = [];
  /** the rules engine's object balls on the table (null: a full rack), and how to tell the running analysis */
  private onTable: number[] | null = null;
  private tellAnalysis: ((m: ToAnalysis) => void) | null = null;
  /** stream times of the first dropped frames, for benchmarks to say where the analysis fell behind */
  private readonly droppedAt_s: number[] = [];
  /** and of the first frames skipped to keep pace (a stride over 1) */
  private readonly stridedAt_s: number[] = [];
  private readonly o: Required<Omit<CameraSourceOptions, 'log'>> & { log: (m: string) => void };

  constructor(o: CameraSourceOptions) {
    this.name = o.name;
    this.o = {
      // six frames in flight (200 ms at 30 fps) ride out a moment the analysis thread does not get the CPU and
      // the break's first second, when every ball runs and whole-table searches take 40-100 ms a frame: with
      // two, a 720p30 game on a busy 2-core machine dropped 13.6% of its frames, with four 5.9% (on an idle
      // one 0-3 frames, all in the break)
      queueFrames: 6, backoff_ms: { first: 1000, max: 30_000 }, stall_s: 5, clipMargin_s: 1,
      log: (m) => process.stderr.write(`${m}\n`), ...o,
    };
  }

  health(): SourceHealth {
    const now = performance.now();
    while (this.recent_ms.length && this.recent_ms[0]! < now - 2000) this.recent_ms.shift();
    const fps = this.recent_ms.length > 1 ? Math.round(((this.recent_ms.length - 1) / ((this.recent_ms.at(-1)! - this.recent_ms[0]!) / 1000)) * 10) / 10 : 0;
    return {
      state: this.state, fps: this.cam.camera === 'online' ? fps : 0, dropped_frames: this.dropped, skipped_frames: this.skipped, camera_state: this.cam.camera, detail: this.cam.detail,
      ...(this.warnings.length && { warnings: [...this.warnings] }),
    };
  }

  /** Counters for benchmarks and tests. */
  stats() {
    return {
      captured: this.captured, analysed: this.analysed, dropped: this.dropped, skipped: this.skipped, skippedCalibrating: this.skippedCalibrating, calibrate_ms: this.calibrate_ms, stride: this.stride, analysis_ms_per_frame: this.analysed ? this.analysis_ms / this.analysed : null,
      paceOrigin: this.paceOrigin, droppedAt_s: [...this.droppedAt_s], stridedAt_s: [...this.stridedAt_s],
    };
  }

  /** A file played in real time: the wall clock (performance.now) at which stream time t_s was due. */
  private paceOrigin: { wall_ms: number; t_s: number; speed: number } | null = null;

  private setCamera(camera: CameraState['camera'], detail: string): void {
    if (this.cam.camera === camera && this.cam.detail === detail) return;
    if (this.cam.camera !== camera || camera === 'offline') this.o.log(`camera ${this.name}: ${camera}${detail ? ` (${detail})` : ''}`);
    this.cam = { camera, detail };
  }

  tableChanged(balls: readonly number[] | null): void {
    this.onTable = balls ? [...balls] : null;
    this.tellAnalysis?.({ type: 'onTable', balls: this.onTable });
  }

  async *items(opts: { afterSeq: number | null; signal: AbortSignal }): AsyncIterable<SourceItem> {
    const out = new AsyncQueue<SourceItem>();
    const stop = new AbortController();
    const onAbort = () => stop.abort();
    opts.signal.addEventListener('abort', onAbort, { once: true });
    this.state = 'running';
    const running = this.run(opts.afterSeq, stop.signal, out).then(
      (ended) => { this.state = opts.signal.aborted ? 'stopped' : ended ? 'ended' : 'stopped'; out.close(); },
      (e) => { this.state = 'error'; this.setCamera('offline', e instanceof CaptureError ? e.reason : 'failed'); out.fail(e); },
    );
    try {
      for await (const item of out) yield item;
    } finally {
      stop.abort();
      opts.signal.removeEventListener('abort', onAbort);
      await running;
    }
  }

  /** Resolves true when the stream ended by itself (a file, a finite simulation). */
  private async run(afterSeq: number | null, signal: AbortSignal, out: AsyncQueue<SourceItem>): Promise<boolean> {
    const ring = new ClipRing(30, CLIP_FPS);
    const worker = analysisWorker();
    worker.ref();
    const session = ++sessions;
    const send = (m: ToAnalysis, transfer?: ArrayBuffer[]) => worker.postMessage(m, transfer ?? []);
    let inFlight = 0;
    // from a new stream's first frame until the analysis thread has found the table on it (half a second or
    // more): frames then cannot be analysed, and are skipped and counted as such rather than queued behind it
    let calibrating = false;
    let slot: (() => void) | null = null;
    let streamEnded = false;
    let workerFailure: Error | null = null;
    let finished: ((rs: unknown[]) => void) | null = null;
    let chain = Promise.resolve();
    // a file's records are numbered from its start (a restart skips those already journaled); a live
    // camera's records are new, numbered on from the journal's last
    let count = 0;
    let seqBase = 0;
    const emit = (record: unknown) => {
      chain = chain.then(async () => {
        const seq = seqBase + ++count;
        if (afterSeq !== null && seq <= afterSeq) return;
        const clip = this.clipFor(record, ring, () => streamEnded || signal.aborted);
        out.push(clip ? { record, seq, clip } : { record, seq });
      });
    };
    const ready = new Promise<void>((resolve, reject) => {
      worker.on('message', (m: FromAnalysis) => {
        // answers to frames an earlier source left in flight
        if (m.session !== session) return;
        if (m.type === 'ready') resolve();
        else if (m.type === 'done') {
          inFlight--;
          calibrating = false;
          this.analysed++;
          this.calibrate_ms += m.calibrate_ms;
          // the frame rate the analysis keeps up with is that of its frames, not of the one-off calibration,
          // nor of the cold first frame after it (a whole-table search on code not yet compiled: 80 ms)
          const ms = m.ms - m.calibrate_ms;
          this.analysis_ms += ms;
          if (m.calibrate_ms === 0) this.analysisEwma_ms = this.analysisEwma_ms ? 0.8 * this.analysisEwma_ms + 0.2 * ms : ms;
          ring.add(m.t_s, m.jpeg ? Buffer.from(m.jpeg.buffer, m.jpeg.byteOffset, m.jpeg.byteLength) : undefined);
          m.records.forEach(emit);
          slot?.();
          slot = null;
        } else if (m.type === 'warning') {
          this.o.log(`camera ${this.name}: ${m.message}`);
          // led by the wall-clock time: the message's own time is the stream's, which means nothing to a person at the table
          this.warnings.push(`${new Date().toISOString()} ${m.message}`);
          if (this.warnings.length > 5) this.warnings.shift();
        } else if (m.type === 'finished') {
          m.records.forEach(emit);
          finished?.(m.records);
          finished = null;
        } else {
          const e = new Error(`vision pipeline: ${m.message}`);
          if (m.fatal) { workerFailure = e; reject(e); slot?.(); finished?.([]); } else this.o.log(`camera ${this.name}: ${e.message}`);
        }
      });
      worker.on('error', (e) => { workerFailure = e; reject(e); slot?.(); finished?.([]); });
    });
    signal.addEventListener('abort', () => { slot?.(); slot = null; finished?.([]); finished = null; }, { once: true });
    const finishStream = (m: ToAnalysis) => new Promise<unknown[]>((r) => { finished = r; send(m); });

    try {
      let capture: FrameCapture | null = null;
      let attempt = 0;
      let firstStream = true;
      let initSent = false;
      let wall0_ms = 0;
      let t0_s: number | null = null;
      let prevT_s: number | null = null;
      let frame_ms: number | null = null;
      while (!signal.aborted) {
        if (workerFailure) throw workerFailure;
        if (!capture) {
          try {
            capture = await this.o.open();
          } catch (e) {
            if (!(e instanceof CaptureError)) throw e;
            if (e.reason === 'not_a_video') throw e;
            attempt++;
            const wait_ms = Math.min(this.o.backoff_ms.first * 2 ** (attempt - 1), this.o.backoff_ms.max);
            this.setCamera('offline', e.reason);
            this.o.log(`camera ${this.name}: ${e.message}; retrying in ${(wait_ms / 1000).toFixed(wait_ms < 1000 ? 2 : 0)} s`);
            await sleep(wait_ms, signal);
            continue;
          }
          if (!initSent) {
            send({ type: 'init', session, ...this.o.analysis, corners_px: capture.corners_px ?? this.o.analysis.corners_px });
            await ready;
            initSent = true;
            send({ type: 'onTable', balls: this.onTable });
            this.tellAnalysis = send;
            calibrating = !this.o.analysis.profile;
          } else if (capture.live) {
            // a reopened camera: close the strokes in flight, calibrate again on the next frame
            await finishStream({ type: 'reset', corners_px: capture.corners_px ?? this.o.analysis.corners_px });
            calibrating = !this.o.analysis.profile;
          }
        }
        let f: RawFrame | null;
        try {
          f = await this.readWithin(capture, signal);
        } catch (e) {
          if (!(e instanceof CaptureError) || !capture.live) throw e;
          capture.release();
          capture = null;
          this.setCamera('offline', e.reason);
          attempt = Math.max(attempt, 1);
          const wait_ms = Math.min(this.o.backoff_ms.first * 2 ** (attempt - 1), this.o.backoff_ms.max);
          this.o.log(`camera ${this.name}: ${e.message}; reopening in ${(wait_ms / 1000).toFixed(wait_ms < 1000 ? 2 : 0)} s`);
          await sleep(wait_ms, signal);
          continue;
        }
        if (signal.aborted) break;
        if (!f) {
          streamEnded = true;
          this.setCamera('offline', 'ended');
          capture.release();
          break;
        }
        attempt = 0;
        this.setCamera('online', calibrating ? 'calibrating' : '');
        this.captured++;
        this.recent_ms.push(performance.now());
        if (this.recent_ms.length > 300) this.recent_ms.shift();
        if (f.newStream && !firstStream) {
          await finishStream({ type: 'reset', corners_px: capture.corners_px });
          calibrating = !this.o.analysis.profile;
        }
        firstStream = false;
        for (const r of f.records ?? []) emit(r);
        // a file at its own pace: each frame is due at its time from the first one's
        if (!capture.live && this.o.pace === 'realtime') {
          // the clock starts at the first frame, not before the file opened (the analysis thread's start
          // would otherwise be a backlog played in a burst)
          if (t0_s === null) { t0_s = f.t_s; wall0_ms = performance.now(); this.paceOrigin = { wall_ms: wall0_ms, t_s: t0_s, speed: this.o.speed }; }
          await sleep(wall0_ms + ((f.t_s - t0_s) * 1000) / this.o.speed - performance.now(), signal);
        }
        ring.add(f.t_s, undefined);
        if (capture.live || this.o.pace === 'realtime') {
          if (prevT_s !== null && f.t_s > prevT_s) {
            const gap_ms = ((f.t_s - prevT_s) * 1000) / this.o.speed;
            frame_ms = frame_ms === null ? gap_ms : 0.9 * frame_ms + 0.1 * gap_ms;
          }
          prevT_s = f.t_s;
          // with headroom both ways, so the stride does not flap; and only once frames queue up behind the
          // analysis (a few slow frames while every ball runs after the break are ridden out by the queue)
          const per = this.analysisEwma_ms;
          if (frame_ms !== null && per > 0.85 * frame_ms * this.stride && inFlight >= 2 && this.stride < 3) this.stride++;
          else if (frame_ms !== null && this.stride > 1 && per < 0.6 * frame_ms * (this.stride - 1)) this.stride--;
          if (this.stride > 1 && (this.captured % this.stride) !== 0) {
            this.skipped++;
            if (this.stridedAt_s.length < 1000) this.stridedAt_s.push(f.t_s);
            continue;
          }
        }
        if (calibrating && inFlight > 0 && (capture.live || this.o.pace === 'realtime')) {
          this.skipped++;
          this.skippedCalibrating++;
          continue;
        }
        if (inFlight >= this.o.queueFrames) {
          if (capture.live || this.o.pace === 'realtime') {
            this.dropped++;
            if (this.droppedAt_s.length < 1000) this.droppedAt_s.push(f.t_s);
            continue;
          }
          await new Promise<void>((r) => { slot = r; });
          if (workerFailure) throw workerFailure;
        }
        inFlight++;
        send({ type: 'frame', index: this.captured - 1, t_s: f.t_s, width: f.width, height: f.height, order: f.order, data: f.data }, [f.data.buffer as ArrayBuffer]);
      }
      if (capture && !streamEnded) capture.release();
      // at the end of a stream the strokes still open are closed; a stop leaves them
      if (initSent && !workerFailure && !signal.aborted) await finishStream({ type: 'finish' });
      await chain;
      return streamEnded;
    } finally {
      this.tellAnalysis = null;
      streamEnded = true;
      await chain.catch(() => undefined);
      worker.removeAllListeners('message');
      worker.removeAllListeners('error');
      worker.unref();
    }
  }

  /** A live read that gives up after stall_s (a camera unplugged mid-read may never answer). */
  private async readWithin(capture: FrameCapture, signal: AbortSignal): Promise<RawFrame | null> {
    if (!capture.live) return capture.read();
    let timer: NodeJS.Timeout | undefined;
    const stall = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new CaptureError(`no_frames_${this.o.stall_s}s`, `no frame for ${this.o.stall_s} s`)), this.o.stall_s * 1000);
    });
    let onAbort = () => {};
    const aborted = new Promise<null>((r) => { onAbort = () => r(null); signal.addEventListener('abort', onAbort, { once: true }); });
    try {
      return await Promise.race([capture.read(), stall, aborted]);
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
    }
  }

  /** The clip of a stroke a person has to review: from t0 - margin to t1 + margin, once the ring has it. */
  private clipFor(record: unknown, ring: ClipRing, over: () => boolean): Promise<Clip | null> | null {
    const r = record as { type?: string; t0?: number; t1?: number; review?: unknown[] };
    if (r.type !== 'shot' || !Array.isArray(r.review) || !r.review.length || typeof r.t0 !== 'number' || typeof r.t1 !== 'number') return null;
    return this.cutClip(ring, r.t0, r.t1, over);
  }

  private async cutClip(ring: ClipRing, t0: number, t1: number, over: () => boolean): Promise<Clip | null> {
    const until_s = t1 + this.o.clipMargin_s;
    const give_up_ms = performance.now() + (this.o.clipMargin_s + 1) * 1000;
    while (ring.latest_s < until_s && !over() && performance.now() < give_up_ms) await new Promise((res) => setTimeout(res, 50));
    // let the last JPEGs finish encoding
    await new Promise((res) => setTimeout(res, 30));
    return ring.clip(t0 - this.o.clipMargin_s, until_s);
  }
}

