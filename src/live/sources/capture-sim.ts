// The simulated camera (`sim:SEED`): frames rendered in real time by sim-render-worker, received here.
import type { Worker } from 'node:worker_threads';
import { CaptureError, type FrameCapture, type RawFrame } from './capture.js';
import type { FromSim, SimRenderOptions } from './sim-render-worker.js';
import { spawnWorker } from './spawn-worker.js';

class SimCapture implements FrameCapture {
  readonly live = true;
  corners_px: [number, number][] | null = null;
  private readonly frames: RawFrame[] = [];
  private waiting: ((f: RawFrame | null | Error) => void) | null = null;
  private ended = false;
  private failure: Error | null = null;
  streamReady!: Promise<void>;

  constructor(private readonly worker: Worker, readonly fps: number) {
    let ready: () => void;
    this.streamReady = new Promise((r) => { ready = r; });
    worker.on('message', (m: FromSim) => {
      if (m.type === 'stream') { this.corners_px = m.corners_px; ready(); return; }
      if (m.type === 'frame') {
        this.deliver({ t_s: m.t_s, width: m.width, height: m.height, order: 'rgb', data: m.data, records: m.records, newStream: m.newStream });
      } else if (m.type === 'end') {
        this.ended = true;
        this.deliver(null);
      } else {
        this.failure = new CaptureError('sim_failed', `the simulated camera failed: ${m.message}`);
        this.deliver(this.failure);
        ready();
      }
    });
    worker.on('error', (e) => { this.failure = new CaptureError('sim_failed', `the simulated camera failed: ${e.message}`); this.deliver(this.failure); ready(); });
  }

  private deliver(f: RawFrame | null | Error): void {
    if (this.waiting) {
      const w = this.waiting;
      this.waiting = null;
      w(f);
    } else if (f && !(f instanceof Error)) {
      // the reader is the capture loop, which never lags far; keep a few in case it does
      this.frames.push(f);
      if (this.frames.length > 4) {
        // the oldest frame goes, its people's records and stream start go with the next one
        const old = this.frames.shift()!;
        const next = this.frames[0]!;
        next.records = [...(old.records ?? []), ...(next.records ?? [])];
        next.newStream ||= old.newStream;
      }
    }
  }

  async read(): Promise<RawFrame | null> {
    const f = this.frames.shift();
    if (f) return f;
    if (this.failure) throw this.failure;
    if (this.ended) return null;
    const got = await new Promise<RawFrame | null | Error>((r) => { this.waiting = r; });
    if (got instanceof Error) throw got;
    return got;
  }

  release(): void {
    this.worker.postMessage({ type: 'stop' });
    void this.worker.terminate();
  }
}

export async function openSimCapture(o: SimRenderOptions): Promise<FrameCapture> {
  const cap = new SimCapture(spawnWorker('sim-render-worker', o), o.fps);
  await cap.streamReady;
  if (!cap.corners_px) {
    cap.release();
    throw new CaptureError('sim_failed', 'the simulated camera did not start');
  }
  return cap;
}
