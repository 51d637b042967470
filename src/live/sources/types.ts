// Where records come from. A source yields protocol records one by one as they happen: a recorded file, the
// demo, and later the camera pipeline (which adds a short clip to each stroke a person may have to review).

/** A short clip around a stroke: JPEG frames in memory, or a video file already on disk. */
export interface Clip {
  /** a video file (e.g. mp4) to keep with the review item */
  path?: string;
  /** JPEG frames, in order */
  frames?: Buffer[];
  /** source times of the first and last frame, seconds */
  t0: number;
  t1: number;
  fps?: number;
}

export interface SourceItem {
  /** a protocol v1 record, unchecked: the referee validates it */
  record: unknown;
  /** position in the source, increasing: a restarted source resumes after the last journaled one */
  seq: number;
  /**
   * the stroke's clip; a promise when the frames after the stroke are still to come (the record goes
   * to the referee at once: the score does not wait for the video)
   */
  clip?: Clip | Promise<Clip | null>;
}

export interface SourceHealth {
  state: 'starting' | 'running' | 'ended' | 'stopped' | 'error';
  /** frames per second taken from the camera; null for sources without frames */
  fps: number | null;
  dropped_frames: number;
  /** frames passed over on purpose while the analysis cannot take every one (it takes every 2nd or 3rd) */
  skipped_frames?: number;
  camera_state: 'online' | 'offline' | 'none';
  detail?: string;
  /** the camera analysis's last few warnings, newest last (a bumped camera found again, or not), each led by its ISO time */
  warnings?: string[];
}

export interface RecordSource {
  /** stable name, journaled with each record (e.g. "demo", "records:game.jsonl") */
  readonly name: string;
  /** Items with seq greater than `afterSeq`, as they happen, until the source ends or `signal` aborts. */
  items(opts: { afterSeq: number | null; signal: AbortSignal }): AsyncIterable<SourceItem>;
  health(): SourceHealth;
  /**
   * The object balls the rules engine has on the table, after each change (null: no game in play, so a
   * full rack): a camera names the balls it sees among them.
   */
  tableChanged?(balls: readonly number[] | null): void;
}

/** Waits, unless aborted (then resolves early; the caller checks the signal). */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted || ms <= 0) return resolve();
    const done = () => { clearTimeout(timer); signal.removeEventListener('abort', done); resolve(); };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}
