// `kill -9` of a real `marker run` mid-game: after the restart the state is the same (the journal held
// every acknowledged record), and the source resumes where it stopped: no record lost, none twice.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Journal } from '../../src/live/journal.js';
import { Referee } from '../../src/live/referee.js';
import { gameRecords, markerArgv, root, tempDir } from './helpers.js';

interface Running { proc: ChildProcess; url: string; exited: Promise<number | null> }

async function startMarker(args: string[], dataDir: string): Promise<Running> {
  const [cmd, argv] = markerArgv('run', '--data-dir', dataDir, '--http-port', '0', '--pin', '2468', ...args);
  const proc = spawn(cmd, argv, { cwd: root, env: { ...process.env, MARKER__MQTT__ENABLED: 'false', MARKER__HTTP__HOST: '127.0.0.1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  let out = '';
  let err = '';
  proc.stderr!.on('data', (d) => { err += String(d); });
  const url = await new Promise<string>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`marker run did not start: ${err}`)), 20_000);
    proc.stdout!.on('data', (d) => {
      out += String(d);
      const m = /page:\s+(http:\/\/\S+)/.exec(out);
      if (m) { clearTimeout(t); resolve(m[1]!); }
    });
    exited.then((code) => { clearTimeout(t); reject(new Error(`marker run exited ${code}: ${err}`)); });
  });
  return { proc, url, exited };
}

const getState = async (url: string) => (await fetch(`${url}api/state`)).json() as Promise<Record<string, unknown> & { strokes: unknown[]; records: number }>;

function journalState(dataDir: string) {
  const read = new Journal(dataDir).open();
  const r = new Referee({ clock: () => 0 });
  r.restore(read.entries);
  return { state: r.state, entries: read.entries };
}

const essentials = (s: Record<string, unknown>) => ({ status: s.status, scores: s.scores, toPlay: s.toPlay, onTable: s.onTable, strokes: s.strokes, contested: s.contested, call: s.call });

test('kill -9 mid-game, restart: identical state, then the source resumes with nothing lost or doubled', { timeout: 90_000 }, async () => {
  const dataDir = tempDir('kill9');
  const file = join(tempDir('kill9-src'), 'game.jsonl');
  const recs = gameRecords(40, 1);
  writeFileSync(file, recs.map((r) => JSON.stringify(r)).join('\n') + '\n');
  const running: ChildProcess[] = [];
  try {
    const a = await startMarker(['--source', `records:${file}`, '--speed', '8'], dataDir);
    running.push(a.proc);
    for (let i = 0; i < 200 && (await getState(a.url)).strokes.length < 10; i++) await new Promise((r) => setTimeout(r, 50));
    // a person's decision, acknowledged: it must survive the crash
    const ack = await fetch(`${a.url}api/command/foul`, { method: 'POST', headers: { 'x-marker-pin': '2468' }, body: JSON.stringify({ code: 'F6' }) });
    assert.equal(ack.status, 200, await ack.clone().text());
    const acked = ((await ack.json()) as { data: { state: { strokes: number } } }).data.state;
    a.proc.kill('SIGKILL');
    await a.exited;
    const atKill = journalState(dataDir);
    assert.ok(atKill.state.strokes.length >= 10 && atKill.state.strokes.length < 40, `strokes at the kill: ${atKill.state.strokes.length}`);
    assert.ok(atKill.entries.some((e) => e.record.type === 'foul' && e.record.code === 'F6'), 'the acknowledged foul is in the journal');
    assert.ok(atKill.state.strokes.length >= acked.strokes);

    // restart with no source: exactly the state the journal holds
    const b = await startMarker(['--source', 'none'], dataDir);
    running.push(b.proc);
    assert.deepEqual(essentials(await getState(b.url)), essentials(atKill.state as never));
    b.proc.kill('SIGTERM');
    assert.equal(await b.exited, 0, 'a clean stop on SIGTERM');

    // restart with the source: it resumes after the last journaled record
    const c = await startMarker(['--source', `records:${file}`, '--pace', 'fast'], dataDir);
    running.push(c.proc);
    for (let i = 0; i < 200 && (await getState(c.url)).strokes.length < 40; i++) await new Promise((r) => setTimeout(r, 50));
    c.proc.kill('SIGTERM');
    assert.equal(await c.exited, 0);
    const end = journalState(dataDir);
    const seqs = end.entries.filter((e) => e.src).map((e) => e.src!.seq);
    assert.deepEqual(seqs, Array.from({ length: recs.length }, (_, i) => i + 1), 'every source record once, in order');
    assert.equal(end.state.strokes.length, 40);
    const journalText = readFileSync(join(dataDir, 'journal.jsonl'), 'utf8');
    assert.ok(journalText.endsWith('\n'));
  } finally {
    for (const p of running) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
  }
});
