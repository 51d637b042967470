// What the ball detector reports per frame, for tracking and the cue ball's identification.

export interface BallDetection {
  /** centre as seen, full-resolution px (distorted image) */
  u_px: number;
  v_px: number;
  /** where the ball stands on the table, mm (protocol axes; parallax of the centre's height undone) */
  x_mm: number;
  y_mm: number;
  /** fitted radius, px */
  r_px: number;
  /** the radius the calibration expects here, px */
  rExpected_px: number;
  /** 0..1: edge coverage, radius agreement and how unlike the cloth the disc is */
  confidence: number;
  /** mean colour inside 0.7 r, OpenCV 8-bit Lab (L 0..255, a and b centred on 128) */
  lab: [number, number, number];
  /** mean chroma sqrt((a-128)² + (b-128)²) of the disc's inner pixels: 0 for white/grey/black balls */
  chroma: number;
  /** fraction of the disc's inner pixels that are bright and unsaturated (an ivory/white ball is ~1) */
  whiteness: number;
  /** fraction of the disc's inner pixels that are strongly coloured (a solid is ~1, a stripe in between) */
  colourFraction: number;
  /** fraction much darker than the ball's body and not coloured: numerals, a dark stripe */
  darkFraction: number;
  /** fraction unlike the scene's usual ball colour (see appearance.ts): a coloured cue ball or stripe */
  oddColourFraction: number;
  /** part of the ball's outline is hidden or cut (an arm, a cue, the image edge, a pocket) */
  partial: boolean;
  /** its outline is crossed all round (90% of rays or more), even where other edges were stronger */
  outlineRound: boolean;
}

export interface DetectionTimings_ms {
  prepare: number;
  votes: number;
  refine: number;
  total: number;
  /** share of the table searched this frame (motion gating), 0..1 */
  searched: number;
}
