// The referee on a real Mosquitto (password file + ACL): a records file in, verdicts and retained state
// out as an independent subscriber sees them; Home Assistant discovery; commands good and bad (fuzzed).
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import mqtt from 'mqtt';
import { startLive, type LiveApp } from '../../src/adapters/app.js';
import { parseJsonl } from '../../src/protocol/jsonl.js';
import { foldMatch, summarize } from '../../src/rules/index.js';
import { gameRecords, markerArgv, root, tempDir, testSettings } from '../live/helpers.js';
import { renderBoard } from '../../src/cli/scoreboard.js';
import { spawnSync } from 'node:child_process';
import { Mosquitto, USERS } from './mosquitto.js';
import { Subscriber } from './subscriber.js';

const mosq = new Mosquitto();
const base = 'marker/t1';
let app: LiveApp;
let board: Subscriber;
let recordsFile: string;

before(async () => {
  await mosq.start();
  board = await Subscriber.connect(mosq.url, USERS.board, [`${base}/#`, 'homeassistant/#']);
  recordsFile = join(tempDir('records'), 'game.jsonl');
  const recs = gameRecords(12);
  // one stroke the camera was unsure of, for the review stream
  const shot = recs[8] as { review: unknown[] };
  shot.review = [{ what: 'pocketed', ball: 5, confidence: 0.5, why: 'occluded' }];
  writeFileSync(recordsFile, recs.map((r) => JSON.stringify(r)).join('\n') + '\n');
  app = await startLive(testSettings((s) => {
    s.table = 't1';
    s.source.uri = `records:${recordsFile}`;
    s.source.pace = 'fast';
    mosq.connect(s);
  }), { log: () => {} });
  await app.sourceDone;
});

after(async () => {
  await app?.stop();
  await board?.close();
  await mosq.dispose();
});

test('a records file in: one verdict per stroke in order, retained state equal to replay, plain LED topics', async () => {
  const expected = summarize(foldMatch(parseJsonl(readFileSync(recordsFile, 'utf8'))));
  const strokes = expected.strokes.length;
  await board.until(() => board.on(`${base}/verdict`).length >= strokes, 10_000, 'all verdicts');
  const verdicts = board.on(`${base}/verdict`).map((m) => JSON.parse(m.payload));
  assert.deepEqual(verdicts.map((v) => v.stroke), Array.from({ length: strokes }, (_, i) => i + 1));
  assert.ok(board.on(`${base}/verdict`).every((m) => !m.retain));
  const state = await board.until(() => {
    const s = board.retained.get(`${base}/state`);
    const parsed = s ? JSON.parse(s) : null;
    return parsed?.strokes.length === strokes ? parsed : null;
  }, 10_000, 'final state');
  for (const k of ['status', 'winner', 'scores', 'toPlay', 'fromHand', 'onTable', 'contested'] as const) {
    assert.deepEqual(state[k], expected[k], k);
  }
  assert.deepEqual(state.lastVerdict, expected.strokes.at(-1));
  assert.equal(board.retained.get(`${base}/score/0`), String(expected.scores.Anna));
  assert.equal(board.retained.get(`${base}/score/1`), String(expected.scores.Boris));
  assert.equal(board.retained.get(`${base}/score/0/name`), 'Anna');
  assert.equal(board.retained.get(`${base}/to_play`), expected.toPlay);
  assert.equal(board.retained.get(`${base}/status`), 'playing');
  // availability went online only after the state was out
  const online = board.messages.findIndex((m) => m.topic === `${base}/availability` && m.payload === 'online');
  const firstState = board.messages.findIndex((m) => m.topic === `${base}/state`);
  assert.ok(online > firstState && firstState >= 0, `online at ${online}, state at ${firstState}`);
  // the contested stroke went out on the review stream
  const reviews = board.on(`${base}/review`).map((m) => JSON.parse(m.payload));
  assert.equal(reviews[0].type, 'new');
  assert.equal(reviews[0].shot, 4);
});

test('a fresh subscriber gets the retained state, health and Home Assistant discovery', async () => {
  const late = await Subscriber.connect(mosq.url, USERS.board, [`${base}/#`, 'homeassistant/#']);
  try {
    await late.until(() => late.retained.get(`${base}/availability`) === 'online' && late.retained.has(`${base}/health`), 5000, 'retained');
    const health = JSON.parse(late.retained.get(`${base}/health`)!);
    for (const k of ['uptime_s', 'fps', 'dropped_frames', 'camera_state']) assert.ok(k in health, k);
    assert.equal(health.mqtt.connected, true);
    const cfg = JSON.parse(late.retained.get('homeassistant/sensor/marker_t1/score_0/config')!);
    assert.equal(cfg.state_topic, `${base}/score/0`);
    assert.equal(cfg.unique_id, 'marker_t1_score_0');
    assert.deepEqual(cfg.availability, [{ topic: `${base}/availability`, payload_available: 'online', payload_not_available: 'offline' }]);
    for (const o of ['name_1', 'to_play', 'status']) assert.ok(late.retained.has(`homeassistant/sensor/marker_t1/${o}/config`), o);
    assert.equal(late.retained.has('homeassistant/sensor/marker_t1/score_2/config'), false);
  } finally {
    await late.close();
  }
});

