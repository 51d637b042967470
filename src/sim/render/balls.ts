// Balls as ray-traced spheres inside their screen boxes: ivory (or the cue ball's colour/stripe),
// the numeral decal looked up in body coordinates (so it turns with the ball), a highlight per lamp,
// cloth bounce light from below, darkening where balls touch, motion blur by averaging sub-positions
// along the velocity (with the rolling spin) over the exposure, and clipping by the table's geometry
// for balls sunk in a pocket.
import type { BallSnapshot, Vec3_mm } from '../types.js';
import type { RenderContext } from './context.js';
import { clipBox } from './context.js';
import { toCodes } from './background.js';
import { axisAngleQuat, matMul, quatMul, quatToMat, transpose } from './geom.js';
import { irradianceUp, lampFactor } from './lighting.js';
import type { NumeralTexture } from './glyphs.js';

const MAX_SUB = 20;

export interface BallDrawInput {
  ball: BallSnapshot;
  /** velocity over the exposure (mm/s), zero when unknown */
  vel: Vec3_mm;
  exposure_s: number;
  /** per lamp, how much of it reaches the ball (arms and cue can shade it) */
  lampVis: number[];
  /** centres of nearby balls, for contact darkening */
  neighbours: Vec3_mm[];
}

export function sampleNumeral(tex: NumeralTexture, X: number, Y: number): number {
  const ext = tex.extent_mm;
  const n = tex.size;
  const fx = ((X + ext) / (2 * ext)) * n - 0.5;
  const fy = ((ext - Y) / (2 * ext)) * n - 0.5;
  // the decal's border texels are blank, so clamping to the inside is exact
  if (fx < 0 || fy < 0 || fx >= n - 1 || fy >= n - 1) return 0;
  const ix = fx | 0, iy = fy | 0;
  const tx = fx - ix, ty = fy - iy;
  const a = tex.alpha;
  const i0 = iy * n + ix;
  const top = a[i0]! + (a[i0 + 1]! - a[i0]!) * tx;
  const bot = a[i0 + n]! + (a[i0 + n + 1]! - a[i0 + n]!) * tx;
  return top + (bot - top) * ty;
}

