// What the detector precomputes from a calibration: the region of the image to look at, the working
// scale (balls about 5 px in radius: enough to find them, cheap to search), the surface mask and the
// expected ball radius at every place (perspective makes near balls bigger).
import cv from '../cv.js';
import type { CalibrationProfile } from '../calibration/profile.js';
import { ballRadiusAt_px, pxToTable, tableToPx } from '../calibration/profile.js';

export interface DetectorGeometry {
  /** the region of interest in full-resolution px */
  roi: { x: number; y: number; width: number; height: number };
  /** full px per work px */
  scale: number;
  workW: number;
  workH: number;
  /** 1 inside the surface (plus a little into the pocket mouths), work scale */
  inside: Uint8Array;
  /** 1 where the work pixel shows the playing surface itself (inside the cushion noses, no pocket holes) */
  surface: Uint8Array;
  /** 1 on the surface's own edge: a surface pixel with a 4-neighbour off it (the cushion noses' line) */
  surfaceEdge: Uint8Array;
  /** expected ball radius at each work pixel, in work px */
  radius_w: Float32Array;
  rMin_w: number;
  rMax_w: number;
}

/** Work radius the search is tuned for. */
const TARGET_R_W = 5;

export function detectorGeometry(p: CalibrationProfile): DetectorGeometry {
  const W = p.image.width_px, H = p.image.height_px;
  const hx = p.table.length_mm / 2, hy = p.table.width_mm / 2;
  const R = p.table.ball_mm / 2;
  // the outline of the surface grown by a ball radius (balls in the jaws), through the lens
  const ring: { x: number; y: number }[] = [];
  const gx = hx + 0.8 * R, gy = hy + 0.8 * R;
  const corners = [{ x: -gx, y: gy }, { x: -gx, y: -gy }, { x: gx, y: -gy }, { x: gx, y: gy }];
  for (let i = 0; i < 4; i++) {
    const a = corners[i]!, b = corners[(i + 1) % 4]!;
    for (let k = 0; k < 24; k++) ring.push(tableToPx(p, a.x + ((b.x - a.x) * k) / 24, a.y + ((b.y - a.y) * k) / 24, R));
  }
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const q of ring) { x0 = Math.min(x0, q.x); y0 = Math.min(y0, q.y); x1 = Math.max(x1, q.x); y1 = Math.max(y1, q.y); }
  const rCentre = ballRadiusAt_px(p, 0, 0);
  // a whole number of full px per work px: OpenCV's area resize by an integer factor is a plain block
  // average, over ten times faster than by a fractional one (3.5 ms against 0.25 ms at 720p)
  const scale = Math.max(1, Math.round(rCentre / TARGET_R_W));
  const pad = 2 * rCentre;
  const rx0 = Math.max(0, Math.floor(x0 - pad)), ry0 = Math.max(0, Math.floor(y0 - pad));
  const rx1 = Math.min(W, Math.ceil(x1 + pad)), ry1 = Math.min(H, Math.ceil(y1 + pad));
  const workW = Math.max(1, Math.floor((rx1 - rx0) / scale)), workH = Math.max(1, Math.floor((ry1 - ry0) / scale));
  const roi = { x: rx0, y: ry0, width: workW * scale, height: workH * scale };
  const sxw = roi.width / workW, syw = roi.height / workH;
  const poly = ring.map((q) => new cv.Point2(Math.round((q.x - roi.x) / sxw), Math.round((q.y - roi.y) / syw)));
  const m = new cv.Mat(workH, workW, cv.CV_8UC1, 0);
  m.drawFillPoly([poly], new cv.Vec3(1, 1, 1));
  const inside = new Uint8Array(m.getData());
  // expected radius on a coarse grid, filled per block (it changes slowly across the image)
  const radius_w = new Float32Array(workW * workH);
  const B = 8;
  let rMin = Infinity, rMax = 0;
  for (let by = 0; by < workH; by += B) for (let bx = 0; bx < workW; bx += B) {
    const u = roi.x + (bx + B / 2) * sxw, v = roi.y + (by + B / 2) * syw;
    const t = pxToTable(p, Math.min(W - 1, u), Math.min(H - 1, v));
    const cx = Math.max(-hx, Math.min(hx, t.x)), cy = Math.max(-hy, Math.min(hy, t.y));
    const r = ballRadiusAt_px(p, cx, cy) / ((sxw + syw) / 2);
    for (let y = by; y < Math.min(workH, by + B); y++) for (let x = bx; x < Math.min(workW, bx + B); x++) {
      radius_w[y * workW + x] = r;
      if (inside[y * workW + x]) { rMin = Math.min(rMin, r); rMax = Math.max(rMax, r); }
    }
  }
  if (!Number.isFinite(rMin)) { rMin = rCentre / scale; rMax = rMin; }
  const surface = new Uint8Array(workW * workH);
  for (let y = 0; y < workH; y++) for (let x = 0; x < workW; x++) {
    if (!inside[y * workW + x]) continue;
    const t = pxToTable(p, roi.x + (x + 0.5) * sxw, roi.y + (y + 0.5) * syw);
    if (Math.abs(t.x) <= hx && Math.abs(t.y) <= hy) surface[y * workW + x] = 1;
  }
  return { roi, scale: (sxw + syw) / 2, workW, workH, inside, surface, surfaceEdge: edgeOf(surface, workW, workH), radius_w, rMin_w: rMin, rMax_w: rMax };
}

/** The mask's own edge: its pixels with a 4-neighbour off it (or on the image's border). */
export function edgeOf(mask: Uint8Array, w: number, h: number): Uint8Array {
  const edge = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    const i = y * w + x;
    if (mask[i] && (x === 0 || y === 0 || x === w - 1 || y === h - 1 || !mask[i - 1] || !mask[i + 1] || !mask[i - w] || !mask[i + w])) edge[i] = 1;
  }
  return edge;
}
