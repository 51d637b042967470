// Ball detection per frame: candidates from a circle transform at a coarse scale, each refined and
// checked at full resolution, described by its look, and placed on the table in millimetres.
import cv, { type Mat } from '../cv.js';
import type { Frame } from '../frame.js';
import { POCKET_IDS, pocketMouth } from '../../table/geometry.js';
import type { CalibrationProfile } from '../calibration/profile.js';
import { ballEllipseAt_px, ballPxToTable, onSurface, pxToTable } from '../calibration/profile.js';
import type { ClothModel } from '../calibration/cloth.js';
import { clothChromaAt, estimateClothModel } from '../calibration/cloth.js';
import type { BallDetection, DetectionTimings_ms } from './types.js';
import type { OccludedBox } from '../observation.js';
import { detectorGeometry } from './geometry.js';
import type { DetectorGeometry } from './geometry.js';
import { castVotes, clothMeanMap, createVoteScratch } from './votes.js';
import { refineCircle, WHOLE_SHARE } from './refine.js';
import { discAppearance, surroundL, type Appearance } from './appearance.js';
import { MotionGate, type HeldDisc, type PixelBox } from './motion-gate.js';
import { findBlobs, type Blobs } from './blobs.js';
import { dropOccluderParts, occluderBoxes } from './occluders.js';
import { hypot2 } from '../hypot2.js';

export interface DetectorOptions {
  /** the cloth's colour model; default the profile's, else learnt from the first frame */
  cloth?: ClothModel;
  /** detections below this confidence are dropped (default 0.35) */
  minConfidence?: number;
  /** search only where the picture changed (default true; false searches every frame whole) */
  motionGate?: boolean;
}

export interface BallDetector {
  readonly geometry: DetectorGeometry;
  detect(frame: Frame): BallDetection[];
  readonly lastTimings_ms: DetectionTimings_ms;
  /** where the table was hidden in the last frame (arms, hands, the cue, a body): boxes in table mm */
  readonly lastOccluded: OccludedBox[];
}

