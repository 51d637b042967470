// Films a scenario's timeline into a clip directory: clip.mp4 (H.264 through ffmpeg), truth.jsonl
// (protocol v1), frames.jsonl (per-frame ball truth) and meta.json (table, camera, corners, look).
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, writeFileSync, type WriteStream } from 'node:fs';
import { join } from 'node:path';
import type { TableSpec } from '../table/geometry.js';
import { cameraToJson, randomCameraOverTable, type Camera } from './render/camera.js';
import { frameStream } from './render/frame-stream.js';
import { randomLook, type LookOverrides } from './render/look.js';
import { createRenderer } from './render/renderer.js';
import { ballVisibilityOf } from './render/visibility.js';
import { makeRng } from './rng.js';
import type { Timeline } from './scenarios/timeline.js';
import { frameTruthRow } from './truth.js';

export interface ClipOptions {
  out: string;
  width: number;
  height: number;
  fps: number;
  seed: number;
  look?: LookOverrides;
  /** x264 constant rate factor: lower is better quality, bigger files */
  crf?: number;
  onProgress?: (done: number, total: number) => void;
}

export interface ClipResult {
  dir: string;
  frames: number;
  duration_s: number;
  camera: Camera;
}

export class ClipError extends Error {}

function write(stream: NodeJS.WritableStream, chunk: Uint8Array | string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (e: Error) => reject(e);
    stream.once('error', onError);
    const ok = stream.write(chunk, () => { stream.off('error', onError); });
    if (ok) {
      stream.off('error', onError);
      resolve();
    } else stream.once('drain', () => { stream.off('error', onError); resolve(); });
  });
}

function closeStream(s: WriteStream): Promise<void> {
  return new Promise((resolve, reject) => s.end((e?: Error | null) => (e ? reject(e) : resolve())));
}

/** ffmpeg's arguments for a clip: raw RGB frames on stdin, H.264 at `crf` into `out` (what every simulated clip goes through). */
export function clipEncoderArgs(width: number, height: number, fps: number, crf: number, out: string): string[] {
  return [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${width}x${height}`, '-r', String(fps), '-i', '-',
    '-c:v', 'libx264', '-preset', 'veryfast', '-crf', String(crf), '-pix_fmt', 'yuv420p',
    '-movflags', '+faststart', out,
  ];
}

export async function writeClip(timeline: Timeline, o: ClipOptions): Promise<ClipResult> {
  mkdirSync(o.out, { recursive: true });
  const spec: TableSpec = timeline.table;
  const rng = makeRng(o.seed);
  const camera = randomCameraOverTable(spec, rng.fork('camera'), o.width, o.height);
  const look = randomLook(`${o.seed}:look`, o.look ?? {});
  const renderer = createRenderer(spec, camera, look, { width: o.width, height: o.height });
  const total = Math.max(1, Math.round(timeline.duration_s * o.fps));

  writeFileSync(join(o.out, 'truth.jsonl'), timeline.records.map((r) => JSON.stringify(r)).join('\n') + '\n');
  writeFileSync(join(o.out, 'meta.json'), JSON.stringify({
    scenario: timeline.name,
    description: timeline.data.description,
    seed: o.seed,
    table: { length: spec.length_mm, width: spec.width_mm, ball: spec.ball_mm },
    width: o.width,
    height: o.height,
    fps: o.fps,
    frames: total,
    duration_s: total / o.fps,
    corners: camera.surfaceCorners_px(spec).map(([u, v]) => [Math.round(u * 10) / 10, Math.round(v * 10) / 10]),
    camera: cameraToJson(camera),
    look,
  }, null, 2) + '\n');

  const ffmpeg = spawn('ffmpeg', clipEncoderArgs(o.width, o.height, o.fps, o.crf ?? look.sensor.crf, join(o.out, 'clip.mp4')), { stdio: ['pipe', 'ignore', 'pipe'] });
  let ffErr = '';
  ffmpeg.stderr.on('data', (d) => { ffErr += String(d); });
  const exited = new Promise<number>((resolve, reject) => {
    ffmpeg.on('error', (e) => reject(new ClipError(`cannot run ffmpeg (${e.message}); install it with: apt-get install ffmpeg`)));
    ffmpeg.on('close', (code) => resolve(code ?? 1));
  });
  const frames = createWriteStream(join(o.out, 'frames.jsonl'));
  try {
    for (const f of frameStream(renderer, (t) => timeline.sceneAt(t), { fps: o.fps, duration_s: total / o.fps, reuseBuffer: true, exposure_s: look.sensor.exposure_s })) {
      await write(ffmpeg.stdin, f.rgb);
      const row = frameTruthRow(f.scene, (b, s) => ballVisibilityOf(b, s, camera, spec));
      await write(frames, JSON.stringify({ frame: f.index, ...row }) + '\n');
      o.onProgress?.(f.index + 1, total);
    }
  } catch (e) {
    ffmpeg.kill('SIGKILL');
    await exited.catch(() => 1);
    throw e instanceof ClipError ? e : new ClipError(`writing the clip failed: ${(e as Error).message}${ffErr ? ` (ffmpeg: ${ffErr.trim()})` : ''}`);
  }
  ffmpeg.stdin.end();
  await closeStream(frames);
  const code = await exited;
  if (code !== 0) throw new ClipError(`ffmpeg failed (exit ${code}): ${ffErr.trim()}`);
  return { dir: o.out, frames: total, duration_s: total / o.fps, camera };
}
