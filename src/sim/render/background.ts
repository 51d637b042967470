// The static part of every frame, ray-cast once per renderer: cloth with its lighting and weave,
// cushion tops and the visible cushion faces, wooden rails with sights, pocket holes with their
// walls, and the floor beyond. Also per pixel: depth (camera z), what surface it is, where its ray
// meets the cloth plane and each lamp's share of the light there (for shadows drawn per frame).
import type { Camera } from './camera.js';
import type { Look } from './look.js';
import type { Lighting } from './lighting.js';
import { lampFactor } from './lighting.js';
import type { TableModel } from './table-model.js';
import { holeEdgeDistance, inCushionBand, inSurface, inTableTop, pocketAt } from './table-model.js';
import { rgbToLinear, TONE_LUT_SCALE, TONE_LUT_SIZE } from './colour.js';
import { gaussianBlur } from './glyphs.js';
import { fbm, hash2, valueNoise } from './noise.js';

export const REGION = { FLOOR: 0, CLOTH: 1, CUSHION_TOP: 2, CUSHION_FACE: 3, RAIL: 4, POCKET: 5 } as const;

export interface Background {
  width: number;
  height: number;
  /** final 8-bit codes, vignette and tone applied (valid inside ensured boxes) */
  rgb: Uint8Array;
  depth: Float32Array;
  region: Uint8Array;
  /** undistorted normalised image coordinates of each pixel centre (xn, yn interleaved) */
  ray: Float32Array;
  /** per pixel, lamp l's share of the light (0..255) at index p * (lamps + 1) + l; the last is ambient */
  lampShare: Uint8Array;
  vignette: Float32Array;
  /** compute every tile the box touches (tiles are computed once, on first use) */
  ensure(box: { x0: number; y0: number; x1: number; y1: number }): void;
}


interface Sample {
  r: number; g: number; b: number;
  depth: number; region: number; cls: number;
  sx: number; sy: number; sz: number; nx: number; ny: number; nz: number;
}

