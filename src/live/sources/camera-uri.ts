// Camera sources from their URI. OpenCV and the simulator load only when a capture opens (lazy imports),
// so "demo" and "records:" never pay for them.
import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RUSSIAN_12FT } from '../../table/geometry.js';
import type { CueBallMode } from '../../vision/identity/cue-look.js';
import { CameraSource } from './camera.js';
import type { CaptureFactory } from './capture.js';
import type { Pacing } from './recorded.js';
import type { RecordSource, SourceHealth, SourceItem } from './types.js';

/** The camera part of the `source` settings section. */
export interface CameraSettings {
  /** the playing surface's corners in image px, "x,y x,y x,y x,y" (HL HR FR FL), or null to find the table */
  corners: string | null;
  /** a calibration profile saved by `marker calibrate`, or null */
  profile: string | null;
  cue_ball: CueBallMode;
  /** the number reader model; null: models/ball-reader.onnx */
  reader: string | null;
  still_interval_s: number;
}

const CAMERA = /^(sim|file|v4l2|still):|^(rtsp|rtsps|http|https):\/\//;
export const isCameraUri = (uri: string) => CAMERA.test(uri);

function root(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6 && !existsSync(join(dir, 'package.json')); i++) dir = dirname(dir);
  return dir;
}

export const DEFAULT_READER = () => join(root(), 'models', 'ball-reader.onnx');

function splitQuery(rest: string): [string, URLSearchParams] {
  const q = rest.indexOf('?');
  return q < 0 ? [rest, new URLSearchParams()] : [rest.slice(0, q), new URLSearchParams(rest.slice(q + 1))];
}

const intParam = (q: URLSearchParams, k: string, lo: number, hi: number): number | undefined | string => {
  const v = q.get(k);
  if (v === null) return undefined;
  const n = Number(v);
  return Number.isInteger(n) && n >= lo && n <= hi ? n : `${k}=${v}: an integer from ${lo} to ${hi}`;
};

interface SimParams { seed: number; width: number; height: number; fps: number; strokes: number | null; reader: boolean }

function simParams(uri: string): SimParams | string {
  const [seedText, q] = splitQuery(uri.slice('sim:'.length));
  const seed = seedText === '' ? 1 : Number(seedText);
  if (!Number.isInteger(seed) || seed < 0 || seed > 2 ** 31 - 1) return `sim:${seedText}: the seed is a whole number (sim:1)`;
  const p = { width: intParam(q, 'width', 320, 3840), height: intParam(q, 'height', 180, 2160), fps: intParam(q, 'fps', 5, 60), strokes: intParam(q, 'strokes', 1, 1000) };
  for (const v of Object.values(p)) if (typeof v === 'string') return `sim: ${v}`;
  const unknown = [...q.keys()].filter((k) => !['width', 'height', 'fps', 'strokes', 'reader'].includes(k));
  if (unknown.length) return `sim: unknown parameter ${unknown[0]} (width, height, fps, strokes, reader=off)`;
  return {
    seed, width: (p.width as number | undefined) ?? 1280, height: (p.height as number | undefined) ?? 720, fps: (p.fps as number | undefined) ?? 30,
    strokes: (p.strokes as number | undefined) ?? null, reader: q.get('reader') !== 'off',
  };
}

interface DeviceParams { target: string | number; width?: number; height?: number; fps?: number; fourcc?: string }

function v4l2Params(uri: string): DeviceParams | string {
  const [dev, q] = splitQuery(uri.slice('v4l2:'.length));
  if (!dev) return 'v4l2: needs a device, e.g. v4l2:/dev/video0 or v4l2:0';
  const out: DeviceParams = { target: /^\d+$/.test(dev) ? Number(dev) : dev };
  for (const [k, lo, hi] of [['width', 16, 8192], ['height', 16, 8192], ['fps', 1, 240]] as const) {
    const v = intParam(q, k, lo, hi);
    if (typeof v === 'string') return `v4l2: ${v}`;
    if (v !== undefined) out[k] = v;
  }
  const fourcc = q.get('fourcc');
  if (fourcc !== null) {
    if (!/^[A-Za-z0-9 ]{4}$/.test(fourcc)) return `v4l2: fourcc=${fourcc}: four characters, e.g. MJPG or YUYV`;
    out.fourcc = fourcc;
  }
  const unknown = [...q.keys()].filter((k) => !['width', 'height', 'fps', 'fourcc'].includes(k));
  if (unknown.length) return `v4l2: unknown parameter ${unknown[0]} (width, height, fps, fourcc)`;
  return out;
}

/** Text and empty files are not videos (OpenCV would try every backend on them, loudly). */
function textFileProblem(path: string): string | null {
  if (!existsSync(path)) return `${path}: no such file`;
  if (statSync(path).isDirectory()) return `${path}: is a directory, not a video`;
  const fd = openSync(path, 'r');
  try {
    const head = Buffer.alloc(64);
    const n = readSync(fd, head, 0, 64, 0);
    let printable = 0;
    for (let i = 0; i < n; i++) { const c = head[i]!; if (c === 9 || c === 10 || c === 13 || (c >= 32 && c < 127)) printable++; }
    return n < 16 || printable === n ? `${path}: not a video (${n < 16 ? 'too short' : 'a text file'})` : null;
  } finally {
    closeSync(fd);
  }
}

