// The live referee's core: the game's protocol records, folded by the rules engine. Records come from a
// source (the camera, a file, the demo) and from people (set-up, calls, fouls, review decisions). Each
// submission is checked by folding the candidate list first: a record that breaks the protocol or the game
// is refused with a message naming the problem and changes nothing. Accepted records are journaled (fsync)
// before anyone hears of them. No I/O of its own beyond the injected journal and clip store; the clock is
// injected too.
import type { Numbered, ShotRecord, TableRecord } from '../protocol/records.js';
import { parseRecord, ProtocolError } from '../protocol/validate.js';
import { foldMatch, summarize, type GameSummary, type MatchState, type StrokeVerdict } from '../rules/index.js';
import type { ClipRef, ClipStore } from './clips.js';
import type { ArchiveIndex, JournalEntry, SourceMark } from './journal.js';
import { Emitter } from './emitter.js';
import type { Clip } from './sources/types.js';
import { isCameraUri } from './sources/camera-uri.js';

export interface LiveState extends GameSummary {
  lastVerdict: StrokeVerdict | null;
  /** the call in force for the next stroke */
  call: { ball?: number; pocket?: string; manner?: string; free?: boolean } | null;
  /** records folded so far (all games) */
  records: number;
  /** the injected clock's time of the last change, ms */
  updatedAt_ms: number;
}

export interface ReviewItem {
  game: number;
  /** the stroke number within the game */
  shot: number;
  /** what the camera (or the producer) reported for the stroke */
  record: ShotRecord;
  flags: ShotRecord['review'];
  verdict: StrokeVerdict;
  clip: ClipRef | null;
}

export interface VerdictEvent {
  game: number;
  verdict: StrokeVerdict;
}

export interface ReviewEvent {
  type: 'new' | 'end';
  item: ReviewItem;
}

export interface RefereeEvents {
  state: LiveState;
  verdict: VerdictEvent;
  review: ReviewEvent;
  error: { from: string; message: string };
}

export type Origin =
  | { by: 'source'; src: SourceMark; clip?: Clip | Promise<Clip | null> }
  | { by: 'person'; via: string };

export type SubmitResult =
  | { ok: true; records: TableRecord[]; state: LiveState }
  | { ok: false; error: string };

export interface JournalSink {
  append(entries: readonly JournalEntry[]): void;
  /** moves the first `count` entries out of the live journal (finished games) */
  archive?(entries: readonly JournalEntry[], count: number): ArchiveIndex;
}

export interface RefereeOptions {
  clock: () => number;
  journal?: JournalSink;
  clips?: ClipStore;
  /**
   * When a new game starts with more than `maxGames` in the journal, all but the last `keepGames` are
   * archived with their review clips: every record is folded again on each change, and a club plays
   * thousands of games a year (default 40 and 20).
   */
  rotation?: { maxGames: number; keepGames: number };
}

/** A refusal's text: the field and the problem, with the record's place only when it is not the new one. */
function refusal(e: ProtocolError, firstNewLine: number): string {
  const where = e.line !== undefined && e.line < firstNewLine ? `record ${e.line}: ` : '';
  return `${where}${e.field ? `${e.field}: ` : ''}${e.problem}`;
}

export class Referee extends Emitter<RefereeEvents> {
  private entries: JournalEntry[] = [];
  private match: MatchState = foldMatch([]);
  private current!: LiveState;
  private openReviews = new Map<string, ReviewItem>();
  /** lines archived before the live journal's first (clip names stay unique across rotations) */
  private lineBase = 0;
  private archivedSeq: Record<string, number> = {};

  constructor(private readonly opts: RefereeOptions) {
    super();
    this.current = this.stateOf(this.match);
  }

  get state(): LiveState {
    return this.current;
  }

  get journalEntries(): readonly JournalEntry[] {
    return this.entries;
  }

