// The back half of the pipeline: frame observations in, protocol records out. Shared by `analyze`
// (observations from pixels) and the truth-driven evaluation (observations from the simulator).
import type { TableRecord } from '../protocol/records.js';
import { ALL_BALLS, type BallId } from '../sim/types.js';
import { rackPositions, type TableSpec } from '../table/geometry.js';
import { IdentityBook } from './identity/identity-book.js';
import { cueOddness, type CueBallMode } from './identity/cue-look.js';
import type { FrameObservation } from './observation.js';
import { StrokeBuilder, type VisionRecord } from './strokes/stroke-builder.js';
import { Tracker } from './tracking/tracker.js';
import { reunions, surplusLost } from './tracking/reunion.js';
import { hypot2 } from './hypot2.js';

export interface AnalyzerOptions {
  /** balls on the table per the rules engine, by default all 15 and the cue ball: names are chosen among them, and a new "ball" beyond their count waits (see Tracker.allHeld) */
  onTable?: () => BallId[];
  /** the first frames show the full rack of R3.1: name the rack's tracks by their places */
  rack?: boolean;
  /** how the cue ball looks (R1.1), for its identification by look */
  cueBall?: CueBallMode;
}

/** Rack places (of 15) holding a ball for the table to count as racked: a ball or two of a tight rack may go unfound at first. */
const RACKED_PLACES = 12;

export class ObservationAnalyzer {
  readonly tracker: Tracker;
  readonly ids: IdentityBook;
  readonly builder: StrokeBuilder;
  private seeded = false;
  private lastT = 0;

  constructor(readonly spec: TableSpec, private readonly opts: AnalyzerOptions = {}) {
    const cueBall = opts.cueBall ?? 'auto';
    const onTable = opts.onTable;
    this.tracker = new Tracker(spec, { lookOf: (d) => (d.look ? cueOddness(d.look, cueBall) : d.cueLike), ...(onTable && { ballsOnTable: () => onTable().length }) });
    this.ids = new IdentityBook(cueBall);
    this.builder = new StrokeBuilder(spec, this.tracker, this.ids, opts.onTable ?? (() => [...ALL_BALLS]));
  }

  push(o: FrameObservation): VisionRecord[] {
    // a ball vanishing from rest starts a stroke only between strokes: one lost while balls rolled is
    // flagged as lost in that stroke's record, not guessed off the table
    this.tracker.vanishAfter_s = this.builder.inStroke ? Infinity : this.builder.lastStrokeEnd_s;
    this.tracker.update(o);
    for (const s of this.tracker.swaps) this.ids.mix(s.a, s.b, s.p);
    for (const l of this.tracker.leaps) this.ids.doubt(l.id, l.q);
    // (only between strokes: a stroke's record names the balls it began with)
    const out: VisionRecord[] = [];
    if (!this.builder.inStroke) {
      for (const { lost, found } of reunions(this.tracker.tracks, o.t_s)) {
        this.ids.merge(lost.id, found.id);
        this.ids.forget(lost.id);
        // (retired first: the lost track, still counted, would take a name from the found one — 1171204's ball 9,
        // moved by a hand, was named by nothing and "moved cue")
        this.tracker.retire(lost);
        out.push(...this.builder.reunited(lost, found));
      }
      for (const t of surplusLost(this.tracker.tracks, o.t_s)) {
        this.ids.forget(t.id);
        this.tracker.retire(t);
      }
    }
    this.lastT = o.t_s;
    if (!this.seeded && this.opts.rack) this.seedRack();
    out.push(...this.builder.onFrame(o.t_s));
    return out;
  }

  finish(): VisionRecord[] {
    return this.builder.finish(this.lastT);
  }

  /** The camera was calibrated again between strokes: what is remembered in mm follows (see Tracker.relocate). */
  relocate(map: (x_mm: number, y_mm: number) => { x: number; y: number }): void {
    this.tracker.relocate(map);
    this.builder.relocate(map);
  }

  /**
   * R3.1: before the break every ball stands on its rack place; a track there is that ball. Only when the
   * table shows a rack: most of its places hold a ball. A game's later position can leave a ball a few mm
   * from one rack place (1060900's ball 3, 12 mm from ball 7's), and a prior worth a dozen clear readings
   * then named it 7, sure and wrong, and the stroke that hit it "first contact 7" without a doubt raised.
   * Looked for frame by frame until the first stroke (a tight rack's balls may not all be found at once).
   */
  private seedRack(): void {
    if (this.builder.inStroke || this.builder.lastStrokeEnd_s > -Infinity) { this.seeded = true; return; }
    const live = this.tracker.live();
    const rack = rackPositions(this.spec);
    const on = (p: { x: number; y: number }) => live.find((t) => hypot2(t.x_mm - p.x, t.y_mm - p.y) < this.spec.ball_mm / 3);
    const held = [...rack].map(([ball, p]) => [ball, on(p)] as const).filter(([, t]) => t);
    if (held.length < RACKED_PLACES) return;
    this.seeded = true;
    for (const [ball, t] of held) this.ids.seed(t!.id, ball);
  }
}

export function analyzeObservations(spec: TableSpec, frames: Iterable<FrameObservation>, opts: AnalyzerOptions = {}): TableRecord[] {
  const a = new ObservationAnalyzer(spec, opts);
  const out: TableRecord[] = [];
  for (const f of frames) out.push(...a.push(f));
  out.push(...a.finish());
  return out;
}
