// The README holds every topic, setting and command the code has (the tables are generated from it).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TOPICS } from '../../src/adapters/mqtt/topics.js';
import { COMMANDS } from '../../src/live/commands.js';
import { fieldsOf } from '../../src/live/settings-schema.js';
import { envNameOf } from '../../src/live/settings.js';
import { root } from './helpers.js';

test('the README lists every MQTT topic, command and setting', () => {
  const doc = readFileSync(join(root, 'README.md'), 'utf8');
  for (const t of Object.values(TOPICS)) assert.ok(doc.includes(`\`<base>/${t.suffix}\``), t.suffix);
  for (const c of Object.keys(COMMANDS)) assert.ok(doc.includes(`| \`${c}\` |`), c);
  for (const [path] of fieldsOf()) {
    assert.ok(doc.includes(`| \`${path}\` |`), path);
    assert.ok(doc.includes(envNameOf(path)), envNameOf(path));
  }
});
