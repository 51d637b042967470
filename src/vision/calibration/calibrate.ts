// Calibration from frames: cloth → outline → straight cushions (lens k1) → cushion noses → corners →
// profile. Manual corners replace the automatic ones but still get a lens estimate when the cloth
// can be found.
import cv from '../cv.js';
import type { Mat } from '../cv.js';
import type { TableSpec } from '../../table/geometry.js';
import type { Frame } from '../frame.js';
import type { Pt } from './homography.js';
import { fitHomography } from './homography.js';
import type { Lens } from './distortion.js';
import { distortPx, nominalLens, undistortPx } from './distortion.js';
import type { Line } from './lines.js';
import { estimateClothModel, clothMask, NoTableError, refineClothModel } from './cloth.js';
import type { ClothModel } from './cloth.js';
import { clothRegion, sidePoints } from './outline.js';
import { railBandTrimmer } from './rail-bands.js';
import { fitSides } from './lens-fit.js';
import { createSampler } from './image-sampler.js';
import { cornersOf, findCushionNoses } from './cushion-nose.js';
import { medianImage } from './median-frame.js';
import { learnLocalTint } from './local-tint.js';
import type { CalibrationProfile } from './profile.js';
import { buildProfile, NOSE_HEIGHT_OF_BALL } from './profile.js';
import { validateCorners } from './manual-corners.js';
import { focalDisagreement } from './camera-pose.js';
import { measureEdgeOffsets } from './bump.js';

/** Which image side the head cushion is on; an empty table does not show it, so this is a setting. */
export type HeadSide = 'left' | 'right' | 'top' | 'bottom';

export interface CalibrateOptions {
  spec: TableSpec;
  /** manual corners HL HR FR FL in image px (as seen) */
  corners_px?: [number, number][];
  /** where the head cushion is in the image; default: left for a table lying across the image, top otherwise */
  head?: HeadSide;
  cameraHeight_mm?: number;
  /** a known k1 (skips the lens search) */
  k1?: number;
  /** the cushion nose's height above the cloth; default NOSE_HEIGHT_OF_BALL × the ball */
  noseHeight_mm?: number;
}

export interface TableOutline {
  /** the cloth-covered area (bed and cushion tops): its four corners, as seen, in quad order */
  outer_px: Pt[];
  /** the playing surface's corners (cushion noses), as seen, in quad order (clockwise from top-left) */
  surface_px: Pt[];
  lens: Lens;
  cloth: ClothModel;
  edgeResidual_px: number;
  edgeSupport: number[];
  /** side 0 (corner 0 → corner 1) is a long cushion */
  longFirst: boolean;
  noseDepth: number[];
  noseContrast: number[];
}

export interface CalibrationResult {
  profile: CalibrationProfile;
  outline: TableOutline | null;
  /** the image the calibration saw (median of the frames), for the overlay */
  image: Mat;
}

const WORK_LONG_SIDE = 640;
/** the share of the image's border a cloth region may cover before a refit that grew it there is refused */
const LEAK_BORDER_SHARE = 0.1;

/** The share of the image's outermost pixels inside `filled` (8UC1, 255 inside). */
export function borderShare(filled: Mat): number {
  const w = filled.cols, h = filled.rows, d = filled.getData();
  let n = 0;
  for (let x = 0; x < w; x++) { if (d[x]) n++; if (d[(h - 1) * w + x]) n++; }
  for (let y = 1; y < h - 1; y++) { if (d[y * w]) n++; if (d[y * w + w - 1]) n++; }
  return n / (2 * w + 2 * (h - 2));
}

