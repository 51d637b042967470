// Whole games by the simulated players: valid protocol, and the table agrees with the referee.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseJsonl, toJsonl } from '../../src/protocol/jsonl.js';
import type { ShotRecord } from '../../src/protocol/records.js';
import { foldMatch, summarize } from '../../src/rules/index.js';
import { runScenario } from '../../src/sim/scenarios/index.js';
import { frameTruthRow } from '../../src/sim/truth.js';

test('a game of 12 strokes: break first, calls before shots, valid JSONL, table and referee agree', () => {
  const tl = runScenario('game', { seed: 4, strokes: 12 });
  const recs = tl.records;
  const parsed = parseJsonl(toJsonl(recs)); // throws on anything off-contract
  assert.equal(parsed.length, recs.length);
  const shots = recs.filter((r): r is ShotRecord => r.type === 'shot');
  assert.equal(shots.length, 12);
  // the break: from the house into the full rack, first contact in the pyramid
  assert.equal(Object.keys(shots[0]!.before!).length, 16);
  for (let i = 1; i < shots.length; i++) assert.ok(shots[i]!.t0! >= shots[i - 1]!.t1!, 'strokes do not overlap');
  const s = summarize(foldMatch(parsed));
  assert.equal(s.strokes.length, 12);
  // what the referee says is on the table is on the table at the end (respotted balls put back)
  const end = tl.sceneAt(tl.duration_s);
  const onCloth = end.balls.filter((b) => typeof b.id === 'number' && ['rest', 'inJaw'].includes(b.phase)).map((b) => b.id as number);
  const expected = [...s.onTable];
  // the last stroke's respots happen before the next stroke, which has not come
  const lastRespots = s.strokes.at(-1)!.respotted;
  assert.deepEqual(onCloth.sort((a, b) => a - b), expected.filter((b) => !lastRespots.includes(b) || onCloth.includes(b)).sort((a, b) => a - b));
});

test('a whole game is played out: it ends won (someone reached 71) or drawn', () => {
  const tl = runScenario('game', { seed: 8 });
  const s = summarize(foldMatch(tl.records.map((record, i) => ({ line: i + 1, record }))));
  assert.ok(s.status === 'won' || s.status === 'draw', s.status);
  if (s.status === 'won') assert.ok(s.scores[s.winner!]! >= 71, JSON.stringify(s.scores));
  assert.ok(s.strokes.some((v) => v.counted.length > 0), 'balls were potted');
});

test('frame truth rows: states follow the phases; a visibility test marks balls occluded', () => {
  const tl = runScenario('cue-pocketed', { seed: 2 });
  const shot = tl.records.find((r): r is ShotRecord => r.type === 'shot')!;
  const cueFall = shot.pocketed.find((p) => p.ball === 'cue')!;
  const during = frameTruthRow(tl.sceneAt(cueFall.t! - 0.04));
  assert.equal(during.balls.find((b) => b.id === 'cue')!.state, 'falling');
  const after = frameTruthRow(tl.sceneAt(tl.duration_s), (b) => b.id === 3);
  assert.equal(after.balls.find((b) => b.id === 'cue')!.state, 'pocketed');
  for (const b of after.balls) if (b.id === 3 && b.state !== 'pocketed') assert.equal(b.state, 'occluded');
  const before = frameTruthRow(tl.sceneAt(0.1));
  assert.ok(!before.balls.some((b) => b.id === 'cue'), 'the cue ball is still in a hand: no row');
});
