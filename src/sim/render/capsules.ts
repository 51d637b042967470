// The cue stick and the players' arms, hands and bodies: tapered capsules ray-traced per pixel in
// their screen boxes, depth-tested against balls and the table, shaded with the lamps.
import type { Scene, Vec3_mm } from '../types.js';
import type { Capsule, RenderContext } from './context.js';
import { clipBox } from './context.js';
import { toCodes } from './background.js';
import type { Lin } from './colour.js';

export const CUE_TIP_RADIUS_MM = 6.4;
export const CUE_BUTT_RADIUS_MM = 15;

/** The scene's cue and occluders as capsules (table mm). */
export function sceneCapsules(scene: Scene, sleeves: 'long' | 'short' = 'long'): Capsule[] {
  const caps: Capsule[] = [];
  if (scene.cue) caps.push({ a: scene.cue.tip_mm, b: scene.cue.butt_mm, ra: CUE_TIP_RADIUS_MM, rb: CUE_BUTT_RADIUS_MM, kind: 'cue' });
  for (const o of scene.occluders) {
    const pts = o.points_mm;
    if (pts.length === 1) caps.push({ a: pts[0]!, b: pts[0]!, ra: o.radii_mm[0] ?? 40, rb: o.radii_mm[0] ?? 40, kind: o.kind });
    // for short sleeves the higher half of an arm (shoulder side) is sleeve, the lower half skin
    let zMid = 0;
    if (o.kind === 'arm') zMid = pts.reduce((s, p) => s + p.z, 0) / pts.length;
    // a body chain ends in the head: the last point is drawn as a head (hair) on a short neck
    const headAtEnd = o.kind === 'body' && pts.length >= 3;
    for (let i = 0; i + 1 < pts.length; i++) {
      const a = pts[i]!;
      let b = pts[i + 1]!;
      let kind: Capsule['kind'] = o.kind;
      if (o.kind === 'arm') kind = sleeves === 'long' || (a.z + b.z) / 2 > zMid ? 'sleeve' : 'arm';
      let rb = o.radii_mm[i + 1] ?? o.radii_mm[i] ?? 40;
      if (headAtEnd && i === pts.length - 2) {
        const rh = rb;
        const d = Math.hypot(b.x - a.x, b.y - a.y, b.z - a.z) || 1;
        const k = Math.max(0, 1 - (1.3 * rh) / d);
        caps.push({ a: b, b, ra: rh, rb: rh, kind: 'head' });
        b = { x: a.x + (b.x - a.x) * k, y: a.y + (b.y - a.y) * k, z: a.z + (b.z - a.z) * k };
        rb = rh * 0.55;
      }
      caps.push({ a, b, ra: o.radii_mm[i] ?? 40, rb, kind });
    }
  }
  return caps;
}

function mid3(a: Vec3_mm, b: Vec3_mm): Vec3_mm {
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2, z: (a.z + b.z) / 2 };
}

function cueColour(ctx: RenderContext, along_mm: number, length_mm: number): Lin {
  const c = ctx.colours;
  if (along_mm < 9) return c.tip;
  if (along_mm < 30) return c.ferrule;
  const joint = length_mm * 0.5;
  if (along_mm < joint) return c.shaft;
  if (along_mm < joint + 14) return c.joint;
  if (along_mm > length_mm - 18) return [0.02, 0.02, 0.02];
  // a pale ring or two on the butt
  const ring = (along_mm - joint) % 260;
  if (ring > 230 && ring < 236) return c.joint;
  return c.butt;
}