/** `tile_px`: the background is shaded in square tiles on first use (small tiles suit crops). */
export function buildBackground(m: TableModel, cam: Camera, look: Look, lit: Lighting, width: number, height: number, tile_px = 96): Background {
  const TILE = tile_px;
  const N = width * height;
  const P = cam.params;
  const R = P.rotation;
  const C = P.position_mm;
  const cloth = rgbToLinear(look.cloth.rgb);
  const wood = rgbToLinear(look.rail.rgb);
  const rim = rgbToLinear(look.pocket.rimRgb);
  const net = rgbToLinear(look.pocket.netRgb);
  const floorC = rgbToLinear(look.floor.rgb);
  const sight = rgbToLinear(look.rail.sightRgb);
  const seed = typeof look.seed === 'number' ? look.seed : 7;
  const nL = lit.lamps.length;
  const L = m.spec.length_mm;

  const ray = new Float32Array(2 * N);

  const s: Sample = { r: 0, g: 0, b: 0, depth: 0, region: 0, cls: 0, sx: 0, sy: 0, sz: 0, nx: 0, ny: 0, nz: 1 };

  const light = (x: number, y: number, z: number, nx: number, ny: number, nz: number, occl: number): [number, number, number] => {
    let r = lit.ambient[0] * occl, g = lit.ambient[1] * occl, b = lit.ambient[2] * occl;
    for (const l of lit.lamps) {
      const f = lampFactor(lit, l, x, y, z, nx, ny, nz) * occl;
      r += f * l.r; g += f * l.g; b += f * l.b;
    }
    return [r, g, b];
  };
  const specular = (x: number, y: number, z: number, gloss: number, shin: number): number => {
    if (gloss <= 0) return 0;
    const cut = Math.exp(-9 / shin);
    let vx = C.x - x, vy = C.y - y, vz = C.z - z;
    const vl = Math.sqrt(vx * vx + vy * vy + vz * vz); vx /= vl; vy /= vl; vz /= vl;
    let sum = 0;
    for (const l of lit.lamps) {
      let lx = l.x - x, ly = l.y - y, lz = l.z - z;
      const ll = Math.sqrt(lx * lx + ly * ly + lz * lz); lx /= ll; ly /= ll; lz /= ll;
      const hx = lx + vx, hy = ly + vy, hz = lz + vz;
      const hn = hz / Math.sqrt(hx * hx + hy * hy + hz * hz);
      if (hn > cut) sum += (Math.pow(hn, shin) * (l.g * 1e6)) / (ll * ll);
    }
    return gloss * sum;
  };

  const clothAlbedo = (x: number, y: number): [number, number, number] => {
    const c = look.cloth;
    let k = 1 + c.textureNoise * (2 * hash2(Math.floor(x * 0.8), Math.floor(y * 0.8), seed) - 1 + 0.6 * valueNoise(x / 2.5, y / 2.5, seed + 3));
    k += c.mottling * fbm(x / 350, y / 350, seed + 11, 3);
    k += c.napStreaks * valueNoise(x / 900, y / 7, seed + 17);
    let wear = 0;
    if (c.wear > 0) {
      const dx1 = x - L / 4, dx2 = x + L / 4;
      wear = c.wear * (Math.exp(-(dx1 * dx1 + y * y) / (2 * 180 * 180)) + Math.exp(-(dx2 * dx2 + y * y) / (2 * 250 * 250)));
    }
    let r = cloth[0] * k, g = cloth[1] * k, b = cloth[2] * k;
    const grey = (r + g + b) / 3;
    r += (grey * 1.4 - r) * wear; g += (grey * 1.4 - g) * wear; b += (grey * 1.4 - b) * wear;
    // spots and the house line: a little white paper/chalk, anti-aliased by distance
    let mark = 0;
    if (c.spots) {
      for (let i = -1; i <= 1; i++) {
        const px = (i * L) / 4;
        const d = Math.sqrt((x - px) * (x - px) + y * y) - 4.5;
        if (d < 2) mark = Math.max(mark, 0.7 * Math.min(1, 1 - d / 2));
      }
    }
    if (c.houseLine) {
      // a faint chalk or pencil line, often half rubbed off
      const d = Math.abs(x + L / 4) - 0.5;
      if (d < 1.5) mark = Math.max(mark, (0.12 + 0.1 * valueNoise(y / 150, 0, seed + 5)) * Math.min(1, 1 - d / 1.5));
    }
    if (mark > 0) { r += (0.75 - r) * mark; g += (0.75 - g) * mark; b += (0.72 - b) * mark; }
    return [r, g, b];
  };

  const railShade = (x: number, y: number, z: number): [number, number, number] => {
    const ax = Math.abs(x) - m.hx, ay = Math.abs(y) - m.hy;
    const longRail = ay > ax; // mitred at the corners
    const along = longRail ? x : y;
    const across = longRail ? ay : ax;
    const rl = look.rail;
    const warp = 3 * fbm(along / 420, across / 60, seed + 23, 2);
    const grain = Math.sin((across / rl.grainScale_mm) * 2 * Math.PI + warp) * 0.6 + 0.4 * valueNoise(along / 90, across / 3, seed + 29);
    const k = 1 + rl.grainContrast * grain;
    let r = wood[0] * k, g = wood[1] * k, b = wood[2] * k;
    // sights at the rail's centre line
    const mid = m.cushionW + m.railW / 2;
    let sightK = 0;
    if (rl.sights !== 'none') {
      const stops = longRail ? [-3, -2, -1, 1, 2, 3].map((i) => (i * L) / 8) : [-1, 0, 1].map((i) => (i * m.spec.width_mm) / 4);
      for (const a0 of stops) {
        const da = along - a0, dc = across - mid;
        const d = rl.sights === 'dot' ? Math.sqrt(da * da + dc * dc) - 4.5 : (Math.abs(da) / 7 + Math.abs(dc) / 3.8 - 1) * 3.5;
        if (d < 1.5) sightK = Math.max(sightK, Math.min(1, 1 - d / 1.5));
      }
    }
    if (sightK > 0) { r += (sight[0] - r) * sightK; g += (sight[1] - g) * sightK; b += (sight[2] - b) * sightK; }
    // rounded outer edge: darker as the surface turns away
    const edge = Math.min(m.outerHx - Math.abs(x), m.outerHy - Math.abs(y));
    const bevel = edge < 10 ? 0.45 + 0.55 * (edge / 10) : 1;
    const e = light(x, y, z, 0, 0, 1, bevel);
    const sp = specular(x, y, z, rl.gloss * bevel, 40);
    // pocket trims around the holes
    const hd = holeEdgeDistance(m, x, y);
    if (hd < look.pocket.rimWidth_mm) {
      const metal = look.pocket.rimKind !== 'leather';
      const t = Math.min(1, (look.pocket.rimWidth_mm - hd) / 1.5);
      const sp2 = specular(x, y, z, metal ? 0.5 : 0.05, metal ? 25 : 15);
      return [
        (r * e[0] + sp) * (1 - t) + (rim[0] * e[0] + sp2) * t,
        (g * e[1] + sp) * (1 - t) + (rim[1] * e[1] + sp2) * t,
        (b * e[2] + sp) * (1 - t) + (rim[2] * e[2] + sp2) * t,
      ];
    }
    return [r * e[0] + sp, g * e[1] + sp, b * e[2] + sp];
  };

  const floorShade = (x: number, y: number, z: number): [number, number, number] => {
    const f = look.floor;
    let k = 1;
    if (f.kind === 'parquet') {
      const row = Math.floor(y / 75);
      const off = hash2(row, 5, seed) * 600;
      const col = Math.floor((x + off) / 600);
      k = 0.8 + 0.35 * hash2(row, col, seed + 1) + 0.08 * valueNoise(x / 40, y / 4, seed + 2);
      const seam = Math.min(Math.abs(y - row * 75 - 37.5) - 36.5, 0);
      if (seam > -1) k *= 0.6;
    } else if (f.kind === 'tile') {
      const gx = Math.abs(((x % 400) + 400) % 400 - 200), gy = Math.abs(((y % 400) + 400) % 400 - 200);
      k = (Math.max(gx, gy) > 196 ? 0.55 : 1) * (0.95 + 0.1 * hash2(Math.floor(x / 400), Math.floor(y / 400), seed));
    } else if (f.kind === 'carpet') {
      k = 1 + 0.12 * (hash2(Math.floor(x / 2), Math.floor(y / 2), seed) - 0.5) + 0.06 * fbm(x / 300, y / 300, seed, 2);
    } else {
      k = 1 + 0.12 * fbm(x / 500, y / 500, seed + 4, 3);
    }
    // lamps reach the floor only where the table does not block them
    let r = lit.ambient[0] * 2, g = lit.ambient[1] * 2, b = lit.ambient[2] * 2;
    for (const l of lit.lamps) {
      const t = (m.topZ - z) / (l.z - z);
      if (inTableTop(m, x + (l.x - x) * t, y + (l.y - y) * t)) continue;
      const fl = lampFactor(lit, l, x, y, z, 0, 0, 1);
      r += fl * l.r; g += fl * l.g; b += fl * l.b;
    }
    const kk = k * f.brightness;
    return [floorC[0] * r * kk, floorC[1] * g * kk, floorC[2] * b * kk];
  };

  const pocketShade = (t: number, dx: number, dy: number, dz: number, pk: number) => {
    // march down the hole until the ray meets a wall or the net
    const step = 1.5;
    for (let tt = t; ; tt += step) {
      const x = C.x + tt * dx, y = C.y + tt * dy, z = C.z + tt * dz;
      const fall = Math.exp(z / 35) * 0.18;
      if (z <= -m.pocketDepth) {
        const mesh = (Math.abs(Math.sin(x / 4)) > 0.85 || Math.abs(Math.sin(y / 4)) > 0.85) ? 1.6 : 0.6;
        const e = light(x, y, 0, 0, 0, 1, 1);
        s.r = net[0] * e[0] * fall * mesh; s.g = net[1] * e[1] * fall * mesh; s.b = net[2] * e[2] * fall * mesh;
        s.depth = tt; s.region = REGION.POCKET; s.cls = 50 + pk;
        return;
      }
      const inside = pocketAt(m, x, y) === pk || (z > 0 && inSurface(m, x, y) && pocketAt(m, x, y) < 0);
      if (!inside) {
        const e = light(x, y, Math.max(z, 0), 0, 0, 1, 1);
        const c = z > 0 ? [cloth[0] * 0.4, cloth[1] * 0.4, cloth[2] * 0.4] : [rim[0] * 0.4, rim[1] * 0.4, rim[2] * 0.4];
        const f = z > 0 ? 0.45 : fall;
        s.r = c[0]! * e[0] * f; s.g = c[1]! * e[1] * f; s.b = c[2]! * e[2] * f;
        s.depth = tt; s.region = REGION.POCKET; s.cls = 60 + pk;
        return;
      }
    }
  };

  const cast = (xn: number, yn: number): void => {
    const dx = R[0] * xn + R[3] * yn + R[6];
    const dy = R[1] * xn + R[4] * yn + R[7];
    const dz = R[2] * xn + R[5] * yn + R[8];
    s.nx = 0; s.ny = 0; s.nz = 1;
    const tTop = (m.topZ - C.z) / dz;
    const qx = C.x + tTop * dx, qy = C.y + tTop * dy;
    if (!inTableTop(m, qx, qy)) {
      const tf = (m.floorZ - C.z) / dz;
      const x = C.x + tf * dx, y = C.y + tf * dy;
      const c = floorShade(x, y, m.floorZ);
      s.r = c[0]; s.g = c[1]; s.b = c[2]; s.depth = tf; s.region = REGION.FLOOR; s.cls = 0;
      s.sx = x; s.sy = y; s.sz = m.floorZ;
      return;
    }
    const qp = pocketAt(m, qx, qy);
    if (qp >= 0 && !inSurface(m, qx, qy)) return pocketShade(tTop, dx, dy, dz, qp);
    if (!inSurface(m, qx, qy)) {
      const cushion = inCushionBand(m, qx, qy);
      s.sx = qx; s.sy = qy; s.sz = m.topZ; s.depth = tTop;
      if (cushion) {
        const a = clothAlbedo(qx, qy);
        // the cushion top darkens toward the rail, lighter at the nose where the cloth wraps
        const edge = Math.min(Math.abs(qx) - m.hx, Math.abs(qy) - m.hy);
        const k = look.cushion.shade * (edge < 0 ? 1 : 1.05 - 0.15 * Math.min(1, Math.max(0, Math.max(Math.abs(qx) - m.hx, Math.abs(qy) - m.hy)) / m.cushionW));
        const e = light(qx, qy, m.topZ, 0, 0, 1, 1);
        s.r = a[0] * e[0] * k; s.g = a[1] * e[1] * k; s.b = a[2] * e[2] * k; s.region = REGION.CUSHION_TOP; s.cls = 2;
      } else {
        const c = railShade(qx, qy, m.topZ);
        s.r = c[0]; s.g = c[1]; s.b = c[2]; s.region = REGION.RAIL; s.cls = 4;
      }
      return;
    }
    // over the playing area: descend to the cloth unless a cushion face or a pocket comes first
    const t0 = -C.z / dz;
    const px = C.x + t0 * dx, py = C.y + t0 * dy;
    if (inSurface(m, px, py)) {
      const pk = pocketAt(m, px, py);
      if (pk >= 0) {
        // cross into the pocket where the ray passes the mouth; start the march at the cloth
        return pocketShade(Math.max(tTop, t0 - 40), dx, dy, dz, pk);
      }
      const a = clothAlbedo(px, py);
      const edge = Math.min(m.hx - Math.abs(px), m.hy - Math.abs(py));
      const occl = 1 - 0.3 * Math.exp(-edge / 18);
      const e = light(px, py, 0, 0, 0, 1, occl);
      s.r = a[0] * e[0]; s.g = a[1] * e[1]; s.b = a[2] * e[2];
      s.depth = t0; s.region = REGION.CLOTH; s.cls = 1; s.sx = px; s.sy = py; s.sz = 0;
      return;
    }
    let tExit = t0;
    let nx = 0, ny = 0;
    if (Math.abs(px) > m.hx) { const t = (Math.sign(px) * m.hx - C.x) / dx; if (t < tExit) { tExit = t; nx = -Math.sign(px); ny = 0; } }
    if (Math.abs(py) > m.hy) { const t = (Math.sign(py) * m.hy - C.y) / dy; if (t < tExit) { tExit = t; nx = 0; ny = -Math.sign(py); } }
    const ex = C.x + tExit * dx, ey = C.y + tExit * dy, ez = C.z + tExit * dz;
    const pk = pocketAt(m, ex - nx * 0.5, ey - ny * 0.5);
    if (pk >= 0) return pocketShade(tExit, dx, dy, dz, pk);
    const a = clothAlbedo(ex, ey + ez);
    const e = light(ex, ey, ez, nx, ny, 0, 0.8);
    const k = look.cushion.shade * 0.9;
    s.r = a[0] * e[0] * k; s.g = a[1] * e[1] * k; s.b = a[2] * e[2] * k;
    s.depth = tExit; s.region = REGION.CUSHION_FACE; s.cls = 3; s.sx = ex; s.sy = ey; s.sz = ez; s.nx = nx; s.ny = ny; s.nz = 0;
  };

  const depth = new Float32Array(N);
  const region = new Uint8Array(N);
  const lampShare = new Uint8Array((nL + 1) * N);
  const vignette = vignetteMap(width, height, look.sensor.vignette);
  const rgb = new Uint8Array(3 * N);
  const blur = look.sensor.blur_px * (width / 1920);
  const margin = (blur > 0.25 ? Math.ceil(blur * 2.5) : 0) + 2;
  const tilesX = Math.ceil(width / TILE), tilesY = Math.ceil(height / TILE);
  const done = new Uint8Array(tilesX * tilesY);
  const fs = new Float64Array(nL);

  /** Shade the tile's pixels with a margin (for edge anti-aliasing and blur), keep the inside. */
  const shadeTile = (tx: number, ty: number): void => {
    const ix0 = tx * TILE, iy0 = ty * TILE, ix1 = Math.min(width, ix0 + TILE), iy1 = Math.min(height, iy0 + TILE);
    const x0 = Math.max(0, ix0 - margin), y0 = Math.max(0, iy0 - margin);
    const x1 = Math.min(width, ix1 + margin), y1 = Math.min(height, iy1 + margin);
    const w = x1 - x0, h = y1 - y0, n = w * h;
    const lr = new Float32Array(2 * n);
    for (let v = 0; v < h; v++) {
      for (let u = 0; u < w; u++) {
        const q = cam.undistort(x0 + u + 0.5, y0 + v + 0.5);
        lr[2 * (v * w + u)] = q.xn;
        lr[2 * (v * w + u) + 1] = q.yn;
      }
    }
    const lin = new Float32Array(3 * n);
    const cls = new Uint8Array(n);
    for (let q = 0; q < n; q++) {
      cast(lr[2 * q]!, lr[2 * q + 1]!);
      lin[3 * q] = s.r; lin[3 * q + 1] = s.g; lin[3 * q + 2] = s.b;
      cls[q] = s.cls;
      const u = x0 + (q % w), v = y0 + ((q / w) | 0);
      if (u < ix0 || u >= ix1 || v < iy0 || v >= iy1) continue;
      const p = v * width + u;
      ray[2 * p] = lr[2 * q]!; ray[2 * p + 1] = lr[2 * q + 1]!;
      depth[p] = s.depth; region[p] = s.region;
      if (s.region !== REGION.FLOOR && s.region !== REGION.POCKET) {
        let tot = lit.ambient[1];
        for (let i = 0; i < nL; i++) { const l = lit.lamps[i]!; const f = lampFactor(lit, l, s.sx, s.sy, s.sz, s.nx, s.ny, s.nz) * l.g; fs[i] = f; tot += f; }
        const o = p * (nL + 1);
        for (let i = 0; i < nL; i++) lampShare[o + i] = Math.round((255 * fs[i]!) / tot);
        lampShare[o + nL] = Math.round((255 * lit.ambient[1]) / tot);
      }
    }
    // anti-alias the edges between surfaces: re-shade pixels whose neighbours differ with 4 samples
    for (let v = 1; v < h - 1; v++) {
      for (let u = 1; u < w - 1; u++) {
        const q = v * w + u;
        const c = cls[q]!;
        if (cls[q - 1] === c && cls[q + 1] === c && cls[q - w] === c && cls[q + w] === c) continue;
        const dxu = (lr[2 * (q + 1)]! - lr[2 * (q - 1)]!) / 2, dyu = (lr[2 * (q + 1) + 1]! - lr[2 * (q - 1) + 1]!) / 2;
        const dxv = (lr[2 * (q + w)]! - lr[2 * (q - w)]!) / 2, dyv = (lr[2 * (q + w) + 1]! - lr[2 * (q - w) + 1]!) / 2;
        let r = 0, g = 0, b = 0;
        for (let k = 0; k < 4; k++) {
          const ou = k & 1 ? 0.25 : -0.25, ov = k & 2 ? 0.25 : -0.25;
          cast(lr[2 * q]! + ou * dxu + ov * dxv, lr[2 * q + 1]! + ou * dyu + ov * dyv);
          r += s.r; g += s.g; b += s.b;
        }
        lin[3 * q] = r / 4; lin[3 * q + 1] = g / 4; lin[3 * q + 2] = b / 4;
      }
    }
    if (blur > 0.25) {
      const ch = new Float32Array(n);
      for (let c = 0; c < 3; c++) {
        for (let q = 0; q < n; q++) ch[q] = lin[3 * q + c]!;
        gaussianBlur(ch, w, h, blur);
        for (let q = 0; q < n; q++) lin[3 * q + c] = ch[q]!;
      }
    }
    for (let v = iy0; v < iy1; v++) {
      for (let u = ix0; u < ix1; u++) {
        const q = (v - y0) * w + (u - x0);
        const p = v * width + u;
        toCodes(lit, lin[3 * q]!, lin[3 * q + 1]!, lin[3 * q + 2]!, vignette[p]!, rgb, 3 * p);
      }
    }
  };

  const ensure = (box: { x0: number; y0: number; x1: number; y1: number }): void => {
    const tx0 = Math.max(0, Math.floor(box.x0 / TILE)), ty0 = Math.max(0, Math.floor(box.y0 / TILE));
    const tx1 = Math.min(tilesX - 1, Math.floor((box.x1 - 1) / TILE)), ty1 = Math.min(tilesY - 1, Math.floor((box.y1 - 1) / TILE));
    for (let ty = ty0; ty <= ty1; ty++) {
      for (let tx = tx0; tx <= tx1; tx++) {
        if (done[ty * tilesX + tx]) continue;
        shadeTile(tx, ty);
        done[ty * tilesX + tx] = 1;
      }
    }
  };
  return { width, height, rgb, depth, region, ray, lampShare, vignette, ensure };
}