async function requester(user: { username: string; password: string }) {
  const client = await mqtt.connectAsync(mosq.url, { ...user, reconnectPeriod: 0 });
  const responses: Record<string, unknown>[] = [];
  client.on('message', (_t, p) => responses.push(JSON.parse(p.toString())));
  await client.subscribeAsync(`${base}/response/#`, { qos: 1 });
  let n = 0;
  const ask = async (command: string, payload: unknown, wait_ms = 5000): Promise<Record<string, unknown> | null> => {
    const transaction = `t${++n}`;
    responses.splice(0);
    const body = typeof payload === 'object' && payload !== null && !Array.isArray(payload) ? { ...payload, transaction } : payload;
    await client.publishAsync(`${base}/request/${command}`, typeof body === 'string' ? body : JSON.stringify(body), { qos: 1 });
    const until = Date.now() + wait_ms;
    while (Date.now() < until) {
      const r = typeof body === 'object' && body !== null && !Array.isArray(body)
        ? responses.find((x) => x.transaction === transaction)
        : responses.shift();
      if (r) return r;
      await new Promise((res) => setTimeout(res, 10));
    }
    return null;
  };
  return { ask, close: () => client.endAsync() };
}

test('commands over MQTT: good ones apply, bad ones get an error naming the problem and change nothing', async () => {
  const tablet = await requester(USERS.tablet);
  try {
    const ok = await tablet.ask('call', { ball: 12, pocket: 'HL' });
    assert.equal(ok?.status, 'ok', JSON.stringify(ok));
    assert.equal(ok?.transaction, 't1');
    assert.deepEqual(app.referee.state.call?.pocket, 'HL');
    const before = JSON.stringify(app.referee.state);
    const bad = await tablet.ask('call', { ball: 0, pocket: 'HL' });
    assert.equal(bad?.status, 'error');
    assert.match(String(bad?.error), /ball: 0 is not an object ball/);
    const notJson = await tablet.ask('foul', '{oops');
    assert.match(String(notJson?.error), /not JSON/);
    const decide = await tablet.ask('review/decide', { shot: 4, decision: 'maybe' });
    assert.match(String(decide?.error), /decision: "maybe" is not "confirm", "overrule" or "foul"/);
    assert.equal(JSON.stringify(app.referee.state), before);
    const confirm = await tablet.ask('review/decide', { shot: 4, decision: 'confirm' });
    assert.equal(confirm?.status, 'ok', JSON.stringify(confirm));
    assert.deepEqual(app.referee.state.contested, []);
  } finally {
    await tablet.close();
  }
});

test('the ACL: a read-only scoreboard user cannot send commands', async () => {
  const intruder = await requester(USERS.board);
  try {
    const records = app.referee.state.records;
    const r = await intruder.ask('foul', { code: 'F5' }, 1000);
    assert.equal(r, null);
    assert.equal(app.referee.state.records, records);
  } finally {
    await intruder.close();
  }
});

test('fuzzed command payloads over MQTT: always a response, and an error never changes the state', async () => {
  const tablet = await requester(USERS.tablet);
  const names = ['call', 'foul', 'nocount', 'correct', 'review/decide', 'game/new', 'record', 'bogus'];
  try {
    await fc.assert(fc.asyncProperty(
      fc.constantFrom(...names),
      fc.dictionary(fc.constantFrom('ball', 'pocket', 'code', 'shot', 'with', 'decision', 'players', 'record', 'type'), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
      async (name, payload) => {
        const before = JSON.stringify(app.referee.state);
        const r = await tablet.ask(name, payload);
        assert.ok(r, 'a response');
        assert.ok(r.status === 'ok' || r.status === 'error');
        if (r.status === 'error') {
          assert.ok(typeof r.error === 'string' && !/internal error/.test(r.error), String(r.error));
          assert.equal(JSON.stringify(app.referee.state), before);
        }
      }), { seed: 6, numRuns: 80 });
  } finally {
    await tablet.close();
  }
});


test('marker scoreboard reads the plain topics like an LED controller, and shows "—" when the referee is offline', async () => {
  const [cmd, argv] = markerArgv('scoreboard', '--broker', mosq.url, '--base-topic', base, '--username', USERS.board.username,
    '--password', USERS.board.password, '--once', '--lang', 'en');
  const r = spawnSync(cmd, argv, { cwd: root, encoding: 'utf8', timeout: 20_000 });
  assert.equal(r.status, 0, r.stderr);
  const s = app.referee.state;
  assert.match(r.stdout, new RegExp(`Anna\\s+${s.scores.Anna}`));
  assert.match(r.stdout, new RegExp(`Boris\\s+${s.scores.Boris}`));
  assert.match(r.stdout, new RegExp(`${s.toPlay}\\s+-?\\d+\\s+◀ to play`));
  const offline = renderBoard({ online: false, names: new Map([[0, 'Anna'], [1, 'Boris']]), scores: new Map([[0, '7'], [1, '3']]), toPlay: 'Anna', status: 'playing' }, 'ru');
  assert.match(offline, /Партия: —/);
  assert.match(offline, /Anna\s+—/);
  assert.doesNotMatch(offline, /7/);
});
