// The real-image figures of issue 4 (calibration accuracy, playing-field IoU, ball recall and
// phantoms) on ../shared/realdata. Run: node --import tsx scripts/eval-realdata.ts [--write]
// (--write also rewrites docs/realdata.md). The images are read in place, never copied.
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import cv from '../src/vision/cv.js';
import { tableFromProtocol } from '../src/table/geometry.js';
import type { TableSpec } from '../src/table/geometry.js';
import { frameFromMat } from '../src/vision/frame.js';
import type { Frame } from '../src/vision/frame.js';
import { calibrate } from '../src/vision/calibration/calibrate.js';
import type { CalibrationResult } from '../src/vision/calibration/calibrate.js';
import { ballPxToTable, tableToPx } from '../src/vision/calibration/profile.js';
import type { CalibrationProfile } from '../src/vision/calibration/profile.js';
import { createBallDetector } from '../src/vision/detection/detector.js';
import type { BallDetection } from '../src/vision/detection/types.js';

/** The checkout's root (this file runs from scripts/ or, compiled, from dist/scripts/). */
function findRepo(): string {
  let d = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    if (existsSync(join(d, 'package.json')) && existsSync(join(d, 'src'))) return d;
    d = dirname(d);
  }
  return resolve(dirname(fileURLToPath(import.meta.url)), '..');
}
export const REPO = findRepo();
export const REALDATA = resolve(REPO, '../shared/realdata');

/** The overhead-snooker table: playing field 1881 × 943 mm, 52.5 mm balls. */
export const SNOOKER_SPEC: TableSpec = tableFromProtocol({ length: 1881, width: 943, ball: 52.5 });
/** A 9-ft pool table (100 × 50 in), 57.15 mm balls: padova's clips. */
export const POOL9_SPEC: TableSpec = tableFromProtocol({ length: 2540, width: 1270, ball: 57.15 });

export function hasRealdata(): boolean {
  return existsSync(join(REALDATA, 'overhead-snooker')) && existsSync(join(REALDATA, 'padova-8ball'));
}

export function readStill(path: string): Frame {
  const m = cv.imread(path);
  if (m.empty) throw new Error(`${path}: cannot be decoded`);
  return frameFromMat(m);
}

// ---------------------------------------------------------------- overhead-snooker: pixel → mm

interface SnookerBall { type?: string; x: number; y: number; pixelX: number; pixelY: number }
interface SnookerCase { image: string; balls: SnookerBall[] }

export function snookerCases(folder: string): { file: string; balls: SnookerBall[] }[] {
  const dir = join(REALDATA, 'overhead-snooker', folder);
  const tc = JSON.parse(readFileSync(join(dir, 'testcases.json'), 'utf8')) as { cases: SnookerCase[] };
  return tc.cases.map((c) => ({ file: join(dir, c.image.split('/').pop()!.replace(/\.png$/, '.jpg')), balls: c.balls }));
}

/** The 8 symmetries of the axes: theirs = S · ours. */
export const SYMMETRIES: { name: string; f: (x: number, y: number) => [number, number] }[] = [
  { name: '(x, y)', f: (x, y) => [x, y] }, { name: '(-x, y)', f: (x, y) => [-x, y] },
  { name: '(x, -y)', f: (x, y) => [x, -y] }, { name: '(-x, -y)', f: (x, y) => [-x, -y] },
  { name: '(y, x)', f: (x, y) => [y, x] }, { name: '(-y, x)', f: (x, y) => [-y, x] },
  { name: '(y, -x)', f: (x, y) => [y, -x] }, { name: '(-y, -x)', f: (x, y) => [-y, -x] },
];

export interface SnookerFigure {
  folder: string;
  images: number;
  calibrated: number;
  labels: number;
  symmetry: string;
  median_mm: number;
  p90_mm: number;
  max_mm: number;
  /** ball recall and phantoms with the per-image calibration */
  recall: number;
  found: number;
  phantoms: number;
  detect_ms: number;
}

function quantile(v: number[], q: number): number {
  if (!v.length) return NaN;
  const s = [...v].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
}

