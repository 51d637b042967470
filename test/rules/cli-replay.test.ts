// `bin/marker replay` as a user runs it: a real process, real files, standard input.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('../../../', import.meta.url).pathname;
const marker = join(root, 'bin/marker');
const run = (args: string[], input?: string) => spawnSync(marker, args, { input, encoding: 'utf8', cwd: root });
const tmp = mkdtempSync(join(tmpdir(), 'marker-replay-'));
const file = (name: string, text: string) => { const p = join(tmp, name); writeFileSync(p, text); return p; };

test('replay --json prints the protocol state of the bundled sample game', () => {
  const r = run(['replay', 'examples/sample-game.jsonl', '--json']);
  assert.equal(r.status, 0, r.stderr);
  const s = JSON.parse(r.stdout);
  for (const k of ['status', 'winner', 'scores', 'toPlay', 'fromHand', 'onTable', 'contested']) assert.ok(k in s, k);
  assert.equal(s.status, 'won');
  assert.equal(s.winner, 'Борис');
  assert.ok(Array.isArray(s.strokes) && s.strokes.length > 10);
  assert.equal(r.stderr, '');
});

test('replay reads standard input with "-" and prints a readable scoreboard with one line per stroke', () => {
  const text = [
    '{"type":"game","players":["Anna","Boris"]}',
    '{"type":"shot","struck":"cue","firstContact":4}',
    '{"type":"call","ball":7,"pocket":"FR"}',
    '{"type":"shot","struck":"cue","firstContact":7,"pocketed":[{"ball":7,"pocket":"FR"}]}',
  ].join('\n');
  const r = run(['replay', '-', '--lang', 'en'], text);
  assert.equal(r.status, 0, r.stderr);
  const lines = r.stdout.split('\n');
  assert.match(lines[0]!, /# 1 Anna: no call; turn passes to Boris/);
  assert.match(lines[1]!, /# 2 Boris: call 7→FR; counted 7→FR \+7; keeps the table/);
  assert.match(r.stdout, /Boris\s+7\s+◀ to play/);
  const ru = run(['replay', '-'], text);
  assert.match(ru.stdout, /заказ 7→FR; сыграно 7→FR \+7; продолжает/);
});

test('bad input: a clear message naming the line and field, exit 2, no stack trace', () => {
  const cases: [string, RegExp][] = [
    ['{"type":"game","players":["A","B"]}\n{"type":"shot",', /line 2: malformed JSON/],
    ['{"type":"game","players":["A","B"]}\n{"type":"jump"}', /line 2: type: unknown record type "jump"/],
    ['{"type":"game","players":["A","B"]}\n{"type":"shot","struck":"cue","firstContact":4,"pocketed":[{"ball":16,"pocket":"FR"}]}', /line 2: pocketed\[0\]\.ball: 16 is not a ball/],
    ['{"type":"game","players":["A","B","C","D","E","F"]}', /line 1: players: 6 players/],
    ['{"type":"game","players":["A","B"]}\n{"type":"shot","struck":"cue","firstContact":4}\n{"type":"correct","shot":9,"with":{}}', /line 3: shot: stroke 9 does not exist/],
  ];
  for (const [text, pattern] of cases) {
    const r = run(['replay', file('bad.jsonl', text)]);
    assert.equal(r.status, 2, text);
    assert.match(r.stderr, pattern);
    assert.doesNotMatch(r.stderr, /\n\s+at /, 'no stack trace');
    assert.equal(r.stdout, '');
  }
});

test('bad arguments and files are named', () => {
  assert.match(run(['replay', join(tmp, 'nope.jsonl')]).stderr, /nope\.jsonl: no such file/);
  mkdirSync(join(tmp, 'dir'), { recursive: true });
  assert.match(run(['replay', join(tmp, 'dir')]).stderr, /is a directory/);
  assert.match(run(['replay', file('bin.jsonl', 'a\u0000b')]).stderr, /binary file/);
  const noArg = run(['replay']);
  assert.equal(noArg.status, 2);
  assert.match(noArg.stderr, /FILE \(or - for standard input\) is required/);
  assert.match(run(['replay', 'x', '--colour']).stderr, /unknown option --colour/);
  assert.match(run(['replay', 'x', '--lang', 'de']).stderr, /--lang de: use ru or en/);
  assert.match(run(['frobnicate']).stderr, /unknown command "frobnicate"/);
  const help = run(['--help']);
  assert.equal(help.status, 0);
  assert.match(help.stdout, /replay/);
});
