// How much a ball looks like the cue ball (R1.1: coloured or striped, clearly unlike the ivory
// object balls; `white` is the pool case, where the object balls are the coloured ones).

export type CueBallMode = 'auto' | 'colour' | 'stripe' | 'white';
export const CUE_BALL_MODES: readonly CueBallMode[] = ['auto', 'colour', 'stripe', 'white'];

export interface BallLook {
  /** share of the disc that is strongly coloured */
  colourFraction: number;
  /** share that is bright and unsaturated */
  whiteness: number;
}

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

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
