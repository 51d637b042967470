// The referee core on its own: commands as protocol records, refusals that change nothing, review
// decisions, events; property-based fuzzing of command payloads.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { COMMANDS, runCommand } from '../../src/live/commands.js';
import { Referee, type RefereeEvents } from '../../src/live/referee.js';
import { parseRecord } from '../../src/protocol/validate.js';

const game = { type: 'game', v: 1, players: ['Anna', 'Boris'] };
const miss = (fc_: number) => ({ type: 'shot', struck: 'cue', firstContact: fc_ });
const contested = { type: 'shot', struck: 'cue', firstContact: 7, pocketed: [{ ball: 7, pocket: 'FR' }], review: [{ what: 'pocketed', ball: 7, confidence: 0.55, why: 'hand over the pocket' }] };

function referee(): { r: Referee; events: { [K in keyof RefereeEvents]: RefereeEvents[K][] }; journal: unknown[][] } {
  const journal: unknown[][] = [];
  const r = new Referee({ clock: () => 1000, journal: { append: (e) => journal.push(e.map((x) => x.record)) } });
  const events = { state: [], verdict: [], review: [], error: [] } as { [K in keyof RefereeEvents]: RefereeEvents[K][] };
  r.on('state', (s) => events.state.push(s));
  r.on('verdict', (v) => events.verdict.push(v));
  r.on('review', (v) => events.review.push(v));
  r.on('error', (v) => events.error.push(v));
  return { r, events, journal };
}

const src = (seq: number) => ({ by: 'source' as const, src: { name: 'test', seq } });

test('source records are folded, journaled and announced: state, one verdict per stroke', () => {
  const { r, events, journal } = referee();
  assert.equal(r.submit([game], src(1)).ok, true);
  assert.equal(r.submit([{ type: 'call', ball: 7, pocket: 'FR' }], src(2)).ok, true);
  assert.equal(r.submit([{ ...miss(7), pocketed: [{ ball: 7, pocket: 'FR' }] }], src(3)).ok, true);
  assert.equal(r.state.scores.Anna, 7);
  assert.equal(r.state.toPlay, 'Anna');
  assert.equal(events.verdict.length, 1);
  assert.deepEqual(events.verdict[0]!.verdict.counted, [{ ball: 7, pocket: 'FR', points: 7 }]);
  assert.equal(r.state.lastVerdict?.stroke, 1);
  assert.equal(journal.length, 3);
  assert.equal(r.lastSeqOf('test'), 3);
  assert.equal(r.lastSeqOf('other'), null);
});

test('a bad command is refused naming the field, and changes nothing (no journal, no event)', () => {
  const { r, events, journal } = referee();
  r.submit([game, miss(4)], src(1));
  const before = JSON.stringify(r.state);
  const n = { journal: journal.length, state: events.state.length };
  const cases: [string, unknown, RegExp][] = [
    ['call', { ball: 16, pocket: 'FR' }, /ball: 16 is not an object ball/],
    ['call', { ball: 3, pocket: 'XX' }, /pocket: "XX" is not a pocket/],
    ['foul', { code: 'F11' }, /code: "F11" is not one of/],
    ['foul', { code: 'F5', shot: 9 }, /shot/],
    ['correct', { shot: 1, with: { pocketed: [{ ball: 'x', pocket: 'FR' }] } }, /with\.pocketed\[0\]\.ball/],
    ['game/new', { players: ['Solo'] }, /players: 1 players/],
    ['review/decide', { shot: 1, decision: 'confirm' }, /stroke 1 is not waiting for review/],
    ['nope', {}, /unknown command "nope"/],
    ['call', [1, 2], /not a JSON object/],
    ['record', { record: { type: 'jump' } }, /type: unknown record type "jump"/],
  ];
  for (const [name, payload, pattern] of cases) {
    const resp = runCommand(name, payload, r, 'test');
    assert.equal(resp.status, 'error', `${name} ${JSON.stringify(payload)}`);
    assert.match(resp.error!, pattern);
  }
  assert.equal(JSON.stringify(r.state), before);
  assert.equal(journal.length, n.journal);
  assert.equal(events.state.length, n.state);
});