/** The table in one image, without deciding which end is the head. */
export function findTableOutline(bgr: Mat, spec: TableSpec, fixedK1?: number): TableOutline {
  const W = bgr.cols, H = bgr.rows;
  const scale = Math.max(1, Math.max(W, H) / WORK_LONG_SIDE);
  const small = scale > 1 ? bgr.resize(Math.round(H / scale), Math.round(W / scale), 0, 0, cv.INTER_AREA) : bgr;
  const sx = W / small.cols;
  // the centre's colour first, then refitted over the whole cloth (lighting tints its parts)
  let cloth = estimateClothModel(small);
  let region = clothRegion(clothMask(small, cloth), sx, railBandTrimmer(small, cloth));
  for (let round = 0; round < 2; round++) {
    const refit = refineClothModel(small, cloth, region.raw);
    const next = clothRegion(clothMask(small, refit), sx, railBandTrimmer(small, refit));
    // a refit that carries the cloth out to the image's edges has learnt the floor or the rails too (a
    // burgundy cloth on a dark red parquet): a camera that sees the cushions sees beyond the cloth all
    // round, so the model before it stands
    if (borderShare(next.filled) > Math.max(LEAK_BORDER_SHARE, borderShare(region.filled))) break;
    cloth = refit;
    region = next;
  }
  const q = region.quad;
  cloth = { ...cloth, local: learnLocalTint(small, cloth, region.filled, tintCell_px(q, spec, sx)) };
  const perim = q.reduce((s, p, i) => s + Math.hypot(q[(i + 1) % 4]!.x - p.x, q[(i + 1) % 4]!.y - p.y), 0);
  const sides = sidePoints(region.boundary, q, Math.max(6 * sx, perim * 0.012));
  const support = sides.map((s, i) => {
    const a = q[i]!, b = q[(i + 1) % 4]!;
    return Math.min(1, (s.length * sx) / Math.hypot(b.x - a.x, b.y - a.y));
  });
  if (support.some((s) => s < 0.15)) {
    throw new NoTableError(`no table found: one side of the cloth outline has almost no straight edge (support ${support.map((s) => s.toFixed(2)).join(' ')})`);
  }
  const fit = fitSides(sides, W, H, Math.max(0.7, 0.5 * sx), fixedK1);
  const outerU = cornersOf(fit.lines);
  if (!outerU) throw new NoTableError('no table found: the cloth edges do not meet in four corners');
  const longFirst = longSidesFirst(outerU, spec, fit.lens.cx_px, fit.lens.cy_px);
  const nose = findCushionNoses(createSampler(bgr), fit.lens, outerU, spec, longFirst);
  const innerU = cornersOf(nose.lines);
  if (!innerU) throw new NoTableError('no table found: the cushion lines do not meet in four corners');
  const dist = (p: Pt) => distortPx(fit.lens, p.x, p.y);
  return {
    outer_px: outerU.map(dist),
    surface_px: innerU.map(dist),
    lens: fit.lens,
    cloth,
    edgeResidual_px: fit.residual_px,
    edgeSupport: support,
    longFirst,
    noseDepth: nose.depth,
    noseContrast: nose.contrast,
  };
}

/**
 * The local tint's cells, px of the image shrunk `sx` times: two balls wide (a ball or two in a cell
 * leave its median the cloth's), the ball's size taken from the cloth's outline `q` (full image px).
 */
function tintCell_px(q: Pt[], spec: TableSpec, sx: number): number {
  const side = (i: number) => Math.hypot(q[(i + 1) % 4]!.x - q[i]!.x, q[(i + 1) % 4]!.y - q[i]!.y);
  const px_per_mm = Math.max(side(0) + side(2), side(1) + side(3)) / 2 / spec.length_mm / sx;
  return Math.max(4, 2 * spec.ball_mm * px_per_mm);
}

/**
 * Which pair of opposite sides are the long cushions. Seen from above, the longer pair in the image;
 * seen at a slant (a broadcast camera behind one end), foreshortening can make the long cushions look
 * shorter, so there the choice is the one a pinhole camera can explain: only with the right aspect
 * do the homography's two constraints on the focal length agree.
 */
export function longSidesFirst(q: Pt[], spec: TableSpec, cx: number, cy: number): boolean {
  const len = (i: number) => Math.hypot(q[(i + 1) % 4]!.x - q[i]!.x, q[(i + 1) % 4]!.y - q[i]!.y);
  const byLength = len(0) + len(2) >= len(1) + len(3);
  const ratio = Math.max(len(0) + len(2), len(1) + len(3)) / Math.min(len(0) + len(2), len(1) + len(3));
  const hx = spec.length_mm / 2, hy = spec.width_mm / 2;
  const disagreement = (longFirst: boolean) => {
    // corners 0..3 clockwise in the image; put the long axis along side 0 or side 1
    const rect = longFirst ? [{ x: -hx, y: -hy }, { x: hx, y: -hy }, { x: hx, y: hy }, { x: -hx, y: hy }]
      : [{ x: -hx, y: hy }, { x: -hx, y: -hy }, { x: hx, y: -hy }, { x: hx, y: hy }];
    return focalDisagreement(fitHomography(rect, q), cx, cy);
  };
  // seen from above (opposite sides alike) the perspective is too weak to measure: lengths decide
  const alike = (i: number, j: number) => Math.abs(len(i) - len(j)) / Math.max(len(i), len(j)) < 0.12;
  if (alike(0, 2) && alike(1, 3)) return byLength;
  const dThis = disagreement(byLength), dOther = disagreement(!byLength);
  // a clear overhead view keeps the lengths' answer; a slanted one goes with the camera model
  if (ratio > 1.35 && dThis < 1) return byLength;
  return dOther < dThis ? !byLength : byLength;
}

/** Protocol order HL HR FR FL from corners going clockwise in the image, given the head's side. */
export function assignCorners(q: Pt[], head: HeadSide | undefined, longFirst?: boolean): { corners: Pt[]; head: HeadSide } {
  const mid = (i: number) => ({ x: (q[i]!.x + q[(i + 1) % 4]!.x) / 2, y: (q[i]!.y + q[(i + 1) % 4]!.y) / 2 });
  const len = (i: number) => Math.hypot(q[(i + 1) % 4]!.x - q[i]!.x, q[(i + 1) % 4]!.y - q[i]!.y);
  const lf = longFirst ?? len(0) + len(2) >= len(1) + len(3);
  const shortSides = lf ? [1, 3] : [0, 2];
  const a = mid(shortSides[0]!), b = mid(shortSides[1]!);
  const across = Math.abs(a.x - b.x) >= Math.abs(a.y - b.y);
  const h = head ?? (across ? 'left' : 'top');
  const score = (p: Pt) => (h === 'left' ? -p.x : h === 'right' ? p.x : h === 'top' ? -p.y : p.y);
  const hs = score(a) >= score(b) ? shortSides[0]! : shortSides[1]!;
  // walking clockwise in the image along the head cushion goes from HR to HL (seen from above)
  return { corners: [q[(hs + 1) % 4]!, q[hs]!, q[(hs + 3) % 4]!, q[(hs + 2) % 4]!], head: h };
}

