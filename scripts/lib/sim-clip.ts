// A clip made by `marker simulate`, opened for the development and evaluation scripts: its meta, its
// per-frame truth, the video, and a calibration from its first frames (only the head side given, as an
// installer gives it: an empty table looks the same both ways round).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import cv from '../../src/vision/cv.js';
import type { VideoCapture } from '../../src/vision/cv.js';
import { calibrate } from '../../src/vision/calibration/calibrate.js';
import type { CalibrationProfile } from '../../src/vision/calibration/profile.js';
import { readFrame, type Frame } from '../../src/vision/frame.js';
import { tableFromProtocol, type TableSpec } from '../../src/table/geometry.js';
import { headSideOfCorners } from '../../src/vision/calibration/head-side.js';

/** One frame's truth from frames.jsonl. */
export interface FrameTruth {
  balls: { id: number | 'cue'; x: number; y: number; state: string }[];
}

export interface SimClip {
  /** meta.json as `marker simulate` wrote it (the look's fields are many and only read by development scripts) */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  meta: { fps: number; duration_s: number; corners: [number, number][]; [field: string]: any };
  spec: TableSpec;
  rows: FrameTruth[];
  /** frame n in order (the first ones are kept from calibration), or null at the end */
  frame(n: number): Frame | null;
  release(): void;
}

/** Opens the clip in `dir` (no calibration yet). */
export function openSimClip(dir: string): SimClip {
  const meta = JSON.parse(readFileSync(join(dir, 'meta.json'), 'utf8'));
  const rows = readFileSync(join(dir, 'frames.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as FrameTruth);
  const cap: VideoCapture = new cv.VideoCapture(join(dir, 'clip.mp4'));
  const fps = cap.get(cv.CAP_PROP_FPS) || meta.fps;
  const first: Frame[] = [];
  for (let i = 0; i < 5; i++) { const f = readFrame(cap, i, fps); if (f) first.push(f); }
  return {
    meta, spec: tableFromProtocol(meta.table), rows,
    frame: (n) => (n < first.length ? first[n]! : readFrame(cap, n, fps)),
    release: () => cap.release(),
  };
}

/** Calibrates from the clip's first frames, as `marker calibrate --head` would. */
export function calibrateSimClip(clip: SimClip): CalibrationProfile {
  const first: Frame[] = [];
  for (let i = 0; i < 5; i++) { const f = clip.frame(i); if (f) first.push(f); }
  return calibrate(first, { spec: clip.spec, head: headSideOfCorners(clip.meta.corners) }).profile;
}