export function createBallDetector(profile: CalibrationProfile, opts: DetectorOptions = {}): BallDetector {
  const geo = detectorGeometry(profile);
  let cloth: ClothModel | null = opts.cloth ?? profile.cloth ?? null;
  const minConf = opts.minConfidence ?? 0.35;
  const timings: DetectionTimings_ms = { prepare: 0, votes: 0, refine: 0, total: 0, searched: 1 };
  const gate = opts.motionGate === false ? null : new MotionGate(geo.workW, geo.workH);
  const notClothMap = new Uint8Array(geo.workW * geo.workH);
  const occludingMap = new Uint8Array(geo.workW * geo.workH);
  const scratch = createVoteScratch(geo.workW, geo.workH);
  // the work image lands in memory kept from frame to frame: a fresh copy out of OpenCV each frame
  // (getData) cost 0.3 ms at 720p, mostly in allocating it; this header wraps the buffer without a copy
  const workData = Buffer.alloc(geo.workW * geo.workH * 3);
  const workView = new cv.Mat(geo.workH, geo.workW, cv.CV_8UC3, workData);
  const gateData = Buffer.alloc(workData.length);
  const gateView = new cv.Mat(geo.workH, geo.workW, cv.CV_8UC3, gateData);
  /** The work image's pixels in a box (work px): each the average of its geo.scale × geo.scale full pixels. */
  const workImage = (roiMat: Mat, b: PixelBox): void => {
    const w = b.x1 - b.x0, h = b.y1 - b.y0;
    if (w <= 0 || h <= 0) return;
    const src = roiMat.getRegion(new cv.Rect(b.x0 * geo.scale, b.y0 * geo.scale, w * geo.scale, h * geo.scale));
    const dst = workView.getRegion(new cv.Rect(b.x0, b.y0, w, h));
    // the region is a whole number of work pixels wide and high (see detectorGeometry): a block average
    const small = geo.scale > 1 ? src.resize(h, w, 0, 0, cv.INTER_AREA) : src.copy();
    small.copyTo(dst);
    small.release(); dst.release(); src.release();
  };
  let last: BallDetection[] | null = null;
  const occluded: OccludedBox[] = [];
  const tileBoxes = new Map<number, OccludedBox>();
  const lastTiles = new Set<number>();
  let lastEdgeT: number | undefined;
  let blobs: Blobs | null = null;
  const R_mm = profile.table.ball_mm / 2;
  let clothMean: Float32Array | null = null;
  const mouths = POCKET_IDS.map((id) => pocketMouth(profile.table, id));
  const inMiddleMouth = (x: number, y: number) => Math.abs(x) < profile.table.middlePocket_mm / 2 - 0.6 * R_mm && Math.abs(y) <= profile.table.width_mm / 2 + 0.6 * R_mm;
  const nearPocket = (x: number, y: number) => mouths.some((m) => hypot2(m.x - x, m.y - y) < 2.5 * profile.table.ball_mm);
  // the usual ball colour (Lab a, b) under these lamps: most balls are alike, the cue ball is the odd one
  let refAB: [number, number] | null = null;
  const looks: { img: { data: Uint8Array; x0: number; y0: number; width: number; height: number }; cx: number; cy: number; r: number }[] = [];

  // the balls held from earlier searches as the motion gate sees them (work px)
  const workPerPx = geo.workW / geo.roi.width;
  const heldDiscs = (balls: readonly BallDetection[]): HeldDisc[] =>
    balls.map((b) => ({ x: (b.u_px - geo.roi.x) * workPerPx, y: (b.v_px - geo.roi.y) * (geo.workH / geo.roi.height), r: b.r_px * workPerPx }));
  const detect = (frame: Frame): BallDetection[] => {
    if (frame.width !== profile.image.width_px || frame.height !== profile.image.height_px) {
      throw new Error(`frame is ${frame.width}×${frame.height}, the calibration is for ${profile.image.width_px}×${profile.image.height_px}`);
    }
    const t0 = performance.now();
    const roiMat = frame.bgr.getRegion(new cv.Rect(geo.roi.x, geo.roi.y, geo.roi.width, geo.roi.height));
    // the motion gate looks at the frame through a cheap resize (at 3 full px a work px and more,
    // OpenCV's block average is not vectorised and cost 0.7 ms at 1080p); the block-averaged work image
    // is then made only where the gate sends the search
    if (gate) {
      const g = roiMat.resize(geo.workH, geo.workW, 0, 0, gateInterpolation(geo.scale));
      g.copyTo(gateView);
      g.release();
    }
    const decision = gate && last ? gate.decide(gateData, heldDiscs(last)) : { kind: 'all' as const, active: null, share: 1 };
    if (decision.kind === 'none' && last) {
      roiMat.release();
      const t1 = performance.now();
      timings.searched = 0; timings.prepare = t1 - t0; timings.votes = 0; timings.refine = 0; timings.total = t1 - t0;
      return last;
    }
    if (decision.kind === 'some' && decision.boxes) {
      for (const b of decision.boxes) workImage(roiMat, b);
    } else {
      workImage(roiMat, { x0: 0, y0: 0, x1: geo.workW, y1: geo.workH });
    }
    // native memory the garbage collector does not count: freed now, or hundreds of frames' worth pile up
    roiMat.release();
    if (!cloth) cloth = estimateClothModel(workView);
    clothMean ??= clothMeanMap(geo, cloth, profile.image.width_px, profile.image.height_px);
    const t1 = performance.now();
    timings.searched = decision.share;
    const partial = decision.kind === 'some' && decision.active;
    const votes = castVotes(workData, geo, cloth, clothMean, partial ? { search: { active: decision.active!, boxes: decision.boxes! }, edgeThreshold: lastEdgeT, notCloth: notClothMap, occluding: occludingMap, scratch } : { notCloth: notClothMap, occluding: occludingMap, scratch });
    const t2 = performance.now();
    const out: BallDetection[] = [];
    const sx = geo.roi.width / geo.workW, sy = geo.roi.height / geo.workH;
    // full-resolution patches only around candidates
    for (const pk of votes.peaks.sort((a, b) => b.score - a.score)) {
      const u0 = geo.roi.x + (pk.x + 0.5) * sx, v0 = geo.roi.y + (pk.y + 0.5) * sy;
      const t = pxToTable(profile, u0, v0);
      if (!onSurface(profile, t.x, t.y, R_mm * 1.5)) continue;
      const ell = ballEllipseAt_px(profile, clamp(t.x, profile.table.length_mm / 2), clamp(t.y, profile.table.width_mm / 2));
      const rExp = Math.sqrt(ell.a_px * ell.b_px);
      const half = Math.ceil(1.7 * Math.max(ell.a_px, ell.b_px) + 2);
      const px0 = Math.max(0, Math.floor(u0 - half)), py0 = Math.max(0, Math.floor(v0 - half));
      const px1 = Math.min(frame.width, Math.ceil(u0 + half)), py1 = Math.min(frame.height, Math.ceil(v0 + half));
      if (px1 - px0 < 4 || py1 - py0 < 4) continue;
      const patch = frame.bgr.getRegion(new cv.Rect(px0, py0, px1 - px0, py1 - py0));
      const owned = patch.copy();
      const img = { data: owned.getData(), x0: px0, y0: py0, width: px1 - px0, height: py1 - py0 };
      owned.release(); patch.release();
      const mean = clothChromaAt(cloth, u0 / frame.width, v0 / frame.height);
      const fit = refineCircle(img, u0, v0, { a: ell.a_px, b: ell.b_px, angle: ell.angle_rad }, cloth, mean, votes.edgeThreshold / Math.max(1, geo.scale) * 0.9);
      if (!fit) continue;
      const rRatio = fit.r / rExp;
      // (whether it is a ball at all counts every ray that crosses its outline; how sure, and how clearly
      // it was seen, `partial` below, only the rays whose strongest edge the outline was: with the looser
      // count in the confidence too, "balls" on a player's arm by the head rail were kept, confirmed, and
      // one of them "struck")
      if (fit.seenRound < 0.4 || rRatio < 0.7 || rRatio > 1.35 || fit.tube) continue;
      // (a ball of the cloth's own colour, a red cue ball on burgundy cloth, passes for cloth inside and its
      // outline's strongest edges are as often its highlight's or its shadow's: one whose outline is crossed all
      // round is kept. 1145001: the red cue ball dropped in 153 of 883 frames sampled, 129 of them seen round)
      if (fit.notCloth < 0.35 && fit.coverage < 0.75 && fit.seenRound < SEEN_ALL_ROUND) continue;
      const radiusAgree = Math.max(0, 1 - Math.abs(rRatio - 1) / 0.35);
      const confidence = Math.min(1, Math.min(1, fit.coverage / 0.8) * (0.6 + 0.4 * radiusAgree) * (0.55 + 0.45 * Math.min(1, fit.notCloth / 0.6)));
      if (confidence < minConf) continue;
      const mm = ballPxToTable(profile, fit.cx, fit.cy);
      // a centre beyond the cushion noses is a pocket's hole or the rail, not a ball (one in the
      // jaws still has its centre at the mouth; a whole radius past the noses near pockets was tried
      // for hanging balls and did not make those development clips right)
      // A middle pocket's mouth is wider than a ball: one held in its jaws sits with its centre up to 0.6 of
      // a radius past the cushion's line (ball 3 at 17 mm past it was lost there and taken as pocketed)
      if (!onSurface(profile, mm.x, mm.y, 0.25 * R_mm) && !inMiddleMouth(mm.x, mm.y)) continue;
      const look = discAppearance(img, fit.cx, fit.cy, fit.r, refAB);
      if (nearPocket(mm.x, mm.y) && looksLikePocketHole(look, profile.clothLab)) continue;
      // a rolling ball's shadow is round and ball-sized as well (965003: two dozen frames of "balls" that
      // stole tracks): most of its disc passes for cloth and it is darker than the cloth around it. No ball
      // in the development clips (728,000 detections) was under 35% not cloth-like; a ball as dark as the
      // cloth (a dark cue ball) is not cloth-coloured, so it keeps its not-cloth share
      if (fit.notCloth < 0.35 && look.lab[0] < surroundL(img, fit.cx, fit.cy, fit.r)) continue;
      out.push({
        u_px: fit.cx, v_px: fit.cy, x_mm: mm.x, y_mm: mm.y, r_px: fit.r, rExpected_px: rExp, confidence,
        lab: look.lab, chroma: look.chroma, whiteness: look.whiteness, colourFraction: look.colourFraction, darkFraction: look.darkFraction,
        oddColourFraction: look.oddColourFraction, partial: fit.coverage < WHOLE_SHARE || fit.gap > 0.25 || fit.clipped, outlineRound: fit.seenRound >= SEEN_ALL_ROUND,
      });
      looks.push({ img, cx: fit.cx, cy: fit.cy, r: fit.r });
    }
    if (!refAB) {
      const ref = usualBallColour(out);
      if (ref) {
        // the first frame: measure again against what the balls turned out to share
        refAB = ref;
        out.forEach((d, i) => { const l = looks[i]!; d.oddColourFraction = discAppearance(l.img, l.cx, l.cy, l.r, refAB).oddColourFraction; });
      }
    }
    looks.length = 0;
    // balls where nothing changed stay as they were found; so too in a full search (the periodic refresh) one
    // it did not find again where nothing changed: balls in a tight cluster are found by their outlines' few
    // clear arcs, and two searches of the same still picture can find different ones (1235000 at 3.0 s: the
    // refresh found the rack's ball 13, unfound since the first frame, and lost ball 11 beside it, and 11's
    // track leapt onto 13: a false "moved", then the cue ball's name given to a "ball" on the bridge hand)
    const held = (b: BallDetection) => gate!.unchangedAt(decision, (b.u_px - geo.roi.x) / sx, (b.v_px - geo.roi.y) / sy);
    const unchanged = !last || !gate ? [] : partial ? last.filter(held) : unfoundWhereUnchanged(last, out, held);
    // the blobs only change where the not-cloth map did (most searched frames: a ball rolling, an arm still)
    // (the pocket holes and the rails are left out: a ball in a pocket's mouth would otherwise join the
    // hole's dark blob and pass for part of an arm)
    if (!blobs || votes.notClothChanged > 0) blobs = findBlobs(votes.occluding, geo.surface, geo.workW, geo.workH);
    const kept = dropOccluderParts(dedupe([...out, ...unchanged]), blobs, geo);
    // the usual colour follows the lamps slowly, judged on every ball held this frame: the balls found
    // anew are only those where something moved, and when an arm is there they can be mostly "balls" on
    // its skin (five such phantoms once turned every ivory ball odd and the red cue ball usual)
    const ref = refAB && usualBallColour(kept);
    if (refAB && ref) refAB = [0.95 * refAB[0] + 0.05 * ref[0], 0.95 * refAB[1] + 0.05 * ref[1]];
    occluded.length = 0;
    occluded.push(...occluderBoxes(blobs, kept, geo, profile, tileBoxes, lastTiles));
    if (!partial) lastEdgeT = votes.edgeThreshold;
    gate?.commit(gateData, decision);
    last = kept;
    const t3 = performance.now();
    timings.prepare = t1 - t0; timings.votes = t2 - t1; timings.refine = t3 - t2; timings.total = t3 - t0;
    return kept;
  };
  return { geometry: geo, detect, lastTimings_ms: timings, lastOccluded: occluded };
}

