import { test } from 'node:test';
import assert from 'node:assert/strict';
import { call, game, last, miss, play, pot, potShot, shot } from './helpers.js';

const opened = [game(), miss(4)];

test('R7.1 the called ball in the called pocket counts, and so does every other ball pocketed on the stroke', () => {
  const s = play([...opened, call(7, 'FR'), shot(7, { pocketed: [pot(9, 'ML', 2.0), pot(7, 'FR', 3.0)] })]);
  assert.deepEqual(last(s).counted, [{ ball: 9, pocket: 'ML', points: 9 }, { ball: 7, pocket: 'FR', points: 7 }]);
  assert.deepEqual(s.scores, { Anna: 0, Boris: 16 });
  assert.equal(s.toPlay, 'Boris', 'R5.1 the striker keeps the turn');
});

test('R5.1 a stroke that pockets nothing passes the turn', () => {
  const s = play([...opened, ...potShot(7), call(8, 'FL'), shot(8)]);
  assert.equal(s.toPlay, 'Anna');
});

test('R7.2 the called ball not pocketed: nothing pocketed counts, balls respotted, no penalty, turn passes', () => {
  const s = play([...opened, call(7, 'FR'), shot(7, { pocketed: [pot(9, 'ML')] })]);
  const v = last(s);
  assert.deepEqual(v.counted, []);
  assert.deepEqual(v.respotted, [9]);
  assert.equal(v.penalty, null);
  assert.equal(s.toPlay, 'Anna');
  assert.ok(s.onTable.includes(9));
});

test('R7.2 the called ball in another pocket does not count', () => {
  const s = play([...opened, call(7, 'FR'), shot(7, { pocketed: [pot(7, 'FL')] })]);
  assert.deepEqual(last(s).counted, []);
  assert.deepEqual(last(s).respotted, [7]);
  assert.match(last(s).reason, /went into FL, not FR/);
});

test('R6.1 ball-pocket: how the ball gets there does not matter; no call means nothing counts', () => {
  const s = play([...opened, shot(7, { pocketed: [pot(7, 'FR')] })]);
  assert.deepEqual(last(s).counted, []);
  assert.match(last(s).reason, /no call/);
});

test('R6 a later call before the stroke replaces an earlier one', () => {
  const s = play([...opened, call(5, 'HL'), call(7, 'FR'), shot(7, { pocketed: [pot(7, 'FR')] })]);
  assert.deepEqual(last(s).counted.map((c) => c.ball), [7]);
});

test('R6 a call applies to the next stroke only', () => {
  const s = play([...opened, ...potShot(7), shot(8, { pocketed: [pot(8, 'FR')] })]);
  assert.deepEqual(last(s).counted, []);
});

test('R6.2 strict: the call must also name the manner', () => {
  const without = play([game({ callMode: 'strict' }), miss(4), call(7, 'FR'), shot(7, { pocketed: [pot(7, 'FR')] })]);
  assert.deepEqual(last(without).counted, []);
  assert.match(last(without).reason, /manner/);
  const withManner = play([game({ callMode: 'strict' }), miss(4), call(7, 'FR', { manner: 'direct' }), shot(7, { pocketed: [pot(7, 'FR')] })]);
  assert.deepEqual(last(withManner).counted.map((c) => c.ball), [7]);
});

test('R6.3 callMode none: every ball pocketed on a legal stroke counts', () => {
  const s = play([game({ callMode: 'none' }), miss(4), shot(7, { pocketed: [pot(7, 'FR'), pot(1, 'HL')] })]);
  assert.deepEqual(s.scores, { Anna: 0, Boris: 18 });
  assert.equal(s.toPlay, 'Boris');
});

test('R6.4 with more than one ball left a call without a ball number is incomplete', () => {
  const s = play([...opened, call(undefined, 'FR'), shot(7, { pocketed: [pot(7, 'FR')] })]);
  assert.deepEqual(last(s).counted, []);
});

test('R7.3 a ball that bounced out of a pocket does not count and stays on the table', () => {
  const s = play([...opened, call(7, 'FR'), shot(7, { bounced: [{ ball: 7, pocket: 'FR' }] })]);
  assert.deepEqual(last(s).counted, []);
  assert.ok(s.onTable.includes(7));
  assert.equal(s.toPlay, 'Anna');
});

test('R7.4 nocount on the called ball: nothing pocketed counts, the turn passes, no penalty', () => {
  const s = play([...opened, call(7, 'FR'), shot(7, { pocketed: [pot(7, 'FR'), pot(9, 'ML')] }), { type: 'nocount', ball: 7 }]);
  const v = last(s);
  assert.deepEqual(v.counted, []);
  assert.deepEqual(v.respotted, [7, 9]);
  assert.equal(v.penalty, null);
  assert.equal(s.toPlay, 'Anna');
});

test('R7.4 nocount on another ball: the other pots still count, but the turn passes', () => {
  const s = play([...opened, call(7, 'FR'), shot(7, { pocketed: [pot(7, 'FR'), pot(9, 'ML')] }), { type: 'nocount', ball: 9, shot: 2 }]);
  assert.deepEqual(last(s).counted.map((c) => c.ball), [7]);
  assert.deepEqual(last(s).respotted, [9]);
  assert.deepEqual(s.scores, { Anna: 0, Boris: 7 });
  assert.equal(s.toPlay, 'Anna');
});

test('R10.1 a jumped object ball is respotted with no penalty', () => {
  const s = play([...opened, call(7, 'FR'), shot(7, { offTable: [9] })]);
  assert.deepEqual(last(s).respotted, [9]);
  assert.equal(last(s).penalty, null);
  assert.ok(s.onTable.includes(9));
});

test('R10.2 (seed 002) the called ball pocketed while another leaves the table: the pot counts, play goes on', () => {
  const s = play([...opened, call(7, 'FR'), shot(7, { pocketed: [pot(7, 'FR')], offTable: [9] })]);
  assert.deepEqual(last(s).counted.map((c) => c.ball), [7]);
  assert.deepEqual(last(s).respotted, [9]);
  assert.equal(s.toPlay, 'Boris');
  assert.ok(last(s).rules.includes('R10.2'));
});

test('R4.1 the ace is worth 11', () => {
  const s = play([...opened, ...potShot(1)]);
  assert.deepEqual(last(s).counted, [{ ball: 1, pocket: 'FR', points: 11 }]);
});
