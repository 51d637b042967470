// Plane-to-plane homographies as plain 3×3 row-major arrays: the calibration's mapping between
// (undistorted) image pixels and table millimetres. Small point sets, so plain TS (no OpenCV Mat).

export type Mat3 = [number, number, number, number, number, number, number, number, number];

export interface Pt {
  x: number;
  y: number;
}

export function applyH(h: Mat3, x: number, y: number): Pt {
  const w = h[6] * x + h[7] * y + h[8];
  return { x: (h[0] * x + h[1] * y + h[2]) / w, y: (h[3] * x + h[4] * y + h[5]) / w };
}

export function invertH(h: Mat3): Mat3 {
  const [a, b, c, d, e, f, g, k, l] = h;
  const A = e * l - f * k, B = -(d * l - f * g), C = d * k - e * g;
  const det = a * A + b * B + c * C;
  if (Math.abs(det) < 1e-300) throw new Error('homography is singular');
  const inv: Mat3 = [
    A, -(b * l - c * k), b * f - c * e,
    B, a * l - c * g, -(a * f - c * d),
    C, -(a * k - b * g), a * e - b * d,
  ];
  return normaliseH(inv.map((v) => v / det) as Mat3);
}

export function multiplyH(p: Mat3, q: Mat3): Mat3 {
  const r = new Array<number>(9).fill(0);
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) {
    let s = 0;
    for (let k = 0; k < 3; k++) s += p[3 * i + k]! * q[3 * k + j]!;
    r[3 * i + j] = s;
  }
  return normaliseH(r as Mat3);
}

/** Scale so h[8] = 1 (or unit norm when h[8] is ~0), for readable JSON. */
export function normaliseH(h: Mat3): Mat3 {
  const s = Math.abs(h[8]) > 1e-12 ? h[8] : Math.hypot(...h);
  return h.map((v) => v / s) as Mat3;
}

/**
 * Least-squares homography src → dst from ≥ 4 pairs (normalised DLT: points are centred and scaled
 * first, which keeps the linear system well conditioned for pixel and millimetre magnitudes).
 */
export function fitHomography(src: readonly Pt[], dst: readonly Pt[]): Mat3 {
  if (src.length !== dst.length || src.length < 4) throw new Error('fitHomography needs ≥ 4 point pairs');
  const ns = normaliser(src), nd = normaliser(dst);
  // h33 = 1 parametrisation solved by normal equations (8 unknowns); fine for non-degenerate sets
  const M = Array.from({ length: 8 }, () => new Array<number>(9).fill(0));
  for (let i = 0; i < src.length; i++) {
    const s = applyH(ns, src[i]!.x, src[i]!.y), d = applyH(nd, dst[i]!.x, dst[i]!.y);
    const rows = [
      [s.x, s.y, 1, 0, 0, 0, -d.x * s.x, -d.x * s.y, d.x],
      [0, 0, 0, s.x, s.y, 1, -d.y * s.x, -d.y * s.y, d.y],
    ];
    for (const r of rows) for (let a = 0; a < 8; a++) {
      for (let b = 0; b < 8; b++) M[a]![b]! += r[a]! * r[b]!;
      M[a]![8]! += r[a]! * r[8]!;
    }
  }
  const sol = solveLinear(M);
  const hn: Mat3 = [sol[0]!, sol[1]!, sol[2]!, sol[3]!, sol[4]!, sol[5]!, sol[6]!, sol[7]!, 1];
  return multiplyH(multiplyH(invertH(nd), hn), ns);
}

function normaliser(p: readonly Pt[]): Mat3 {
  const mx = p.reduce((s, q) => s + q.x, 0) / p.length;
  const my = p.reduce((s, q) => s + q.y, 0) / p.length;
  const md = p.reduce((s, q) => s + Math.hypot(q.x - mx, q.y - my), 0) / p.length || 1;
  const k = Math.SQRT2 / md;
  return [k, 0, -k * mx, 0, k, -k * my, 0, 0, 1];
}

/** Gaussian elimination with partial pivoting on an augmented n×(n+1) matrix. */
export function solveLinear(aug: number[][]): number[] {
  const n = aug.length;
  const a = aug.map((r) => [...r]);
  for (let c = 0; c < n; c++) {
    let piv = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(a[r]![c]!) > Math.abs(a[piv]![c]!)) piv = r;
    if (Math.abs(a[piv]![c]!) < 1e-14) throw new Error('singular system (degenerate points)');
    [a[c], a[piv]] = [a[piv]!, a[c]!];
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = a[r]![c]! / a[c]![c]!;
      if (f === 0) continue;
      for (let k = c; k <= n; k++) a[r]![k]! -= f * a[c]![k]!;
    }
  }
  return a.map((r, i) => r[n]! / r[i]!);
}
