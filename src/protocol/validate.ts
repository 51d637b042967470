// Schema checks for protocol v1 records. Every failure names the field, so a person can fix the line.
import { POCKET_IDS, type PocketId } from '../table/geometry.js';
import {
  FOUL_CODES, REVIEW_WHATS,
  type Ball, type Bounce, type CallRecord, type CorrectRecord, type FallRecord, type FoulRecord, type GameRecord,
  type MovedRecord, type NocountRecord, type Pocketing, type ReviewFlag, type ShotFields, type ShotRecord,
  type TableRecord, type XY_mm,
} from './records.js';

/** A record that breaks the contract: which line, which field, what is wrong. */
export class ProtocolError extends Error {
  constructor(
    readonly line: number | undefined,
    readonly field: string | undefined,
    readonly problem: string,
  ) {
    super(`${line !== undefined ? `line ${line}: ` : ''}${field ? `${field}: ` : ''}${problem}`);
    this.name = 'ProtocolError';
  }
}

type Obj = Record<string, unknown>;

/** Throws the field's problem; the caller adds the line. */
class FieldError extends Error {
  constructor(readonly field: string, readonly problem: string) {
    super(problem);
  }
}

const show = (v: unknown): string => {
  const s = JSON.stringify(v);
  return s === undefined ? String(v) : s.length > 40 ? `${s.slice(0, 37)}...` : s;
};

function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function num(o: Obj, field: string, path = field): number | undefined {
  const v = o[field];
  if (v === undefined) return undefined;
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new FieldError(path, `${show(v)} is not a number`);
  return v;
}

function bool(o: Obj, field: string): boolean | undefined {
  const v = o[field];
  if (v === undefined) return undefined;
  if (typeof v !== 'boolean') throw new FieldError(field, `${show(v)} is not true or false`);
  return v;
}

function objectBall(v: unknown, path: string): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > 15) {
    throw new FieldError(path, `${show(v)} is not an object ball (an integer 1..15)`);
  }
  return v;
}

function ball(v: unknown, path: string): Ball {
  if (v === 'cue') return 'cue';
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > 15) {
    throw new FieldError(path, `${show(v)} is not a ball (an integer 1..15 or "cue")`);
  }
  return v;
}

function pocket(v: unknown, path: string): PocketId {
  if (typeof v !== 'string' || !(POCKET_IDS as readonly string[]).includes(v)) {
    throw new FieldError(path, `${show(v)} is not a pocket (one of ${POCKET_IDS.join(' ')})`);
  }
  return v as PocketId;
}

function oneOf<T extends string>(o: Obj, field: string, allowed: readonly T[]): T | undefined {
  const v = o[field];
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || !(allowed as readonly string[]).includes(v)) {
    throw new FieldError(field, `${show(v)} is not one of ${allowed.map((a) => `"${a}"`).join(', ')}`);
  }
  return v as T;
}

function array(o: Obj, field: string): unknown[] | undefined {
  const v = o[field];
  if (v === undefined) return undefined;
  if (!Array.isArray(v)) throw new FieldError(field, `${show(v)} is not an array`);
  return v;
}

function xy(v: unknown, path: string): XY_mm {
  if (!Array.isArray(v) || v.length !== 2 || !v.every((c) => typeof c === 'number' && Number.isFinite(c))) {
    throw new FieldError(path, `${show(v)} is not a position [x, y] in mm`);
  }
  return [v[0] as number, v[1] as number];
}

function positiveInt(o: Obj, field: string): number | undefined {
  const v = o[field];
  if (v === undefined) return undefined;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) {
    throw new FieldError(field, `${show(v)} is not a stroke number (an integer from 1)`);
  }
  return v;
}