  /** Takes the journal's records as they are (no journaling, no verdict events); returns what it had to skip. */
  restore(entries: readonly JournalEntry[], archive?: Pick<ArchiveIndex, 'lines' | 'sources'>): string[] {
    if (archive) { this.lineBase = archive.lines; this.archivedSeq = { ...archive.sources }; }
    const skipped: string[] = [];
    let kept: JournalEntry[] = [...entries];
    try {
      this.match = foldMatch(numbered(kept.map((e) => e.record)));
    } catch {
      // a journal edited by hand, or written by an older engine: keep what folds, one record at a time
      kept = [];
      for (const e of entries) {
        try {
          this.match = foldMatch(numbered([...kept, e].map((x) => x.record)));
          kept.push(e);
        } catch (err) {
          skipped.push(`journal record ${kept.length + skipped.length + 1}: ${err instanceof Error ? err.message : String(err)}`);
        }
      }
      this.match = foldMatch(numbered(kept.map((x) => x.record)));
    }
    this.entries = kept;
    this.current = this.stateOf(this.match);
    this.openReviews = new Map(this.reviews().map((r) => [keyOf(r), r]));
    this.emit('state', this.current);
    return skipped;
  }

  /** The highest journaled seq from the named source, so a restarted source resumes after it. */
  lastSeqOf(sourceName: string): number | null {
    let last: number | null = this.archivedSeq[sourceName] ?? null;
    for (const e of this.entries) if (e.src?.name === sourceName && (last === null || e.src.seq > last)) last = e.src.seq;
    return last;
  }

  /** Checks, folds, journals and announces records, all or none. */
  submit(raw: readonly unknown[], origin: Origin): SubmitResult {
    const firstNewLine = this.entries.length + 1;
    let records: TableRecord[];
    let match: MatchState;
    try {
      records = raw.map((r, i) => parseRecord(r, firstNewLine + i));
      if (origin.by === 'source' && isCameraUri(origin.src.name)) records = records.map((r) => this.unseenBallsFlagged(r));
      match = foldMatch(numbered([...this.entries.map((e) => e.record), ...records]));
    } catch (e) {
      if (e instanceof ProtocolError) {
        const error = refusal(e, firstNewLine);
        if (origin.by === 'source') this.emit('error', { from: origin.src.name, message: `record ${origin.src.seq} refused: ${error}` });
        return { ok: false, error };
      }
      throw e;
    }
    const fresh: JournalEntry[] = records.map((record) => ({ record }));
    if (origin.by === 'source') {
      fresh.forEach((e) => { e.src = origin.src; });
      if (origin.clip && this.opts.clips && records.some((r) => r.type === 'shot')) {
        const clips = this.opts.clips, name = `r${this.lineBase + firstNewLine}`;
        const failed = (e: unknown) => this.emit('error', { from: 'clips', message: `clip of record ${firstNewLine} not kept: ${String(e)}` });
        if (origin.clip instanceof Promise) {
          // the entry names its clip now; the page shows it once the frames after the stroke are in
          fresh[0]!.clip = clips.pathOf(name);
          origin.clip.then((c) => { if (c) clips.save(name, c); }).catch(failed);
        } else {
          try {
            fresh[0]!.clip = clips.save(name, origin.clip);
          } catch (e) {
            failed(e);
          }
        }
      }
    }
    this.opts.journal?.append(fresh);
    this.entries.push(...fresh);
    this.match = records.some((r) => r.type === 'game') ? this.rotated(match) : match;
    this.current = this.stateOf(this.match);
    this.announce(records);
    return { ok: true, records, state: this.current };
  }

  /** Archives finished games past the rotation limit (see RefereeOptions.rotation); the match without them. */
  private rotated(match: MatchState): MatchState {
    const { maxGames, keepGames } = this.opts.rotation ?? { maxGames: 40, keepGames: 20 };
    const journal = this.opts.journal;
    if (!journal?.archive || match.games.length <= maxGames) return match;
    const starts = this.entries.flatMap((e, i) => (e.record.type === 'game' ? [i] : []));
    const firstKept = match.games.length - keepGames;
    const cut = starts[firstKept];
    if (cut === undefined || cut <= 0) return match;
    // the first game kept broke by the result of one archived: write its breaker down
    const g = this.entries[cut]!;
    if (g.record.type === 'game' && g.record.breaker === undefined) {
      this.entries[cut] = { ...g, record: { ...g.record, breaker: match.games[firstKept]!.settings.breaker } };
    }
    const idx = journal.archive(this.entries, cut);
    for (const e of this.entries.slice(0, cut)) if (e.clip) this.opts.clips?.remove(e.clip);
    this.entries = this.entries.slice(cut);
    this.lineBase = idx.lines;
    this.archivedSeq = { ...idx.sources };
    return foldMatch(numbered(this.entries.map((e) => e.record)));
  }