/** Matches detections to labelled centres (px) one to one, nearest first, within `maxDist_px`. */
export function matchCentres(labels: { u: number; v: number }[], dets: BallDetection[], maxDist_px: number): { matched: number; phantoms: BallDetection[] } {
  const pairs: { i: number; j: number; d: number }[] = [];
  labels.forEach((l, i) => dets.forEach((d, j) => {
    const dist = Math.hypot(l.u - d.u_px, l.v - d.v_px);
    if (dist <= maxDist_px) pairs.push({ i, j, d: dist });
  }));
  pairs.sort((a, b) => a.d - b.d);
  const li = new Set<number>(), dj = new Set<number>();
  for (const p of pairs) if (!li.has(p.i) && !dj.has(p.j)) { li.add(p.i); dj.add(p.j); }
  return { matched: li.size, phantoms: dets.filter((_, j) => !dj.has(j)) };
}

export function snookerFigure(folder: string, limit = Infinity): SnookerFigure {
  const cases = snookerCases(folder).slice(0, limit);
  const perImage: { profile: CalibrationProfile | null; balls: SnookerBall[]; dets: BallDetection[] }[] = [];
  let detMs = 0, detN = 0;
  for (const c of cases) {
    const frame = readStill(c.file);
    let r: CalibrationResult | null = null;
    try {
      r = calibrate([frame], { spec: SNOOKER_SPEC });
    } catch {
      r = null;
    }
    let dets: BallDetection[] = [];
    if (r) {
      const det = createBallDetector(r.profile);
      dets = det.detect(frame);
      det.detect(frame);
      detMs += det.lastTimings_ms.total; detN++;
    }
    perImage.push({ profile: r?.profile ?? null, balls: c.balls, dets });
  }
  // the axes' correspondence: the symmetry with the smallest median over all images
  let best = { name: '', errs: [] as number[], med: Infinity };
  for (const s of SYMMETRIES) {
    const errs: number[] = [];
    for (const im of perImage) {
      for (const b of im.balls) {
        if (!im.profile) { errs.push(Infinity); continue; }
        // the labels are ball centres: where the ball stands, its centre's height undone
        const t = ballPxToTable(im.profile, b.pixelX, b.pixelY);
        const [x, y] = s.f(t.x, t.y);
        errs.push(Math.hypot(x - b.x, y - b.y));
      }
    }
    const med = quantile(errs, 0.5);
    if (med < best.med) best = { name: s.name, errs, med };
  }
  let labels = 0, matched = 0, found = 0, phantoms = 0;
  for (const im of perImage) {
    labels += im.balls.length;
    if (!im.profile) continue;
    const rPx = im.profile.ballRadius_px.centre;
    const m = matchCentres(im.balls.map((b) => ({ u: b.pixelX, v: b.pixelY })), im.dets, 0.8 * rPx);
    matched += m.matched; found += im.dets.length; phantoms += m.phantoms.length;
  }
  return {
    folder, images: cases.length, calibrated: perImage.filter((p) => p.profile).length, labels,
    symmetry: best.name, median_mm: best.med, p90_mm: quantile(best.errs, 0.9), max_mm: quantile(best.errs, 1),
    recall: labels ? matched / labels : NaN, found, phantoms, detect_ms: detN ? detMs / detN : NaN,
  };
}

// ---------------------------------------------------------------- padova-8ball: field IoU, balls

export interface PadovaFigure {
  clip: string;
  frame: string;
  /** IoU of the found cloth area (cushion tops included, as the labels are) with the labelled field */
  iou: number;
  /** IoU of the playing surface inside the cushion noses, for reference */
  iouSurface: number;
  labels: number;
  recall: number;
  phantoms: number;
  error?: string;
}

export function padovaClips(): string[] {
  return readdirSync(join(REALDATA, 'padova-8ball')).filter((d) => d.startsWith('game')).sort();
}

function readMaskClasses(path: string): { data: Buffer; w: number; h: number } {
  const m = cv.imread(path, cv.IMREAD_GRAYSCALE);
  return { data: m.getData(), w: m.cols, h: m.rows };
}