test('responses carry the transaction id; good commands answer with the records and the new state', () => {
  const { r } = referee();
  const resp = runCommand('game/new', { players: ['A', 'B'], handicap: { B: 10 }, transaction: 'tx-1' }, r, 'test');
  assert.equal(resp.status, 'ok');
  assert.equal(resp.transaction, 'tx-1');
  assert.deepEqual((resp.data as { state: { scores: unknown } }).state.scores, { A: 0, B: 10 });
  const bad = runCommand('call', { ball: 99, transaction: 7 }, r, 'test');
  assert.equal(bad.transaction, 7);
  assert.equal(runCommand('call', { ball: 3, pocket: 'ML' }, r, 'test').status, 'ok');
  assert.deepEqual(r.state.call, { ball: 3, pocket: 'ML' });
});

test('review: a flagged stroke raises a request; confirm, overrule and foul settle it as protocol records', () => {
  for (const [decision, extra, check] of [
    ['confirm', {}, (s: Referee['state']) => assert.equal(s.scores.Anna, 7)],
    ['overrule', { with: { pocketed: [] } }, (s: Referee['state']) => { assert.equal(s.scores.Anna, 0); assert.equal(s.toPlay, 'Boris'); }],
    ['foul', { code: 'F5' }, (s: Referee['state']) => { assert.equal(s.lastVerdict?.fouls.includes('F5'), true); assert.equal(s.toPlay, 'Boris'); }],
  ] as const) {
    const { r, events, journal } = referee();
    r.submit([game, { type: 'call', ball: 7, pocket: 'FR' }], src(1));
    r.submit([contested], src(2));
    assert.deepEqual(r.state.contested, [1]);
    assert.equal(events.review.length, 1);
    assert.equal(events.review[0]!.type, 'new');
    assert.equal(events.review[0]!.item.flags[0]!.what, 'pocketed');
    assert.equal(r.reviews()[0]!.clip, null);
    const resp = runCommand('review/decide', { shot: 1, decision, ...extra }, r, 'test');
    assert.equal(resp.status, 'ok', resp.error);
    assert.deepEqual(r.state.contested, [], decision);
    assert.equal(events.review.at(-1)!.type, 'end');
    check(r.state);
    const last = journal.at(-1)!;
    assert.equal((last.at(-1) as { type: string }).type, 'correct');
    if (decision === 'foul') assert.deepEqual(last[0], { type: 'foul', code: 'F5', shot: 1 });
  }
});

test('a refused source record is reported as an error event and skipped', () => {
  const { r, events } = referee();
  r.submit([game], src(1));
  const res = r.submit([{ type: 'shot', struck: 'cue' }], src(2));
  assert.equal(res.ok, false);
  assert.match(events.error[0]!.message, /record 2 refused: firstContact: is required/);
  assert.equal(r.state.strokes.length, 0);
});

test('restore takes journal records without announcing verdicts, and skips what no longer folds', () => {
  const { r, events } = referee();
  const skipped = r.restore([
    { record: parseRecord(game) }, { record: parseRecord(miss(3)), src: { name: 'demo', seq: 4 } },
    { record: parseRecord({ type: 'foul', code: 'F5', shot: 9 }) },
  ]);
  assert.equal(skipped.length, 1);
  assert.match(skipped[0]!, /stroke 9/);
  assert.equal(r.state.strokes.length, 1);
  assert.equal(events.verdict.length, 0);
  assert.equal(r.lastSeqOf('demo'), 4);
});

// Payloads a careless or hostile client might send: anything JSON, and near-misses of the real shapes.
const anyJson = fc.jsonValue({ maxDepth: 3 });
const nearMiss = fc.record({
  ball: fc.oneof(fc.integer({ min: -3, max: 20 }), fc.constant('cue'), fc.string({ maxLength: 3 }), fc.constant(null)),
  pocket: fc.oneof(fc.constantFrom('HL', 'HR', 'ML', 'MR', 'FL', 'FR', 'XX', ''), fc.integer()),
  code: fc.oneof(fc.constantFrom('F1', 'F5', 'F8', 'F10', 'F0', 'f5'), fc.integer()),
  shot: fc.oneof(fc.integer({ min: -2, max: 6 }), fc.string({ maxLength: 2 })),
  decision: fc.constantFrom('confirm', 'overrule', 'foul', 'maybe'),
  with: fc.oneof(anyJson, fc.record({ pocketed: fc.array(fc.record({ ball: fc.integer({ min: 0, max: 16 }), pocket: fc.constantFrom('FR', 'QQ') }), { maxLength: 3 }) })),
  players: fc.oneof(fc.array(fc.string({ maxLength: 4 }), { maxLength: 6 }), anyJson),
  record: anyJson,
}, { requiredKeys: [] });

