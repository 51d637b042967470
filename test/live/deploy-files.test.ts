// The packaging files, checked as far as this machine can (no Docker engine, no systemd as PID 1): the unit
// passes systemd's own checker, the image's and the unit's commands exist in the build, the compose file's
// source is one `marker run` accepts. (The Mosquitto ACL in deploy/ is the one every MQTT test runs with.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './helpers.js';
import { sourceUriProblem } from '../../src/live/sources/index.js';

const read = (f: string) => readFileSync(join(root, f), 'utf8');

test('the systemd unit passes systemd-analyze verify, and its command is in the build', (t) => {
  const unit = read('deploy/marker.service');
  const exec = /^ExecStart=(\S+) (\S+) (.*)$/m.exec(unit);
  assert.ok(exec, 'an ExecStart line');
  assert.equal(exec[1], '/usr/bin/node');
  assert.ok(existsSync(join(root, exec[2]!)), `${exec[2]} in the build`);
  assert.match(exec[3]!, /^run\b/);
  const verify = spawnSync('systemd-analyze', ['verify', join(root, 'deploy/marker.service')], { encoding: 'utf8' });
  if (verify.error) { t.skip('systemd-analyze is not installed'); return; }
  // it names every problem it finds on stderr (an unknown key, a missing binary, a bad value)
  assert.equal(verify.status, 0, verify.stderr);
  assert.equal(verify.stderr.trim(), '', verify.stderr);
});

test('the Dockerfile runs the built CLI, which is in the build', () => {
  const cmd = /^CMD \[(.*)\]$/m.exec(read('Dockerfile'));
  assert.ok(cmd, 'a CMD line');
  const argv = JSON.parse(`[${cmd[1]}]`) as string[];
  assert.equal(argv[0], 'node');
  assert.ok(existsSync(join(root, argv[1]!)), `${argv[1]} in the build`);
  assert.equal(argv[2], 'run');
});

test('the compose file\'s source is one marker run accepts, and its camera is the device it passes through', () => {
  const compose = read('compose.yaml');
  const uri = /MARKER__SOURCE__URI: "?([^"\n]+)"?/.exec(compose)?.[1];
  assert.ok(uri, 'MARKER__SOURCE__URI set');
  assert.equal(sourceUriProblem(uri), null, `source ${uri}`);
  const device = /^\s+- (\/dev\/video\d+):/m.exec(compose)?.[1];
  assert.ok(device && uri.includes(device), `${uri} uses the device passed through (${device})`);
});
