// The README's replay examples must print what the README says they print.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = new URL('../../../', import.meta.url).pathname;
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const blocks = [...readme.matchAll(/<!-- replay: (\S+) -->\n```json\n(.+)\n```/g)];

test('the README has replay examples', () => {
  assert.ok(blocks.length >= 2);
});

for (const [, file, expected] of blocks) {
  test(`README example ${file} replays to what the README says`, () => {
    const r = spawnSync(join(root, 'bin/marker'), ['replay', file!, '--json'], { cwd: root, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    const got = JSON.parse(r.stdout);
    const want = JSON.parse(expected!);
    for (const k of Object.keys(want)) assert.deepEqual(got[k], want[k], `field ${k}`);
  });
}

test('the README\'s readable example is what replay --lang en prints', () => {
  const m = readme.match(/`bin\/marker replay (\S+) --lang en` prints:\n\n```text\n([\s\S]+?)\n```/);
  assert.ok(m, 'readable example present');
  const r = spawnSync(join(root, 'bin/marker'), ['replay', m[1]!, '--lang', 'en'], { cwd: root, encoding: 'utf8' });
  assert.equal(r.stdout.trimEnd(), m[2]!.trimEnd());
});
