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
  /** disjoint boxes (work px, x1 and y1 exclusive) holding every active pixel with a margin (only for 'some') */
  boxes?: PixelBox[];
  /** the dirty cells, cellsX × cellsY ('some', and 'all' but on the first frame: a full search is still told where nothing changed) */
  cells?: Uint8Array;
}

export interface PixelBox { x0: number; y0: number; x1: number; y1: number }

/** A ball held from earlier searches, work px: its centre and radius. */
export interface HeldDisc { x: number; y: number; r: number }

/** Margin around the searched cells, work px: a gradient reads its neighbours. */
const BOX_MARGIN_PX = 3;

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

  /**
   * Where to search this frame (BGR work image, width × height × 3). `held` are the balls found before:
   * a search that reaches into part of one searches all of it, since a ball is found from its whole
   * outline and one cut by the search's edge is not found at all (a cue ball put down for the
   * break, its cells half dirty as the hand that put it down drew away, vanished and was not searched
   * again until the next full search; it was never confirmed, and its break went unseen).
   */
  decide(bgr: Uint8Array, held: readonly HeldDisc[] = []): GateDecision {
    const { width: w, height: h, cell, cellsX, cellsY, delta } = this;
    if (!this.ref) return { kind: 'all', active: null, share: 1 };
    const refresh = ++this.sinceFull >= this.refresh;
    const ref = this.ref;
    const counts = new Uint16Array(cellsX * cellsY);
    // every other pixel of every other row: a moving ball changes a crescent of many pixels
    for (let y = 0; y < h; y += 2) {
      const row = ((y / cell) | 0) * cellsX;
      for (let cx = 0; cx < cellsX; cx++) {
        const xEnd = Math.min(w, (cx + 1) * cell);
        let c = 0;
        for (let x = cx * cell, o = 3 * (y * w + x); x < xEnd; x += 2, o += 6) {
          const d = Math.abs(bgr[o]! - ref[o]!) + Math.abs(bgr[o + 1]! - ref[o + 1]!) + Math.abs(bgr[o + 2]! - ref[o + 2]!);
          if (d > delta) c++;
        }
        counts[row + cx]! += c;
      }
    }
    const dirty = new Uint8Array(counts.length);
    let any = false;
    for (let cy = 0; cy < cellsY; cy++) for (let cx = 0; cx < cellsX; cx++) {
      if (counts[cy * cellsX + cx]! < this.minPixels) continue;
      any = true;
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
        const X = cx + dx, Y = cy + dy;
        if (X >= 0 && Y >= 0 && X < cellsX && Y < cellsY) dirty[Y * cellsX + X] = 1;
      }
    }
    if (!any && !refresh) return { kind: 'none', active: null, share: 0 };
    this.wholeDiscs(dirty, held);
    let n = 0;
    for (const d of dirty) n += d;
    const share = n / dirty.length;
    // past about half the table, one full search is simpler and no dearer
    if (refresh || share > 0.5) return { kind: 'all', active: null, share: 1, cells: dirty };
    const active = new Uint8Array(w * h);
    this.forEachDirtyRun(dirty, (y, x0, x1) => active.fill(1, y * w + x0, y * w + x1));
    return { kind: 'some', active, share, boxes: this.boxesOf(dirty), cells: dirty };
  }

  /** Every cell under a held ball (with the boxes' margin) is dirty when any of them is. */
  private wholeDiscs(dirty: Uint8Array, held: readonly HeldDisc[]): void {
    const { cell, cellsX, cellsY } = this;
    for (const b of held) {
      const reach = b.r + BOX_MARGIN_PX;
      const cx0 = Math.max(0, Math.floor((b.x - reach) / cell)), cx1 = Math.min(cellsX - 1, Math.floor((b.x + reach) / cell));
      const cy0 = Math.max(0, Math.floor((b.y - reach) / cell)), cy1 = Math.min(cellsY - 1, Math.floor((b.y + reach) / cell));
      let touched = false;
      for (let cy = cy0; cy <= cy1 && !touched; cy++) for (let cx = cx0; cx <= cx1; cx++) if (dirty[cy * cellsX + cx]) { touched = true; break; }
      if (!touched) continue;
      for (let cy = cy0; cy <= cy1; cy++) dirty.fill(1, cy * cellsX + cx0, cy * cellsX + cx1 + 1);
    }
  }

  /** After a search: the searched pixels become the reference they are compared with next. */
  commit(bgr: Uint8Array, d: GateDecision): void {
    if (d.kind === 'all' || !this.ref) {
      // (the caller may hand in the same buffer every frame: the reference is a copy)
      this.ref ??= new Uint8Array(bgr.length);
      this.ref.set(bgr);
      this.sinceFull = 0;
      return;
    }
    if (d.kind === 'none' || !d.cells) return;
    const ref = this.ref, w = this.width;
    this.forEachDirtyRun(d.cells, (y, x0, x1) => ref.set(bgr.subarray(3 * (y * w + x0), 3 * (y * w + x1)), 3 * (y * w + x0)));
  }

  /** Every pixel row's runs of dirty cells, as columns x0 .. x1-1. */
  private forEachDirtyRun(dirty: Uint8Array, fn: (y: number, x0: number, x1: number) => void): void {
    const { width: w, height: h, cell, cellsX } = this;
    for (let y = 0; y < h; y++) {
      const row = ((y / cell) | 0) * cellsX;
      for (let cx = 0; cx < cellsX;) {
        if (!dirty[row + cx]) { cx++; continue; }
        let end = cx;
        while (end < cellsX && dirty[row + end]) end++;
        fn(y, cx * cell, Math.min(w, end * cell));
        cx = end;
      }
    }
  }

  /**
   * Whether nothing changed at a work pixel since it was last searched: outside a partial search's region,
   * or in a clean cell of a full one (the first frame's full search knows nothing of change).
   */
  unchangedAt(d: GateDecision, x: number, y: number): boolean {
    if (d.kind === 'none') return true;
    if (d.kind === 'some') return !MotionGate.covers(d, this.width, x, y);
    if (!d.cells) return false;
    const cx = Math.min(this.cellsX - 1, Math.max(0, (x / this.cell) | 0)), cy = Math.min(this.cellsY - 1, Math.max(0, (y / this.cell) | 0));
    return d.cells[cy * this.cellsX + cx] === 0;
  }

  /** Whether a work pixel lies in a searched region of this decision. */
  static covers(d: GateDecision, w: number, x: number, y: number): boolean {
    if (d.kind === 'all') return true;
    if (d.kind === 'none' || !d.active) return false;
    return d.active[(y | 0) * w + (x | 0)] === 1;
  }

  /**
   * Boxes around the groups of dirty cells, merged until none overlap: a player at one end and a ball
   * at the other are two small searches, not one box over the whole table.
   */
  private boxesOf(dirty: Uint8Array): PixelBox[] {
    const { cellsX, cellsY, cell } = this;
    const seen = new Uint8Array(dirty.length);
    let boxes: PixelBox[] = [];
    const stack: number[] = [];
    for (let start = 0; start < dirty.length; start++) {
      if (!dirty[start] || seen[start]) continue;
      let cx0 = cellsX, cy0 = cellsY, cx1 = -1, cy1 = -1;
      stack.push(start); seen[start] = 1;
      while (stack.length) {
        const c = stack.pop()!, cx = c % cellsX, cy = (c / cellsX) | 0;
        cx0 = Math.min(cx0, cx); cy0 = Math.min(cy0, cy); cx1 = Math.max(cx1, cx); cy1 = Math.max(cy1, cy);
        for (const [nx, ny] of [[cx - 1, cy], [cx + 1, cy], [cx, cy - 1], [cx, cy + 1]] as const) {
          if (nx < 0 || ny < 0 || nx >= cellsX || ny >= cellsY) continue;
          const n = ny * cellsX + nx;
          if (dirty[n] && !seen[n]) { seen[n] = 1; stack.push(n); }
        }
      }
      boxes.push({
        x0: Math.max(0, cx0 * cell - BOX_MARGIN_PX), y0: Math.max(0, cy0 * cell - BOX_MARGIN_PX),
        x1: Math.min(this.width, (cx1 + 1) * cell + BOX_MARGIN_PX), y1: Math.min(this.height, (cy1 + 1) * cell + BOX_MARGIN_PX),
      });
    }
    for (let merged = true; merged;) {
      merged = false;
      const out: PixelBox[] = [];
      for (const b of boxes) {
        const o = out.find((q) => q.x0 < b.x1 && b.x0 < q.x1 && q.y0 < b.y1 && b.y0 < q.y1);
        if (!o) { out.push({ ...b }); continue; }
        o.x0 = Math.min(o.x0, b.x0); o.y0 = Math.min(o.y0, b.y0); o.x1 = Math.max(o.x1, b.x1); o.y1 = Math.max(o.y1, b.y1);
        merged = true;
      }
      boxes = out;
    }
    return boxes;
  }
}
