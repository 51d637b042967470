import { test } from 'node:test';
import assert from 'node:assert/strict';
import { call, game, last, miss, play, pot, shot } from './helpers.js';

const opened = [game(), miss(4)];

test('R8.1 (seed 002) a called ball that hung in the jaw and fell by itself counts: the striker stays at the table', () => {
  const s = play([...opened, call(7, 'FR'), shot(7), { type: 'fall', ball: 7, pocket: 'FR', cause: 'self' }]);
  assert.deepEqual(last(s).counted, [{ ball: 7, pocket: 'FR', points: 7 }]);
  assert.ok(last(s).rules.includes('R8.1'));
  assert.equal(s.toPlay, 'Boris');
  assert.ok(!s.onTable.includes(7));
});

test('R8.1 a ball that falls by itself after a stroke whose call failed does not count: it is respotted', () => {
  const s = play([...opened, call(7, 'FR'), shot(7), { type: 'fall', ball: 9, pocket: 'ML', cause: 'self' }]);
  assert.deepEqual(last(s).counted, []);
  assert.deepEqual(last(s).respotted, [9]);
  assert.equal(s.toPlay, 'Anna');
});

test('R8.1 the call for the next stroke, made before the late fall, still applies to that stroke', () => {
  const s = play([...opened, call(7, 'FR'), shot(7), call(9, 'ML'), { type: 'fall', ball: 7, pocket: 'FR', cause: 'self' }, shot(9, { pocketed: [pot(9, 'ML')] })]);
  assert.deepEqual(s.scores, { Anna: 0, Boris: 16 });
});

test('R8.2 a ball in the jaw shaken in by the opponent is put back; the turn passes to the player after the striker', () => {
  // Boris pots 8 (keeps the turn), the 7 hangs; Anna shakes the table and the 7 drops
  const s = play([...opened, call(8, 'FL'), shot(8, { pocketed: [pot(8, 'FL')] }), { type: 'fall', ball: 7, pocket: 'FR', cause: 'shake' }]);
  assert.ok(s.onTable.includes(7), 'put back in the jaw: still on the table');
  assert.equal(s.toPlay, 'Anna');
  assert.deepEqual(s.scores, { Anna: 0, Boris: 8 });
});

test('R8.3 (seed 002) a hanging ball that falls after the opponent\'s stroke, independently of it: respotted, the stroke is void, replayed from hand', () => {
  // Boris's called 7 stops in the jaw (turn to Anna); Anna plays softly at it and it drops before her cue ball arrives
  const s = play([...opened, call(7, 'FR'), shot(7), call(7, 'FR'), shot(7, { pocketed: [pot(7, 'FR')] }), { type: 'fall', ball: 7, pocket: 'FR', cause: 'independent' }]);
  const v = last(s);
  assert.equal(v.status, 'void');
  assert.deepEqual(v.counted, []);
  assert.equal(v.penalty, null);
  assert.ok(s.onTable.includes(7));
  assert.equal(s.toPlay, 'Anna');
  assert.equal(s.fromHand, true);
  assert.deepEqual(s.scores, { Anna: 0, Boris: 0 });
});

test('R8.3 the void stroke costs nothing even when it missed every ball', () => {
  const s = play([...opened, call(7, 'FR'), shot(7), call(7, 'FR'), shot(null), { type: 'fall', ball: 7, pocket: 'FR', cause: 'independent' }]);
  assert.equal(last(s).status, 'void');
  assert.deepEqual(s.scores, { Anna: 0, Boris: 0 });
});

test('R8 a fall before any stroke is a protocol error naming the line', () => {
  assert.throws(() => play([game(), { type: 'fall', ball: 7, pocket: 'FR', cause: 'self' }]), /line 2: shot: a fall needs a stroke/);
});

test('R8.4 a ball that drops from the jaw before it has rested 5 s is part of the stroke: the verdict is the same either way it is reported', () => {
  const asPot = play([...opened, call(7, 'FR'), shot(7, { t0: 10, t1: 14, pocketed: [pot(7, 'FR', 16)] })]);
  const asFall = play([...opened, call(7, 'FR'), shot(7, { t0: 10, t1: 14 }), { type: 'fall', t: 16, ball: 7, pocket: 'FR', cause: 'self' }]);
  assert.deepEqual(asFall.scores, asPot.scores);
  assert.equal(asFall.toPlay, asPot.toPlay);
  assert.deepEqual(asFall.onTable, asPot.onTable);
});

test('R8.1 a fall whose ball the camera was unsure of counts as given and contests its stroke, until a person corrects the stroke', () => {
  const doubt = [{ what: 'pocketed', ball: 7, confidence: 0.84, why: 'ball 7 fell from the jaw, named with 84% confidence' }];
  const recs = [...opened, call(7, 'FR'), shot(7), { type: 'fall', ball: 7, pocket: 'FR', cause: 'self', review: doubt }];
  const s = play(recs);
  assert.deepEqual(last(s).counted, [{ ball: 7, pocket: 'FR', points: 7 }]);
  assert.deepEqual(s.contested, [2]);
  assert.equal(last(s).review.at(-1)!.why, doubt[0]!.why);
  // (a shaken ball's doubt contests the stroke it hung after)
  assert.deepEqual(play([...opened, call(8, 'FL'), shot(8, { pocketed: [pot(8, 'FL')] }), { type: 'fall', ball: 7, pocket: 'FR', cause: 'shake', review: doubt }]).contested, [2]);
  assert.deepEqual(play([...recs, { type: 'correct', shot: 2, with: { firstContact: 7 } }]).contested, []);
  assert.deepEqual(play([...opened, call(7, 'FR'), shot(7), { type: 'fall', ball: 7, pocket: 'FR', cause: 'self' }]).contested, []);
});