export function drawBall(ctx: RenderContext, inp: BallDrawInput): void {
  const { ball, vel } = inp;
  const cam = ctx.cam;
  const P = cam.params;
  const R = P.rotation;
  const C = P.position_mm;
  const f = P.f_px;
  const Rb = ctx.spec.ball_mm / 2;
  const W = ctx.width;
  const bg = ctx.bg;
  const lit = ctx.lit;
  const look = ctx.look;

  // sub-positions over the exposure
  const dx = vel.x * inp.exposure_s, dy = vel.y * inp.exposure_s, dz = vel.z * inp.exposure_s;
  const p0 = cam.project({ x: ball.pos_mm.x - dx / 2, y: ball.pos_mm.y - dy / 2, z: ball.pos_mm.z - dz / 2 });
  const p1 = cam.project({ x: ball.pos_mm.x + dx / 2, y: ball.pos_mm.y + dy / 2, z: ball.pos_mm.z + dz / 2 });
  const lenPx = Math.hypot(p1.u_px - p0.u_px, p1.v_px - p0.v_px);
  // sub-positions about a pixel apart: with anti-aliased edges that reads as a smooth smear
  const K = lenPx < 0.8 ? 1 : Math.min(MAX_SUB, Math.ceil(lenPx / 1.1));
  // one ray per pixel: edges are anti-aliased analytically and the decal texture is pre-filtered
  const S = 1;
  const vxy = Math.hypot(vel.x, vel.y);
  const spins = (ball.phase === 'rolling' || ball.phase === 'sliding') && vxy > 1;
  const cs = new Float64Array(3 * K);
  const Ms = new Float64Array(9 * K);
  const Rt = transpose(R);
  let bx0 = Infinity, by0 = Infinity, bx1 = -Infinity, by1 = -Infinity;
  for (let k = 0; k < K; k++) {
    const frac = K === 1 ? 0 : (k + 0.5) / K - 0.5;
    const pos = { x: ball.pos_mm.x + dx * frac, y: ball.pos_mm.y + dy * frac, z: ball.pos_mm.z + dz * frac };
    let q = ball.orientation;
    if (spins && frac !== 0) q = quatMul(axisAngleQuat(-vel.y / vxy, vel.x / vxy, 0, (vxy * frac * inp.exposure_s) / Rb), q);
    const c = cam.toCamera(pos);
    if (c.z < Rb * 3) return;
    cs[3 * k] = c.x; cs[3 * k + 1] = c.y; cs[3 * k + 2] = c.z;
    const M = matMul(transpose(quatToMat(q)), Rt);
    for (let i = 0; i < 9; i++) Ms[9 * k + i] = M[i]!;
    const pc = cam.project(pos);
    const rpx = (f * Rb * 1.25) / c.z + 2;
    bx0 = Math.min(bx0, pc.u_px - rpx); bx1 = Math.max(bx1, pc.u_px + rpx);
    by0 = Math.min(by0, pc.v_px - rpx); by1 = Math.max(by1, pc.v_px + rpx);
  }
  const box = clipBox({ x0: Math.floor(bx0), y0: Math.floor(by0), x1: Math.ceil(bx1), y1: Math.ceil(by1) }, ctx.roi);
  if (!box) return;
  // how the normalised ray changes per pixel around the ball (for sub-pixel samples)
  const pcen = cam.project(ball.pos_mm);
  const r0 = cam.undistort(pcen.u_px, pcen.v_px), ru = cam.undistort(pcen.u_px + 1, pcen.v_px), rv = cam.undistort(pcen.u_px, pcen.v_px + 1);
  const dxu = ru.xn - r0.xn, dyu = ru.yn - r0.yn, dxv = rv.xn - r0.xn, dyv = rv.yn - r0.yn;

  // lighting constants for this ball (lamps are far: one direction per lamp for the whole ball)
  const nL = lit.lamps.length;
  const lDir = new Float64Array(3 * nL), lCol = new Float64Array(3 * nL), hDir = new Float64Array(3 * nL), shin = new Float64Array(nL), thr = new Float64Array(nL);
  const cc0 = cam.toCamera(ball.pos_mm);
  const cl = Math.hypot(cc0.x, cc0.y, cc0.z);
  const vx = -cc0.x / cl, vy = -cc0.y / cl, vz = -cc0.z / cl;
  const gloss = look.balls.gloss * 2.5;
  for (let l = 0; l < nL; l++) {
    const L = lit.lamps[l]!;
    const wx = L.x - ball.pos_mm.x, wy = L.y - ball.pos_mm.y, wz = L.z - ball.pos_mm.z;
    const d = Math.hypot(wx, wy, wz);
    const ux = wx / d, uy = wy / d, uz = wz / d;
    const k = lampFactor(lit, L, ball.pos_mm.x, ball.pos_mm.y, ball.pos_mm.z, ux, uy, uz) * (inp.lampVis[l] ?? 1);
    const lx = R[0] * ux + R[1] * uy + R[2] * uz, ly = R[3] * ux + R[4] * uy + R[5] * uz, lz = R[6] * ux + R[7] * uy + R[8] * uz;
    lDir[3 * l] = lx; lDir[3 * l + 1] = ly; lDir[3 * l + 2] = lz;
    lCol[3 * l] = L.r * k; lCol[3 * l + 1] = L.g * k; lCol[3 * l + 2] = L.b * k;
    const hx = lx + vx, hy = ly + vy, hz = lz + vz, hl = Math.hypot(hx, hy, hz);
    hDir[3 * l] = hx / hl; hDir[3 * l + 1] = hy / hl; hDir[3 * l + 2] = hz / hl;
    const alpha = Math.max(0.02, L.radius / d);
    shin[l] = Math.min(4000, Math.max(30, (look.balls.polish * 5.5) / (alpha * alpha)));
    thr[l] = Math.exp(-8 / shin[l]!); // below this the highlight is under 1/3000 of its peak
  }
  const upx = R[2], upy = R[5], upz = R[8];
  const eCloth = irradianceUp(lit, ball.pos_mm.x, ball.pos_mm.y, 0);
  const col = ctx.colours;
  const bounce = [col.cloth[0] * eCloth[0] * 0.45, col.cloth[1] * eCloth[1] * 0.45, col.cloth[2] * eCloth[2] * 0.45];
  const amb = lit.ambient;
  const nb = inp.neighbours.map((q) => {
    const ddx = q.x - ball.pos_mm.x, ddy = q.y - ball.pos_mm.y, ddz = q.z - ball.pos_mm.z;
    const d = Math.hypot(ddx, ddy, ddz);
    const w = Math.max(0, 1 - (d - 2 * Rb) / Rb);
    return [(R[0] * ddx + R[1] * ddy + R[2] * ddz) / d, (R[3] * ddx + R[4] * ddy + R[5] * ddz) / d, (R[6] * ddx + R[7] * ddy + R[8] * ddz) / d, w];
  }).filter((a) => a[3]! > 0);

  const isCue = ball.id === 'cue';
  const tex = isCue ? undefined : ctx.numerals.get(ball.id as number);
  const style = look.balls.cueStyle;
  const base = isCue && style !== 'striped' ? col.cue : col.ivory;
  const stripeW = look.balls.stripeHalfWidth;
  const mmPerPx = cc0.z / f;
  const aa = Math.sqrt((mmPerPx / S) ** 2 + (2 * ctx.blur_mm) ** 2);
  const wSample = 1 / (S * S * K);
  const out = ctx.out;
  const zbuf = ctx.zbuf;
  const code = new Uint8Array(3);
  const R2 = Rb * Rb;

  for (let v = box.y0; v < box.y1; v++) {
    for (let u = box.x0; u < box.x1; u++) {
      const p = v * W + u;
      const bgDepth = bg.depth[p]!;
      let ar = 0, ag = 0, ab = 0, aA = 0, minDepth = Infinity;
      for (let sj = 0; sj < S; sj++) {
        for (let si = 0; si < S; si++) {
          const ou = S === 1 ? 0 : si === 0 ? -0.25 : 0.25;
          const ov = S === 1 ? 0 : sj === 0 ? -0.25 : 0.25;
          const xn = bg.ray[2 * p]! + ou * dxu + ov * dxv;
          const yn = bg.ray[2 * p + 1]! + ou * dyu + ov * dyv;
          const dd = xn * xn + yn * yn + 1;
          for (let k = 0; k < K; k++) {
            const cx = cs[3 * k]!, cy = cs[3 * k + 1]!, cz = cs[3 * k + 2]!;
            const b = xn * cx + yn * cy + cz;
            const c2 = cx * cx + cy * cy + cz * cz;
            const dist2 = c2 - (b * b) / dd;
            const dist = dist2 > 0 ? Math.sqrt(dist2) : 0;
            let cover = 0.5 + (Rb - dist) / aa;
            if (cover <= 0) continue;
            if (cover > 1) cover = 1;
            const disc = b * b - dd * (c2 - R2);
            const t = disc > 0 ? (b - Math.sqrt(disc)) / dd : b / dd;
            if (t > bgDepth + 0.5) continue; // behind a cushion jaw or inside the pocket's wall
            const hx = t * xn, hy = t * yn, hz = t;
            let nx = hx - cx, ny = hy - cy, nz = hz - cz;
            const nl = Math.sqrt(nx * nx + ny * ny + nz * nz) || 1;
            nx /= nl; ny /= nl; nz /= nl;
            // albedo: base colour, stripe, numeral ink
            const o9 = 9 * k;
            const bxn = Ms[o9]! * nx + Ms[o9 + 1]! * ny + Ms[o9 + 2]! * nz;
            const byn = Ms[o9 + 3]! * nx + Ms[o9 + 4]! * ny + Ms[o9 + 5]! * nz;
            const bzn = Ms[o9 + 6]! * nx + Ms[o9 + 7]! * ny + Ms[o9 + 8]! * nz;
            let rr = base[0], gg = base[1], bb = base[2];
            if (isCue) {
              if (style === 'striped' && Math.abs(bzn) < stripeW) { rr = col.stripe[0]; gg = col.stripe[1]; bb = col.stripe[2]; }
            } else if (tex) {
              const Y = bzn >= 0 ? byn * Rb : -byn * Rb;
              const ink = sampleNumeral(tex, bxn * Rb, Y);
              if (ink > 0) {
                rr += (col.ink[0] - rr) * ink; gg += (col.ink[1] - gg) * ink; bb += (col.ink[2] - bb) * ink;
              }
            }
            // light
            const nUp = nx * upx + ny * upy + nz * upz;
            const a1 = 0.55 + 0.45 * nUp;
            let lr = amb[0] * a1, lg = amb[1] * a1, lb = amb[2] * a1;
            if (nUp < 0) { lr -= bounce[0]! * nUp; lg -= bounce[1]! * nUp; lb -= bounce[2]! * nUp; }
            let sr = 0, sg = 0, sb = 0;
            for (let l = 0; l < nL; l++) {
              const nd = nx * lDir[3 * l]! + ny * lDir[3 * l + 1]! + nz * lDir[3 * l + 2]!;
              if (nd <= 0) continue;
              lr += nd * lCol[3 * l]!; lg += nd * lCol[3 * l + 1]!; lb += nd * lCol[3 * l + 2]!;
              const nh = nx * hDir[3 * l]! + ny * hDir[3 * l + 1]! + nz * hDir[3 * l + 2]!;
              if (nh > thr[l]!) {
                const sp = Math.pow(nh, shin[l]!) * gloss;
                if (sp > 1e-4) { sr += sp * lCol[3 * l]!; sg += sp * lCol[3 * l + 1]!; sb += sp * lCol[3 * l + 2]!; }
              }
            }
            let ao = 1;
            for (let j = 0; j < nb.length; j++) {
              const q = nb[j]!;
              const dn = nx * q[0]! + ny * q[1]! + nz * q[2]!;
              if (dn > 0) ao *= 1 - 0.5 * q[3]! * dn * dn;
            }
            // glancing reflection of the cloth (Fresnel) toward the silhouette
            const nv = -(nx * xn + ny * yn + nz) / Math.sqrt(dd);
            const fr = 0.04 + 0.5 * Math.pow(1 - Math.max(0, nv), 5);
            let cr = rr * lr * ao + sr + fr * bounce[0]!;
            let cg = gg * lg * ao + sg + fr * bounce[1]!;
            let cb = bb * lb * ao + sb + fr * bounce[2]!;
            const wz = C.z + R[2] * hx + R[5] * hy + R[8] * hz;
            if (wz < 0) { const dk = Math.exp(wz / 22); cr *= dk; cg *= dk; cb *= dk; }
            ar += cr * cover; ag += cg * cover; ab += cb * cover; aA += cover;
            if (t < minDepth) minDepth = t;
          }
        }
      }
      if (aA <= 0) continue;
      const alpha = aA * wSample;
      toCodes(lit, ar / aA, ag / aA, ab / aA, bg.vignette[p]!, code, 0);
      const o = 3 * p;
      if (alpha >= 0.999) { out[o] = code[0]!; out[o + 1] = code[1]!; out[o + 2] = code[2]!; }
      else {
        out[o] = out[o]! + (code[0]! - out[o]!) * alpha + 0.5;
        out[o + 1] = out[o + 1]! + (code[1]! - out[o + 1]!) * alpha + 0.5;
        out[o + 2] = out[o + 2]! + (code[2]! - out[o + 2]!) * alpha + 0.5;
      }
      if (alpha > 0.5 && minDepth < zbuf[p]!) zbuf[p] = minDepth;
    }
  }
  ctx.zDirty.push(box);
}