function parseGame(o: Obj): GameRecord {
  const players = o.players;
  if (!Array.isArray(players)) throw new FieldError('players', 'is required: an array of 2 to 4 player names');
  if (players.length < 2 || players.length > 4) {
    throw new FieldError('players', `${players.length} players; Russian pyramid is played by 2, 3 or 4`);
  }
  players.forEach((p, i) => {
    if (typeof p !== 'string' || p.trim() === '') throw new FieldError(`players[${i}]`, `${show(p)} is not a name`);
  });
  const names = players as string[];
  const dup = names.find((n, i) => names.indexOf(n) !== i);
  if (dup !== undefined) throw new FieldError('players', `"${dup}" appears twice`);
  const g: GameRecord = { type: 'game', players: names };
  if (o.v !== undefined && o.v !== 1) throw new FieldError('v', `${show(o.v)}: only protocol version 1 is known`);
  if (o.breaker !== undefined) {
    if (typeof o.breaker !== 'string' || !names.includes(o.breaker)) {
      throw new FieldError('breaker', `${show(o.breaker)} is not one of the players`);
    }
    g.breaker = o.breaker;
  }
  const callMode = oneOf(o, 'callMode', ['ballPocket', 'strict', 'none'] as const);
  if (callMode) g.callMode = callMode;
  const tie = oneOf(o, 'tie', ['draw', 'playoff'] as const);
  if (tie) g.tie = tie;
  const stalemate = oneOf(o, 'stalemate', ['draw', 'seventy'] as const);
  if (stalemate) g.stalemate = stalemate;
  const penaltyTo = oneOf(o, 'penaltyTo', ['next', 'previous'] as const);
  if (penaltyTo) g.penaltyTo = penaltyTo;
  const lenient = bool(o, 'lenientF5F6');
  if (lenient !== undefined) g.lenientF5F6 = lenient;
  if (o.handicap !== undefined) {
    if (!isObj(o.handicap)) throw new FieldError('handicap', `${show(o.handicap)} is not an object {player: points}`);
    const h: Record<string, number> = {};
    for (const [name, pts] of Object.entries(o.handicap)) {
      if (!names.includes(name)) throw new FieldError(`handicap.${name}`, `"${name}" is not one of the players`);
      if (typeof pts !== 'number' || !Number.isFinite(pts)) throw new FieldError(`handicap.${name}`, `${show(pts)} is not a number of points`);
      h[name] = pts;
    }
    g.handicap = h;
  }
  if (o.table !== undefined) {
    if (!isObj(o.table)) throw new FieldError('table', `${show(o.table)} is not an object {length, width, ball} in mm`);
    const t = o.table;
    const dims = (['length', 'width', 'ball'] as const).map((k) => {
      const v = num(t, k, `table.${k}`);
      if (v === undefined || v <= 0) throw new FieldError(`table.${k}`, `${show(t[k])} is not a positive size in mm`);
      return v;
    });
    const [length, width, b] = dims as [number, number, number];
    if (width >= length) throw new FieldError('table.width', `${width} mm is not less than the length ${length} mm`);
    if (b * 10 >= width) throw new FieldError('table.ball', `${b} mm is too large for a ${width} mm wide table`);
    g.table = { length, width, ball: b };
  }
  return g;
}

function parseCall(o: Obj): CallRecord {
  const c: CallRecord = { type: 'call' };
  const t = num(o, 't');
  if (t !== undefined) c.t = t;
  if (o.ball !== undefined && o.ball !== null) c.ball = objectBall(o.ball, 'ball');
  if (o.pocket !== undefined && o.pocket !== null) c.pocket = pocket(o.pocket, 'pocket');
  if (o.manner !== undefined) {
    if (typeof o.manner !== 'string') throw new FieldError('manner', `${show(o.manner)} is not text`);
    c.manner = o.manner;
  }
  const free = bool(o, 'free');
  if (free !== undefined) c.free = free;
  return c;
}

function parseReview(v: unknown, path: string): ReviewFlag {
  if (!isObj(v)) throw new FieldError(path, `${show(v)} is not an object {what, ball, confidence, why}`);
  if (typeof v.what !== 'string' || !(REVIEW_WHATS as readonly string[]).includes(v.what)) {
    throw new FieldError(`${path}.what`, `${show(v.what)} is not one of ${REVIEW_WHATS.join(' ')}`);
  }
  const r: ReviewFlag = { what: v.what as ReviewFlag['what'] };
  if (v.ball !== undefined && v.ball !== null) r.ball = ball(v.ball, `${path}.ball`);
  const c = num(v, 'confidence', `${path}.confidence`);
  if (c !== undefined) {
    if (c < 0 || c > 1) throw new FieldError(`${path}.confidence`, `${c} is not between 0 and 1`);
    r.confidence = c;
  }
  if (v.why !== undefined) r.why = String(v.why);
  return r;
}