  /**
   * A camera's stroke whose `before` lacks a ball the rules have on the table: the camera lost a ball
   * (under a cushion's shadow, in a pocket's mouth), and whatever happened to it went unseen. Flag it
   * for a person rather than let the stroke count as if that ball had not been there.
   */
  private unseenBallsFlagged(r: TableRecord): TableRecord {
    if (r.type !== 'shot' || !r.before || this.current.status !== 'playing') return r;
    const seen = new Set(Object.keys(r.before));
    const missing = this.current.onTable.filter((b) => !seen.has(String(b)) && !r.pocketed.some((p) => p.ball === b) && !r.offTable.includes(b));
    if (!missing.length) return r;
    return {
      ...r,
      review: [...r.review, ...missing.map((ball) => ({
        what: 'identity' as const, ball, confidence: 0,
        why: `ball ${ball} is on the table by the rules but the camera did not see it before the stroke`,
      }))],
    };
  }

  /** Contested strokes of the current game, each with the camera's reading and its clip. */
  reviews(): ReviewItem[] {
    const g = this.match.current;
    if (!g) return [];
    const game = this.match.games.length;
    const start = findLastIndex(this.entries, (e) => e.record.type === 'game');
    const shots = this.entries.slice(start + 1).filter((e) => e.record.type === 'shot');
    const contested = new Set(this.current.contested);
    return g.strokes
      .filter((v) => contested.has(v.stroke))
      .map((v) => {
        const entry = shots[v.stroke - 1]!;
        const record = entry.record as ShotRecord;
        return {
          game, shot: v.stroke, record, flags: v.review, verdict: v,
          clip: entry.clip && this.opts.clips ? this.opts.clips.ref(entry.clip) : null,
        };
      });
  }

  private announce(records: TableRecord[]): void {
    const strokes = this.current.strokes;
    const shotCount = records.filter((r) => r.type === 'shot').length;
    const game = this.current.game;
    if (shotCount > 0) {
      for (const verdict of strokes.slice(-shotCount)) this.emit('verdict', { game, verdict });
    }
    const now = new Map(this.reviews().map((r) => [keyOf(r), r]));
    for (const [k, item] of this.openReviews) if (!now.has(k)) this.emit('review', { type: 'end', item });
    for (const [k, item] of now) if (!this.openReviews.has(k)) this.emit('review', { type: 'new', item });
    this.openReviews = now;
    this.emit('state', this.current);
  }

  private stateOf(m: MatchState): LiveState {
    const s = summarize(m);
    const c = m.current?.status === 'playing' ? m.current.call : null;
    let call: LiveState['call'] = null;
    if (c) {
      call = {};
      if (c.ball !== undefined) call.ball = c.ball;
      if (c.pocket !== undefined) call.pocket = c.pocket;
      if (c.manner !== undefined) call.manner = c.manner;
      if (c.free !== undefined) call.free = c.free;
    }
    return { ...s, lastVerdict: s.strokes.at(-1) ?? null, call, records: this.entries.length, updatedAt_ms: this.opts.clock() };
  }
}

const keyOf = (r: ReviewItem) => `${r.game}/${r.shot}`;

function numbered(records: readonly TableRecord[]): Numbered[] {
  return records.map((record, i) => ({ line: i + 1, record }));
}

function findLastIndex<T>(xs: readonly T[], f: (x: T) => boolean): number {
  for (let i = xs.length - 1; i >= 0; i--) if (f(xs[i]!)) return i;
  return -1;
}
