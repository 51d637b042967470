// The broker goes away mid-game (30 s; MARKER_TEST_OUTAGE_S to change) while strokes keep coming: when it
// is back, every verdict reaches the subscriber and the retained state is right.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startLive } from '../../src/adapters/app.js';
import { parseJsonl } from '../../src/protocol/jsonl.js';
import { foldMatch, summarize } from '../../src/rules/index.js';
import { gameRecords, tempDir, testSettings } from '../live/helpers.js';
import { Mosquitto, USERS } from './mosquitto.js';
import { Subscriber } from './subscriber.js';

const OUTAGE_S = Number(process.env.MARKER_TEST_OUTAGE_S ?? 30);
const STROKE_EVERY_S = 0.5;

test(`the broker stopped for ${OUTAGE_S} s mid-game: nothing lost`, { timeout: (OUTAGE_S + 60) * 1000 }, async () => {
  const mosq = new Mosquitto(true);
  await mosq.start();
  const base = 'marker/out';
  const strokes = Math.ceil((OUTAGE_S + 6) / STROKE_EVERY_S);
  const file = join(tempDir('outage'), 'game.jsonl');
  writeFileSync(file, gameRecords(strokes, 1).map((r) => JSON.stringify(r)).join('\n') + '\n');
  const expected = summarize(foldMatch(parseJsonl(readFileSync(file, 'utf8'))));
  // a persistent session: the subscriber's own outage must not be what loses messages
  const sub = await Subscriber.connect(mosq.url, { ...USERS.board, clean: false, clientId: 'outage-watcher' } as never, [`${base}/#`]);
  const app = await startLive(testSettings((s) => {
    s.table = 'out';
    s.source.uri = `records:${file}`;
    s.source.speed = 1 / STROKE_EVERY_S;
    mosq.connect(s);
    s.mqtt.reconnect_period_ms = 500;
  }), { log: () => {} });
  try {
    await sub.until(() => sub.on(`${base}/verdict`).length >= 3, 10_000, 'first verdicts');
    await mosq.stop('SIGTERM');
    const strokesAtCut = app.referee.state.strokes.length;
    await new Promise((r) => setTimeout(r, OUTAGE_S * 1000));
    const strokesDuringOutage = app.referee.state.strokes.length - strokesAtCut;
    assert.ok(strokesDuringOutage >= Math.floor(OUTAGE_S / STROKE_EVERY_S) - 3, `strokes while the broker was away: ${strokesDuringOutage}`);
    await mosq.start();
    await app.sourceDone;
    await sub.until(() => new Set(sub.on(`${base}/verdict`).map((m) => JSON.parse(m.payload).stroke)).size >= strokes, 20_000, 'every verdict');
    const seen = sub.on(`${base}/verdict`).map((m) => JSON.parse(m.payload).stroke as number);
    assert.deepEqual([...new Set(seen)].sort((a, b) => a - b), Array.from({ length: strokes }, (_, i) => i + 1));
    // order is kept: the queue is flushed in publish order
    assert.deepEqual(seen.filter((s, i) => seen.indexOf(s) === i), [...new Set(seen)].sort((a, b) => a - b));
    const fresh = await Subscriber.connect(mosq.url, USERS.board, [`${base}/#`]);
    try {
      const state = await fresh.until(() => {
        const s = fresh.retained.get(`${base}/state`);
        return s && JSON.parse(s).strokes.length === strokes ? JSON.parse(s) : null;
      }, 10_000, 'retained final state');
      for (const k of ['status', 'scores', 'toPlay', 'onTable'] as const) assert.deepEqual(state[k], expected[k], k);
      assert.equal(fresh.retained.get(`${base}/availability`), 'online');
      assert.equal(fresh.retained.get(`${base}/score/1`), String(expected.scores.Boris));
      assert.ok(JSON.parse(fresh.retained.get(`${base}/health`) ?? '{}').mqtt?.reconnects >= 0);
    } finally {
      await fresh.close();
    }
  } finally {
    await app.stop();
    await sub.close();
    await mosq.dispose();
  }
});
