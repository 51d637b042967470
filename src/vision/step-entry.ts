// Where a straight step first comes within reach of a point: a ball's path meeting another ball, for the
// tracker's expected places and the strokes' contacts and blockers alike.

/**
 * The first fraction u in [0, 1] of the straight step from (ax, ay) to (bx, by) at which it comes within
 * `reach_mm` of p (the smaller root of |a + u·(b − a) − p| = reach), or null: a step starting inside the
 * reach does not enter it.
 */
export function stepEntry(ax: number, ay: number, bx: number, by: number, p: { x: number; y: number }, reach_mm: number): number | null {
  const dx = bx - ax, dy = by - ay;
  const fx = ax - p.x, fy = ay - p.y;
  const A = dx * dx + dy * dy, B = 2 * (fx * dx + fy * dy), C = fx * fx + fy * fy - reach_mm * reach_mm;
  if (A === 0) return null;
  const disc = B * B - 4 * A * C;
  if (disc < 0) return null;
  const u = (-B - Math.sqrt(disc)) / (2 * A);
  return u >= 0 && u <= 1 ? u : null;
}
