// Property-based tests on random valid games (fast-check): bookkeeping invariants of the engine.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { foldMatch, summarize } from '../../src/rules/index.js';
import type { Numbered, TableRecord } from '../../src/protocol/records.js';
import { parseRecord } from '../../src/protocol/validate.js';
import type { GameSummary } from '../../src/rules/index.js';

const POCKETS = ['HL', 'HR', 'ML', 'MR', 'FL', 'FR'] as const;

/** One stroke's intentions, turned into records against the balls actually on the table. */
interface Intent {
  callIdx: number;
  pocketIdx: number;
  callIt: boolean;
  contactIdx: number;
  miss: boolean;
  potIdx: number[];
  cueIn: boolean;
  cueOff: boolean;
  wrongBall: boolean;
  moving: boolean;
  jumpIdx: number;
  person: number; // 0: nothing; 1: F5; 2: nocount of the first pot
}

const intent: fc.Arbitrary<Intent> = fc.record({
  callIdx: fc.nat(20), pocketIdx: fc.nat(5), callIt: fc.boolean(), contactIdx: fc.nat(20),
  miss: fc.boolean(), potIdx: fc.array(fc.nat(20), { maxLength: 3 }),
  cueIn: fc.integer({ min: 0, max: 9 }).map((x) => x === 0), cueOff: fc.integer({ min: 0, max: 19 }).map((x) => x === 0),
  wrongBall: fc.integer({ min: 0, max: 29 }).map((x) => x === 0), moving: fc.integer({ min: 0, max: 19 }).map((x) => x === 0),
  jumpIdx: fc.integer({ min: -8, max: 20 }), person: fc.integer({ min: 0, max: 12 }).map((x) => (x === 0 ? 1 : x === 1 ? 2 : 0)),
});

const settings = fc.record({
  players: fc.constantFrom(['A', 'B'], ['A', 'B', 'C'], ['A', 'B', 'C', 'D']),
  callMode: fc.constantFrom('ballPocket', 'strict', 'none'),
  tie: fc.constantFrom('draw', 'playoff'),
  penaltyTo: fc.constantFrom('next', 'previous'),
  handicap: fc.nat(35),
});

interface Settings { players: readonly string[]; callMode: string; tie: string; penaltyTo: string; handicap: number }

/** Builds a valid game from intentions, consulting the engine for what is on the table. */
function buildGame(g: Settings, intents: Intent[]): TableRecord[] {
  const recs: TableRecord[] = [parseRecord({
    type: 'game', players: g.players, callMode: g.callMode, tie: g.tie, penaltyTo: g.penaltyTo,
    handicap: { [g.players[1]!]: g.handicap },
  })];
  for (const it of intents) {
    const s = replay(recs);
    if (s.status !== 'playing') break;
    const on = s.onTable;
    const pick = (i: number) => on[i % on.length]!;
    const called = pick(it.callIdx);
    const pocket = POCKETS[it.pocketIdx]!;
    if (it.callIt) recs.push(parseRecord({ type: 'call', ball: called, pocket, ...(g.callMode === 'strict' && { manner: 'direct' }) }));
    const pots = [...new Set(it.potIdx.map(pick))];
    if (it.callIt && pots.length && !pots.includes(called)) pots[0] = called;
    const pocketed: { ball: number | 'cue'; pocket: string; t: number }[] = pots.map((b, i) => ({ ball: b, pocket: b === called ? pocket : POCKETS[(i + 2) % 6]!, t: i }));
    if (it.cueIn) pocketed.push({ ball: 'cue', pocket: 'HL', t: 9 });
    const offTable: (number | 'cue')[] = [];
    const jumped = it.jumpIdx >= 0 ? pick(it.jumpIdx) : undefined;
    if (jumped !== undefined && !pots.includes(jumped) && on.length > pots.length + 1) offTable.push(jumped);
    if (it.cueOff && !it.cueIn) offTable.push('cue');
    recs.push(parseRecord({
      type: 'shot', struck: it.wrongBall ? pick(it.contactIdx) : 'cue', whileMoving: it.moving,
      firstContact: it.miss && pots.length === 0 ? null : pick(it.contactIdx), pocketed, offTable,
    }));
    if (it.person === 1) recs.push(parseRecord({ type: 'foul', code: 'F5' }));
    if (it.person === 2 && pots.length) recs.push(parseRecord({ type: 'nocount', ball: pots[0] }));
  }
  return recs;
}

const numbered = (recs: TableRecord[]): Numbered[] => recs.map((record, i) => ({ line: i + 1, record }));
const replay = (recs: TableRecord[]): GameSummary => summarize(foldMatch(numbered(recs)));

const games = fc.tuple(settings, fc.array(intent, { minLength: 1, maxLength: 70 })).map(([g, i]) => buildGame(g, i));

