// Made-up frame observations for the tracking and identity tests: balls as detections at 30 fps, each
// read clearly unless told otherwise, the cue ball told by its look.
import { ID_CLASSES, type BallDetection, type FrameObservation, type OccludedBox } from '../../src/vision/observation.js';
import { RUSSIAN_12FT } from '../../src/table/geometry.js';

export const FPS = 30;
export const R = RUSSIAN_12FT.ball_mm / 2;
export interface Ball { id: 'cue' | number; x: number; y: number }

/** A clear reading of the ball's number (the cue ball's look tells it apart too). */
export function reading(id: 'cue' | number): number[] {
  const p = new Array<number>(ID_CLASSES).fill(0.002);
  p[id === 'cue' ? 0 : id] = 1 - 0.002 * (ID_CLASSES - 1);
  return p;
}
export const det = (b: Ball, extra: Partial<BallDetection> = {}): BallDetection => ({ x_mm: b.x, y_mm: b.y, conf: 0.95, cueLike: b.id === 'cue' ? 0.95 : 0.03, idProbs: reading(b.id), sharp: true, ...extra });
export const at = (i: number, detections: BallDetection[], occluded: OccludedBox[] = []): FrameObservation => ({ index: i, t_s: i / FPS, detections, occluded });