export function calibrate(frames: Frame[], opts: CalibrateOptions): CalibrationResult {
  if (!frames.length) throw new NoTableError('no frames to calibrate from');
  return calibrateImage(medianImage(frames.slice(0, 5).map((f) => f.bgr)), opts);
}

/**
 * Calibration from one image of the table (the median of a few frames: see `medianImage`), for a caller
 * that frees the frames first.
 */
export function calibrateImage(image: Mat, opts: CalibrateOptions): CalibrationResult {
  const W = image.cols, H = image.rows;
  const warnings: string[] = [];
  if (opts.corners_px) {
    validateCorners(opts.corners_px, W, H, opts.spec);
    let outline: TableOutline | null = null;
    try {
      outline = findTableOutline(image, opts.spec, opts.k1);
    } catch (e) {
      if (!(e instanceof NoTableError)) throw e;
      warnings.push(`lens not measured (${e.message}); assuming no distortion`);
    }
    const lens = outline?.lens ?? nominalLens(W, H, opts.k1 ?? 0);
    const clothLab = outline?.cloth.lab ?? meanLab(image);
    const profile = buildProfile({
      width_px: W, height_px: H, spec: opts.spec, corners_px: opts.corners_px, lens, head: 'given', method: 'manual',
      clothLab, cloth: outline?.cloth ?? null, clothOutline_px: outline ? toPairs(outline.outer_px) : null, warnings, cameraHeight_mm: opts.cameraHeight_mm,
      quality: { edgeResidual_px: outline?.edgeResidual_px ?? NaN, edgeSupport: outline?.edgeSupport ?? [] },
    });
    if (outline) profile.edgeReference_px = measureEdgeOffsets(profile, image).offset_px;
    return { profile, outline, image };
  }
  const outline = findTableOutline(image, opts.spec, opts.k1);
  const { corners, head } = assignCorners(outline.surface_px, opts.head, outline.longFirst);
  if (!opts.head) warnings.push(`the head end was assumed to be on the image's ${head} (pass --head or --corners to fix it)`);
  const corners_px = corners.map((p) => [p.x, p.y] as [number, number]);
  try {
    // the long cushions were already told from the short ones by the camera model
    validateCorners(corners_px, W, H, opts.spec, false);
  } catch (e) {
    throw new NoTableError(`no table found: the outline found is not a plausible table (${(e as Error).message})`);
  }
  if (outline.edgeResidual_px > 3) warnings.push(`cushion edges are ragged (${outline.edgeResidual_px.toFixed(1)} px RMS): check the overlay`);
  const profile = profileFromOutline(outline, corners_px, {
    width_px: W, height_px: H, spec: opts.spec, head: opts.head ? 'given' : 'assumed', warnings,
    ...(opts.cameraHeight_mm ? { cameraHeight_mm: opts.cameraHeight_mm } : {}),
    ...(opts.noseHeight_mm !== undefined ? { noseHeight_mm: opts.noseHeight_mm } : {}),
  });
  profile.edgeReference_px = measureEdgeOffsets(profile, image).offset_px;
  return { profile, outline, image };
}

export function profileFromOutline(outline: TableOutline, corners_px: [number, number][], o: {
  width_px: number; height_px: number; spec: TableSpec; head: CalibrationProfile['head']; warnings: string[]; cameraHeight_mm?: number;
  noseHeight_mm?: number;
}): CalibrationProfile {
  return buildProfile({
    edgeHeight_mm: o.noseHeight_mm ?? NOSE_HEIGHT_OF_BALL * o.spec.ball_mm,
    width_px: o.width_px, height_px: o.height_px, spec: o.spec, corners_px, lens: outline.lens, head: o.head,
    method: 'auto', clothLab: outline.cloth.lab, cloth: outline.cloth, clothOutline_px: toPairs(outline.outer_px), warnings: o.warnings,
    ...(o.cameraHeight_mm ? { cameraHeight_mm: o.cameraHeight_mm } : {}),
    quality: { edgeResidual_px: outline.edgeResidual_px, edgeSupport: outline.edgeSupport },
  });
}

function toPairs(p: Pt[]): [number, number][] {
  return p.map((q) => [q.x, q.y]);
}

function meanLab(bgr: Mat): [number, number, number] {
  const m = bgr.cvtColor(cv.COLOR_BGR2Lab).mean();
  return [m.w, m.x, m.y];
}

export type { Line, Pt };
export { undistortPx };
