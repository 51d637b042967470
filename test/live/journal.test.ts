// The journal: synced appends, `marker replay` reads it as is, a torn last line is reported and cut off.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { appendFileSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { Journal, parseJournal } from '../../src/live/journal.js';
import { Referee } from '../../src/live/referee.js';
import { parseRecord } from '../../src/protocol/validate.js';
import { markerArgv, root, tempDir } from './helpers.js';

const recs = [
  { type: 'game', v: 1, players: ['Anna', 'Boris'] },
  { type: 'call', ball: 7, pocket: 'FR' },
  { type: 'shot', struck: 'cue', firstContact: 7, pocketed: [{ ball: 7, pocket: 'FR' }] },
].map((r) => parseRecord(r));

test('appended records come back with their source marks and clips; replay reads the file as is', () => {
  const dir = tempDir('journal');
  const j = new Journal(dir);
  assert.deepEqual(j.open(), { entries: [], problems: [] });
  j.append([{ record: recs[0]! }]);
  j.append([{ record: recs[1]!, src: { name: 'demo', seq: 2 } }, { record: recs[2]!, src: { name: 'demo', seq: 3 }, clip: 'clips/r3' }]);
  j.close();
  const again = new Journal(dir).open();
  assert.equal(again.entries.length, 3);
  assert.deepEqual(again.entries[2], { record: recs[2], src: { name: 'demo', seq: 3 }, clip: 'clips/r3' });
  const [cmd, args] = markerArgv('replay', join(dir, 'journal.jsonl'), '--json');
  const r = spawnSync(cmd, args, { encoding: 'utf8', cwd: root });
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(JSON.parse(r.stdout).scores, { Anna: 7, Boris: 0 });
});

test('a torn last line (power cut mid-write) is reported, skipped, kept aside and cut off; appends go on cleanly', () => {
  const dir = tempDir('journal-torn');
  const j = new Journal(dir);
  j.open();
  j.append(recs.slice(0, 2).map((record) => ({ record })));
  j.close();
  const path = join(dir, 'journal.jsonl');
  appendFileSync(path, '{"type":"shot","struck":"cue","firstCo');
  const j2 = new Journal(dir);
  const read = j2.open();
  assert.equal(read.entries.length, 2);
  assert.equal(read.problems.length, 1);
  assert.match(read.problems[0]!, /line 3: torn last line/);
  assert.equal(readFileSync(`${path}.torn`, 'utf8'), '{"type":"shot","struck":"cue","firstCo');
  j2.append([{ record: recs[2]! }]);
  j2.close();
  const text = readFileSync(path, 'utf8');
  assert.equal(text.split('\n').filter(Boolean).length, 3);
  const r = new Referee({ clock: () => 0 });
  r.restore(parseJournal(text).entries);
  assert.equal(r.state.scores.Anna, 7);
});

test('a complete line that is not JSON (disk trouble) is reported and skipped, never a crash', () => {
  const dir = tempDir('journal-bad');
  writeFileSync(join(dir, 'journal.jsonl'), `${JSON.stringify(recs[0])}\n\u0000\u0000garbage\n${JSON.stringify(recs[1])}\n`);
  const read = new Journal(dir).open();
  assert.equal(read.entries.length, 2);
  assert.match(read.problems[0]!, /line 2: malformed JSON: skipped/);
  assert.equal(existsSync(join(dir, 'journal.jsonl.torn')), false);
});
