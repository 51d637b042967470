// Judging one stroke: fouls (R9), pots that count (R7, R8, R10), penalty, turn (R5), from hand (R11).
import type { Ball, FoulCode, PocketId, Pocketing, ReviewFlag, ShotRecord } from '../protocol/records.js';
import { ProtocolError } from '../protocol/validate.js';
import { checkCall } from './calls.js';
import { judgeFromHand } from './from-hand.js';
import { nextIndex, previousIndex, type GameState } from './game-state.js';
import { ballValue } from './values.js';
import type { CountedBall, StrokeVerdict } from './verdict.js';

/** What people and late events added to a stroke after it was observed. */
export interface StrokeAnnotations {
  fouls: { code: FoulCode; line: number }[];
  nocount: { ball: number; line: number }[];
  /** R8.1: a ball that hung in the jaw after this stroke and fell by itself */
  lateFalls: { ball: number; pocket: PocketId; line: number }[];
  /** R8.3: a hanging ball fell during this stroke, independently of it */
  voidingFall: { ball: number; line: number } | null;
  /** what the producer of a fall counted on this stroke (or, shaken, after it) was unsure of: the stroke is contested */
  fallReview: ReviewFlag[];
}

export const noAnnotations = (): StrokeAnnotations => ({ fouls: [], nocount: [], lateFalls: [], voidingFall: null, fallReview: [] });

export const PENALTY_POINTS = 5;

const FOUL_RULE: Record<FoulCode, string> = {
  F1: 'R9.F1', F2: 'R9.F2', F3: 'R9.F3', F4: 'R9.F4', F5: 'R9.F5',
  F6: 'R9.F6', F7: 'R9.F7', F8: 'R9.F8', F9: 'R9.F9', F10: 'R9.F10',
};

const FOUL_TEXT: Record<FoulCode, string> = {
  F1: 'cue ball pocketed',
  F2: 'cue ball off the table',
  F3: 'struck a ball other than the cue ball',
  F4: 'the cue ball touched no ball',
  F5: 'stroke not made with the tip',
  F6: 'a ball touched by the striker',
  F7: 'stroke while balls were still moving',
  F8: 'balls touched believing the game was over',
  F9: 'from hand: hit a ball in the house before leaving it',
  F10: 'from hand: stroke not made from the house',
};

const isObject = (b: Ball): b is number => b !== 'cue';

function requireOnTable(s: GameState, ball: Ball, line: number, field: string, what: string): void {
  if (isObject(ball) && !s.onTable.has(ball)) {
    throw new ProtocolError(line, field, `ball ${ball} ${what} but it is not on the table`);
  }
}

function orderOfFall<P extends Pocketing>(p: P[]): P[] {
  // by time where known; otherwise the order the producer listed them
  return p.map((x, i) => ({ x, i })).sort((a, b) => (a.x.t ?? Infinity) - (b.x.t ?? Infinity) || a.i - b.i).map((e) => e.x);
}

