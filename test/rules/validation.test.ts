import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseJsonl } from '../../src/protocol/jsonl.js';
import { call, game, jsonl, miss, play, pot, potShot, shot, type Rec } from './helpers.js';

function rejects(recs: Rec[] | string, pattern: RegExp): void {
  const text = typeof recs === 'string' ? recs : jsonl(recs);
  assert.throws(() => play(parseJsonl(text).map((n) => n.record as unknown as Rec)), pattern);
}

test('malformed JSON names the line', () => {
  rejects(`${JSON.stringify(game())}\n{"type":"shot",`, /^ProtocolError: line 2: malformed JSON/);
});

test('an unknown record type names the line and the field', () => {
  rejects([game(), { type: 'pass' }], /line 2: type: unknown record type "pass"/);
});

test('R1.1 a ball number out of range is rejected', () => {
  rejects([game(), miss(4), call(7, 'FR'), shot(7, { pocketed: [pot(16, 'FR')] })], /line 4: pocketed\[0\]\.ball: 16 is not a ball/);
  rejects([game(), call(0, 'FR')], /line 2: ball: 0 is not an object ball/);
  rejects([game(), shot(7.5)], /line 2: firstContact: 7.5 is not an object ball/);
});

test('a ball pocketed twice in one stroke is rejected', () => {
  rejects([game(), shot(7, { pocketed: [pot(7, 'FR'), pot(7, 'FL')] })], /line 2: pocketed\[1\]\.ball: ball 7 is pocketed twice/);
});

test('a ball pocketed while not on the table is rejected', () => {
  rejects([game(), miss(4), ...potShot(7), call(8, 'FR'), shot(8, { pocketed: [pot(7, 'FR')] })], /line 6: pocketed\[0\]\.ball: ball 7 is pocketed but it is not on the table/);
});

test('six players (or one) are rejected', () => {
  rejects([game({ players: ['a', 'b', 'c', 'd', 'e', 'f'] })], /line 1: players: 6 players/);
  rejects([game({ players: ['a'] })], /players: 1 players/);
  rejects([game({ players: ['a', 'a'] })], /players: "a" appears twice/);
});

test('a correct naming a stroke that does not exist is rejected', () => {
  rejects([game(), miss(4), { type: 'correct', shot: 5, with: {} }], /line 3: shot: stroke 5 does not exist \(this game has 1 stroke so far\)/);
  rejects([game(), { type: 'foul', code: 'F5' }], /line 2: shot: a foul needs a stroke/);
});

test('bad fields of every record type name the field', () => {
  rejects([game({ callMode: 'shout' })], /callMode: "shout" is not one of/);
  rejects([game({ breaker: 'Zed' })], /breaker: "Zed" is not one of the players/);
  rejects([game({ handicap: { Zed: 5 } })], /handicap\.Zed/);
  rejects([game({ table: { length: 3550, width: 1775 } })], /table\.ball/);
  rejects([game(), call(7, 'XX')], /pocket: "XX" is not a pocket/);
  rejects([game(), { type: 'shot', firstContact: null }], /struck: is required/);
  rejects([game(), { type: 'shot', struck: 'cue' }], /firstContact: is required/);
  rejects([game(), shot(4, { whileMoving: 'yes' })], /whileMoving: "yes" is not true or false/);
  rejects([game(), shot(4, { before: { cue: [1, 'a'] } })], /before\.cue/);
  rejects([game(), shot(4, { review: [{ what: 'vibes' }] })], /review\[0\]\.what/);
  rejects([game(), shot(4, { offTable: ['cue'], pocketed: [pot('cue', 'HL')] })], /both pocketed and off the table/);
  rejects([game(), miss(), { type: 'moved', balls: [], by: 'striker' }], /balls: is required/);
  rejects([game(), miss(), { type: 'fall', ball: 7, pocket: 'FR', cause: 'wind' }], /cause: "wind"/);
  rejects([game(), miss(), { type: 'fall', ball: 7, pocket: 'FR', cause: 'self', review: [{ what: 'vibes' }] }], /review\[0\]\.what/);
  rejects([game(), miss(), { type: 'foul', code: 'F11' }], /code: "F11"/);
  rejects([game(), miss(), { type: 'nocount', ball: 7 }], /line 3: ball: ball 7 was not pocketed on stroke 1/);
  rejects([game(), miss(), { type: 'correct', shot: 1, with: { pocketed: [{ ball: 'x', pocket: 'HL' }] } }], /with\.pocketed\[0\]\.ball/);
  rejects([{ type: 'call', ball: 7, pocket: 'FR' }], /line 1: type: a "call" record before any "game" record/);
  rejects('[1,2]', /line 1: \[1,2\] is not a JSON object/);
});

test('a correction that makes a later stroke impossible names that stroke\'s line', () => {
  rejects([game(), miss(4), call(7, 'FR'), shot(7), ...potShot(7), { type: 'correct', shot: 2, with: { pocketed: [pot(7, 'FR')] } }],
    /line 6: pocketed\[0\]\.ball: ball 7 is pocketed but it is not on the table/);
});

test('unknown fields are ignored', () => {
  const s = play([game({ venue: 'club' }), shot(4, { spin: 'top' }), { type: 'call', ball: 7, pocket: 'FR', loud: true }]);
  assert.equal(s.strokes.length, 1);
});

test('records after a game has ended are ignored, until the next game', () => {
  const s = play([game({ handicap: { Anna: 70 }, callMode: 'none' }), shot(7, { pocketed: [pot(7, 'FR')] }), { type: 'moved', balls: [3], by: 'striker' }, shot(null)]);
  assert.equal(s.winner, 'Anna');
  assert.equal(s.scores.Anna, 77);
});
