// Table geometry shared by the rules engine, the simulator and the vision pipeline.
// Coordinates follow protocol v1: millimetres on the playing surface, origin at its centre,
// x along the long axis toward the foot cushion, y toward the left cushion (seen from the head end).

export type PocketId = 'HL' | 'HR' | 'ML' | 'MR' | 'FL' | 'FR';
export const POCKET_IDS: readonly PocketId[] = ['HL', 'HR', 'ML', 'MR', 'FL', 'FR'];

export interface TableSpec {
  /** playing surface length, cushion nose to cushion nose */
  length_mm: number;
  /** playing surface width */
  width_mm: number;
  ball_mm: number;
  /** opening between the jaw points of a corner pocket */
  cornerPocket_mm: number;
  /** opening between the jaw points of a middle pocket */
  middlePocket_mm: number;
}

/** Full-size Russian table (R2.1). */
export const RUSSIAN_12FT: TableSpec = {
  length_mm: 3550,
  width_mm: 1775,
  ball_mm: 68,
  cornerPocket_mm: 73,
  middlePocket_mm: 83,
};

/** A table from protocol's `{length, width, ball}`; pocket openings scale with the ball as on a Russian table. */
export function tableFromProtocol(t: { length: number; width: number; ball: number }): TableSpec {
  return {
    length_mm: t.length,
    width_mm: t.width,
    ball_mm: t.ball,
    cornerPocket_mm: t.ball * (73 / 68),
    middlePocket_mm: t.ball * (83 / 68),
  };
}

export interface Point_mm {
  x: number;
  y: number;
}

/** The nominal centre of each pocket's mouth: the corner of the surface or the middle of a long cushion. */
export function pocketMouth(spec: TableSpec, pocket: PocketId): Point_mm {
  const hx = spec.length_mm / 2;
  const hy = spec.width_mm / 2;
  switch (pocket) {
    case 'HL': return { x: -hx, y: hy };
    case 'HR': return { x: -hx, y: -hy };
    case 'ML': return { x: 0, y: hy };
    case 'MR': return { x: 0, y: -hy };
    case 'FL': return { x: hx, y: hy };
    case 'FR': return { x: hx, y: -hy };
  }
}

/** Surface corners in protocol order HL, HR, FR, FL (the order of `--corners` and `meta.json`). */
export function surfaceCorners(spec: TableSpec): Point_mm[] {
  return (['HL', 'HR', 'FR', 'FL'] as const).map((p) => pocketMouth(spec, p));
}

/** How far a place lies inside the nearest cushion's nose, mm (negative beyond it). */
export function insideNose_mm(spec: TableSpec, x_mm: number, y_mm: number): number {
  return Math.min(spec.length_mm / 2 - Math.abs(x_mm), spec.width_mm / 2 - Math.abs(y_mm));
}

/** x of the house line (R2.2): a quarter of the length from the head cushion. */
export function houseLineX_mm(spec: TableSpec): number {
  return -spec.length_mm / 4;
}

/** The third spot (R2.3), where the pyramid's apex stands and balls are respotted. */
export function thirdSpot(spec: TableSpec): Point_mm {
  return { x: spec.length_mm / 4, y: 0 };
}

/** The front spot on the house line. */
export function frontSpot(spec: TableSpec): Point_mm {
  return { x: -spec.length_mm / 4, y: 0 };
}

/** Inside the house (R2.2, R11.1): strictly between the head cushion and the house line. */
export function isInHouse(spec: TableSpec, p: Point_mm): boolean {
  return p.x < houseLineX_mm(spec) && Math.abs(p.y) <= spec.width_mm / 2;
}

/** Inside the temporary house of R11.2: between the third-spot line and the foot cushion. */
export function isInTemporaryHouse(spec: TableSpec, p: Point_mm): boolean {
  return p.x > thirdSpot(spec).x && Math.abs(p.y) <= spec.width_mm / 2;
}

/**
 * Rack positions of R3.1: row by row from the apex on the third spot toward the foot cushion,
 * balls touching. Returns the ball number at each place with its centre.
 */
export const RACK_ORDER: readonly (readonly number[])[] = [
  [4],
  [5, 6],
  [7, 15, 8],
  [9, 14, 13, 10],
  [2, 1, 12, 11, 3],
];

export function rackPositions(spec: TableSpec, gap_mm = 0): Map<number, Point_mm> {
  const d = spec.ball_mm + gap_mm;
  const apex = thirdSpot(spec);
  const rowStep = (d * Math.sqrt(3)) / 2;
  const out = new Map<number, Point_mm>();
  RACK_ORDER.forEach((row, r) => {
    row.forEach((ball, i) => {
      // rows are listed left to right as seen from the head, i.e. +y first
      out.set(ball, { x: apex.x + r * rowStep, y: ((row.length - 1) / 2 - i) * d });
    });
  });
  return out;
}

/**
 * Where respotted balls go (R10.1): the third spot, else along the spotting line toward the foot
 * cushion as close as possible without touching. `occupied` are centres of balls already on the table.
 */
export function respotPositions(spec: TableSpec, balls: number[], occupied: Point_mm[]): Map<number, Point_mm> {
  const placed = [...occupied];
  const out = new Map<number, Point_mm>();
  const spot = thirdSpot(spec);
  const d = spec.ball_mm;
  const maxX = spec.length_mm / 2 - d / 2;
  for (const ball of [...balls].sort((a, b) => a - b)) {
    let x = spot.x;
    // step toward the foot until free; fine steps keep the ball as close to the spot as possible
    while (x <= maxX && placed.some((p) => Math.hypot(p.x - x, p.y - spot.y) < d + 0.5)) x += 1;
    if (x > maxX) {
      // the line is full: go back toward the head from the spot
      x = spot.x;
      while (placed.some((p) => Math.hypot(p.x - x, p.y - spot.y) < d + 0.5)) x -= 1;
    }
    const p = { x, y: spot.y };
    out.set(ball, p);
    placed.push(p);
  }
  return out;
}