export function drawCapsule(ctx: RenderContext, cap: Capsule): void {
  const cam = ctx.cam;
  const P = cam.params;
  const R = P.rotation;
  const f = P.f_px;
  const W = ctx.width;
  const A = cam.toCamera(cap.a);
  const B = cam.toCamera(cap.b);
  const near = Math.min(A.z, B.z);
  if (near < 50) return;
  // screen box: a few points along the axis (distortion bends straight lines) padded by the radius
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  const rmax = Math.max(cap.ra, cap.rb);
  for (let i = 0; i <= 4; i++) {
    const s = i / 4;
    const p: Vec3_mm = { x: cap.a.x + (cap.b.x - cap.a.x) * s, y: cap.a.y + (cap.b.y - cap.a.y) * s, z: cap.a.z + (cap.b.z - cap.a.z) * s };
    const px = cam.project(p);
    const depth = A.z + (B.z - A.z) * s;
    const r = (f * rmax * 1.2) / depth + 3;
    x0 = Math.min(x0, px.u_px - r); x1 = Math.max(x1, px.u_px + r);
    y0 = Math.min(y0, px.v_px - r); y1 = Math.max(y1, px.v_px + r);
  }
  const box = clipBox({ x0: Math.floor(x0), y0: Math.floor(y0), x1: Math.ceil(x1), y1: Math.ceil(y1) }, ctx.roi);
  if (!box) return;
  // a cheap 2-D test first: pixels farther from the projected axis than its radius (plus the bend
  // distortion gives a straight line) are skipped before any ray maths
  const pa = cam.project(cap.a), pb = cam.project(cap.b), pm = cam.project(mid3(cap.a, cap.b));
  const sux = pb.u_px - pa.u_px, suy = pb.v_px - pa.v_px;
  const sl2 = sux * sux + suy * suy;
  const bend = sl2 > 1e-9 ? Math.abs((pm.u_px - pa.u_px) * suy - (pm.v_px - pa.v_px) * sux) / Math.sqrt(sl2) : 0;
  const rpxA = (f * cap.ra) / A.z, rpxB = (f * cap.rb) / B.z;
  const ux = B.x - A.x, uy = B.y - A.y, uz = B.z - A.z;
  const a = ux * ux + uy * uy + uz * uz;
  const len = Math.sqrt(a);
  const lit = ctx.lit;
  const col = ctx.colours;
  const fixed: Lin | null = cap.kind === 'cue' ? null : cap.kind === 'body' ? col.shirt : cap.kind === 'sleeve' ? col.sleeve : cap.kind === 'head' ? col.hair : col.skin;
  // lighting: lamps as directions from the capsule's middle (they are far compared to its width)
  const mid = { x: (cap.a.x + cap.b.x) / 2, y: (cap.a.y + cap.b.y) / 2, z: (cap.a.z + cap.b.z) / 2 };
  const lamps = lit.lamps.map((L) => {
    const wx = L.x - mid.x, wy = L.y - mid.y, wz = L.z - mid.z;
    const d = Math.hypot(wx, wy, wz);
    const k = (1e6 / (d * d)) * (wz > 0 ? 1 : 0.3);
    return [(R[0] * wx + R[1] * wy + R[2] * wz) / d, (R[3] * wx + R[4] * wy + R[5] * wz) / d, (R[6] * wx + R[7] * wy + R[8] * wz) / d, L.r * k, L.g * k, L.b * k];
  });
  const amb = lit.ambient;
  const gloss = cap.kind === 'cue' ? 0.5 : cap.kind === 'body' || cap.kind === 'sleeve' ? 0.02 : 0.12;
  const code = new Uint8Array(3);
  const out = ctx.out;
  const zbuf = ctx.zbuf;
  const ray = ctx.bg.ray;
  for (let v = box.y0; v < box.y1; v++) {
    for (let u = box.x0; u < box.x1; u++) {
      {
        const qx = u + 0.5 - pa.u_px, qy = v + 0.5 - pa.v_px;
        let s2 = sl2 > 1e-9 ? (qx * sux + qy * suy) / sl2 : 0;
        s2 = s2 < 0 ? 0 : s2 > 1 ? 1 : s2;
        const ex = qx - s2 * sux, ey = qy - s2 * suy;
        const reach = rpxA + (rpxB - rpxA) * s2 + bend + 2;
        if (ex * ex + ey * ey > reach * reach) continue;
      }
      const p = v * W + u;
      let dx = ray[2 * p]!, dy = ray[2 * p + 1]!;
      const dl = Math.sqrt(dx * dx + dy * dy + 1);
      dx /= dl; dy /= dl;
      const dz = 1 / dl;
      // closest approach between the pixel's ray (from the origin) and the axis A-B
      const b = ux * dx + uy * dy + uz * dz;
      const dd = ux * A.x + uy * A.y + uz * A.z;
      const e = dx * A.x + dy * A.y + dz * A.z;
      const den = a - b * b;
      let s = den > 1e-9 ? (b * e - dd) / den : 0;
      s = s < 0 ? 0 : s > 1 ? 1 : s;
      let t = b * s + e;
      s = (t * b - dd) / a;
      s = s < 0 ? 0 : s > 1 ? 1 : s;
      t = (A.x + s * ux) * dx + (A.y + s * uy) * dy + (A.z + s * uz) * dz;
      const qx = A.x + s * ux, qy = A.y + s * uy, qz = A.z + s * uz;
      const lx = t * dx - qx, ly = t * dy - qy, lz = t * dz - qz;
      const dist = Math.sqrt(lx * lx + ly * ly + lz * lz);
      const r = cap.ra + (cap.rb - cap.ra) * s;
      const pxmm = Math.sqrt((t * dz / f) ** 2 + 4 * ctx.blur_mm * ctx.blur_mm);
      const cover = 0.5 + (r - dist) / pxmm;
      if (cover <= 0) continue;
      const h = dist < r ? Math.sqrt(r * r - dist * dist) : 0;
      const depth = (t - h) * dz;
      if (depth >= zbuf[p]!) continue;
      let nx = lx - dx * h, ny = ly - dy * h, nz = lz - dz * h;
      const nl = Math.sqrt(nx * nx + ny * ny + nz * nz) || 1;
      nx /= nl; ny /= nl; nz /= nl;
      const alb = fixed ?? cueColour(ctx, s * len, len);
      let lr = amb[0] * 1.5, lg = amb[1] * 1.5, lb = amb[2] * 1.5, sp = 0;
      for (const L of lamps) {
        const nd = nx * L[0]! + ny * L[1]! + nz * L[2]!;
        if (nd <= 0) continue;
        lr += nd * L[3]!; lg += nd * L[4]!; lb += nd * L[5]!;
        if (gloss < 0.05) continue;
        const hx = L[0]! - dx, hy = L[1]! - dy, hz = L[2]! - dz;
        const nh = (nx * hx + ny * hy + nz * hz) / Math.sqrt(hx * hx + hy * hy + hz * hz);
        if (nh > 0.8) {
          const n2 = nh * nh, n4 = n2 * n2, n8 = n4 * n4, n32 = n8 * n8 * n8 * n8;
          sp += n32 * n8 * gloss * L[4]!;
        }
      }
      toCodes(lit, alb[0] * lr + sp, alb[1] * lg + sp, alb[2] * lb + sp, ctx.bg.vignette[p]!, code, 0);
      const o = 3 * p;
      if (cover >= 1) {
        out[o] = code[0]!; out[o + 1] = code[1]!; out[o + 2] = code[2]!;
        zbuf[p] = depth;
      } else {
        out[o] = out[o]! + (code[0]! - out[o]!) * cover + 0.5;
        out[o + 1] = out[o + 1]! + (code[1]! - out[o + 1]!) * cover + 0.5;
        out[o + 2] = out[o + 2]! + (code[2]! - out[o + 2]!) * cover + 0.5;
      }
    }
  }
  ctx.zDirty.push(box);
}
