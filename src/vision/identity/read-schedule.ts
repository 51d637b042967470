// When to read a ball's number (issue 5). A resting ball shows the same face frame after frame, so its
// readings are near copies: read it at once, again after 0.5 s, then after twice as long each time (up
// to 8 s), anew when it moves. A ball rolling slowly is read each time it has rolled a quarter of its
// width on (another face by then): balls at rest can lie numeral-down for a whole game, and a slow roll
// turns the numeral up. Faster than 250 mm/s the numeral smears (the reader learnt a numeral as
// readable when the ball moved under 6 mm in the exposure). Least recently read first.
import { hypot2 } from '../hypot2.js';

/** A resting ball is read again after this long, then after twice as long each time, up to the maximum. */
export const READ_AGAIN_S = 0.5;
export const READ_BACKOFF_MAX_S = 8;
/** Balls slower than this are read. */
export const READ_MAX_SPEED_MM_S = 250;
/** Slower than this a ball is at rest, and its readings are sharp. */
export const REST_MM_S = 30;

export interface ReadableTrack {
  id: number;
  visible: boolean;
  x_mm: number;
  y_mm: number;
  speed_mm_s: number;
}

/** One track's readings so far: the last one's time, how many at this spot, the spot's place and key. */
export interface SpotReads {
  t_s: number;
  count: number;
  x_mm: number;
  y_mm: number;
  spot: number;
}

export class ReadSchedule {
  private readonly reads = new Map<number, SpotReads>();
  private spots = 0;

  constructor(private readonly R_mm: number, private readonly perFrame = 4) {}

  /** The tracks to read now, at most `perFrame` of them (`view` tells what the schedule needs of each). */
  due<T>(tracks: readonly T[], view: (t: T) => ReadableTrack, t_s: number): T[] {
    return tracks
      .map((x) => ({ x, t: view(x) }))
      .filter(({ t }) => {
        if (!t.visible || t.speed_mm_s >= READ_MAX_SPEED_MM_S) return false;
        const r = this.reads.get(t.id);
        if (!r) return true;
        if (hypot2(t.x_mm - r.x_mm, t.y_mm - r.y_mm) > this.R_mm / 2) return t.speed_mm_s >= REST_MM_S || t_s - r.t_s > READ_AGAIN_S;
        return t.speed_mm_s < REST_MM_S && t_s - r.t_s > Math.min(READ_BACKOFF_MAX_S, READ_AGAIN_S * 2 ** (r.count - 1));
      })
      .sort((a, b) => (this.reads.get(a.t.id)?.t_s ?? -Infinity) - (this.reads.get(b.t.id)?.t_s ?? -Infinity))
      .slice(0, this.perFrame)
      .map(({ x }) => x);
  }

  /** Notes a reading of `t` now; returns its spot's key (the same while the ball stays within a quarter of its width). */
  read(t: ReadableTrack, t_s: number): number {
    const r = this.reads.get(t.id);
    const sameSpot = r && hypot2(t.x_mm - r.x_mm, t.y_mm - r.y_mm) <= this.R_mm / 2;
    const next = sameSpot ? { ...r, t_s, count: r.count + 1 } : { t_s, count: 1, x_mm: t.x_mm, y_mm: t.y_mm, spot: ++this.spots };
    this.reads.set(t.id, next);
    return next.spot;
  }
}
