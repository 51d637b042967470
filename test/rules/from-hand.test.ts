import { test } from 'node:test';
import assert from 'node:assert/strict';
import { call, game, last, miss, play, pot, shot } from './helpers.js';

// Full-size table: the house line is at x = -887.5 mm, the third spot at x = +887.5 mm.
const afterScratch = [game(), miss(4), call(7, 'FR'), shot(7, { pocketed: [pot('cue', 'FR')] })]; // Anna to play from hand

test('R11.1 from hand, placed in the house and leaving it before the first contact: legal', () => {
  const s = play([...afterScratch, call(9, 'FL'), shot(9, {
    before: { cue: [-1200, 100], 9: [-1300, 300] },
    cuePath: [[-1200, 100], [-300, 887], [-1250, 290]],
  })]);
  assert.deepEqual(last(s).fouls, []);
  assert.equal(last(s).house, 'house');
});

test('R9.F9 from hand, the cue ball hits a ball lying in the house before leaving it', () => {
  const s = play([...afterScratch, call(9, 'HL'), shot(9, {
    pocketed: [pot(9, 'HL')],
    before: { cue: [-1200, 0], 9: [-1500, 300] },
    cuePath: [[-1200, 0], [-1470, 280]],
  })]);
  const v = last(s);
  assert.deepEqual(v.fouls, ['F9']);
  assert.deepEqual(v.counted, []);
  assert.deepEqual(v.respotted, [9]);
  assert.deepEqual(s.scores, { Anna: 0, Boris: 0 }, 'Boris paid 5 for the scratch, Anna pays them back');
});

test('R9.F9 a ball outside the house may be hit directly from hand', () => {
  const s = play([...afterScratch, call(9, 'FR'), shot(9, {
    pocketed: [pot(9, 'FR')], before: { cue: [-1200, 0], 9: [500, -300] }, cuePath: [[-1200, 0], [460, -290]],
  })]);
  assert.deepEqual(last(s).fouls, []);
  assert.deepEqual(last(s).counted.map((c) => c.ball), [9]);
});

test('R9.F10 from hand, the stroke is not made from the house', () => {
  const s = play([...afterScratch, call(9, 'FR'), shot(9, {
    pocketed: [pot(9, 'FR')], before: { cue: [-500, 0], 9: [500, -300] }, cuePath: [[-500, 0], [460, -290]],
  })]);
  assert.deepEqual(last(s).fouls, ['F10']);
  assert.deepEqual(last(s).counted, []);
});

test('R11.1 the cue ball on the house line is not in the house (F10)', () => {
  const s = play([...afterScratch, call(9, 'FR'), shot(9, { before: { cue: [-887.5, 0] } })]);
  assert.deepEqual(last(s).fouls, ['F10']);
});

test('R11.2 every object ball in the house: the temporary house at the foot end is used', () => {
  // Put all 15 balls in the house in `before` (positions only matter for the judgement).
  const before: Record<string, [number, number]> = { cue: [1200, 0] };
  for (let b = 1; b <= 15; b++) before[String(b)] = [-1700 + (b % 5) * 100, -600 + Math.floor(b / 5) * 300];
  const legal = play([...afterScratch, call(9, 'HL'), shot(9, { before, cuePath: [[1200, 0], [-1300, 200]] })]);
  assert.deepEqual(last(legal).fouls, []);
  assert.equal(last(legal).house, 'temporary');
  // playing from the ordinary house is then F10
  const fromOld = play([...afterScratch, call(9, 'HL'), shot(9, { before: { ...before, cue: [-1100, 400] }, cuePath: [[-1100, 400], [-1300, 200]] })]);
  assert.deepEqual(last(fromOld).fouls, ['F10']);
});

test('R11.2 in the temporary house, hitting a ball lying in it before leaving it is F9', () => {
  const before: Record<string, [number, number]> = { cue: [1500, 0] };
  for (let b = 1; b <= 14; b++) before[String(b)] = [-1700 + (b % 5) * 100, -600 + Math.floor(b / 5) * 300];
  before['15'] = [-1650, 700];
  // ball 15 is also in the house; all in the house; now put ball 9 at the foot end? then not all in house.
  const s = play([...afterScratch, call(9, 'HL'), shot(9, { before, cuePath: [[1500, 0], [-1500, 100]] })]);
  assert.equal(last(s).house, 'temporary');
  assert.deepEqual(last(s).fouls, []);
});

test('R9.F9 without a cuePath a ball in the house hit first is taken as a direct hit, and the verdict says so', () => {
  const s = play([...afterScratch, call(9, 'HL'), shot(9, { before: { cue: [-1200, 0], 9: [-1500, 300] } })]);
  assert.deepEqual(last(s).fouls, ['F9']);
  assert.match(last(s).reason, /taken as direct/);
});

test('R3.3 the break is an ordinary stroke from hand: missing every ball is F4, playing outside the house is F10', () => {
  const a = play([game(), shot(null, { before: { cue: [-1200, 0] } })]);
  assert.deepEqual(last(a).fouls, ['F4']);
  assert.equal(last(a).house, 'house');
  const b = play([game(), shot(4, { before: { cue: [0, 0] } })]);
  assert.deepEqual(last(b).fouls, ['F10']);
});
