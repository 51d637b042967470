// Soft shadows on the table. Each caster (ball, cue, arm) is projected from each lamp onto the
// cloth plane as a 2-D capsule with a penumbra that widens with its height and the lamp's size; the
// per-lamp occlusion is kept as a maximum (so overlapping shadows of one lamp do not double up) and
// then each pixel is darkened by the light those lamps gave it (their precomputed share).
import type { BallSnapshot } from '../types.js';
import type { Capsule, RenderContext, Box } from './context.js';
import { clipBox } from './context.js';
import { REGION } from './background.js';

interface Shadow2D {
  /** endpoints on the cloth, table mm */
  ax: number; ay: number; bx: number; by: number;
  /** radius and penumbra half-width at each end, mm */
  ra: number; rb: number; pa: number; pb: number;
  /** strength cap (thin casters high above the cloth never make a full shadow) */
  k: number;
}

/** Rasterise one 2-D shadow capsule into a lamp's occlusion buffer (index lamp, or nL for ambient). */
function rasterShadow(ctx: RenderContext, sh: Shadow2D, lamp: number): void {
  const cam = ctx.cam;
  const pa = cam.project({ x: sh.ax, y: sh.ay, z: 0 });
  const pb = cam.project({ x: sh.bx, y: sh.by, z: 0 });
  const f = cam.params.f_px;
  const scaleA = f / Math.max(100, cam.toCamera({ x: sh.ax, y: sh.ay, z: 0 }).z);
  const scaleB = f / Math.max(100, cam.toCamera({ x: sh.bx, y: sh.by, z: 0 }).z);
  const ra = (sh.ra) * scaleA, rb = sh.rb * scaleB, pna = Math.max(0.5, sh.pa * scaleA), pnb = Math.max(0.5, sh.pb * scaleB);
  const reach = Math.max(ra + pna, rb + pnb) + 1.5;
  const raw: Box = {
    x0: Math.floor(Math.min(pa.u_px, pb.u_px) - reach), x1: Math.ceil(Math.max(pa.u_px, pb.u_px) + reach),
    y0: Math.floor(Math.min(pa.v_px, pb.v_px) - reach), y1: Math.ceil(Math.max(pa.v_px, pb.v_px) + reach),
  };
  // shadows only fall on the table (the floor is far below and not shaded per frame)
  const box0 = clipBox(raw, ctx.roi);
  const box = box0 && clipBox(box0, ctx.tableBox);
  if (!box) return;
  const occ = ctx.occ;
  const stride = ctx.lit.lamps.length + 1;
  const rowMin = ctx.rowMin, rowMax = ctx.rowMax;
  const W = ctx.width;
  const ux = pb.u_px - pa.u_px, uy = pb.v_px - pa.v_px;
  const l2 = ux * ux + uy * uy;
  const region = ctx.bg.region;
  const mark = ctx.shadowMark;
  // soft shadows (wide penumbra) are evaluated on a coarser grid and filled in blocks: the large,
  // blurry shadows of arms and bodies cost as much as a ball's otherwise
  const penMin = Math.min(pna, pnb);
  const step = penMin >= 24 ? 4 : penMin >= 12 ? 3 : penMin >= 6 ? 2 : 1;
  const half = (step - 1) / 2;
  for (let v = box.y0; v < box.y1; v += step) {
    const py = v + 0.5 + half - pa.v_px;
    // the columns this row can reach: clip the axis to rows within reach
    let s0 = 0, s1 = 1;
    if (Math.abs(uy) > 1e-6) {
      const sA = (py - reach - step) / uy, sB = (py + reach + step) / uy;
      s0 = Math.max(0, Math.min(sA, sB)); s1 = Math.min(1, Math.max(sA, sB));
      if (s0 > s1) continue;
    } else if (Math.abs(py) > reach + step) continue;
    const xa = pa.u_px + ux * s0, xb = pa.u_px + ux * s1;
    let u0 = Math.max(box.x0, Math.floor(Math.min(xa, xb) - reach - step));
    u0 = box.x0 + Math.floor((u0 - box.x0) / step) * step;
    const u1 = Math.min(box.x1, Math.ceil(Math.max(xa, xb) + reach + step));
    const vEnd = Math.min(box.y1, v + step);
    for (let u = u0; u < u1; u += step) {
      const px = u + 0.5 + half - pa.u_px;
      let s = l2 > 1e-9 ? (px * ux + py * uy) / l2 : 0;
      s = s < 0 ? 0 : s > 1 ? 1 : s;
      const ex = px - s * ux, ey = py - s * uy;
      const d = Math.sqrt(ex * ex + ey * ey);
      const r = ra + (rb - ra) * s;
      const pen = pna + (pnb - pna) * s;
      let o = 0.5 + (r - d) / (2 * pen);
      if (o <= 0) continue;
      if (o > 1) o = 1;
      // a penumbra wider than the shadow itself never gets fully dark
      const cap = pen > r ? (r / pen) * sh.k : sh.k;
      const val = (o * cap * 255) | 0;
      if (val === 0) continue;
      const uEnd = Math.min(box.x1, u + step);
      for (let vv = v; vv < vEnd; vv++) {
        for (let uu = u; uu < uEnd; uu++) {
          const p = vv * W + uu;
          const rg = region[p]!;
          if (rg === REGION.FLOOR || rg === REGION.POCKET) continue;
          const k = p * stride + lamp;
          if (val > occ[k]!) { occ[k] = val; mark[p] = 1; }
        }
        if (u < rowMin[vv]!) rowMin[vv] = u;
        if (uEnd > rowMax[vv]!) rowMax[vv] = uEnd;
      }
    }
  }
}

