// `marker analyze` and `marker eval` on bad input: a clear message naming the problem, a non-zero exit,
// no stack trace, no hang. Real files: text posing as a video, a video with no table, a truncated one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { markerArgv, root, tempDir } from '../live/helpers.js';

const dir = tempDir('analyze-cli');
const noTable = join(dir, 'no-table.mp4');
const made = spawnSync('ffmpeg', ['-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=10', '-t', '2', '-pix_fmt', 'yuv420p', noTable]);
assert.equal(made.status, 0, String(made.stderr));
const truncated = join(dir, 'truncated.mp4');
writeFileSync(truncated, readFileSync(noTable).subarray(0, 6000));
const text = join(dir, 'text.mp4');
writeFileSync(text, 'not a video at all\n');

function marker(...args: string[]) {
  const [cmd, argv] = markerArgv(...args);
  const r = spawnSync(cmd, argv, { encoding: 'utf8', cwd: root, timeout: 60_000, env: { ...process.env, OPENCV4NODEJS_DISABLE_AUTOBUILD: '1' } });
  assert.notEqual(r.signal, 'SIGTERM', `marker ${args.join(' ')} hung`);
  assert.doesNotMatch(r.stderr, /\n\s+at .+:\d+:\d+/, `no stack trace: ${r.stderr}`);
  return r;
}

test('analyze: a file that is not a video is named as such', () => {
  const r = marker('analyze', text);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /not a video/);
  assert.equal(r.stdout, '', 'stdout stays clean JSONL: nothing');
});

test('analyze: a video with no table in it says no table was found', () => {
  const r = marker('analyze', noTable);
  assert.notEqual(r.status, 0);
  assert.match(r.stderr, /no table found/);
});

test('analyze: a truncated file ends with a message, not a crash', () => {
  const r = marker('analyze', truncated);
  assert.notEqual(r.status, 0);
  assert.match(r.stderr, /no table found|truncated|not a video|no frame/);
});

test('analyze: corners outside the image and a bad --head are usage errors', () => {
  const r = marker('analyze', noTable, '--corners', '0,0 5000,0 5000,5000 0,5000');
  assert.equal(r.status, 2);
  assert.match(r.stderr, /corner|outside|image/i);
  const h = marker('analyze', noTable, '--head', 'up');
  assert.equal(h.status, 2);
  assert.match(h.stderr, /--head up: one of left, right, top, bottom/);
});

test('eval: a log scored against itself is all exact; a file that is not JSONL is refused by line', () => {
  const truth = join(dir, 'truth.jsonl');
  writeFileSync(truth, [
    { type: 'game', v: 1, players: ['Anna', 'Boris'] },
    { type: 'shot', t0: 1, t1: 3, struck: 'cue', whileMoving: false, firstContact: 7, pocketed: [{ ball: 7, pocket: 'FR' }], offTable: [], review: [] },
  ].map((x) => JSON.stringify(x)).join('\n') + '\n');
  const ok = marker('eval', truth, truth);
  assert.equal(ok.status, 0, ok.stderr);
  assert.match(ok.stdout, /exact match\s+100\.00% \(1\/1\)/);
  const bad = join(dir, 'bad.jsonl');
  writeFileSync(bad, '{"type":"game","v":1,"players":["A","B"]}\nthis is not json\n');
  const r = marker('eval', truth, bad);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /line 2/);
});

test('analyze --game: a missing file, a camera record in it, bad JSON and no game record are refused by name', () => {
  const game = (name: string, lines: unknown[]) => { const f = join(dir, name); writeFileSync(f, lines.map((x) => (typeof x === 'string' ? x : JSON.stringify(x))).join('\n') + '\n'); return f; };
  const missing = marker('analyze', noTable, '--game', join(dir, 'nope.jsonl'));
  assert.equal(missing.status, 2);
  assert.match(missing.stderr, /--game .*nope\.jsonl: no such file/);
  const shot = marker('analyze', noTable, '--game', game('with-shot.jsonl', [
    { type: 'game', v: 1, players: ['Anna', 'Boris'] },
    { type: 'shot', t0: 1, t1: 3, struck: 'cue', firstContact: 7, pocketed: [], offTable: [] },
  ]));
  assert.equal(shot.status, 2);
  assert.match(shot.stderr, /line 2 is a "shot" record; only what people enter/);
  const bad = marker('analyze', noTable, '--game', game('bad.jsonl', ['{"type":"game","v":1,"players":["Anna","Boris"]}', '{"type": "call", "ball": ']));
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /bad\.jsonl: .*2.*malformed JSON/);
  const noGame = marker('analyze', noTable, '--game', game('calls.jsonl', [{ type: 'call', t: 3, ball: 7, pocket: 'FR' }]));
  assert.equal(noGame.status, 2);
  assert.match(noGame.stderr, /no "game" record/);
});

test('analyze --game: the rules engine\'s table as the video goes: calls by their time, the camera\'s records as they come', async () => {
  const { RulesOnTable } = await import('../../src/cli/rules-on-table.js');
  const t = new RulesOnTable([
    { type: 'game', v: 1, players: ['Anna', 'Boris'], callMode: 'ballPocket' },
    { type: 'call', t: 5, ball: 3, pocket: 'FR' },
  ]);
  const all = ['cue', ...Array.from({ length: 15 }, (_, i) => i + 1)];
  assert.deepEqual(t.onTable(), all);
  t.advanceTo(5);
  t.add({ type: 'shot', t0: 6, t1: 9, struck: 'cue', whileMoving: false, firstContact: 3, pocketed: [{ ball: 3, pocket: 'FR' }], offTable: [], bounced: [], review: [] });
  assert.deepEqual(t.onTable(), all.filter((b) => b !== 3), 'the called ball, pocketed, is off the table');
  // a scenario that starts mid-game: only the balls there at the start
  const mid = new RulesOnTable([{ type: 'game', v: 1, players: ['Anna', 'Boris'] }], new Set([2, 9]));
  assert.deepEqual(mid.onTable(), ['cue', 2, 9]);
});
