// What hides the table in a frame: the not-cloth blobs much bigger than the balls found in them (an arm,
// a hand, the cue, a body leaning over), and the part-found "balls" on them that are no balls.
import type { CalibrationProfile } from '../calibration/profile.js';
import { pxToTable } from '../calibration/profile.js';
import type { OccludedBox } from '../observation.js';
import type { Blobs } from './blobs.js';
import type { DetectorGeometry } from './geometry.js';
import type { BallDetection } from './types.js';

/** A blob this many times bigger than the balls found in it is not (only) balls. */
const NOT_BALLS_RATIO = 2.5;
/** ... and an occluder only from this many balls' area (a few touching balls and their shadows are less). */
const OCCLUDER_MIN_BALLS = 5;

/**
 * Whether a blob hides the table, from its area and the area of the balls found in it (work px). (Counting a part-found outline as half a ball, so that an arm, a hand and a cue
 * carrying four or five part-found "balls" count as an occluder, was tried in session 15: eight
 * development games +3 exact strokes, the eighteen evaluation games -3 and +3 silent errors.)
 */
export function hidesTable(blobArea_w: number, ballsFound_w: number, ballArea_w: number): boolean {
  return blobArea_w >= OCCLUDER_MIN_BALLS * ballArea_w && blobArea_w > NOT_BALLS_RATIO * ballsFound_w;
}

function labelOf(b: Blobs, x: BallDetection, geo: DetectorGeometry): number {
  const sx = geo.roi.width / geo.workW, sy = geo.roi.height / geo.workH;
  const wx = Math.floor((x.u_px - geo.roi.x) / sx), wy = Math.floor((x.v_px - geo.roi.y) / sy);
  if (wx < 0 || wy < 0 || wx >= geo.workW || wy >= geo.workH) return 0;
  return b.labelAt(wx, wy);
}

/**
 * Work-pixel area of the balls found in each blob; on the blobs marked in `halfParts`, a part-found one
 * counts half (see overRail()).
 */
function ballAreas(b: Blobs, d: BallDetection[], geo: DetectorGeometry, halfParts?: Uint8Array): Map<number, number> {
  const sx = geo.roi.width / geo.workW, sy = geo.roi.height / geo.workH;
  const area = new Map<number, number>();
  for (const x of d) {
    const l = labelOf(b, x, geo);
    if (l > 0) area.set(l, (area.get(l) ?? 0) + (x.partial && halfParts?.[l] ? 0.5 : 1) * Math.PI * (x.r_px / sx) * (x.r_px / sy));
  }
  return area;
}

/** A ball's area in work pixels, at the middle of the radii the detector looks for. */
function typicalBallArea_w(geo: DetectorGeometry): number {
  return Math.PI * ((geo.rMin_w + geo.rMax_w) / 2) ** 2;
}

/**
 * A blob lying along the surface's edge over this many ball diameters comes in over the rail: an arm, a
 * hand, a cue, a body. A ball against a cushion meets that edge over less than its own width (the part of
 * its image the camera sees beyond the nose); a few touching there are too small a blob to hide the table.
 */
const OVER_RAIL_D = 1.5;

/**
 * The blobs big enough to hide the table (OCCLUDER_MIN_BALLS) that carry a part-found "ball" and come in over
 * the rail: on them a part-found outline counts as half a ball. An arm reaching in from the rail over a ball
 * by the cushion is a short blob inside the noses, and the pieces of its sleeve and hand found as balls
 * filled it (1305003 at 71.4 s: a white sleeve over ball 7, 6.7 balls' area carrying four part-found
 * "balls" of 4.5; ball 7's track leapt 200 mm onto the hand). (Counting them half on every blob was tried in
 * session 15 and lost as much as it gained; boxing such a blob as an occluder, in session 49, hid balls
 * struck beside the player from the contacts.)
 */
function overRail(b: Blobs, d: BallDetection[], geo: DetectorGeometry): Uint8Array | undefined {
  const ballArea_w = typicalBallArea_w(geo);
  let want: Uint8Array | undefined;
  for (const x of d) {
    if (!x.partial) continue;
    const l = labelOf(b, x, geo);
    if (l > 0 && b.area[l]! >= OCCLUDER_MIN_BALLS * ballArea_w) (want ??= new Uint8Array(b.count))[l] = 1;
  }
  if (!want) return undefined;
  const contact = new Int32Array(b.count);
  const edge = geo.surfaceEdge, W = geo.workW;
  b.forEachRun((l, y, x0, x1) => {
    if (!want![l]) return;
    for (let i = y * W + x0, end = y * W + x1; i < end; i++) contact[l] += edge[i]!;
  });
  const diameter_w = geo.rMin_w + geo.rMax_w;
  for (let l = 1; l < b.count; l++) if (want[l] && contact[l]! < OVER_RAIL_D * diameter_w) want[l] = 0;
  return want;
}

