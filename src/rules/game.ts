// One game as a fold of its records. Records that speak about an earlier stroke (foul, nocount,
// correct, a late fall) are bound to that stroke, and the game is folded again from its start:
// a correction therefore recomputes everything after it, and R13.4 follows by itself.
import type {
  CallRecord, FallRecord, GameRecord, MovedRecord, Numbered, ShotFields, ShotRecord, TableRecord,
} from '../protocol/records.js';
import { ProtocolError } from '../protocol/validate.js';
import { initialState, nextIndex, startPlayoff, type GameState } from './game-state.js';
import { judgeStroke, noAnnotations, type StrokeAnnotations } from './judge-stroke.js';
import { settingsOf, type GameSettings } from './settings.js';
import { checkStalemate } from './stalemate.js';
import type { StrokeVerdict } from './verdict.js';

type Entry = Numbered<CallRecord | ShotRecord | MovedRecord | FallRecord>;

/** The records of one game, with the late ones already bound to their strokes. */
export interface GameLog {
  settings: GameSettings;
  line: number;
  entries: Entry[];
  shots: Numbered<ShotRecord>[];
  corrections: Map<number, Numbered<{ type: 'correct'; shot: number; with: Partial<ShotFields> }>[]>;
  annotations: Map<number, StrokeAnnotations>;
}

export function startGame(rec: Numbered<GameRecord>, defaultBreaker?: string): GameLog {
  return {
    settings: settingsOf(rec.record, defaultBreaker),
    line: rec.line,
    entries: [],
    shots: [],
    corrections: new Map(),
    annotations: new Map(),
  };
}

function annotationsOf(log: GameLog, stroke: number): StrokeAnnotations {
  let a = log.annotations.get(stroke);
  if (!a) log.annotations.set(stroke, (a = noAnnotations()));
  return a;
}

/** The stroke a late record names, or the last one; it must exist. */
function strokeNamed(log: GameLog, line: number, named: number | undefined, what: string): number {
  const count = log.shots.length;
  if (named === undefined) {
    if (count === 0) throw new ProtocolError(line, 'shot', `a ${what} needs a stroke, and this game has none yet`);
    return count;
  }
  if (named > count) {
    throw new ProtocolError(line, 'shot', `stroke ${named} does not exist (this game has ${count} stroke${count === 1 ? '' : 's'} so far)`);
  }
  return named;
}

/** Adds one record (not `game`) to the log. */
export function addRecord(log: GameLog, n: Numbered<Exclude<TableRecord, GameRecord>>): void {
  const r = n.record;
  switch (r.type) {
    case 'call':
    case 'moved':
      log.entries.push(n as Entry);
      return;
    case 'shot':
      log.shots.push(n as Numbered<ShotRecord>);
      log.entries.push(n as Entry);
      return;
    case 'fall':
      if (r.cause === 'shake') {
        if (log.shots.length === 0) throw new ProtocolError(n.line, 'cause', 'a ball can only hang in a jaw after a stroke');
        log.entries.push(n as Entry);
        // (a shaken ball is put back, but a doubt about which one contests the stroke it hung after)
        if (r.review?.length) annotationsOf(log, strokeNamed(log, n.line, undefined, 'fall')).fallReview.push(...r.review);
      } else {
        const stroke = strokeNamed(log, n.line, undefined, 'fall');
        const a = annotationsOf(log, stroke);
        if (r.cause === 'self') a.lateFalls.push({ ball: r.ball, pocket: r.pocket, line: n.line });
        else a.voidingFall = { ball: r.ball, line: n.line };
        if (r.review) a.fallReview.push(...r.review);
      }
      return;
    case 'foul':
      annotationsOf(log, strokeNamed(log, n.line, r.shot, 'foul')).fouls.push({ code: r.code, line: n.line });
      return;
    case 'nocount':
      annotationsOf(log, strokeNamed(log, n.line, r.shot, 'nocount')).nocount.push({ ball: r.ball, line: n.line });
      return;
    case 'correct': {
      const stroke = strokeNamed(log, n.line, r.shot, 'correction');
      const list = log.corrections.get(stroke) ?? [];
      list.push(n as Numbered<{ type: 'correct'; shot: number; with: Partial<ShotFields> }>);
      log.corrections.set(stroke, list);
      return;
    }
  }
}

