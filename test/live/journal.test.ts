// The journal: synced appends, `marker replay` reads it as is, a torn last line is reported and cut off.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
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

test('finished games past the limit are archived with their clips; state, resume marks and a restart are unchanged', async () => {
  const { gameRecords } = await import('./helpers.js');
  const { ClipStore } = await import('../../src/live/clips.js');
  const { readdirSync } = fs;
  const dir = tempDir('rotate');
  const j = new Journal(dir);
  j.open();
  const clips = new ClipStore(dir);
  const r = new Referee({ clock: () => 0, journal: j, clips, rotation: { maxGames: 3, keepGames: 2 } });
  const plain = new Referee({ clock: () => 0 });
  let seq = 0;
  const all: unknown[] = [];
  for (let game = 0; game < 5; game++) {
    for (const rec of gameRecords(6)) {
      seq++;
      all.push(rec);
      const clip = rec.type === 'shot' ? { frames: [Buffer.from([0xff, 0xd8, 0xff, 0xd9])], t0: 0, t1: 1 } : undefined;
      assert.equal(r.submit([rec], { by: 'source', src: { name: 'cam', seq }, ...(clip && { clip }) }).ok, true);
      plain.submit([rec], { by: 'person', via: 'test' });
    }
  }
  // at the 4th game's start games 1-2 went to the archive; at the 5th's three games were in: no more
  const idx = j.archiveIndex();
  assert.equal(idx.files.length, 1);
  assert.equal(r.journalEntries.filter((e) => e.record.type === 'game').length, 3);
  const archived = idx.files.flatMap((f) => readFileSync(join(dir, 'archive', f), 'utf8').trim().split('\n'));
  assert.equal(archived.length + r.journalEntries.length, all.length, 'every record is in the archive or the journal, once');
  assert.equal(idx.lines, archived.length);
  // the current game reads the same; the match tally covers the games kept
  assert.deepEqual(r.state.scores, plain.state.scores);
  assert.equal(r.state.toPlay, plain.state.toPlay);
  assert.equal(r.lastSeqOf('cam'), seq, 'a restarted source still resumes after the archived marks');
  // clips of archived strokes are gone, those of kept games are there
  const kept = new Set(r.journalEntries.flatMap((e) => (e.clip ? [e.clip.split('/')[1]] : [])));
  assert.ok(kept.size > 0);
  assert.deepEqual(new Set(readdirSync(join(dir, 'clips'))), kept);
  j.close();
  // a restart reads the short journal and the archive's index
  const j2 = new Journal(dir);
  const read = j2.open();
  const again = new Referee({ clock: () => 0 });
  again.restore(read.entries, j2.archiveIndex());
  assert.deepEqual(again.state.scores, r.state.scores);
  assert.equal(again.lastSeqOf('cam'), seq);
  j2.close();
});

test('a rotation cut by a power cut after its archive was written is finished on the next open', () => {
  const dir = tempDir('rotate-cut');
  const j = new Journal(dir);
  j.open();
  const entries = recs.map((record) => ({ record }));
  j.append(entries);
  j.close();
  const full = readFileSync(join(dir, 'journal.jsonl'), 'utf8');
  const firstLine = full.split('\n')[0] + '\n';
  // the archive file and a pending index are on disk; the live journal was not rewritten yet
  const { mkdirSync } = fs;
  mkdirSync(join(dir, 'archive'), { recursive: true });
  writeFileSync(join(dir, 'archive', 'journal-0001.jsonl'), firstLine);
  writeFileSync(join(dir, 'archive', 'index.json'), JSON.stringify({ lines: 1, files: ['journal-0001.jsonl'], sources: {}, pending: true }));
  const read = new Journal(dir).open();
  assert.equal(read.entries.length, 2, 'the archived record is not read twice');
  assert.equal(readFileSync(join(dir, 'journal.jsonl'), 'utf8'), full.slice(firstLine.length));
  assert.equal(new Journal(dir).archiveIndex().pending, false);
});
