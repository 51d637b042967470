// The cue ball's path as the protocol wants it: the start, each bounce, the first contact — the
// corners of a noisy polyline (Ramer–Douglas–Peucker).
import type { XY_mm } from '../../protocol/records.js';
import { hypot2 } from '../hypot2.js';

export function simplifyPath(points: XY_mm[], tolerance_mm: number): XY_mm[] {
  if (points.length <= 2) return points;
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const stack: [number, number][] = [[0, points.length - 1]];
  while (stack.length) {
    const [a, b] = stack.pop()!;
    const [ax, ay] = points[a]!;
    const [bx, by] = points[b]!;
    const len = hypot2(bx - ax, by - ay);
    let worst = -1;
    let worstD = tolerance_mm;
    for (let i = a + 1; i < b; i++) {
      const [px, py] = points[i]!;
      const d = len > 0 ? Math.abs((bx - ax) * (ay - py) - (ax - px) * (by - ay)) / len : hypot2(px - ax, py - ay);
      if (d > worstD) {
        worstD = d;
        worst = i;
      }
    }
    if (worst >= 0) {
      keep[worst] = 1;
      stack.push([a, worst], [worst, b]);
    }
  }
  return points.filter((_, i) => keep[i]);
}
