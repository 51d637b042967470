import { test } from 'node:test';
import assert from 'node:assert/strict';
import { call, game, last, miss, play, pot, potShot, shot } from './helpers.js';

// Anna breaks from hand; a break that touches a ball is legal and passes the turn.
const opened = [game(), miss(4)];

test('R9.F1 cue ball pocketed: 5 to the opponent, the called ball does not count, next player from hand (R9.2)', () => {
  const s = play([...opened, call(7, 'FR'), shot(7, { pocketed: [pot(7, 'FR'), pot('cue', 'ML')] })]);
  const v = last(s);
  assert.deepEqual(v.fouls, ['F1']);
  assert.deepEqual(v.penalty, { points: 5, from: 'Boris', to: 'Anna' });
  assert.deepEqual(v.counted, []);
  assert.deepEqual(v.respotted, [7]);
  assert.deepEqual(s.scores, { Anna: 5, Boris: -5 });
  assert.equal(s.toPlay, 'Anna');
  assert.equal(s.fromHand, true);
  assert.ok(s.onTable.includes(7));
});

test('R9.F2 cue ball off the table: foul, next player from hand', () => {
  const s = play([...opened, call(7, 'FR'), shot(7, { offTable: ['cue'] })]);
  assert.deepEqual(last(s).fouls, ['F2']);
  assert.equal(s.fromHand, true);
  assert.deepEqual(s.scores, { Anna: 5, Boris: -5 });
});

test('R9.F3 / R1.2 striking a ball other than the cue ball is a foul and its pots do not count', () => {
  const s = play([...opened, call(7, 'FR'), { ...shot(null, { pocketed: [pot(7, 'FR')] }), struck: 7 }]);
  const v = last(s);
  assert.deepEqual(v.fouls, ['F3']);
  assert.deepEqual(v.counted, []);
  assert.deepEqual(v.respotted, [7]);
  assert.equal(s.fromHand, false, 'F3 is not F1/F2: no ball in hand');
  assert.equal(s.toPlay, 'Anna');
});

test('R9.F4 the cue ball touching no ball is a foul', () => {
  const s = play([...opened, call(7, 'FR'), shot(null)]);
  assert.deepEqual(last(s).fouls, ['F4']);
  assert.deepEqual(s.scores, { Anna: 5, Boris: -5 });
  assert.equal(s.fromHand, false);
});

test('R9.F5 a stroke not made with the tip, seen by a person, costs 5 and voids the pots', () => {
  const s = play([...opened, ...potShot(7), { type: 'foul', code: 'F5' }]);
  const v = last(s);
  assert.deepEqual(v.fouls, ['F5']);
  assert.deepEqual(v.counted, []);
  assert.deepEqual(s.scores, { Anna: 5, Boris: -5 });
  assert.ok(s.onTable.includes(7));
});

test('R9.F6 the striker touching a ball before his stroke (moved by "striker") fouls that stroke', () => {
  const s = play([...opened, { type: 'moved', balls: [9], by: 'striker' }, ...potShot(7)]);
  assert.deepEqual(last(s).fouls, ['F6']);
  assert.deepEqual(last(s).counted, []);
  assert.deepEqual(s.scores, { Anna: 5, Boris: -5 });
});

test('R9.F7 a stroke made while balls still move is a foul', () => {
  const s = play([...opened, ...potShot(7, 'FR', { whileMoving: true })]);
  assert.deepEqual(last(s).fouls, ['F7']);
  assert.deepEqual(last(s).counted, []);
  assert.equal(s.toPlay, 'Anna');
});

test('R5.2 a stroke may start only when every ball has stopped (R9.F7)', () => {
  const s = play([...opened, ...potShot(7), ...potShot(8, 'HL', { whileMoving: true })]);
  assert.deepEqual(last(s).fouls, ['F7']);
  assert.deepEqual(s.scores, { Anna: 5, Boris: 2 });
});

