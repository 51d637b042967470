// A picture for a person to check a calibration: the playing surface's outline (drawn through the
// lens model, so a wrong k1 shows as a curve off the cushion), pockets, spots, the house line, and
// the corner names (which end was taken as the head).
import cv from '../cv.js';
import type { Mat, Point2 } from '../cv.js';
import { POCKET_IDS, frontSpot, houseLineX_mm, thirdSpot } from '../../table/geometry.js';
import type { CalibrationProfile } from './profile.js';
import { tableToPx } from './profile.js';
import type { Pt } from './homography.js';

const YELLOW = new cv.Vec3(0, 230, 255);
const MAGENTA = new cv.Vec3(255, 0, 255);
const CYAN = new cv.Vec3(255, 255, 0);
const WHITE = new cv.Vec3(255, 255, 255);

function polyline(p: CalibrationProfile, pts_mm: Pt[], closed: boolean): Point2[] {
  const out: Point2[] = [];
  const n = pts_mm.length;
  for (let i = 0; i < (closed ? n : n - 1); i++) {
    const a = pts_mm[i]!, b = pts_mm[(i + 1) % n]!;
    for (let k = 0; k < 40; k++) {
      const t = k / 40;
      const q = tableToPx(p, a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t);
      out.push(new cv.Point2(Math.round(q.x), Math.round(q.y)));
    }
  }
  if (!closed) {
    const q = tableToPx(p, pts_mm[n - 1]!.x, pts_mm[n - 1]!.y);
    out.push(new cv.Point2(Math.round(q.x), Math.round(q.y)));
  }
  return out;
}

export function drawCalibrationOverlay(image: Mat, p: CalibrationProfile, outer_px?: Pt[]): Mat {
  const img = image.copy();
  const thick = Math.max(1, Math.round(img.cols / 800));
  const hx = p.table.length_mm / 2, hy = p.table.width_mm / 2;
  if (outer_px) {
    img.drawPolylines([outer_px.map((q) => new cv.Point2(Math.round(q.x), Math.round(q.y)))], true, CYAN, thick);
  }
  img.drawPolylines([polyline(p, [{ x: -hx, y: hy }, { x: -hx, y: -hy }, { x: hx, y: -hy }, { x: hx, y: hy }], true)], true, YELLOW, thick);
  const house = houseLineX_mm(p.table);
  img.drawPolylines([polyline(p, [{ x: house, y: hy }, { x: house, y: -hy }], false)], false, WHITE, thick);
  for (const s of [frontSpot(p.table), { x: 0, y: 0 }, thirdSpot(p.table)]) {
    const q = tableToPx(p, s.x, s.y);
    img.drawCircle(new cv.Point2(Math.round(q.x), Math.round(q.y)), 2 * thick + 1, WHITE, -1);
  }
  const rPocket = Math.max(3, p.ballRadius_px.centre * (p.table.cornerPocket_mm / p.table.ball_mm));
  for (const id of POCKET_IDS) {
    const [u, v] = p.pockets_px[id];
    img.drawCircle(new cv.Point2(Math.round(u), Math.round(v)), Math.round(rPocket), MAGENTA, thick);
  }
  const names = ['HL', 'HR', 'FR', 'FL'];
  const cx = p.corners_px.reduce((s, c) => s + c[0], 0) / 4, cy = p.corners_px.reduce((s, c) => s + c[1], 0) / 4;
  const fs = Math.max(0.5, img.cols / 1600);
  p.corners_px.forEach(([u, v], i) => {
    // labels inside the surface, so they stay on the image
    const lx = u + (cx - u) * 0.08, ly = v + (cy - v) * 0.08;
    img.putText(names[i]!, new cv.Point2(Math.round(lx - 12 * fs), Math.round(ly + 8 * fs)), cv.FONT_HERSHEY_SIMPLEX, fs, YELLOW, Math.max(1, thick));
  });
  // a ball-sized circle at the centre: its size checks the ball radius the detector will use
  const c = tableToPx(p, 0, 0, p.table.ball_mm / 2);
  img.drawCircle(new cv.Point2(Math.round(c.x), Math.round(c.y)), Math.round(p.ballRadius_px.centre), YELLOW, 1);
  return img;
}

export function writeOverlayPng(path: string, overlay: Mat): void {
  cv.imwrite(path, overlay);
}