test('properties: points are conserved: scores = handicaps + counted balls, penalties only move points', () => {
  fc.assert(fc.property(games, (recs) => {
    const s = replay(recs);
    const g = recs[0] as { handicap?: Record<string, number> };
    const expected: Record<string, number> = {};
    for (const p of s.players) expected[p] = g.handicap?.[p] ?? 0;
    for (const v of s.strokes.filter((x) => x.status === 'judged')) {
      expected[v.striker]! += v.counted.reduce((a, c) => a + c.points, 0);
      if (v.penalty) {
        expected[v.penalty.from]! -= v.penalty.points;
        expected[v.penalty.to]! += v.penalty.points;
      }
    }
    assert.deepEqual(s.scores, expected);
  }), { numRuns: 150, seed: 71 });
});

test('properties: counted ∪ on the table is always all 15 balls', () => {
  fc.assert(fc.property(games, (recs) => {
    const s = replay(recs);
    const counted = s.strokes.flatMap((v) => (v.status === 'judged' ? v.counted.map((c) => c.ball) : []));
    const union = new Set([...counted, ...s.onTable]);
    assert.equal(union.size, 15);
    if (s.playoffBall === null) assert.equal(counted.length + s.onTable.length, 15, 'and disjoint outside a playoff');
  }), { numRuns: 150, seed: 72 });
});

test('properties: a game stops at the target and nothing after it counts', () => {
  fc.assert(fc.property(games, (recs) => {
    const s = replay(recs);
    const reached = s.players.filter((p) => s.scores[p]! >= s.target);
    assert.equal(s.status === 'won', reached.length > 0);
    if (s.status === 'won') assert.ok(reached.includes(s.winner!));
    const end = s.strokes.findIndex((v) => v.gameOver);
    if (end >= 0) assert.ok(s.strokes.slice(end + 1).every((v) => v.status === 'ignored'));
    for (const v of s.strokes.slice(0, end >= 0 ? end : undefined)) {
      assert.ok(Object.values(v.scores).every((x) => x < s.target), 'no one reached the target before the end');
    }
  }), { numRuns: 150, seed: 73 });
});

test('properties: replay is deterministic', () => {
  fc.assert(fc.property(games, (recs) => {
    assert.deepEqual(replay(recs), replay(structuredClone(recs)));
  }), { numRuns: 60, seed: 74 });
});

test('properties: replaying a log with a correct equals replaying the corrected log', () => {
  const fields = fc.record({
    firstContact: fc.option(fc.integer({ min: 1, max: 15 }), { nil: null }),
    whileMoving: fc.boolean(),
    dropPots: fc.boolean(),
  });
  fc.assert(fc.property(games, fc.nat(), fields, (recs, k, f) => {
    const shots = recs.map((r, i) => ({ r, i })).filter((x) => x.r.type === 'shot');
    const target = shots[k % shots.length]!;
    const orig = target.r as Extract<TableRecord, { type: 'shot' }>;
    const replacement = { firstContact: f.firstContact, whileMoving: f.whileMoving, ...(f.dropPots && { pocketed: [] }) };
    const withCorrect = [...recs, parseRecord({ type: 'correct', shot: (k % shots.length) + 1, with: replacement })];
    const corrected = recs.map((r, i) => (i === target.i ? { ...orig, ...replacement, review: [] } : r));
    let a: unknown, b: unknown;
    try { a = replay(withCorrect); } catch (e) { a = (e as Error).message; }
    try { b = replay(corrected); } catch (e) { b = (e as Error).message; }
    if (typeof a === 'string' || typeof b === 'string') {
      assert.equal(typeof a, typeof b, 'both logs fail the same way');
      return;
    }
    // the corrected log has no correct record: only its verdicts' rule lists may differ in nothing else
    assert.deepEqual(a, b);
  }), { numRuns: 150, seed: 75 });
});

test('properties: the random games reach wins, fouls, respots and playoffs (the generator covers the engine)', () => {
  const sample = fc.sample(games, { numRuns: 300, seed: 76 }).map(replay);
  const statuses = new Set(sample.map((s) => s.status));
  assert.ok(statuses.has('won') && statuses.has('playing'), `statuses seen: ${[...statuses]}`);
  const verdicts = sample.flatMap((s) => s.strokes);
  assert.ok(verdicts.some((v) => v.fouls.length > 0));
  assert.ok(verdicts.some((v) => v.respotted.length > 0));
  assert.ok(verdicts.some((v) => v.counted.length > 1));
  console.log(`# statuses ${JSON.stringify([...statuses])}, playoffs ${sample.filter((s) => s.playoffBall !== null).length}, strokes ${verdicts.length}`);
});