export function vignetteMap(width: number, height: number, strength: number): Float32Array {
  const v = new Float32Array(width * height);
  const cx = width / 2, cy = height / 2;
  const r2max = cx * cx + cy * cy;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const dx = x + 0.5 - cx, dy = y + 0.5 - cy;
      const q = (dx * dx + dy * dy) / r2max;
      v[y * width + x] = 1 - strength * q * (0.6 + 0.4 * q);
    }
  }
  return v;
}

/** Linear radiance -> the camera's 8-bit codes (gain, saturation, vignette, tone). */
export function toCodes(lit: Lighting, r: number, g: number, b: number, vig: number, out: Uint8Array, o: number): void {
  const k = vig * TONE_LUT_SCALE;
  r *= lit.gain[0] * k; g *= lit.gain[1] * k; b *= lit.gain[2] * k;
  const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const sat = lit.saturation;
  r = y + sat * (r - y); g = y + sat * (g - y); b = y + sat * (b - y);
  const top = TONE_LUT_SIZE - 1;
  out[o] = lit.tone[r <= 0 ? 0 : r >= top ? top : r | 0]!;
  out[o + 1] = lit.tone[g <= 0 ? 0 : g >= top ? top : g | 0]!;
  out[o + 2] = lit.tone[b <= 0 ? 0 : b >= top ? top : b | 0]!;
}