test('fuzzed command payloads: never a crash; an error leaves the state and journal untouched', () => {
  const names = [...Object.keys(COMMANDS), 'bogus'];
  fc.assert(fc.property(fc.constantFrom(...names), fc.oneof(anyJson, nearMiss), (name, payload) => {
    const { r, journal } = referee();
    r.submit([game, { type: 'call', ball: 7, pocket: 'FR' }, contested], src(1));
    const before = JSON.stringify(r.state);
    const journaled = journal.length;
    const resp = runCommand(name, payload, r, 'fuzz');
    assert.ok(resp.status === 'ok' || resp.status === 'error');
    if (resp.status === 'error') {
      assert.ok(resp.error && resp.error.length > 3 && !/internal error/.test(resp.error), resp.error);
      assert.equal(JSON.stringify(r.state), before);
      assert.equal(journal.length, journaled);
    }
  }), { seed: 71, numRuns: 600 });
});

test('a camera stroke that did not see a ball the rules have on the table is flagged for a person', () => {
  const { r } = referee();
  const cam = (seq: number) => ({ by: 'source' as const, src: { name: 'file:clip.mp4', seq } });
  r.submit([game], cam(1));
  const all: Record<string, [number, number]> = { cue: [-1200, 0] };
  for (let b = 1; b <= 15; b++) all[String(b)] = [600 + b * 10, (b % 5) * 100 - 200];
  r.submit([{ ...miss(4), before: all }], cam(2));
  assert.deepEqual(r.state.contested, [], 'every ball seen: nothing to flag');
  const { 9: _gone, ...without9 } = all;
  r.submit([{ ...miss(4), before: without9 }], cam(3));
  assert.deepEqual(r.state.contested, [2]);
  const flag = r.state.strokes[1]!.review.find((f) => f.ball === 9);
  assert.match(flag!.why!, /ball 9 is on the table by the rules but the camera did not see it/);
  // records from a recorded file or a person are taken as given
  r.submit([{ ...miss(4), before: without9 }], src(4));
  assert.deepEqual(r.state.contested, [2]);
});

test('a stroke whose clip is still being cut is scored at once; its clip shows on the review once kept', async () => {
  const { mkdtempSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { ClipStore } = await import('../../src/live/clips.js');
  const r = new Referee({ clock: () => 1000, clips: new ClipStore(mkdtempSync(join(tmpdir(), 'marker-clips-'))) });
  r.submit([game, { type: 'call', ball: 7, pocket: 'FR' }], src(1));
  let deliver: (c: { frames: Buffer[]; t0: number; t1: number }) => void = () => {};
  const later = new Promise<{ frames: Buffer[]; t0: number; t1: number }>((res) => { deliver = res; });
  const res = r.submit([contested], { ...src(2), clip: later });
  assert.equal(res.ok, true);
  assert.equal(r.state.scores.Anna, 7, 'the score does not wait for the clip');
  assert.equal(r.reviews()[0]!.clip, null, 'no clip until its frames are in');
  deliver({ frames: [Buffer.from([0xff, 0xd8, 0xff, 0xd9])], t0: 1, t1: 2 });
  await later;
  await new Promise((res_) => setImmediate(res_));
  const clip = r.reviews()[0]!.clip;
  assert.ok(clip, 'the clip is on the review item');
  assert.equal(clip.frames.length, 1);
  assert.equal(clip.t0, 1);
});

test('pump: the rules engine\'s balls on the table go back to the source after each change (none before a game)', async () => {
  const { pump } = await import('../../src/live/pump.js');
  const { RecordedSource } = await import('../../src/live/sources/recorded.js');
  const records = [
    { type: 'game', v: 1, players: ['Anna', 'Boris'], callMode: 'none' },
    { type: 'shot', t0: 1, t1: 4, struck: 'cue', firstContact: 3, pocketed: [{ ball: 3, pocket: 'FR' }], offTable: [] },
  ];
  const src = new RecordedSource('test', () => records.map((record, i) => ({ record, seq: i + 1 })), { pace: 'fast', speed: 1 });
  const told: (number[] | null)[] = [];
  Object.assign(src, { tableChanged: (b: readonly number[] | null) => told.push(b ? [...b] : null) });
  await pump(src, new Referee({ clock: () => 1000 }), new AbortController().signal);
  assert.equal(told[0], null, 'no game yet: a full rack');
  assert.deepEqual(told.at(-2), Array.from({ length: 15 }, (_, i) => i + 1));
  assert.deepEqual(told.at(-1), [1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
});
