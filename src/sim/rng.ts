// Seeded random numbers for the simulator. Everything random in src/sim takes an Rng, so a seed
// reproduces a clip exactly; `fork(label)` gives independent streams (e.g. physics noise vs looks),
// so adding a draw to one stream does not shift every other.

export interface Rng {
  /** uniform in [0, 1) */
  next(): number;
  /** uniform in [a, b) */
  uniform(a: number, b: number): number;
  /** normal with mean mu and standard deviation sd */
  normal(mu?: number, sd?: number): number;
  /** integer uniform in [a, b] inclusive */
  int(a: number, b: number): number;
  pick<T>(arr: readonly T[]): T;
  /** true with probability p */
  chance(p: number): boolean;
  shuffle<T>(arr: readonly T[]): T[];
  /** an independent stream derived from this one's seed and the label (does not advance this one) */
  fork(label: string): Rng;
  readonly seed: number;
}

/** FNV-1a: a stable 32-bit hash for labels and string seeds. */
export function hash32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** splitmix32 finaliser: spreads nearby seeds (1, 2, 3…) over the state space. */
function mix32(x: number): number {
  x = (x + 0x9e3779b9) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}

class Mulberry32 implements Rng {
  private state: number;
  private spareNormal: number | null = null;

  constructor(readonly seed: number) {
    this.state = mix32(seed >>> 0);
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  uniform(a: number, b: number): number {
    return a + (b - a) * this.next();
  }

  normal(mu = 0, sd = 1): number {
    if (this.spareNormal !== null) {
      const z = this.spareNormal;
      this.spareNormal = null;
      return mu + sd * z;
    }
    // Box–Muller; 1 - next() avoids log(0)
    const u = 1 - this.next();
    const v = this.next();
    const r = Math.sqrt(-2 * Math.log(u));
    this.spareNormal = r * Math.sin(2 * Math.PI * v);
    return mu + sd * r * Math.cos(2 * Math.PI * v);
  }

  int(a: number, b: number): number {
    return a + Math.floor(this.next() * (b - a + 1));
  }

  pick<T>(arr: readonly T[]): T {
    if (arr.length === 0) throw new Error('Rng.pick: empty array');
    return arr[Math.floor(this.next() * arr.length)]!;
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  shuffle<T>(arr: readonly T[]): T[] {
    const out = [...arr];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  }

  fork(label: string): Rng {
    return new Mulberry32(mix32(this.seed ^ hash32(label)));
  }
}

/** A seeded generator; a string seed is hashed. */
export function makeRng(seed: number | string): Rng {
  return new Mulberry32(typeof seed === 'string' ? hash32(seed) : seed >>> 0);
}
