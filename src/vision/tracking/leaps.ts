// A track that took a detection far from where its ball was expected (a ball struck from rest, a
// ball found again after frames unseen) may have taken another ball's: at a break every ball of the
// rack leaps a few hundred mm between two frames, and the matching's choice among them is barely
// better than chance. possibleSwaps() prices an exchange between two tracks that both took a
// detection; a leap can also be onto the ball of a track that lost its own (a chain through three or
// four tracks at a break), which no pair exchange describes. So a leap is reported with the chance
// that the detection is some other ball's, and identity doubts the track's belief by that much.

/** A track whose detection this frame may belong to another ball. */
export interface Leap {
  id: number;
  /** the chance the track now follows another ball than it did */
  q: number;
}

/** A track is sure of a detection closer than this many radii to where its ball was or was expected. */
const LEAP_RADII = 2;
/**
 * A leap of L mm tells little about which of several balls leapt: another ball's place Δ mm further
 * from the detection is exp(-Δ / (FRACTION · L)) as likely to be where it came from.
 */
const DISTANCE_FRACTION = 0.25;
/** At most an even chance: the track's own belief is never wholly given up on geometry alone. */
const MAX_DOUBT = 0.5;
/** Doubts smaller than this are not reported. */
const MIN_DOUBT = 0.01;

/**
 * The leaps of this frame's matching. `distance(i, j)` is how far detection j lies from where track i's
 * ball was or was expected (mm); `match[i]` is track i's detection or -1. A confirmed track could have
 * been the ball behind another track's leap unless it was matched within `radius_mm · LEAP_RADII` of its
 * own place (a ball still seen where it was is accounted for); unconfirmed candidates take no part.
 */
export function possibleLeaps(ids: readonly number[], confirmed: readonly boolean[], match: readonly number[],
  distance: (track: number, detection: number) => number, radius_mm: number): Leap[] {
  const sure_mm = LEAP_RADII * radius_mm;
  const own = match.map((j, i) => (j >= 0 ? distance(i, j) : Infinity));
  const open = own.map((d, i) => confirmed[i]! && d > sure_mm);
  const out: Leap[] = [];
  match.forEach((j, i) => {
    if (j < 0 || !confirmed[i] || own[i]! <= sure_mm) return;
    const scale = DISTANCE_FRACTION * own[i]!;
    let others = 0;
    for (let k = 0; k < ids.length; k++) {
      if (k === i || !open[k]) continue;
      others += Math.exp(-Math.max(0, distance(k, j) - own[i]!) / scale);
    }
    const q = Math.min(MAX_DOUBT, others / (1 + others));
    if (q >= MIN_DOUBT) out.push({ id: ids[i]!, q });
  });
  return out;
}