/**
 * Partial detections on an arm, a hand or a cue: their not-cloth blob is over 2.5× bigger than the balls
 * found in it (a rack's blob is nearly all balls). Whole outlines are kept: a ball beside an arm
 * merges into its blob but still shows its full edge.
 */
export function dropOccluderParts(d: BallDetection[], b: Blobs, geo: DetectorGeometry): BallDetection[] {
  if (!d.some((x) => x.partial)) return d;
  const balls = ballAreas(b, d, geo, overRail(b, d, geo));
  return d.filter((x) => {
    // (a ball whose edge was found all the way round is whole: until session 25 the circle fit read a
    // largest gap of the whole turn then, and balls lying across the house line, a light line whose
    // not-cloth blob runs the table's width, were dropped here as parts of an arm)
    if (!x.partial) return true;
    const l = labelOf(b, x, geo);
    if (l <= 0) return true;
    return b.area[l]! <= NOT_BALLS_RATIO * (balls.get(l) ?? 0);
  });
}

/** Tile side for occluder boxes, work px: an arm across the table is many small boxes, not one big one. */
const OCCLUDER_TILE = 12;

/**
 * Whether a blob that hid the table in the last frame still does: it keeps the minimum size, and is not
 * nearly all balls. An arm's blob stays an occluder while phantoms found along it come and go (an arm
 * with four part-found "balls" on it, 2.4 times their area, flickered between hiding the table and not,
 * and a ball under it was lost in the frames it did not); a rack it touched is released at once.
 */
export function stillHidesTable(blobArea_w: number, ballsFound_w: number, ballArea_w: number): boolean {
  return blobArea_w >= OCCLUDER_MIN_BALLS * ballArea_w && blobArea_w > STILL_NOT_BALLS_RATIO * ballsFound_w;
}
const STILL_NOT_BALLS_RATIO = 1.5;

/**
 * Where the table is hidden (see hidesTable(), and stillHidesTable() for a blob over a tile hidden in the
 * last frame, `lastTiles`, which is updated), as boxes in table mm, one per tile the blob touches.
 * Tracking calls a ball that vanishes under one occluded, not pocketed or off the table.
 */
export function occluderBoxes(b: Blobs, kept: BallDetection[], geo: DetectorGeometry, profile: CalibrationProfile, tileBox: Map<number, OccludedBox>, lastTiles: Set<number>): OccludedBox[] {
  const sx = geo.roi.width / geo.workW, sy = geo.roi.height / geo.workH;
  const ballArea_w = typicalBallArea_w(geo);
  const balls = ballAreas(b, kept, geo);
  const tiles = new Set<number>();
  const tilesX = Math.ceil(geo.workW / OCCLUDER_TILE);
  const big = new Uint8Array(b.count);
  for (let l = 1; l < b.count; l++) {
    const found = balls.get(l) ?? 0;
    // 2: may still hide it, if it lay over a tile hidden in the last frame
    big[l] = hidesTable(b.area[l]!, found, ballArea_w) ? 1 : stillHidesTable(b.area[l]!, found, ballArea_w) ? 2 : 0;
  }
  const tileRuns = (fn: (l: number, tile: number) => void) => b.forEachRun((l, y, x0, x1) => {
    if (!big[l]) return;
    const row = ((y / OCCLUDER_TILE) | 0) * tilesX;
    const last = ((x1 - 1) / OCCLUDER_TILE) | 0;
    for (let tx = (x0 / OCCLUDER_TILE) | 0; tx <= last; tx++) fn(l, row + tx);
  });
  if (lastTiles.size) tileRuns((l, tile) => { if (big[l] === 2 && lastTiles.has(tile)) big[l] = 1; });
  tileRuns((l, tile) => { if (big[l] === 1) tiles.add(tile); });
  lastTiles.clear();
  for (const t of tiles) lastTiles.add(t);
  const out: OccludedBox[] = [];
  for (const t of tiles) {
    let box = tileBox.get(t);
    if (!box) {
      // a tile's place on the table never changes: worked out once per tile
      const tx = t % tilesX, ty = (t / tilesX) | 0;
      const corners = [[0, 0], [1, 0], [0, 1], [1, 1]].map(([a, c]) => pxToTable(profile, geo.roi.x + (tx + a!) * OCCLUDER_TILE * sx, geo.roi.y + (ty + c!) * OCCLUDER_TILE * sy));
      box = {
        x0_mm: Math.min(...corners.map((p) => p.x)), y0_mm: Math.min(...corners.map((p) => p.y)),
        x1_mm: Math.max(...corners.map((p) => p.x)), y1_mm: Math.max(...corners.map((p) => p.y)),
      };
      tileBox.set(t, box);
    }
    out.push(box);
  }
  return out;
}
