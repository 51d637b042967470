// Live benchmark: how long from a stroke's record reaching the referee core to the retained state
// changing at an MQTT subscriber, through a real Mosquitto; and the referee's CPU share meanwhile.
// Run: node --import tsx scripts/bench-live.ts [--strokes 200]   (needs /usr/sbin/mosquitto)
// The camera part (frames through the vision pipeline in real time) is scripts/bench-live-camera.ts.
import { startLive } from '../src/adapters/app.js';
import { gameRecords, testSettings } from '../test/live/helpers.js';
import { Mosquitto, USERS } from '../test/adapters/mosquitto.js';
import { Subscriber } from '../test/adapters/subscriber.js';

const args = process.argv.slice(2);
const strokes = Number(args[args.indexOf('--strokes') + 1] || 200);
const PER_GAME = 50;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};

const mosq = new Mosquitto();
await mosq.start();
const base = 'marker/bench';
const app = await startLive(testSettings((s) => {
  s.table = 'bench';
  mosq.connect(s);
  s.http.enabled = true;
}), { log: (m) => process.stderr.write(`${m}\n`) });
const sub = await Subscriber.connect(mosq.url, USERS.board, [`${base}/state`]);
let seen = 0;
let resolveSeen: (() => void) | null = null;
let wanted = '';
sub.client.on('message', (_t, payload) => {
  const s = JSON.parse(payload.toString()) as { game: number; strokes: unknown[] };
  if (`${s.game}/${s.strokes.length}` === wanted && resolveSeen) { seen++; resolveSeen(); resolveSeen = null; }
});

const latencies_ms: number[] = [];
const cpu0 = process.cpuUsage();
const wall0 = performance.now();
let game = 0;
for (let done = 0; done < strokes;) {
  const recs = gameRecords(PER_GAME, 1);
  game++;
  app.referee.submit([recs[0]], { by: 'person', via: 'bench' });
  for (let i = 1; i < recs.length && done < strokes; i += 2) {
    app.referee.submit([recs[i]], { by: 'person', via: 'bench' });
    const k = (i + 1) / 2;
    wanted = `${game}/${k}`;
    const arrived = new Promise<void>((r) => { resolveSeen = r; });
    const t0 = performance.now();
    app.referee.submit([recs[i + 1]], { by: 'source', src: { name: 'bench', seq: done + 1 } });
    await arrived;
    latencies_ms.push(performance.now() - t0);
    done++;
    await new Promise((r) => setTimeout(r, 20));
  }
}
const cpu = process.cpuUsage(cpu0);
const wall_ms = performance.now() - wall0;
await sub.close();
await app.stop();
await mosq.dispose();

const f = (x: number) => x.toFixed(1);
console.log(`strokes: ${latencies_ms.length} (${game} games of up to ${PER_GAME}), journal fsync on every record`);
console.log(`record → retained state at a subscriber (real Mosquitto): p50 ${f(pct(latencies_ms, 50))} ms, p95 ${f(pct(latencies_ms, 95))} ms, max ${f(Math.max(...latencies_ms))} ms`);
console.log(`referee process CPU: ${f(((cpu.user + cpu.system) / 1000 / wall_ms) * 100)} % of one core over ${f(wall_ms / 1000)} s (includes the benchmark's own subscriber)`);
void seen;
