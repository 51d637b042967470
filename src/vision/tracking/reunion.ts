// Balls are not made on the table. A ball the tracker lost away from every pocket and arm (a `missing`
// track, seen nowhere since) and a new ball that came to rest where no tracked ball was are the same
// ball when nothing else could pair with either: the new track takes over the lost one's identity.
// (A new track born in the very frame the lost one was last seen counts: that last sight may have been a
// piece of the hand carrying the ball off, and the new track the ball under it — 1121200, and 1031201 for
// the tracker's own rule for a ball gone from rest. So does one begun before on the hand that carried the
// ball, still moving with it after: see arrivedSince().)
// Without this the lost track kept its name for the rest of the game, the new one was named by
// elimination with no confidence, and every later stroke it played in was misnamed (a cue ball lost
// once, struck hard, made the next five strokes "struck 12").
import { arrivedSince, cueLooking, lookKnown, type Track } from './tracker.js';

export interface ReunionOptions {
  /** a track lost for less than this, s, may still be found where it was */
  lostFor_s: number;
}

export const REUNION: ReunionOptions = { lostFor_s: 1 };

/** Pairs of a lost track and the new track that is the same ball, each pair the only one either could be in. */
export function reunions(tracks: readonly Track[], t_s: number, o: ReunionOptions = REUNION): { lost: Track; found: Track }[] {
  const lost = tracks.filter((t) => t.confirmed && t.state === 'missing' && t_s - t.lastSeen_s > o.lostFor_s);
  if (!lost.length) return [];
  // (and seen whole often enough for its look to be known: a "ball" on the sleeve of the arm that hid a resting
  // ball, dark and seen whole once, was taken for it found again 118 mm off — 1395001 at 93 s, a false `moved`)
  const found = tracks.filter((t) => t.confirmed && t.state === 'visible' && lookKnown(t) && lost.some((l) => arrivedSince(t, l.lastSeen_s)));
  // a cue ball lost is not an object ball found: when the lost one's look is known too they must agree
  const fits = (l: Track, f: Track) => {
    const a = cueLooking(l);
    return arrivedSince(f, l.lastSeen_s) && (a === undefined || a === cueLooking(f));
  };
  const out: { lost: Track; found: Track }[] = [];
  for (const l of lost) {
    const fs = found.filter((f) => fits(l, f));
    if (fs.length !== 1) continue;
    const f = fs[0]!;
    if (lost.filter((k) => fits(k, f)).length === 1) out.push({ lost: l, found: f });
  }
  return out;
}

/**
 * Balls are not made, and a table holds 16: when the tracks on the table and those taken off it add up
 * to more, the surplus are tracks that lost their ball or never had one (fingertips on the rail, a cuff
 * that rested half a second). Of the tracks lost away from the pockets, the least seen go first: fewest
 * whole outlines, then the shortest lives.
 */
export function surplusLost(tracks: readonly Track[], t_s: number, balls = 16, o: ReunionOptions = REUNION): Track[] {
  const counted = tracks.filter((t) => t.confirmed).length;
  if (counted <= balls) return [];
  const lost = tracks.filter((t) => t.confirmed && t.state === 'missing' && t_s - t.lastSeen_s > o.lostFor_s);
  lost.sort((a, b) => (a.wholeSeen ?? 0) - (b.wholeSeen ?? 0) || (a.lastSeen_s - a.born_s) - (b.lastSeen_s - b.born_s));
  return lost.slice(0, counted - balls);
}
