// What the detection stage hands to tracking for each frame: balls found on the table, in table
// millimetres, and where the table is hidden (arms, cue, bodies) so a vanished ball can be told
// occluded rather than pocketed.
import type { BallId } from '../sim/types.js';

/** Identity classes of the number reader: 0 = cue ball, 1..15 = object balls, 16 = number not visible. */
export const ID_CLASSES = 17;
export const NOT_VISIBLE = 16;

export interface BallDetection {
  x_mm: number;
  y_mm: number;
  /** how sure the detector is that this is a ball (0..1) */
  conf: number;
  /** probability, from the ball's look alone, that it is the cue ball */
  cueLike: number;
  /**
   * the look figures behind it, when seen from pixels: the cue ball is then told apart by comparing
   * balls with each other over time (cue-look.ts), which holds under any lamp colour
   */
  look?: BallLookFigures;
  /** reader probabilities over ID_CLASSES, when a number reading was made on this frame */
  idProbs?: Float32Array | number[];
  /** the reading was made on a sharp crop of a ball at rest (weighted more, issue 5) */
  sharp?: boolean;
  /** the disc is cut by an occluder or the image edge */
  partial?: boolean;
  /** its outline is crossed all round, even where stronger edges inside it (a striped ball's band) made it partial */
  round?: boolean;
  /** where it was seen in the image, full resolution (for reading its number) */
  u_px?: number;
  v_px?: number;
  r_px?: number;
}

export interface BallLookFigures {
  /** share of the disc unlike the scene's usual ball colour */
  oddColour: number;
  /** share much darker than the ball's body (numerals, a dark stripe) */
  dark: number;
  /** share bright and unsaturated */
  white: number;
  /** share strongly coloured in absolute terms */
  colour: number;
}

/** An axis-aligned region of the table that the camera cannot see this frame, in mm. */
export interface OccludedBox {
  x0_mm: number;
  y0_mm: number;
  x1_mm: number;
  y1_mm: number;
}

export interface FrameObservation {
  index: number;
  t_s: number;
  detections: BallDetection[];
  occluded: OccludedBox[];
}

export function isOccluded(o: FrameObservation, x_mm: number, y_mm: number, margin_mm = 0): boolean {
  return inBoxes(o.occluded, x_mm, y_mm, margin_mm);
}

/** Whether a point lies in any of the boxes, grown by `margin_mm`. */
export function inBoxes(boxes: readonly OccludedBox[], x_mm: number, y_mm: number, margin_mm = 0): boolean {
  return boxes.some((b) => x_mm >= b.x0_mm - margin_mm && x_mm <= b.x1_mm + margin_mm && y_mm >= b.y0_mm - margin_mm && y_mm <= b.y1_mm + margin_mm);
}

export const classOf = (id: BallId): number => (id === 'cue' ? 0 : id);
export const idOfClass = (c: number): BallId => (c === 0 ? 'cue' : c);
