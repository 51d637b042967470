// Frames decoded by an ffmpeg child process: a video file, a V4L2 device (size, rate, pixel format), an
// RTSP/HTTP stream. Raw BGR frames are read from its stdout without blocking the event loop. (OpenCV's
// VideoCapture cannot be used here: the binding works in one thread of a process only, and that thread is
// the analysis worker's.) A still-capture command is the fallback for cameras neither can open.
import { spawn, spawnSync, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import { CaptureError, type FrameCapture, type RawFrame } from './capture.js';

interface Probe { width: number; height: number; fps: number | null }

/** Size and rate of a file or stream's first video stream; throws CaptureError when it has none. */
function probe(input: string[], what: string, reason: string): Probe {
  const r = spawnSync('ffprobe', ['-v', 'error', ...input, '-select_streams', 'v:0', '-show_entries', 'stream=width,height,avg_frame_rate,r_frame_rate', '-of', 'json'], { encoding: 'utf8', timeout: 15_000 });
  if (r.error) throw new CaptureError('open_failed', `cannot run ffprobe (${r.error.message}); install ffmpeg`);
  let s: { width?: number; height?: number; avg_frame_rate?: string; r_frame_rate?: string } | undefined;
  try { s = (JSON.parse(r.stdout) as { streams?: typeof s[] }).streams?.[0]; } catch { s = undefined; }
  if (r.status !== 0 || !s?.width || !s.height) {
    throw new CaptureError(reason, `${what}: ${reason === 'not_a_video' ? 'not a video (no video stream ffmpeg can decode)' : 'cannot be opened'}${r.stderr ? ` — ${r.stderr.trim().split('\n').at(-1)}` : ''}`);
  }
  const rate = (txt?: string) => { const [a, b] = (txt ?? '').split('/').map(Number); return a && b ? a / b : null; };
  const fps = rate(s.avg_frame_rate) ?? rate(s.r_frame_rate);
  return { width: s.width, height: s.height, fps: fps && fps < 1000 ? fps : null };
}

class FfmpegCapture implements FrameCapture {
  readonly corners_px = null;
  private readonly frameBytes: number;
  private chunks: Buffer[] = [];
  private buffered = 0;
  private ended = false;
  private failure: string | null = null;
  private wake: (() => void) | null = null;
  private index = 0;
  private stderr = '';

  constructor(private readonly child: ChildProcessByStdio<null, Readable, Readable>, private readonly p: Probe, readonly live: boolean, private readonly clock0_epoch_ms: number) {
    this.frameBytes = p.width * p.height * 3;
    child.stdout.on('data', (d: Buffer) => {
      this.chunks.push(d);
      this.buffered += d.length;
      // a live camera read late keeps only its newest frames (the source counts what it skips)
      this.notify();
    });
    child.stderr.on('data', (d) => { this.stderr = (this.stderr + String(d)).slice(-400); });
    child.on('close', (code) => {
      this.ended = true;
      if (code !== 0 && code !== null) this.failure = `ffmpeg exit ${code}${this.stderr ? `: ${this.stderr.trim().split('\n').at(-1)}` : ''}`;
      this.notify();
    });
    child.on('error', (e) => { this.ended = true; this.failure = e.message; this.notify(); });
  }

  get fps(): number | null {
    return this.p.fps;
  }

  private notify(): void {
    const w = this.wake;
    this.wake = null;
    w?.();
  }

  private take(): Uint8Array {
    const out = new Uint8Array(this.frameBytes);
    let off = 0;
    while (off < this.frameBytes) {
      const c = this.chunks[0]!;
      const n = Math.min(c.length, this.frameBytes - off);
      out.set(c.subarray(0, n), off);
      off += n;
      if (n === c.length) this.chunks.shift();
      else this.chunks[0] = c.subarray(n);
    }
    this.buffered -= this.frameBytes;
    return out;
  }

  async read(): Promise<RawFrame | null> {
    for (;;) {
      if (this.buffered >= this.frameBytes) {
        const data = this.take();
        const t_s = this.live ? (Date.now() - this.clock0_epoch_ms) / 1000 : this.index / (this.p.fps ?? 30);
        this.index++;
        return { t_s, width: this.p.width, height: this.p.height, order: 'bgr', data };
      }
      if (this.ended) {
        if (!this.live && !this.failure) return null;
        if (!this.live) throw new CaptureError('read_failed', `decoding stopped: ${this.failure}`);
        throw new CaptureError('read_failed', this.failure ? `the camera stopped (${this.failure})` : 'the camera stream ended');
      }
      await new Promise<void>((r) => { this.wake = r; });
    }
  }

  release(): void {
    this.child.stdout.destroy();
    if (this.child.exitCode === null) this.child.kill('SIGKILL');
  }
}

function start(input: string[], p: Probe, live: boolean, clock0_epoch_ms: number): FrameCapture {
  const child = spawn('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', ...input, '-map', '0:v:0', '-f', 'rawvideo', '-pix_fmt', 'bgr24', '-'], { stdio: ['ignore', 'pipe', 'pipe'] });
  return new FfmpegCapture(child, p, live, clock0_epoch_ms);
}

export async function openVideoFile(path: string): Promise<FrameCapture> {
  const p = probe(['-i', path], path, 'not_a_video');
  return start(['-i', path], p, false, Date.now());
}

export interface DeviceProps { width?: number; height?: number; fps?: number; fourcc?: string }

const FOURCC_TO_FFMPEG: Record<string, string> = { MJPG: 'mjpeg', YUYV: 'yuyv422', H264: 'h264', NV12: 'nv12' };

/** A V4L2 device: /dev/videoN or an index N. */
export async function openV4l2(target: string | number, props: DeviceProps, clock0_epoch_ms: number): Promise<FrameCapture> {
  const dev = typeof target === 'number' ? `/dev/video${target}` : target;
  const input = ['-f', 'v4l2',
    ...(props.fourcc ? ['-input_format', FOURCC_TO_FFMPEG[props.fourcc.toUpperCase()] ?? props.fourcc.toLowerCase()] : []),
    ...(props.width && props.height ? ['-video_size', `${props.width}x${props.height}`] : []),
    ...(props.fps ? ['-framerate', String(props.fps)] : []),
    '-i', dev];
  const p = probe(input, dev, 'open_failed');
  return start(input, p, true, clock0_epoch_ms);
}

/** An RTSP or HTTP(S) stream (MJPEG, HLS, …). */
export async function openStream(url: string, clock0_epoch_ms: number): Promise<FrameCapture> {
  const input = [...(url.startsWith('rtsp') ? ['-rtsp_transport', 'tcp'] : []), '-i', url];
  const p = probe(input, url.replace(/\/\/[^@/]*@/, '//…@'), 'open_failed');
  return start(input, p, true, clock0_epoch_ms);
}