/**
 * A pocket's hole is round and ball-sized too (near a pocket, see `nearPocket`), but dark through and through: no
 * highlight brighter than the cloth (`clothLab`, OpenCV's 8-bit Lab), and no hue of its own — black, or, seen small
 * and far off, the cloth's colour bleeding into it (a pool table's far corner in `padova-8ball`, 8 px across). A
 * red cue ball rolling in dim light is as dark and its smeared highlight no brighter than the cloth, but it is
 * coloured unlike the cloth: 1390202's (L 43, brightest 96 on blue cloth of L 101, 98% coloured) was dropped for its
 * last 170 mm into a corner, and its fall never seen.
 */
export function looksLikePocketHole(look: Appearance, clothLab: readonly [number, number, number]): boolean {
  if (look.lab[0] >= 0.45 * clothLab[0] || look.maxL >= 1.1 * clothLab[0]) return false;
  const ownHue = look.colourFraction >= 0.5 && hypot2(look.lab[1] - clothLab[1], look.lab[2] - clothLab[2]) > HUE_UNLIKE_CLOTH;
  return !ownHue;
}

/** Lab (a, b) distance from the cloth's beyond which a coloured disc has a hue of its own (a red ball on blue cloth: 70). */
const HUE_UNLIKE_CLOTH = 40;

