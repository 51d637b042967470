import { test } from 'node:test';
import assert from 'node:assert/strict';
import { call, game, last, miss, play, pot, potShot, shot } from './helpers.js';

const opened = [game(), miss(4)];

test('R13.1 (seed 002) interference with the stroke: position restored, the same striker replays', () => {
  const s = play([...opened, call(7, 'FR'), shot(7, { pocketed: [pot(7, 'FR')], void: true }), shot(7, { pocketed: [pot(7, 'FR')] })]);
  assert.equal(s.strokes[1]!.status, 'void');
  assert.ok(s.strokes[1]!.rules.includes('R13.1'));
  assert.deepEqual(last(s).counted.map((c) => c.ball), [7], 'the call stays in force for the replay');
  assert.deepEqual(s.scores, { Anna: 0, Boris: 7 });
});

test('R13.1 a correction can void a stroke after review', () => {
  const s = play([...opened, call(7, 'FR'), shot(null), { type: 'correct', shot: 2, with: { void: true } }]);
  assert.equal(last(s).status, 'void');
  assert.deepEqual(s.scores, { Anna: 0, Boris: 0 });
  assert.equal(s.toPlay, 'Boris');
});

test('R13.2 (seed 002) the cue ball jumps, touches someone and falls back: no penalty, the pot counts, the turn passes', () => {
  const s = play([...opened, ...potShot(7, 'FR', { cueReturned: true })]);
  assert.deepEqual(last(s).fouls, []);
  assert.deepEqual(s.scores, { Anna: 0, Boris: 7 });
  assert.equal(s.toPlay, 'Anna');
});

test('R13.3 (seed 002) a player who touches the balls believing he has won when he has not: F8, position restored, opponent plays', () => {
  const s = play([...opened, ...potShot(7), { type: 'foul', code: 'F8' }]);
  assert.deepEqual(last(s).fouls, ['F8']);
  assert.deepEqual(s.scores, { Anna: 5, Boris: 2 });
  assert.equal(s.toPlay, 'Anna');
});

test('R13.3 the opponent touching the balls believing the striker had won: restored, no penalty', () => {
  const s = play([...opened, ...potShot(7), { type: 'moved', balls: [3, 5, 9], by: 'opponent' }, ...potShot(8)]);
  assert.deepEqual(s.scores, { Anna: 0, Boris: 15 });
});

test('R9.5 (seed 002) the opponent stopping the cue ball: no foul for the striker, and a called ball in its pocket lets him continue', () => {
  const s = play([...opened, { type: 'moved', balls: ['cue'], by: 'opponent' }, ...potShot(7)]);
  assert.deepEqual(last(s).fouls, []);
  assert.equal(s.toPlay, 'Boris');
});

test('R13.5 (seed 002) balls gathered in a corner: a stroke without a call, its pots count', () => {
  const s = play([...opened, { type: 'call', free: true }, shot(9, { pocketed: [pot(9, 'HL')] })]);
  assert.deepEqual(last(s).counted.map((c) => c.ball), [9]);
  assert.ok(last(s).rules.includes('R13.5'));
});

test('R13.4 a correction settles the stroke\'s review flag', () => {
  const flagged = [...opened, call(7, 'FR'), shot(7, { pocketed: [pot(7, 'FR')], review: [{ what: 'pocketed', ball: 7, confidence: 0.55, why: 'arm over the pocket' }] })];
  assert.deepEqual(play(flagged).contested, [2]);
  const confirmed = play([...flagged, { type: 'correct', shot: 2, with: {} }]);
  assert.deepEqual(confirmed.contested, []);
  assert.deepEqual(confirmed.scores, { Anna: 0, Boris: 7 });
  const overruled = play([...flagged, { type: 'correct', shot: 2, with: { pocketed: [] } }]);
  assert.deepEqual(overruled.scores, { Anna: 0, Boris: 0 });
  assert.equal(overruled.toPlay, 'Anna');
});

test('a foul naming an earlier stroke recomputes the game from that stroke', () => {
  const s = play([...opened, ...potShot(7), ...potShot(8), { type: 'foul', code: 'F5', shot: 2 }]);
  // stroke 2 becomes a foul: 7 respotted, Anna gets 5 and the turn; stroke 3 is then Anna's
  assert.equal(s.strokes[2]!.striker, 'Anna');
  assert.deepEqual(s.scores, { Anna: 13, Boris: -5 });
});
