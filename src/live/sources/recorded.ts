// A source that plays protocol records already written down (a file, the demo game), either at the pace
// of their own times or as fast as possible. A stroke's record "happens" when its balls stop (t1), as it
// would come from the camera.
import { sleep, type RecordSource, type SourceHealth, type SourceItem } from './types.js';

export interface Pacing {
  pace: 'realtime' | 'fast';
  /** realtime speed-up: 2 plays twice as fast */
  speed: number;
}

/** When a record happens on its source's clock, seconds; null for records without a time. */
export function timeOf(record: unknown): number | null {
  if (typeof record !== 'object' || record === null) return null;
  const r = record as Record<string, unknown>;
  for (const k of ['t1', 't0', 't']) if (typeof r[k] === 'number' && Number.isFinite(r[k])) return r[k] as number;
  return null;
}

export class RecordedSource implements RecordSource {
  private status: SourceHealth['state'] = 'starting';

  /** `items` is called again for every pass (a looping demo); seq must keep increasing across passes. */
  constructor(
    readonly name: string,
    private readonly produce: () => Iterable<SourceItem>,
    private readonly pacing: Pacing,
  ) {}

  health(): SourceHealth {
    return { state: this.status, fps: null, dropped_frames: 0, camera_state: 'none' };
  }

  async *items(opts: { afterSeq: number | null; signal: AbortSignal }): AsyncIterable<SourceItem> {
    this.status = 'running';
    // each record is due at a fixed offset from the first one's, so waits do not accumulate drift
    let first: { t: number; wall_ms: number } | null = null;
    for (const item of this.produce()) {
      if (opts.signal.aborted) break;
      if (opts.afterSeq !== null && item.seq <= opts.afterSeq) continue;
      const t = timeOf(item.record);
      if (this.pacing.pace === 'realtime' && t !== null) {
        if (first === null) first = { t, wall_ms: performance.now() };
        const due_ms = first.wall_ms + ((t - first.t) * 1000) / this.pacing.speed;
        await sleep(due_ms - performance.now(), opts.signal);
      }
      if (opts.signal.aborted) break;
      yield item;
    }
    this.status = opts.signal.aborted ? 'stopped' : 'ended';
  }
}