function polygonMask(w: number, h: number, poly: { x: number; y: number }[]): Buffer {
  const m = new cv.Mat(h, w, cv.CV_8UC1, 0);
  m.drawFillPoly([poly.map((p) => new cv.Point2(Math.round(p.x), Math.round(p.y)))], new cv.Vec3(1, 1, 1));
  return m.getData();
}

/** The area a profile's quad covers, as seen: its straight (undistorted) sides bent through the lens. */
function outlinePolygon(profile: CalibrationProfile, which: 'cloth' | 'surface'): { x: number; y: number }[] {
  if (which === 'surface') {
    const hx = profile.table.length_mm / 2, hy = profile.table.width_mm / 2;
    const c = [{ x: -hx, y: hy }, { x: -hx, y: -hy }, { x: hx, y: -hy }, { x: hx, y: hy }];
    const out: { x: number; y: number }[] = [];
    for (let i = 0; i < 4; i++) for (let k = 0; k < 30; k++) {
      const a = c[i]!, b = c[(i + 1) % 4]!;
      out.push(tableToPx(profile, a.x + ((b.x - a.x) * k) / 30, a.y + ((b.y - a.y) * k) / 30));
    }
    return out;
  }
  return (profile.clothOutline_px ?? profile.corners_px).map(([x, y]) => ({ x, y }));
}

function iouOf(a: Buffer, b: Buffer): number {
  let inter = 0, uni = 0;
  for (let i = 0; i < a.length; i++) {
    const p = a[i]! > 0, q = b[i]! > 0;
    if (p && q) inter++;
    if (p || q) uni++;
  }
  return uni ? inter / uni : 0;
}

export function padovaFigure(clip: string, frame: 'frame_first' | 'frame_last'): PadovaFigure {
  const dir = join(REALDATA, 'padova-8ball', clip);
  const f = readStill(join(dir, 'frames', `${frame}.png`));
  const mask = readMaskClasses(join(dir, 'masks', `${frame}.png`));
  // the field is class 5; balls (1–4) lie on it and are part of it
  const field = Buffer.alloc(mask.w * mask.h);
  for (let i = 0; i < field.length; i++) field[i] = mask.data[i]! >= 1 && mask.data[i]! <= 5 ? 1 : 0;
  const boxes = readFileSync(join(dir, 'bounding_boxes', `${frame}_bbox.txt`), 'utf8').trim().split('\n')
    .map((l) => l.trim().split(/\s+/).map(Number)).filter((r) => r.length >= 4);
  let r: CalibrationResult;
  try {
    r = calibrate([f], { spec: POOL9_SPEC });
  } catch (e) {
    return { clip, frame, iou: 0, iouSurface: 0, labels: boxes.length, recall: 0, phantoms: 0, error: (e as Error).message };
  }
  const iou = iouOf(field, polygonMask(mask.w, mask.h, outlinePolygon(r.profile, 'cloth')));
  const iouSurface = iouOf(field, polygonMask(mask.w, mask.h, outlinePolygon(r.profile, 'surface')));
  const dets = createBallDetector(r.profile).detect(f);
  // a label is found when a detection's centre is inside its box (grown by a quarter of its size)
  const used = new Set<number>();
  let matched = 0;
  for (const [x, y, w, h] of boxes) {
    const gx = 0.25 * w!, gy = 0.25 * h!;
    let bj = -1, bd = Infinity;
    dets.forEach((d, j) => {
      if (used.has(j)) return;
      if (d.u_px < x! - gx || d.u_px > x! + w! + gx || d.v_px < y! - gy || d.v_px > y! + h! + gy) return;
      const dd = Math.hypot(d.u_px - (x! + w! / 2), d.v_px - (y! + h! / 2));
      if (dd < bd) { bd = dd; bj = j; }
    });
    if (bj >= 0) { used.add(bj); matched++; }
  }
  return { clip, frame, iou, iouSurface, labels: boxes.length, recall: boxes.length ? matched / boxes.length : NaN, phantoms: dets.length - used.size };
}

