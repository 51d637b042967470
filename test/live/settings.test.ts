// Settings: defaults, file, environment and options in that order; errors name the key; exit 2.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaults, loadSettings, SettingsError, settingsTable, toJsonSchema } from '../../src/live/settings.js';
import { fieldsOf } from '../../src/live/settings-schema.js';
import { markerArgv, root, tempDir } from './helpers.js';

const dir = tempDir('settings');
const file = (name: string, text: string) => { const p = join(dir, name); writeFileSync(p, text); return p; };
const problemOf = (f: () => unknown): string => {
  try { f(); } catch (e) { assert.ok(e instanceof SettingsError, String(e)); return e.message; }
  assert.fail('no error');
};

test('defaults → file → environment → options, each overriding the one before', () => {
  const d = defaults();
  assert.equal(d.mqtt.url, null);
  assert.equal(d.http.port, 8080);
  assert.equal(d.source.uri, 'demo');
  const f = file('good.json', JSON.stringify({ table: 'A', mqtt: { url: 'mqtt://x:1883', keepalive_s: 20 }, http: { port: 9000 } }));
  const s = loadSettings({ file: f, env: { MARKER__HTTP__PORT: '9100', MARKER__MQTT__HOMEASSISTANT__ENABLED: 'false', MARKER_LANG: 'en' }, overrides: { 'http.port': '9200' } });
  assert.equal(s.table, 'A');
  assert.equal(s.mqtt.url, 'mqtt://x:1883');
  assert.equal(s.mqtt.keepalive_s, 20);
  assert.equal(s.http.port, 9200);
  assert.equal(s.mqtt.homeassistant.enabled, false);
  assert.equal(s.lang, 'ru', 'MARKER_LANG (one underscore) is not a settings variable');
});

test('bad values name the key path and where they came from', () => {
  assert.match(problemOf(() => loadSettings({ file: file('a.json', '{"mqtt":{"keepalive_s":"soon"}}') })), /a\.json: mqtt\.keepalive_s: "soon" is not a number/);
  assert.match(problemOf(() => loadSettings({ file: file('b.json', '{"mqtt":{"urll":"x"}}') })), /mqtt\.urll: unknown setting/);
  assert.match(problemOf(() => loadSettings({ file: file('c.json', '{\n  "table": "1",\n  "http": {"port": 80,,}\n}') })), /c\.json:3:\d+: not valid JSON/);
  assert.match(problemOf(() => loadSettings({ env: { MARKER__HTTP__PORT: '70000' } })), /MARKER__HTTP__PORT: http\.port: 70000 is out of range 0\.\.65535/);
  assert.match(problemOf(() => loadSettings({ env: { MARKER__MQTT__NOPE: '1' } })), /MARKER__MQTT__NOPE: no setting mqtt\.nope/);
  assert.match(problemOf(() => loadSettings({ env: { MARKER__TABLE: 'a/b' } })), /table: "a\/b" does not match/);
  assert.match(problemOf(() => loadSettings({ overrides: { 'source.uri': '/dev/video0' } })), /write a camera as v4l2:\/dev\/video0/);
  assert.equal(loadSettings({ overrides: { 'source.uri': 'file:clip.mp4' } }).source.uri, 'file:clip.mp4');
  assert.match(problemOf(() => loadSettings({ env: { MARKER__MQTT__PASSWORD: 'x' } })), /mqtt\.password: set, but mqtt\.username is not/);
  assert.match(problemOf(() => loadSettings({ file: join(dir, 'missing.json') })), /missing\.json: cannot read the settings file \(ENOENT\)/);
});

test('the JSON Schema and the docs table cover every field, each with a description and a default', () => {
  const schema = toJsonSchema() as { properties: Record<string, { properties?: Record<string, unknown> }> };
  assert.ok(schema.properties.mqtt!.properties!.url);
  const table = settingsTable();
  for (const [path, f] of fieldsOf()) {
    assert.ok(f.description.length > 10, path);
    assert.ok(table.includes(`\`${path}\``), path);
  }
});

test('marker run: a bad settings file or environment value exits 2 with the key named; --print-schema prints JSON', () => {
  const run = (args: string[], env: Record<string, string> = {}) => {
    const [cmd, argv] = markerArgv('run', ...args);
    return spawnSync(cmd, argv, { encoding: 'utf8', cwd: root, env: { ...process.env, ...env }, timeout: 20_000 });
  };
  const bad = run(['--settings', file('bad.json', '{"http":{"port":"eighty"}}')]);
  assert.equal(bad.status, 2, bad.stderr);
  assert.match(bad.stderr, /bad\.json: http\.port: "eighty" is not a number/);
  const env = run([], { MARKER__MQTT__KEEPALIVE_S: '1' });
  assert.equal(env.status, 2, env.stderr);
  assert.match(env.stderr, /MARKER__MQTT__KEEPALIVE_S: mqtt\.keepalive_s: 1 is out of range 5\.\.600/);
  const cam = run(['--source', 'camera:/dev/video0']);
  assert.equal(cam.status, 2);
  assert.match(cam.stderr, /"camera:\/dev\/video0" is not one of "sim:SEED"/);
  const unknown = run(['--frobnicate']);
  assert.equal(unknown.status, 2);
  assert.match(unknown.stderr, /unknown option --frobnicate/);
  const schema = run(['--print-schema']);
  assert.equal(schema.status, 0);
  assert.equal(JSON.parse(schema.stdout).properties.source.properties.pace.default, 'realtime');
});