/** Shot fields present in `o`, each checked; missing ones stay missing (corrections are partial). */
function parseShotFields(o: Obj): Partial<ShotFields> {
  const s: Partial<ShotFields> = {};
  const t0 = num(o, 't0');
  if (t0 !== undefined) s.t0 = t0;
  const t1 = num(o, 't1');
  if (t1 !== undefined) s.t1 = t1;
  if (t0 !== undefined && t1 !== undefined && t1 < t0) throw new FieldError('t1', `${t1} is before t0 ${t0}`);
  if (o.struck !== undefined) s.struck = ball(o.struck, 'struck');
  const whileMoving = bool(o, 'whileMoving');
  if (whileMoving !== undefined) s.whileMoving = whileMoving;
  const voided = bool(o, 'void');
  if (voided !== undefined) s.void = voided;
  const cueReturned = bool(o, 'cueReturned');
  if (cueReturned !== undefined) s.cueReturned = cueReturned;
  if ('firstContact' in o) {
    const fc = o.firstContact;
    if (fc === undefined) {
      // absent: treat as not given
    } else if (fc === null) s.firstContact = null;
    else if (fc === 'cue') throw new FieldError('firstContact', '"cue": the first contact is an object ball or null');
    else s.firstContact = objectBall(fc, 'firstContact');
  }
  const pocketed = array(o, 'pocketed');
  if (pocketed) {
    const seen = new Set<Ball>();
    s.pocketed = pocketed.map((p, i): Pocketing => {
      const path = `pocketed[${i}]`;
      if (!isObj(p)) throw new FieldError(path, `${show(p)} is not an object {ball, pocket, t}`);
      const b = ball(p.ball, `${path}.ball`);
      if (seen.has(b)) throw new FieldError(`${path}.ball`, `ball ${b} is pocketed twice in one stroke`);
      seen.add(b);
      const out: Pocketing = { ball: b, pocket: pocket(p.pocket, `${path}.pocket`) };
      const t = num(p, 't', `${path}.t`);
      if (t !== undefined) out.t = t;
      return out;
    });
  }
  const offTable = array(o, 'offTable');
  if (offTable) {
    s.offTable = offTable.map((b, i) => ball(isObj(b) ? b.ball : b, `offTable[${i}]`));
    s.offTable.forEach((b, i) => {
      if (s.offTable!.indexOf(b) !== i) throw new FieldError(`offTable[${i}]`, `ball ${b} is listed twice`);
      if (s.pocketed?.some((p) => p.ball === b)) {
        throw new FieldError(`offTable[${i}]`, `ball ${b} is both pocketed and off the table`);
      }
    });
  }
  const bounced = array(o, 'bounced');
  if (bounced) {
    s.bounced = bounced.map((b, i): Bounce => {
      if (isObj(b)) {
        const out: Bounce = { ball: ball(b.ball, `bounced[${i}].ball`) };
        if (b.pocket !== undefined) out.pocket = pocket(b.pocket, `bounced[${i}].pocket`);
        return out;
      }
      return { ball: ball(b, `bounced[${i}]`) };
    });
  }
  if (o.before !== undefined && o.before !== null) {
    if (!isObj(o.before)) throw new FieldError('before', `${show(o.before)} is not an object {"cue": [x, y], "7": [x, y]}`);
    const before: Record<string, XY_mm> = {};
    for (const [k, v] of Object.entries(o.before)) {
      const id = k === 'cue' ? 'cue' : Number(k);
      ball(id, `before.${k}`);
      before[k] = xy(v, `before.${k}`);
    }
    s.before = before;
  }
  const cuePath = array(o, 'cuePath');
  if (cuePath) s.cuePath = cuePath.map((p, i) => xy(p, `cuePath[${i}]`));
  const review = array(o, 'review');
  if (review) s.review = review.map((r, i) => parseReview(r, `review[${i}]`));
  return s;
}