// ---------------------------------------------------------------- report

function fmt(v: number, d = 1): string {
  return Number.isFinite(v) ? v.toFixed(d) : '—';
}

export function report(): string {
  const lines: string[] = [];
  lines.push('# Real images: calibration and ball detection', '');
  lines.push('Reproduce with `node --import tsx scripts/eval-realdata.ts --write` (reads `../shared/realdata/`, see its README).', '');
  lines.push('## overhead-snooker: labelled ball pixels mapped to table mm (each still calibrated on its own)', '');
  lines.push('| folder | stills | calibrated | labels | axes (theirs = ) | median mm | p90 mm | max mm | ball recall | detections | phantoms | detect ms |');
  lines.push('|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const folder of ['with_halo_2', 'without_halo']) {
    const s = snookerFigure(folder);
    lines.push(`| ${folder} | ${s.images} | ${s.calibrated} | ${s.labels} | ${s.symmetry} | ${fmt(s.median_mm, 2)} | ${fmt(s.p90_mm, 2)} | ${fmt(s.max_mm, 2)} | ${fmt(100 * s.recall)}% | ${s.found} | ${s.phantoms} | ${fmt(s.detect_ms)} |`);
    process.stderr.write(`snooker ${folder} done\n`);
  }
  lines.push('', '## padova-8ball: found cloth area vs the labelled playing field (class 5 + balls), and balls', '');
  lines.push('| clip | frame | IoU (cloth area) | IoU (inside noses) | labelled balls | recall | phantoms | note |');
  lines.push('|---|---|---|---|---|---|---|---|');
  for (const clip of padovaClips()) for (const fr of ['frame_first', 'frame_last'] as const) {
    const p = padovaFigure(clip, fr);
    lines.push(`| ${clip} | ${fr} | ${fmt(p.iou, 3)} | ${fmt(p.iouSurface, 3)} | ${p.labels} | ${fmt(100 * p.recall)}% | ${p.phantoms} | ${p.error ?? ''} |`);
  }
  lines.push('', '## How to read this', '',
    '- Every still or frame is calibrated on its own (`calibrate([frame], { spec })`, automatic corners, no head given).',
    '- overhead-snooker: the labels are ball centres, so each `pixelX/pixelY` goes through `ballPxToTable` (the',
    '  ball centre\'s height undone) and is compared with the label\'s `x/y`; the axes\' correspondence is the best of',
    '  the 8 symmetries (theirs = ours: their origin is the table centre, x to the image right, y up). Their own',
    '  mm come from a homography fitted with the cushion noses as if on the cloth, so a few mm of the residual is',
    '  that convention (the nose is ~34 mm above the cloth), not our error. Table 1881 × 943 mm, balls 52.5 mm.',
    '- padova-8ball: the labelled field is class 5 plus the balls on it (classes 1–4); it includes the cushion tops,',
    '  so it is compared with the cloth area the calibration found (outer cloth edge), and, for reference, with the',
    '  playing surface inside the cushion noses. Table taken as 9 ft pool (2540 × 1270 mm, 57.15 mm balls).',
    '- Ball recall: overhead-snooker labels matched one to one within 0.8 ball radius; padova boxes matched when a',
    '  detection centre falls in the box grown by a quarter. Phantoms: detections matching no label (pocket holes,',
    '  hands, cues; on padova also the cushion faces of slanted broadcast views).',
    '- detect ms: wall time of the second `detect()` call on a still (JIT barely warm) at 1280×720 on a shared',
    '  2-core machine; warmed up over 60 frames it is ~27 ms of CPU per frame (votes ~12, refinement ~10, resize and',
    '  copies ~5): see the report, this is not yet the few ms aimed for.', '');
  return lines.join('\n') + '\n';
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (!hasRealdata()) {
    process.stderr.write(`eval-realdata: ${REALDATA} is absent; nothing to evaluate\n`);
    process.exit(2);
  }
  const text = report();
  process.stdout.write(text);
  if (process.argv.includes('--write')) writeFileSync(join(REPO, 'docs/realdata.md'), text);
}
