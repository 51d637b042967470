// The fallback for cameras neither OpenCV nor ffmpeg can open: a still-capture command run at an interval,
// printing one JPEG (or PNG) on stdout — e.g. `fswebcam -r 1920x1080 --no-banner -`, what node-webcam runs.
// The still goes to the analysis thread encoded; it decodes it.
import { spawn } from 'node:child_process';
import { CaptureError, type FrameCapture, type RawFrame } from './capture.js';

function runStill(command: string, timeout_ms: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', command], { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let err = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), timeout_ms);
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d) => { if (err.length < 500) err += String(d); });
    child.on('error', (e) => { clearTimeout(timer); reject(e); });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(Buffer.concat(out));
      else reject(new Error(`exit ${code ?? signal}${err ? `: ${err.trim().split('\n').at(-1)}` : ''}`));
    });
  });
}

const looksLikeImage = (b: Buffer) => (b[0] === 0xff && b[1] === 0xd8) || (b[0] === 0x89 && b.subarray(1, 4).toString() === 'PNG');

class StillCapture implements FrameCapture {
  readonly corners_px = null;
  readonly live = true;
  readonly fps: number;
  private next_ms = 0;

  constructor(private readonly command: string, private readonly interval_s: number, private readonly clock0_epoch_ms: number) {
    this.fps = 1 / interval_s;
  }

  async read(): Promise<RawFrame | null> {
    const wait = this.next_ms - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    this.next_ms = Date.now() + this.interval_s * 1000;
    let bytes: Buffer;
    try {
      bytes = await runStill(this.command, Math.max(5000, this.interval_s * 3000));
    } catch (e) {
      throw new CaptureError('still_failed', `the still command failed (${e instanceof Error ? e.message : String(e)})`);
    }
    if (!looksLikeImage(bytes)) throw new CaptureError('still_not_an_image', `the still command printed ${bytes.length} bytes that are not a JPEG or PNG image`);
    return { t_s: (Date.now() - this.clock0_epoch_ms) / 1000, width: 0, height: 0, order: 'encoded', data: new Uint8Array(bytes) };
  }

  release(): void {}
}

export async function openStillCapture(command: string, interval_s: number, clock0_epoch_ms: number): Promise<FrameCapture> {
  return new StillCapture(command, interval_s, clock0_epoch_ms);
}
