import { test } from 'node:test';
import assert from 'node:assert/strict';
import { game, last, miss, play, pot, shot } from './helpers.js';

const deliberate = () => shot(null); // F4, nothing moves

test('R12.2 six standstill fouls in a row (three each) are a stalemate: a draw by default (R12.1)', () => {
  const recs = [game(), miss(4), ...Array.from({ length: 6 }, deliberate)];
  const s = play(recs);
  assert.equal(s.status, 'draw');
  assert.equal(last(s).gameOver, 'draw');
  assert.ok(last(s).rules.includes('R12.1'));
});

test('R12.1 the referee warns after the second round of deliberate fouls', () => {
  const s = play([game(), miss(4), ...Array.from({ length: 4 }, deliberate)]);
  assert.equal(s.status, 'playing');
  assert.equal(last(s).warning, 'stalemate');
  assert.equal(s.warning, 'stalemate');
  assert.equal(play([game(), miss(4), ...Array.from({ length: 3 }, deliberate)]).warning, null);
});

test('R12.2 a foul that pockets an object ball breaks the series', () => {
  const s = play([game(), miss(4), ...Array.from({ length: 3 }, deliberate), shot(null, { pocketed: [pot(9, 'ML'), pot('cue', 'HL')] }), ...Array.from({ length: 3 }, deliberate)]);
  assert.equal(s.status, 'playing');
});

test('R12.2 pocketing the cue ball on purpose is one of the deliberate fouls (seed 002)', () => {
  const cueIn = () => shot(5, { pocketed: [pot('cue', 'HL')] });
  const s = play([game(), miss(4), ...Array.from({ length: 6 }, cueIn)]);
  assert.equal(s.status, 'draw');
});

test('R12.1 stalemate "seventy": the lowest ball stays on the third spot, 70 each, playoff from hand', () => {
  const s = play([game({ stalemate: 'seventy', handicap: { Anna: 20 } }), miss(4), ...Array.from({ length: 6 }, deliberate)]);
  assert.equal(s.status, 'playing');
  assert.deepEqual(s.scores, { Anna: 70, Boris: 70 });
  assert.deepEqual(s.onTable, [1]);
  assert.equal(s.playoffBall, 1);
  assert.equal(s.fromHand, true);
  const won = play([game({ stalemate: 'seventy' }), miss(4), ...Array.from({ length: 6 }, deliberate), { type: 'call', pocket: 'HL' }, shot(1, { pocketed: [pot(1, 'HL')] })]);
  assert.equal(won.status, 'won');
  assert.equal(last(won).counted[0]!.points, 21);
});
