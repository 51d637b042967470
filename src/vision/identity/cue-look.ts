// How much a ball looks like the cue ball (R1.1: coloured or striped, clearly unlike the ivory
// object balls; `white` is the pool case, where the object balls are the coloured ones).

import type { BallLookFigures } from '../observation.js';

export type CueBallMode = 'auto' | 'colour' | 'stripe' | 'white';
export const CUE_BALL_MODES: readonly CueBallMode[] = ['auto', 'colour', 'stripe', 'white'];

export interface BallLook {
  /** share of the disc that is strongly coloured */
  colourFraction: number;
  /** share that is bright and unsaturated */
  whiteness: number;
}

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/**
 * How much unlike the other balls a ball looks, for the cue ball's mode: compared between the balls
 * of one table (cueEvidence), never against a fixed threshold. In a Russian set the cue ball is the
 * one with colour (solid or a band) or a dark band on it; numerals darken every object ball a little,
 * so darkness counts half.
 */
export function cueOddness(f: BallLookFigures, mode: CueBallMode): number {
  switch (mode) {
    case 'colour': return f.oddColour;
    case 'white': return f.white - f.colour;
    case 'stripe':
    case 'auto': return f.oddColour + 0.5 * f.dark;
  }
}

/** Nats of cue-ball evidence per unit of oddness over the midpoint between the two oddest balls. */
const ODDNESS_NATS = 60;
/** Evidence is capped: a look never outweighs a clear number reading, and a glitch cannot run away. */
const MAX_NATS = 6;
/** Below this the oddest ball does not stand out at all (every ball alike: no cue ball by look). */
const MIN_ODDNESS = 0.03;

/**
 * Log-odds of "this is the cue ball" for each ball from its time-averaged oddness, relative to the
 * others: the oddest ball gets evidence for in proportion to its lead over the runner-up, the rest
 * against. `weight` is how many looks stand behind each average (few looks, less evidence).
 */
export function cueEvidence(balls: { oddness: number; weight: number }[]): number[] {
  if (!balls.length) return [];
  const sorted = balls.map((b) => b.oddness).sort((a, b) => b - a);
  const top = sorted[0]!, second = sorted[1] ?? 0;
  const mid = Math.max(MIN_ODDNESS, (top + second) / 2);
  const seen = (b: { weight: number }) => Math.min(1, b.weight / 15);
  // evidence against a ball because another looks odder counts only as far as that other's look has been
  // seen (991001, with a detector variant tried in session 25: a "ball" on the bridge hand by the rail, seen
  // whole in two frames, took the cue ball's name from a striped cue ball read as the cue ball, its band
  // turned away)
  const topSeen = seen(balls.reduce((a, b) => (b.oddness > a.oddness ? b : a)));
  // and only as far as the oddest stands out at all: when every ball looks alike (a cue ball whose mark
  // this camera does not resolve) no look speaks against any of them, and a "ball" seen for a moment is
  // no likelier the cue ball than one seen for seconds (1235000: a part-found "ball" on the bridge hand,
  // seen whole twice, took the cue ball's name from a narrowly striped cue ball under one lamp)
  const standing = Math.max(0, Math.min(1, (top - MIN_ODDNESS) / MIN_ODDNESS));
  return balls.map((b) => {
    const nats = Math.max(-MAX_NATS, Math.min(MAX_NATS, ODDNESS_NATS * (b.oddness - mid))) * seen(b);
    return nats < 0 ? nats * topSeen * standing : nats;
  });
}

export function cueLikelihood(look: BallLook, mode: CueBallMode): number {
  switch (mode) {
    case 'colour':
      return sigmoid((look.colourFraction - 0.35) / 0.08);
    case 'stripe':
      // a stripe colours a band: some of the disc, not all of it
      return sigmoid((look.colourFraction - 0.12) / 0.04) * sigmoid((0.75 - look.colourFraction) / 0.06);
    case 'white':
      return sigmoid((look.whiteness - 0.75) / 0.06) * sigmoid((0.1 - look.colourFraction) / 0.04);
    case 'auto':
      // a Russian set: the one ball with colour on it, solid or striped
      return sigmoid((look.colourFraction - 0.12) / 0.04);
  }
}
