// Starting the live referee in-process: the starting game file, the demo source, resuming from the journal.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startLive } from '../../src/adapters/app.js';
import { demoSource } from '../../src/live/sources/index.js';
import { tempDir, testSettings } from './helpers.js';

test('--game FILE starts that game once: a restart with the same file resumes instead of starting again', async () => {
  const gameFile = join(tempDir('gamefile'), 'game.json');
  writeFileSync(gameFile, JSON.stringify({ type: 'game', v: 1, players: ['Вера', 'Глеб', 'Дина'], handicap: { 'Дина': 5 } }));
  const settings = testSettings((s) => { s.mqtt.enabled = false; s.game_file = gameFile; });
  const a = await startLive(settings, { log: () => {} });
  assert.deepEqual(a.referee.state.players, ['Вера', 'Глеб', 'Дина']);
  assert.equal(a.referee.state.target, 51);
  assert.equal(a.referee.submit([{ type: 'shot', struck: 'cue', firstContact: 3 }], { by: 'person', via: 'test' }).ok, true);
  await a.stop();
  const logs: string[] = [];
  const b = await startLive(settings, { log: (m) => logs.push(m) });
  assert.equal(b.referee.state.strokes.length, 1, 'the same game, resumed');
  assert.ok(logs.some((m) => /already holds this game/.test(m)));
  await b.stop();
  const journal = readFileSync(join(settings.data_dir, 'journal.jsonl'), 'utf8').trim().split('\n');
  assert.equal(journal.filter((l) => l.includes('"type":"game"')).length, 1);
});

test('the demo leaves review decisions to people and loops with rising positions', async () => {
  const source = demoSource({ pace: 'fast', speed: 1 }, true);
  const abort = new AbortController();
  const items = [];
  for await (const item of source.items({ afterSeq: null, signal: abort.signal })) {
    items.push(item);
    if (items.length >= 150) abort.abort();
  }
  assert.ok(items.every((x) => !['correct', 'foul', 'nocount'].includes((x.record as { type: string }).type)));
  assert.deepEqual(items.map((x) => x.seq), Array.from({ length: items.length }, (_, i) => i + 1));
  assert.ok(items.filter((x) => (x.record as { type: string }).type === 'game').length >= 2, 'looped');
  const resumed = [];
  for await (const item of source.items({ afterSeq: 100, signal: new AbortController().signal })) {
    resumed.push(item);
    if (resumed.length === 3) break;
  }
  assert.deepEqual(resumed.map((x) => x.seq), [101, 102, 103]);
});
