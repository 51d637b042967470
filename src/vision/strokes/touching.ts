// Chains of balls at rest that touch one another (a rack, a cluster): a hit at one end reaches the
// other at once, so who set a ball moving may be found along such a chain.

interface Ball { id: number }

/**
 * Breadth-first from `from` over balls linked by `link(cur, o)`, until `reached(o, via)` holds for a
 * ball `o` next to `via`. Returns the chain from `from` to that ball (both ends included), or null.
 */
export function chainTo<T extends Ball>(from: T, among: readonly T[], link: (cur: T, o: T) => boolean, reached: (o: T, via: T) => boolean): T[] | null {
  const prev = new Map<number, T | null>([[from.id, null]]);
  const queue: T[] = [from];
  while (queue.length) {
    const cur = queue.shift()!;
    for (const o of among) {
      if (prev.has(o.id)) continue;
      if (reached(o, cur)) {
        const chain: T[] = [o];
        for (let b: T | null = cur; b; b = prev.get(b.id) ?? null) chain.unshift(b);
        return chain;
      }
      if (link(cur, o)) {
        prev.set(o.id, cur);
        queue.push(o);
      }
    }
  }
  return null;
}

/**
 * Every ball joined to `from` by `link(cur, o)`, breadth-first (`from` first), each with the ball before
 * it: for choosing among all the balls of a cluster rather than the first that fits.
 */
export function joinedTo<T extends Ball>(from: T, among: readonly T[], link: (cur: T, o: T) => boolean): { joined: T[]; prev: Map<number, T | null> } {
  const prev = new Map<number, T | null>([[from.id, null]]);
  const joined: T[] = [from];
  for (let k = 0; k < joined.length; k++) {
    const cur = joined[k]!;
    for (const o of among) {
      if (prev.has(o.id) || !link(cur, o)) continue;
      prev.set(o.id, cur);
      joined.push(o);
    }
  }
  return { joined, prev };
}

/** The path from the start of a `joinedTo` search to `to`, both ends included. */
export function pathTo<T extends Ball>(prev: ReadonlyMap<number, T | null>, to: T): T[] {
  const path: T[] = [];
  for (let b: T | null = to; b; b = prev.get(b.id) ?? null) path.unshift(b);
  return path;
}
