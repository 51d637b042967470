// The analysis thread of the camera source, and the process's only OpenCV thread (the binding breaks when
// loaded in a second thread): frames in (raw pixels or an encoded still, transferred), the vision pipeline
// (calibration on the first frame, detection, tracking, number reading, stroke inference), records out.
// One frame at a time; the capture side keeps at most a couple in flight and drops the rest. Each analysed
// frame may come back with a small JPEG for review clips.
import { parentPort } from 'node:worker_threads';
import cv from '../../vision/cv.js';
import type { TableRecord } from '../../protocol/records.js';
import type { TableSpec } from '../../table/geometry.js';
import { ALL_BALLS, type BallId } from '../../sim/types.js';
import { FramePipeline } from '../../vision/analyze.js';
import { calibrate } from '../../vision/calibration/calibrate.js';
import { loadProfile } from '../../vision/calibration/profile.js';
import { frameFromMat, type Frame } from '../../vision/frame.js';
import type { CueBallMode } from '../../vision/identity/cue-look.js';
import { NumberReader } from '../../vision/identity/number-reader.js';
import { ThumbPace, thumbJpeg } from './thumb.js';

export interface AnalysisInit {
  type: 'init';
  /**
   * which source this is: the thread outlives sources, and frames a stopped source left in flight are
   * still answered after the next one has started; every answer carries the session it belongs to
   */
  session: number;
  spec: TableSpec;
  /** surface corners HL HR FR FL in image px, when known (a simulated camera, a setting) */
  corners_px: [number, number][] | null;
  /** a saved calibration profile; otherwise calibrated from the first frame */
  profile: string | null;
  /** the number reader model, or null to go without */
  reader: string | null;
  cueBall: CueBallMode;
}

export interface FrameMessage {
  type: 'frame';
  index: number;
  t_s: number;
  width: number;
  height: number;
  order: 'bgr' | 'rgb' | 'encoded';
  data: Uint8Array;
}

/** the object balls the rules engine has on the table (null: a full rack); names are given among them */
export interface OnTableMessage { type: 'onTable'; balls: number[] | null }

export type ToAnalysis = AnalysisInit | FrameMessage | OnTableMessage | { type: 'finish' } | { type: 'reset'; corners_px?: [number, number][] | null };

export type FromAnalysis = { session: number } & (
  | { type: 'ready'; reader: boolean }
  /** ms: the frame's whole analysis; calibrate_ms: the part of it spent finding the table (the first frame) */
  | { type: 'done'; index: number; t_s: number; records: TableRecord[]; ms: number; calibrate_ms: number; jpeg?: Uint8Array }
  | { type: 'finished'; records: TableRecord[] }
  /** something the person looking after the camera should know (it was bumped, and what was done) */
  | { type: 'warning'; message: string }
  | { type: 'error'; message: string; fatal: boolean });

const port = parentPort;
if (!port) throw new Error('frame-worker runs as a worker thread');

let init: AnalysisInit | null = null;
let reader: NumberReader | null = null;
let pipeline: FramePipeline | null = null;
let onTable: BallId[] = [...ALL_BALLS];
const thumbs = new ThumbPace();
// distributes over the union, so each message keeps its own fields
type Unsessioned<T> = T extends unknown ? Omit<T, 'session'> : never;
const post = (m: Unsessioned<FromAnalysis>) => port.postMessage({ ...m, session: init?.session ?? 0 });

function toFrame(m: FrameMessage): Frame {
  const buf = Buffer.from(m.data.buffer, m.data.byteOffset, m.data.byteLength);
  if (m.order === 'encoded') {
    let still = null;
    try { still = cv.imdecode(buf); } catch { still = null; }
    if (!still || still.empty) throw new Error(`a still of ${buf.length} bytes is not a JPEG or PNG image`);
    return frameFromMat(still, m.index, m.t_s);
  }
  const mat = new cv.Mat(buf, m.height, m.width, cv.CV_8UC3);
  return frameFromMat(m.order === 'rgb' ? mat.cvtColor(cv.COLOR_RGB2BGR) : mat, m.index, m.t_s);
}

function pipelineFor(first: Frame): FramePipeline {
  const o = init!;
  const profile = o.profile
    ? loadProfile(o.profile)
    : calibrate([first], { spec: o.spec, ...(o.corners_px && { corners_px: o.corners_px }) }).profile;
  return new FramePipeline(profile, { spec: o.spec, cueBall: o.cueBall, reader, onTable: () => onTable, onWarning: (message) => post({ type: 'warning', message }) });
}

// messages are handled strictly one after another: push() is async (the reader) and order matters
let chain: Promise<void> = Promise.resolve();
port.on('message', (m: ToAnalysis) => {
  chain = chain.then(() => handle(m)).catch((e) => post({ type: 'error', message: e instanceof Error ? e.message : String(e), fatal: pipeline === null }));
});

async function handle(m: ToAnalysis): Promise<void> {
  switch (m.type) {
    case 'init':
      // a new source (the thread outlives each one)
      init = m;
      pipeline = null;
      onTable = [...ALL_BALLS];
      await reader?.close();
      reader = null;
      if (m.reader) reader = await NumberReader.load(m.reader);
      post({ type: 'ready', reader: reader !== null });
      return;
    case 'frame': {
      const t0 = performance.now();
      const f = toFrame(m);
      let calibrate_ms = 0;
      if (!pipeline) {
        pipeline = pipelineFor(f);
        calibrate_ms = performance.now() - t0;
      }
      const records = await pipeline.push(f);
      const jpeg = thumbs.due(m.t_s) ? new Uint8Array(thumbJpeg(f.bgr, 'bgr')) : undefined;
      f.bgr.release(); // native memory the collector does not count
      post({ type: 'done', index: m.index, t_s: m.t_s, records, ms: performance.now() - t0, calibrate_ms, ...(jpeg && { jpeg }) });
      return;
    }
    case 'onTable':
      onTable = m.balls ? ['cue', ...m.balls] : [...ALL_BALLS];
      return;
    case 'reset':
      // a new stream (a reopened camera, the next simulated game): strokes in flight are finished, and
      // the next frame calibrates again (a simulated game comes with a new camera)
      post({ type: 'finished', records: pipeline?.finish() ?? [] });
      pipeline = null;
      if (init && m.corners_px !== undefined) init = { ...init, corners_px: m.corners_px };
      return;
    case 'finish':
      post({ type: 'finished', records: pipeline?.finish() ?? [] });
      pipeline = null;
      await reader?.close();
      reader = null;
      return;
  }
}
