// Minimum-cost one-to-one assignment (Hungarian / Kuhn–Munkres, O(n³)); n ≤ 16 balls here.

/**
 * `cost[i][j]` for rows i and columns j (rectangular allowed). Returns for each row the column it
 * gets, or -1. Pairs whose cost is `Infinity` are never assigned. Without `miss`, as many rows as can be
 * get a column; with it, a row may go without one at that cost, when every way of giving it one costs
 * the others more (`miss` may be given per row).
 */
export function assign(cost: number[][], miss?: number | readonly number[]): number[] {
  if (miss !== undefined && cost.length) {
    const cols = cost[0]!.length;
    const missOf = (i: number) => (typeof miss === 'number' ? miss : miss[i]!);
    const out = assign(cost.map((row, i) => [...row, ...cost.map((_, k) => (k === i ? missOf(i) : Infinity))]));
    return out.map((j) => (j >= cols ? -1 : j));
  }
  const rows = cost.length;
  const cols = rows ? cost[0]!.length : 0;
  if (!rows || !cols) return new Array(rows).fill(-1);
  const n = Math.max(rows, cols);
  const BIG = 1e12;
  const a = (i: number, j: number): number => {
    if (i >= rows || j >= cols) return BIG / 2; // padding: "unassigned" costs more than any real pair
    const c = cost[i]![j]!;
    return Number.isFinite(c) ? c : BIG;
  };
  const u = new Float64Array(n + 1);
  const v = new Float64Array(n + 1);
  const p = new Int32Array(n + 1);
  const way = new Int32Array(n + 1);
  for (let i = 1; i <= n; i++) {
    p[0] = i;
    let j0 = 0;
    const minv = new Float64Array(n + 1).fill(Infinity);
    const used = new Uint8Array(n + 1);
    do {
      used[j0] = 1;
      const i0 = p[j0]!;
      let delta = Infinity;
      let j1 = 0;
      for (let j = 1; j <= n; j++) {
        if (used[j]) continue;
        const cur = a(i0 - 1, j - 1) - u[i0]! - v[j]!;
        if (cur < minv[j]!) {
          minv[j] = cur;
          way[j] = j0;
        }
        if (minv[j]! < delta) {
          delta = minv[j]!;
          j1 = j;
        }
      }
      for (let j = 0; j <= n; j++) {
        if (used[j]) {
          u[p[j]!] += delta;
          v[j] -= delta;
        } else minv[j] -= delta;
      }
      j0 = j1;
    } while (p[j0] !== 0);
    do {
      const j1 = way[j0]!;
      p[j0] = p[j1]!;
      j0 = j1;
    } while (j0);
  }
  const out = new Array<number>(rows).fill(-1);
  for (let j = 1; j <= n; j++) {
    const i = p[j]! - 1;
    if (i < rows && j - 1 < cols && Number.isFinite(cost[i]![j - 1]!)) out[i] = j - 1;
  }
  return out;
}
