// MQTT over TLS to a real Mosquitto: the referee verifies the broker against the CA it is given, and
// refuses a broker its CA did not sign.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import mqtt from 'mqtt';
import { startLive } from '../../src/adapters/app.js';
import { tempDir, testSettings } from '../live/helpers.js';
import { makeCertificates, Mosquitto, USERS } from './mosquitto.js';

const certs = makeCertificates(tempDir('tls'));
const mosq = new Mosquitto(false, certs);
before(() => mosq.start());
after(() => mosq.dispose());

test('with the broker CA the referee connects over TLS and its retained state reaches a TLS subscriber', async () => {
  const app = await startLive(testSettings((s) => {
    s.table = 'tls';
    mosq.connect(s);
    s.mqtt.tls.ca = certs.ca;
  }), { log: () => {} });
  try {
    app.referee.submit([{ type: 'game', v: 1, players: ['Anna', 'Boris'] }], { by: 'person', via: 'test' });
    const client = await mqtt.connectAsync(mosq.url, { ...USERS.board, ca: readFileSync(certs.ca), reconnectPeriod: 0 });
    const state = await new Promise<{ players: string[] }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no retained state over TLS')), 10_000);
      client.on('message', (_t, p) => { clearTimeout(timer); resolve(JSON.parse(p.toString())); });
      void client.subscribeAsync('marker/tls/state', { qos: 1 });
    });
    assert.deepEqual(state.players.slice(0, 2), ['Anna', 'Boris']);
    await client.endAsync();
  } finally {
    await app.stop();
  }
});

test('a broker whose certificate the configured CA did not sign is refused', async () => {
  const other = makeCertificates(tempDir('tls-other'));
  const logs: string[] = [];
  const app = await startLive(testSettings((s) => {
    s.table = 'tls2';
    mosq.connect(s);
    s.mqtt.tls.ca = other.ca;
  }), { log: (m) => logs.push(m) });
  // the referee starts anyway (it retries in the background), but never talks to that broker: the log names the certificate
  try {
    const all = logs.join('\n');
    assert.match(all, /certificate|self.signed|unable to verify/i, all);
    assert.equal(app.referee.state.records, 0);
  } finally {
    await app.stop();
  }
});