/** Judges `shot` as stroke number `n` and applies it to `s`. */
export function judgeStroke(s: GameState, shot: ShotRecord, n: number, line: number, ann: StrokeAnnotations): StrokeVerdict {
  const { settings } = s;
  const players = settings.players;
  const strikerIdx = s.toPlay;
  const striker = players[strikerIdx]!;
  const call = s.call;
  const review: ReviewFlag[] = [...shot.review, ...ann.fallReview];
  for (const b of s.pendingMoved) review.push({ what: 'moved', ball: b, why: 'moved at rest before the stroke by an unknown hand (R9.5 or F6)' });

  // Every ball the stroke says moved off the cloth must have been on it.
  const pocketed: Pocketing[] = [...shot.pocketed];
  shot.pocketed.forEach((p, i) => requireOnTable(s, p.ball, line, `pocketed[${i}].ball`, 'is pocketed'));
  shot.offTable.forEach((b, i) => requireOnTable(s, b, line, `offTable[${i}]`, 'left the table'));
  requireOnTable(s, shot.struck, line, 'struck', 'is struck');
  if (shot.firstContact !== null) requireOnTable(s, shot.firstContact, line, 'firstContact', 'is the first contact');
  for (const f of ann.lateFalls) {
    requireOnTable(s, f.ball, f.line, 'ball', 'fell from the jaw');
    if (pocketed.some((p) => p.ball === f.ball)) throw new ProtocolError(f.line, 'ball', `ball ${f.ball} fell late but was already pocketed on stroke ${n}`);
    if (shot.offTable.includes(f.ball)) throw new ProtocolError(f.line, 'ball', `ball ${f.ball} fell late but had left the table on stroke ${n}`);
    pocketed.push({ ball: f.ball, pocket: f.pocket });
  }
  const objectPots = pocketed.filter((p) => isObject(p.ball)) as (Pocketing & { ball: number })[];
  const objectOff = shot.offTable.filter(isObject);
  for (const nc of ann.nocount) {
    if (!objectPots.some((p) => p.ball === nc.ball)) {
      throw new ProtocolError(nc.line, 'ball', `ball ${nc.ball} was not pocketed on stroke ${n}`);
    }
  }

  const base = {
    stroke: n, line, striker,
    call: call ? { ...(call.ball !== undefined && { ball: call.ball }), ...(call.pocket && { pocket: call.pocket }), ...(call.manner && { manner: call.manner }) } : null,
    review, contested: review.length > 0,
  };
  if (shot.void) {
    // R13.1: interference; the position is restored and the same striker replays under the same call
    return {
      ...base, status: 'void', fouls: [], penalty: null, counted: [], respotted: [], points: 0,
      turn: 'keeps', next: striker, fromHand: s.fromHand, house: null, rules: ['R13.1'],
      reason: 'void: the stroke was interfered with; position restored, stroke replayed', scores: { ...s.scores },
    };
  }
  const touchedBefore = s.pendingF6;
  s.call = null;
  s.pendingF6 = false;
  s.pendingMoved = [];

  if (ann.voidingFall) {
    // R8.3: the stroke never happened as far as scoring goes; its striker replays from hand
    const respotted = [...new Set([...objectPots.map((p) => p.ball), ...objectOff, ann.voidingFall.ball])].sort((a, b) => a - b);
    for (const b of respotted) s.onTable.add(b);
    s.fromHand = true;
    return {
      ...base, status: 'void', fouls: [], penalty: null, counted: [], respotted, points: 0,
      turn: 'keeps', next: striker, fromHand: true, house: null, rules: ['R8.3', 'R10.1', 'R11.1'],
      reason: `void: ball ${ann.voidingFall.ball} fell from the jaw independently of the stroke; ${striker} replays from hand`,
      scores: { ...s.scores },
    };
  }

  // Fouls (R9), several cost 5 once.
  const fouls = new Set<FoulCode>();
  const notes: string[] = [];
  if (shot.whileMoving) fouls.add('F7');
  if (shot.struck !== 'cue') fouls.add('F3');
  else if (shot.firstContact === null) fouls.add('F4');
  if (pocketed.some((p) => p.ball === 'cue')) fouls.add('F1');
  if (shot.offTable.includes('cue')) fouls.add('F2');
  let house: StrokeVerdict['house'] = null;
  const wasFromHand = s.fromHand;
  if (wasFromHand && shot.struck === 'cue') {
    const j = judgeFromHand(shot, settings, s.onTable);
    house = j.house;
    j.fouls.forEach((f) => fouls.add(f));
    notes.push(...j.notes);
  }
  if (touchedBefore) fouls.add('F6');
  for (const f of ann.fouls) fouls.add(f.code);
  if (settings.lenientF5F6) {
    // R9.4: by agreement F5 and F6 are not fouls at all
    if (fouls.delete('F5')) notes.push('F5 not penalised by agreement (R9.4)');
    if (fouls.delete('F6')) notes.push('F6 not penalised by agreement (R9.4)');
  }
  const foulList = [...fouls].sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)));
  // F8 happens after the stroke: its pots stand (R9.F8); every other foul voids them (R9.1)
  const voidsPots = foulList.some((f) => f !== 'F8');
  const rules: string[] = foulList.map((f) => FOUL_RULE[f]);

  let counting: (Pocketing & { ball: number })[] = [];
  let reason: string;
  /** the ball whose pot carries the stroke (R7.1), when there is one */
  let calledBall: number | null = null;
  if (voidsPots) {
    rules.push('R9.1');
    reason = `foul: ${foulList.map((f) => FOUL_TEXT[f]).join('; ')}`;
  } else if (settings.callMode === 'none' || call?.free) {
    counting = objectPots;
    rules.push(call?.free ? 'R13.5' : 'R6.3');
    reason = objectPots.length ? 'no call needed: every ball pocketed on a legal stroke counts' : 'nothing pocketed';
  } else {
    const c = checkCall(call, settings, s.onTable);
    if (!c.complete) {
      reason = objectPots.length ? `${c.why}: nothing pocketed counts` : 'nothing pocketed';
      if (objectPots.length) rules.push('R6', 'R7.2');
    } else {
      calledBall = c.ball;
      if (objectPots.some((p) => p.ball === c.ball && p.pocket === c.pocket)) {
        counting = objectPots;
        rules.push('R7.1');
        if (ann.lateFalls.some((f) => f.ball === c.ball)) rules.push('R8.1');
        reason = `called ball ${c.ball} in ${c.pocket}`;
        if (settings.callMode === 'strict') notes.push(`manner "${call!.manner}" taken as played (R6.2): a person may cancel with nocount`);
      } else {
        const went = objectPots.find((p) => p.ball === c.ball);
        reason = went ? `called ball ${c.ball} went into ${went.pocket}, not ${c.pocket}` : `called ball ${c.ball} not pocketed`;
        if (objectPots.length) {
          rules.push('R7.2');
          reason += ': nothing pocketed counts';
        }
      }
    }
  }
  // R7.4: the referee cancels a pot; the called ball takes the whole stroke with it
  for (const nc of voidsPots ? [] : ann.nocount) {
    if (nc.ball === calledBall) {
      counting = [];
      rules.push('R7.4', 'R7.2');
      reason = `called ball ${nc.ball} does not count (R7.4): nothing pocketed counts`;
    } else if (counting.some((p) => p.ball === nc.ball)) {
      counting = counting.filter((p) => p.ball !== nc.ball);
      rules.push('R7.4');
      reason += `; ball ${nc.ball} does not count (R7.4)`;
    }
  }

  // Balls leave the table, the counted stay off it, the rest are respotted (R10).
  const countedSet = new Set(counting.map((p) => p.ball));
  const respotted = [...new Set([...objectPots.map((p) => p.ball).filter((b) => !countedSet.has(b)), ...objectOff])].sort((a, b) => a - b);
  if (objectOff.length) rules.push(countedSet.size ? 'R10.2' : 'R10.1');
  else if (respotted.length) rules.push('R10.1');
  for (const b of countedSet) s.onTable.delete(b);
  const clearsTable = s.onTable.size === 0 && countedSet.size > 0;
  const lastToFall = clearsTable ? orderOfFall(counting).at(-1)!.ball : null;
  const counted: CountedBall[] = counting.map((p) => ({
    ball: p.ball, pocket: p.pocket, points: ballValue(p.ball, players.length, p.ball === lastToFall),
  }));
  if (lastToFall !== null) rules.push('R4.1');
  const points = counted.reduce((a, c) => a + c.points, 0);
  s.scores[striker] = s.scores[striker]! + points;

  let penalty: StrokeVerdict['penalty'] = null;
  if (foulList.length) {
    const toIdx = settings.penaltyTo === 'previous' ? previousIndex(s, strikerIdx) : nextIndex(s, strikerIdx);
    const to = players[toIdx]!;
    penalty = { points: PENALTY_POINTS, from: striker, to };
    s.scores[striker] = s.scores[striker]! - PENALTY_POINTS;
    s.scores[to] = s.scores[to]! + PENALTY_POINTS;
    rules.push(players.length > 2 ? 'R9.penaltyTo' : 'R9');
  }

  // R13.2: the cue ball came back from off the table: the pots stand but the turn passes
  if (shot.cueReturned) rules.push('R13.2');
  const keeps = foulList.length === 0 && counted.length > 0 && ann.nocount.length === 0 && !shot.cueReturned;
  rules.push('R5.1');
  s.toPlay = keeps ? strikerIdx : nextIndex(s, strikerIdx);
  s.fromHand = fouls.has('F1') || fouls.has('F2');
  if (s.fromHand) rules.push('R9.2', 'R11.1');
  for (const b of respotted) s.onTable.add(b);
  if (notes.length) reason += ` (${notes.join('; ')})`;

  return {
    ...base, status: 'judged', fouls: foulList, penalty, counted, respotted, points,
    turn: keeps ? 'keeps' : 'passes', next: players[s.toPlay]!, fromHand: s.fromHand, house,
    rules: [...new Set(rules)], reason, scores: { ...s.scores },
    ...(lastToFall !== null && { lastBall: lastToFall }),
  };
}