export function cameraUriProblem(uri: string): string | null {
  if (uri.startsWith('sim:')) { const p = simParams(uri); return typeof p === 'string' ? p : null; }
  if (uri.startsWith('v4l2:')) { const p = v4l2Params(uri); return typeof p === 'string' ? p : null; }
  if (uri.startsWith('file:')) return uri.length > 5 ? null : 'file: needs a video file, e.g. file:game.mp4';
  if (uri.startsWith('still:')) return uri.slice(6).trim() ? null : 'still: needs a command, e.g. still:fswebcam -r 1920x1080 --no-banner -';
  return null;
}

function cornersOf(text: string | null | undefined): [number, number][] | null {
  if (!text) return null;
  const pts = text.trim().split(/\s+/).map((p) => p.split(',').map(Number));
  if (pts.length !== 4 || pts.some((p) => p.length !== 2 || p.some((x) => !Number.isFinite(x)))) {
    throw new Error(`source.corners ${JSON.stringify(text)}: four corners "x,y x,y x,y x,y" (HL HR FR FL)`);
  }
  return pts as [number, number][];
}

function openCvAvailable(): string | null {
  try {
    createRequire(import.meta.url).resolve('@u4/opencv4nodejs');
    return null;
  } catch {
    return 'the OpenCV binding (@u4/opencv4nodejs) is not installed; run scripts/setup.sh';
  }
}

export function cameraSource(uri: string, s: Pacing & Partial<CameraSettings>, loop: boolean, log: (m: string) => void, demo: () => RecordSource): RecordSource {
  const reader = s.reader ?? DEFAULT_READER();
  const analysis = { spec: RUSSIAN_12FT, corners_px: cornersOf(s.corners), profile: s.profile ?? null, reader: existsSync(reader) ? reader : null, cueBall: s.cue_ball ?? 'auto' };
  const clock0_epoch_ms = Date.now();
  const base = { name: uri, pace: s.pace, speed: s.speed, log };
  const noOpenCv = openCvAvailable();
  if (uri.startsWith('sim:')) {
    const p = simParams(uri) as SimParams;
    const why = noOpenCv ?? (p.reader && !analysis.reader ? `the number reader model ${reader} is missing (npm run train:reader)` : null);
    if (why) {
      log(`source ${uri}: cannot run the simulated camera (${why}); playing the recorded demo game instead`);
      return demo();
    }
    const open: CaptureFactory = async () => (await import('./capture-sim.js')).openSimCapture({ seed: p.seed, width: p.width, height: p.height, fps: p.fps, strokes: p.strokes, loop, speed: s.speed });
    const cam = new CameraSource({ ...base, pace: 'realtime', open, analysis: { ...analysis, reader: p.reader ? analysis.reader : null } });
    return new FallbackSource(cam, demo, log);
  }
  if (noOpenCv) throw new Error(`source ${uri}: ${noOpenCv}`);
  if (!analysis.reader) log(`source ${uri}: number reader model ${reader} missing; ball names come from their look and elimination only`);
  let open: CaptureFactory;
  if (uri.startsWith('file:')) {
    const path = uri.slice('file:'.length);
    const problem = textFileProblem(path);
    if (problem) throw new Error(problem);
    open = async () => (await import('./capture-ffmpeg.js')).openVideoFile(path);
  } else if (uri.startsWith('v4l2:')) {
    const { target, ...props } = v4l2Params(uri) as DeviceParams;
    open = async () => (await import('./capture-ffmpeg.js')).openV4l2(target, props, clock0_epoch_ms);
  } else if (uri.startsWith('still:')) {
    const command = uri.slice('still:'.length);
    open = async () => (await import('./capture-still.js')).openStillCapture(command, s.still_interval_s ?? 1, clock0_epoch_ms);
  } else {
    open = async () => (await import('./capture-ffmpeg.js')).openStream(uri, clock0_epoch_ms);
  }
  return new CameraSource({ ...base, open, analysis });
}

/**
 * The simulated camera for a newcomer: if its pipeline cannot start (no OpenCV build, a worker that
 * fails before the first record), the recorded demo game plays instead, said once in the log.
 */
class FallbackSource implements RecordSource {
  private current: RecordSource;
  constructor(private readonly primary: RecordSource, private readonly fallback: () => RecordSource, private readonly log: (m: string) => void) {
    this.current = primary;
  }

  get name(): string {
    return this.primary.name;
  }

  health(): SourceHealth {
    return this.current.health();
  }

  tableChanged(balls: readonly number[] | null): void {
    this.primary.tableChanged?.(balls);
    if (this.current !== this.primary) this.current.tableChanged?.(balls);
  }

  async *items(opts: { afterSeq: number | null; signal: AbortSignal }): AsyncIterable<SourceItem> {
    let yielded = false;
    try {
      for await (const item of this.primary.items(opts)) {
        yielded = true;
        yield item;
      }
      return;
    } catch (e) {
      if (yielded || opts.signal.aborted) throw e;
      this.log(`source ${this.primary.name}: the simulated camera could not start (${e instanceof Error ? e.message : String(e)}); playing the recorded demo game instead`);
    }
    this.current = this.fallback();
    yield* this.current.items(opts);
  }
}