/** The shot as corrected; a correction settles the stroke's review flags unless it brings new ones. */
export function effectiveShot(log: GameLog, stroke: number): ShotRecord {
  let shot = log.shots[stroke - 1]!.record;
  for (const c of log.corrections.get(stroke) ?? []) {
    shot = { ...shot, ...c.record.with, type: 'shot' };
    if (c.record.with.review === undefined) shot.review = [];
    const off = shot.offTable.find((b) => shot.pocketed.some((p) => p.ball === b));
    if (off !== undefined) throw new ProtocolError(c.line, 'with', `ball ${off} would be both pocketed and off the table`);
  }
  return shot;
}

function ignored(shot: Numbered<ShotRecord>, stroke: number, s: GameState): StrokeVerdict {
  return {
    stroke, line: shot.line, striker: '', status: 'ignored', call: null, fouls: [], penalty: null, counted: [],
    respotted: [], points: 0, turn: 'passes', next: null, fromHand: false, house: null, rules: [],
    reason: `the game had already ended at stroke ${s.endedAt}`, scores: { ...s.scores },
    review: shot.record.review, contested: false,
  };
}

function lastStriker(s: GameState): number | null {
  const v = [...s.strokes].reverse().find((x) => x.status !== 'ignored');
  return v ? s.settings.players.indexOf(v.striker) : null;
}

/** R4.5, R4.8 and R12 after a judged stroke. */
function settleEnd(s: GameState, v: StrokeVerdict): void {
  const { players, target } = s.settings;
  const reached = players.filter((p) => s.scores[p]! >= target);
  if (reached.length) {
    s.status = 'won';
    s.winner = reached.reduce((a, b) => (s.scores[b]! > s.scores[a]! ? b : a));
    v.gameOver = 'won';
    v.rules.push('R4.5');
    if (v.penalty && v.penalty.to === s.winner) v.rules.push('R4.7');
  } else if (s.onTable.size === 0) {
    v.rules.push('R4.8');
    if (s.settings.tie === 'draw') {
      s.status = 'draw';
      v.gameOver = 'draw';
    } else {
      // the ball that cleared the table goes back on the third spot and decides the game
      const ball = lastCounted(v);
      startPlayoff(s, ball, nextIndex(s, s.settings.players.indexOf(v.striker)));
      v.next = s.settings.players[s.toPlay]!;
      v.fromHand = true;
      v.reason += `; ${s.settings.drawScore} each: ball ${ball} back on the third spot for the playoff (R4.8)`;
    }
  } else {
    checkStalemate(s, v);
  }
  if (s.status !== 'playing') s.endedAt = v.stroke;
}

function lastCounted(v: StrokeVerdict): number {
  return v.lastBall ?? v.counted.at(-1)!.ball;
}


/** Folds the game's records into its state. Throws ProtocolError for a record the state contradicts. */
export function foldGame(log: GameLog): GameState {
  const s = initialState(log.settings);
  let stroke = 0;
  for (const e of log.entries) {
    const r = e.record;
    if (r.type === 'shot') stroke += 1;
    if (s.status !== 'playing') {
      if (r.type === 'shot') s.strokes.push(ignored(e as Numbered<ShotRecord>, stroke, s));
      continue;
    }
    switch (r.type) {
      case 'call':
        s.call = r;
        break;
      case 'moved':
        r.balls.forEach((b, i) => {
          if (b !== 'cue' && !s.onTable.has(b)) throw new ProtocolError(e.line, `balls[${i}]`, `ball ${b} moved but it is not on the table`);
        });
        // "striker": F6 on his stroke; anyone else: the balls are put back, no penalty (R9.5)
        if (r.by === 'striker') s.pendingF6 = true;
        if (r.by === 'unknown') s.pendingMoved.push(...r.balls.filter((b): b is number => b !== 'cue'));
        break;
      case 'fall': {
        if (!s.onTable.has(r.ball)) throw new ProtocolError(e.line, 'ball', `ball ${r.ball} fell from the jaw but it is not on the table`);
        // R8.2: put back in the jaw; the turn passes to the player after the last striker
        const last = lastStriker(s);
        if (last !== null) s.toPlay = nextIndex(s, last);
        break;
      }
      case 'shot': {
        const shot = effectiveShot(log, stroke);
        const ann = log.annotations.get(stroke) ?? noAnnotations();
        // (a person's correction of the stroke settles the doubts of the falls counted on it too)
        const v = judgeStroke(s, shot, stroke, e.line, log.corrections.has(stroke) ? { ...ann, fallReview: [] } : ann);
        s.strokes.push(v);
        if (v.status === 'judged') settleEnd(s, v);
        break;
      }
    }
  }
  return s;
}
