// Motion gating (as Frigate does for its detector): most frames of a game show balls at rest, so the
// detector only searches the parts of the table that changed. The work image is cut into cells; a
// cell is dirty when enough of its pixels differ from what the cell looked like when it was last
// searched (not from the previous frame: a ball creeping one pixel a frame still adds up to a change).
// Dirty cells grow by one cell so a moving ball's whole neighbourhood is searched again.

export interface MotionGateOptions {
  /** cell side, work px (a few ball radii) */
  cell_px?: number;
  /** a pixel changed when |ΔB| + |ΔG| + |ΔR| exceeds this (8-bit levels) */
  pixelDelta?: number;
  /** a cell is dirty when at least this many of its sampled pixels (one in four) changed */
  pixelsPerCell?: number;
  /** a full search at least this often, frames (slow light changes, a missed change) */
  refreshFrames?: number;
}

export interface GateDecision {
  /** 'all': search everything; 'none': nothing changed; 'some': search where `active` is 1 */
  kind: 'all' | 'none' | 'some';
  /** per work pixel, 1 where to search (only for 'some') */
  active: Uint8Array | null;
  /** share of the cells searched, 0..1 */
  share: number;
}

export class MotionGate {
  private ref: Uint8Array | null = null;
  private sinceFull = 0;
  private readonly cell: number;
  private readonly delta: number;
  private readonly minPixels: number;
  private readonly refresh: number;
  readonly cellsX: number;
  readonly cellsY: number;

  constructor(readonly width: number, readonly height: number, o: MotionGateOptions = {}) {
    this.cell = o.cell_px ?? 16;
    this.delta = o.pixelDelta ?? 36;
    this.minPixels = o.pixelsPerCell ?? 2;
    this.refresh = o.refreshFrames ?? 90;
    this.cellsX = Math.ceil(width / this.cell);
    this.cellsY = Math.ceil(height / this.cell);
  }

  /** Where to search this frame (BGR work image, width × height × 3). */
  decide(bgr: Uint8Array): GateDecision {
    const { width: w, height: h, cell } = this;
    if (!this.ref || ++this.sinceFull >= this.refresh) return { kind: 'all', active: null, share: 1 };
    const ref = this.ref;
    const counts = new Uint16Array(this.cellsX * this.cellsY);
    // every other pixel of every other row: a moving ball changes a crescent of many pixels
    for (let y = 0; y < h; y += 2) {
      const row = ((y / cell) | 0) * this.cellsX;
      for (let x = 0, o = 3 * y * w; x < w; x += 2, o += 6) {
        const d = Math.abs(bgr[o]! - ref[o]!) + Math.abs(bgr[o + 1]! - ref[o + 1]!) + Math.abs(bgr[o + 2]! - ref[o + 2]!);
        if (d > this.delta) counts[row + ((x / cell) | 0)]!++;
      }
    }
    const dirty = new Uint8Array(counts.length);
    let any = false;
    for (let cy = 0; cy < this.cellsY; cy++) for (let cx = 0; cx < this.cellsX; cx++) {
      if (counts[cy * this.cellsX + cx]! < this.minPixels) continue;
      any = true;
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
        const X = cx + dx, Y = cy + dy;
        if (X >= 0 && Y >= 0 && X < this.cellsX && Y < this.cellsY) dirty[Y * this.cellsX + X] = 1;
      }
    }
    if (!any) return { kind: 'none', active: null, share: 0 };
    let n = 0;
    for (const d of dirty) n += d;
    const share = n / dirty.length;
    // past about half the table, one full search is simpler and no dearer
    if (share > 0.5) return { kind: 'all', active: null, share: 1 };
    const active = new Uint8Array(w * h);
    for (let y = 0; y < h; y++) {
      const row = ((y / cell) | 0) * this.cellsX;
      for (let x = 0; x < w; x++) active[y * w + x] = dirty[row + ((x / cell) | 0)]!;
    }
    return { kind: 'some', active, share };
  }

  /** After a search: the searched pixels become the reference they are compared with next. */
  commit(bgr: Uint8Array, d: GateDecision): void {
    if (d.kind === 'all' || !this.ref) {
      this.ref = Uint8Array.from(bgr);
      this.sinceFull = 0;
      return;
    }
    if (d.kind === 'none' || !d.active) return;
    const ref = this.ref, a = d.active;
    for (let i = 0, o = 0; i < a.length; i++, o += 3) {
      if (a[i]) { ref[o] = bgr[o]!; ref[o + 1] = bgr[o + 1]!; ref[o + 2] = bgr[o + 2]!; }
    }
  }

  /** Whether a work pixel lies in a searched region of this decision. */
  static covers(d: GateDecision, w: number, x: number, y: number): boolean {
    if (d.kind === 'all') return true;
    if (d.kind === 'none' || !d.active) return false;
    return d.active[(y | 0) * w + (x | 0)] === 1;
  }
}
