// What the rules engine knows of the table while a video is analysed offline, as the live referee knows it:
// the game's set-up and the calls people entered (`marker analyze --game`, or a simulated clip's truth in
// scripts/eval-vision.ts), and the camera's own records as they come, folded by the rules engine. The names
// the pipeline gives are then chosen among the balls the engine has on the table.
import type { CallRecord, GameRecord, Numbered, TableRecord } from '../protocol/records.js';
import { OBJECT_BALLS, type BallId } from '../sim/types.js';
import { foldMatch, summarize } from '../rules/index.js';

export class RulesOnTable {
  private readonly records: Numbered[] = [];
  private readonly calls: CallRecord[];
  private nextCall = 0;
  private cached: BallId[] | null = null;

  /**
   * `people`: records of which only the `game` record and the calls are used. `present`: the object balls
   * on the table when the video begins (a simulated scenario starts mid-game with some of them; a game
   * starts from the full rack), which the engine, folding from a full rack, would otherwise not know.
   */
  constructor(people: readonly TableRecord[], private readonly present: ReadonlySet<number> = new Set(OBJECT_BALLS)) {
    const game = people.find((r): r is GameRecord => r.type === 'game');
    if (game) this.add(game);
    this.calls = people.filter((r): r is CallRecord => r.type === 'call').sort((a, b) => (a.t ?? 0) - (b.t ?? 0));
  }

  /** The calls people made up to `t_s` (a call is entered before its stroke). */
  advanceTo(t_s: number): void {
    while (this.nextCall < this.calls.length && (this.calls[this.nextCall]!.t ?? 0) <= t_s) this.add(this.calls[this.nextCall++]!);
  }

  /** A record from the camera. */
  add(r: TableRecord): void {
    this.records.push({ line: this.records.length + 1, record: r });
    this.cached = null;
  }

  /** The cue ball and the object balls the engine has on the table (all 16 before a game starts). */
  onTable(): BallId[] {
    if (this.cached) return this.cached;
    const s = summarize(foldMatch(this.records));
    const balls = s.status === 'idle' ? OBJECT_BALLS : s.onTable;
    return (this.cached = ['cue', ...balls.filter((b) => this.present.has(b))]);
  }
}