test('R9.F8 touching the balls believing the game is over: 5 points, the turn passes, the stroke before still counts', () => {
  const s = play([...opened, ...potShot(7), { type: 'foul', code: 'F8' }]);
  const v = last(s);
  assert.deepEqual(v.fouls, ['F8']);
  assert.deepEqual(v.counted.map((c) => c.ball), [7]);
  assert.deepEqual(s.scores, { Anna: 5, Boris: 2 });
  assert.equal(s.toPlay, 'Anna');
  assert.ok(!s.onTable.includes(7));
});

test('R9 several fouls in one stroke cost 5 once (seed 002: a miss that also pockets the cue ball)', () => {
  const s = play([...opened, call(7, 'FR'), shot(null, { pocketed: [pot('cue', 'HL')], whileMoving: true })]);
  assert.deepEqual(last(s).fouls, ['F1', 'F4', 'F7']);
  assert.deepEqual(s.scores, { Anna: 5, Boris: -5 });
});

test('R9.1 balls pocketed on a foul stroke are respotted; the others stay where they stopped', () => {
  const s = play([...opened, call(7, 'FR'), shot(7, { pocketed: [pot(7, 'FR'), pot(9, 'ML'), pot('cue', 'MR')] })]);
  assert.deepEqual(last(s).respotted, [7, 9]);
  assert.equal(s.onTable.length, 15);
});

test('R9.2 after F1 the next player plays from hand, after F4 he does not', () => {
  const a = play([...opened, call(7, 'FR'), shot(7, { pocketed: [pot('cue', 'FR')] })]);
  assert.equal(a.fromHand, true);
  const b = play([...opened, call(7, 'FR'), shot(null)]);
  assert.equal(b.fromHand, false);
});

test('R9.3 a stroke with another ball is F3 whatever the warning; restoring the position changes nothing recorded', () => {
  const s = play([...opened, call(7, 'FR'), { ...shot(null), struck: 5 }]);
  assert.deepEqual(last(s).fouls, ['F3']);
  assert.equal(s.onTable.length, 15);
});

test('R9.4 with lenientF5F6 F5 and F6 are not fouls at all: no penalty, pots and turn unaffected', () => {
  const s = play([game({ lenientF5F6: true }), miss(4), { type: 'moved', balls: [3], by: 'striker' }, ...potShot(7), { type: 'foul', code: 'F5' }]);
  const v = last(s);
  assert.deepEqual(v.fouls, []);
  assert.deepEqual(s.scores, { Anna: 0, Boris: 7 });
  assert.equal(s.toPlay, 'Boris');
});

test('R9.4 lenientF5F6 does not excuse other fouls on the same stroke', () => {
  const s = play([game({ lenientF5F6: true }), miss(4), ...potShot(7, 'FR', { whileMoving: true }), { type: 'foul', code: 'F5' }]);
  assert.deepEqual(last(s).fouls, ['F7']);
});

test('R9.5 the opponent touching stationary balls is not the striker\'s foul: no penalty', () => {
  const s = play([...opened, { type: 'moved', balls: [5, 9], by: 'opponent' }, ...potShot(7)]);
  assert.deepEqual(last(s).fouls, []);
  assert.deepEqual(s.scores, { Anna: 0, Boris: 7 });
  assert.equal(s.toPlay, 'Boris');
});

test('R9.5 balls moved by an unknown hand are flagged on the next stroke for a person to settle', () => {
  const s = play([...opened, { type: 'moved', balls: [9], by: 'unknown' }, ...potShot(7)]);
  assert.deepEqual(last(s).fouls, []);
  assert.deepEqual(s.contested, [2]);
  assert.equal(last(s).review[0]!.what, 'moved');
});

test('R9 penalties go to the opponent with two players regardless of penaltyTo', () => {
  const s = play([game({ penaltyTo: 'previous' }), miss(4), call(7, 'FR'), shot(null)]);
  assert.deepEqual(last(s).penalty, { points: 5, from: 'Boris', to: 'Anna' });
});