/** Shadows of one ball from every lamp, and its contact shadow. */
export function ballShadows(ctx: RenderContext, ball: BallSnapshot): void {
  const Rb = ctx.spec.ball_mm / 2;
  const P = ball.pos_mm;
  if (P.z < Rb - 8) return; // sinking into a pocket: its shadow is in the hole
  const lamps = ctx.lit.lamps;
  for (let l = 0; l < lamps.length; l++) {
    const L = lamps[l]!;
    if (P.z >= L.z - Rb) continue;
    const hx = P.x - L.x, hy = P.y - L.y;
    const hd = Math.hypot(hx, hy);
    const ux = hd > 1e-6 ? hx / hd : 1, uy = hd > 1e-6 ? hy / hd : 0;
    const dist = Math.hypot(hd, L.z - P.z);
    const beta = Math.atan2(hd, L.z - P.z);
    const alpha = Math.asin(Math.min(0.999, Rb / dist));
    const far = Math.min(beta + alpha, 1.45);
    const a1 = L.z * Math.tan(beta - alpha), a2 = L.z * Math.tan(far);
    const rm = (Rb * L.z) / (L.z - P.z);
    const half = (a2 - a1) / 2;
    const mid = (a1 + a2) / 2;
    const e = Math.max(0, half - rm);
    const pen = (L.radius * P.z) / (L.z - P.z);
    rasterShadow(ctx, {
      ax: L.x + ux * (mid - e), ay: L.y + uy * (mid - e), bx: L.x + ux * (mid + e), by: L.y + uy * (mid + e),
      ra: rm, rb: rm, pa: pen, pb: pen * 1.2, k: 1,
    }, l);
  }
  // contact shadow: the ball hides the room's light from the cloth right around where it stands
  const h = Math.max(0, P.z - Rb);
  rasterShadow(ctx, { ax: P.x, ay: P.y, bx: P.x, by: P.y, ra: Rb * 0.6, rb: Rb * 0.6, pa: Rb * 0.45 + h, pb: Rb * 0.45 + h, k: 0.9 / (1 + h / 30) }, lamps.length);
}

/** Shadows of a capsule (cue segment, arm, body) from every lamp. */
export function capsuleShadows(ctx: RenderContext, cap: Capsule): void {
  const lamps = ctx.lit.lamps;
  for (let l = 0; l < lamps.length; l++) {
    const L = lamps[l]!;
    const proj = (x: number, y: number, z: number, r: number) => {
      const zz = Math.min(z, L.z * 0.85); // casters near the lamp's height: a very large, faint shadow
      const k = L.z / (L.z - zz);
      return { x: L.x + (x - L.x) * k, y: L.y + (y - L.y) * k, r: r * k, pen: (L.radius * zz) / (L.z - zz) + 0.5 };
    };
    const a = proj(cap.a.x, cap.a.y, cap.a.z, cap.ra);
    const b = proj(cap.b.x, cap.b.y, cap.b.z, cap.rb);
    rasterShadow(ctx, { ax: a.x, ay: a.y, bx: b.x, by: b.y, ra: a.r, rb: b.r, pa: a.pen, pb: b.pen, k: 1 }, l);
  }
  // the room's light is blocked a little under large, low casters
  const zMean = (cap.a.z + cap.b.z) / 2;
  const r = (cap.ra + cap.rb) / 2;
  if (cap.kind !== 'cue') {
    rasterShadow(ctx, { ax: cap.a.x, ay: cap.a.y, bx: cap.b.x, by: cap.b.y, ra: r, rb: r, pa: zMean * 0.8 + r, pb: zMean * 0.8 + r, k: 0.5 }, lamps.length);
  }
}

/** Darken the frame where shadows fell, once per pixel, and clear the occlusion buffers. */
export function applyShadows(ctx: RenderContext): void {
  const stride = ctx.lit.lamps.length + 1;
  const share = ctx.bg.lampShare;
  const out = ctx.out;
  const mark = ctx.shadowMark;
  const occ = ctx.occ;
  const untone = ctx.untone;
  const tone = ctx.lit.tone;
  const top = tone.length - 1;
  const W = ctx.width;
  const rowMin = ctx.rowMin, rowMax = ctx.rowMax;
  for (let v = 0; v < ctx.height; v++) {
    const u1 = rowMax[v]!;
    if (u1 === 0) continue;
    for (let u = rowMin[v]!; u < u1; u++) {
      const p = v * W + u;
      // only pixels some shadow reached (the mark and the occlusion are cleared as they are used)
      if (mark[p] === 0) continue;
      mark[p] = 0;
      let lost = 0;
      const o = p * stride;
      for (let l = 0; l < stride; l++) {
        const ov = occ[o + l]!;
        if (ov) { lost += ov * share[o + l]!; occ[o + l] = 0; }
      }
      if (lost === 0) continue;
      const k = 1 - lost / 65025;
      const q = 3 * p;
      // untone is in LUT index units of the same curve
      const r = untone[out[q]!]! * k, g = untone[out[q + 1]!]! * k, b = untone[out[q + 2]!]! * k;
      out[q] = tone[r >= top ? top : r | 0]!;
      out[q + 1] = tone[g >= top ? top : g | 0]!;
      out[q + 2] = tone[b >= top ? top : b | 0]!;
    }
    rowMin[v] = W;
    rowMax[v] = 0;
  }
}