/** A circle fit whose outline is crossed on this share of its rays or more is seen all round (refine.ts's `seenRound`). */
const SEEN_ALL_ROUND = 0.9;

/** OpenCV's nearest-pixel resize that rounds to the nearest source pixel (INTER_NEAREST_EXACT; the binding has no name for it). */
const INTER_NEAREST_EXACT = 6;

/**
 * How the motion gate's image is shrunk from the frame, at `scale` full px a work px. At an odd whole
 * number a linear resize lands every work pixel on the centre of its block, so it copies that one pixel:
 * the nearest-exact resize gives the same image for two thirds of the time (0.46 against 0.32 ms a 1080p
 * frame, where the scale is 3). At an even one the linear resize averages the middle 2×2 pixels.
 */
export function gateInterpolation(scale: number): number {
  return Number.isInteger(scale) && scale % 2 === 1 ? INTER_NEAREST_EXACT : cv.INTER_LINEAR;
}

/**
 * The median Lab a, b of the balls found (at least five, so one odd ball cannot be the median):
 * the object balls' ivory as these lamps show it.
 */
function usualBallColour(d: BallDetection[]): [number, number] | null {
  // (partial ones count too: in some light most outlines lose an edge to their own shadow)
  if (d.length < 5) return null;
  const med = (v: number[]) => v.sort((p, q) => p - q)[v.length >> 1]!;
  return [med(d.map((x) => x.lab[1])), med(d.map((x) => x.lab[2]))];
}

function clamp(v: number, lim: number): number {
  return Math.max(-lim, Math.min(lim, v));
}

/** The balls of the last search that a full search did not find again where nothing changed (a ball found again is as found now). */
export function unfoundWhereUnchanged(last: readonly BallDetection[], found: readonly BallDetection[], unchanged: (b: BallDetection) => boolean): BallDetection[] {
  return last.filter((b) => unchanged(b) && !found.some((f) => hypot2(f.u_px - b.u_px, f.v_px - b.v_px) < 1.2 * Math.min(f.r_px, b.r_px)));
}

/** Two detections closer than a ball's radius are one ball: keep the surer. */
function dedupe(d: BallDetection[]): BallDetection[] {
  const sorted = [...d].sort((a, b) => b.confidence - a.confidence);
  const kept: BallDetection[] = [];
  for (const c of sorted) {
    if (kept.some((k) => hypot2(k.u_px - c.u_px, k.v_px - c.v_px) < 1.2 * Math.min(k.r_px, c.r_px))) continue;
    kept.push(c);
  }
  return kept;
}
