// `--debug-video`: the analysed video with what the pipeline saw drawn on it — every track with its
// name and state, the stroke in progress — for a person checking a doubtful call.
import cv from './cv.js';
import type { Frame } from './frame.js';
import type { ObservationAnalyzer } from './analyze-observations.js';
import { ALL_BALLS } from '../sim/types.js';


const COLOURS = { visible: new cv.Vec3(60, 220, 60), occluded: new cv.Vec3(0, 200, 255), missing: new cv.Vec3(0, 0, 255) };

export class DebugVideo {
  private writer: InstanceType<typeof cv.VideoWriter> | null = null;

  constructor(readonly path: string, readonly fps = 30) {}

  frame(f: Frame, a: ObservationAnalyzer): void {
    if (!this.writer) this.writer = new cv.VideoWriter(this.path, cv.VideoWriter.fourcc('mp4v'), this.fps, new cv.Size(f.width, f.height));
    const img = f.bgr.copy();
    const live = a.tracker.live();
    const names = a.ids.resolve(live.map((t) => t.id), ALL_BALLS);
    for (const t of live) {
      const d = t.last;
      if (d?.u_px === undefined || d.v_px === undefined) continue;
      const colour = COLOURS[t.state as keyof typeof COLOURS] ?? COLOURS.missing;
      const c = new cv.Point2(d.u_px, d.v_px);
      img.drawCircle(c, Math.max(4, Math.round(d.r_px ?? 10)), colour, 2);
      const n = names.get(t.id);
      const label = `${n ? String(n.id) : '?'}${n && n.confidence < 0.9 ? '?' : ''}`;
      img.putText(label, new cv.Point2(d.u_px + (d.r_px ?? 10) + 2, d.v_px - 4), cv.FONT_HERSHEY_SIMPLEX, 0.5, colour, 1);
    }
    const status = `${f.t_s.toFixed(2)} s  ${a.builder.inStroke ? 'STROKE' : 'rest'}  tracks ${live.length}`;
    img.putText(status, new cv.Point2(12, 24), cv.FONT_HERSHEY_SIMPLEX, 0.7, new cv.Vec3(255, 255, 255), 2);
    this.writer.write(img);
  }

  close(): void {
    this.writer?.release();
    this.writer = null;
  }
}
