// The (upper) median of a list of numbers, its order kept: for a few hundred values at a time, where
// sorting a copy costs nothing worth saving (see votes.ts's medianInPlace for a hot path).
export function median(v: readonly number[]): number {
  const s = [...v].sort((x, y) => x - y);
  return s[s.length >> 1]!;
}