function parseShot(o: Obj): ShotRecord {
  if (o.struck === undefined) throw new FieldError('struck', 'is required: the ball the cue set in motion');
  if (!('firstContact' in o) || o.firstContact === undefined) {
    throw new FieldError('firstContact', 'is required: the first object ball the cue ball touched, or null');
  }
  const f = parseShotFields(o);
  return {
    type: 'shot',
    ...f,
    struck: f.struck!,
    whileMoving: f.whileMoving ?? false,
    firstContact: f.firstContact ?? null,
    pocketed: f.pocketed ?? [],
    offTable: f.offTable ?? [],
    bounced: f.bounced ?? [],
    review: f.review ?? [],
  };
}

function parseMoved(o: Obj): MovedRecord {
  const balls = array(o, 'balls');
  if (!balls || balls.length === 0) throw new FieldError('balls', 'is required: the balls that moved');
  const by = oneOf(o, 'by', ['striker', 'opponent', 'other', 'unknown'] as const) ?? 'unknown';
  const m: MovedRecord = { type: 'moved', balls: balls.map((b, i) => ball(b, `balls[${i}]`)), by };
  const t = num(o, 't');
  if (t !== undefined) m.t = t;
  return m;
}

function parseFall(o: Obj): FallRecord {
  if (o.ball === undefined) throw new FieldError('ball', 'is required');
  if (o.pocket === undefined) throw new FieldError('pocket', 'is required');
  const cause = oneOf(o, 'cause', ['self', 'shake', 'independent'] as const);
  if (!cause) throw new FieldError('cause', 'is required: "self", "shake" or "independent"');
  const f: FallRecord = { type: 'fall', ball: objectBall(o.ball, 'ball'), pocket: pocket(o.pocket, 'pocket'), cause };
  const t = num(o, 't');
  if (t !== undefined) f.t = t;
  const review = array(o, 'review');
  if (review) f.review = review.map((r, i) => parseReview(r, `review[${i}]`));
  return f;
}

function parseFoul(o: Obj): FoulRecord {
  const code = oneOf(o, 'code', FOUL_CODES);
  if (!code) throw new FieldError('code', `is required: one of ${FOUL_CODES.join(' ')}`);
  const f: FoulRecord = { type: 'foul', code };
  const shot = positiveInt(o, 'shot');
  if (shot !== undefined) f.shot = shot;
  return f;
}

function parseNocount(o: Obj): NocountRecord {
  if (o.ball === undefined) throw new FieldError('ball', 'is required: the pocketed ball that does not count');
  const n: NocountRecord = { type: 'nocount', ball: objectBall(o.ball, 'ball') };
  const shot = positiveInt(o, 'shot');
  if (shot !== undefined) n.shot = shot;
  return n;
}

function parseCorrect(o: Obj): CorrectRecord {
  const shot = positiveInt(o, 'shot');
  if (shot === undefined) throw new FieldError('shot', 'is required: the stroke number to correct');
  if (!isObj(o.with)) throw new FieldError('with', `${show(o.with)} is not an object of shot fields`);
  try {
    return { type: 'correct', shot, with: parseShotFields(o.with) };
  } catch (e) {
    if (e instanceof FieldError) throw new FieldError(`with.${e.field}`, e.problem);
    throw e;
  }
}

const PARSERS: Record<TableRecord['type'], (o: Obj) => TableRecord> = {
  game: parseGame,
  call: parseCall,
  shot: parseShot,
  moved: parseMoved,
  fall: parseFall,
  foul: parseFoul,
  nocount: parseNocount,
  correct: parseCorrect,
};

/** Checks one decoded JSON value against protocol v1; unknown fields are ignored. */
export function parseRecord(value: unknown, line?: number): TableRecord {
  if (!isObj(value)) throw new ProtocolError(line, undefined, `${show(value)} is not a JSON object`);
  const type = value.type;
  if (typeof type !== 'string') throw new ProtocolError(line, 'type', 'is required');
  if (!Object.hasOwn(PARSERS, type)) {
    throw new ProtocolError(line, 'type', `unknown record type ${show(type)} (known: ${Object.keys(PARSERS).join(', ')})`);
  }
  try {
    return PARSERS[type as TableRecord['type']](value);
  } catch (e) {
    if (e instanceof FieldError) throw new ProtocolError(line, e.field, e.problem);
    throw e;
  }
}
