// The last seconds of the camera as small JPEGs (made by the capture thread), so a stroke a person must
// review comes with its clip.
import type { Clip } from './types.js';

export class ClipRing {
  private readonly frames: { t_s: number; jpeg: Buffer }[] = [];
  /** the newest time seen, seconds */
  latest_s = -Infinity;

  constructor(private readonly keep_s: number, private readonly fps: number) {}

  add(t_s: number, jpeg: Buffer | undefined): void {
    this.latest_s = Math.max(this.latest_s, t_s);
    if (!jpeg) return;
    if (this.frames.length && t_s < this.frames.at(-1)!.t_s) this.frames.length = 0; // a new stream's clock
    this.frames.push({ t_s, jpeg });
    while (this.frames.length && this.frames[0]!.t_s < t_s - this.keep_s) this.frames.shift();
  }

  /** Frames from t0_s to t1_s (what the ring still holds of them), or null when none. */
  clip(t0_s: number, t1_s: number): Clip | null {
    const fs = this.frames.filter((f) => f.t_s >= t0_s && f.t_s <= t1_s);
    if (!fs.length) return null;
    const span = fs.at(-1)!.t_s - fs[0]!.t_s;
    return { frames: fs.map((f) => f.jpeg), t0: fs[0]!.t_s, t1: fs.at(-1)!.t_s, fps: fs.length > 1 && span > 0 ? Math.round(((fs.length - 1) / span) * 10) / 10 : this.fps };
  }
}
