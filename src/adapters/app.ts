// The live referee put together: journal → referee core → source, with MQTT and the page around it.
// `marker run` starts this; tests and the benchmark start it in-process the same way.
import { randomInt } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ClipStore } from '../live/clips.js';
import { Journal } from '../live/journal.js';
import { pump } from '../live/pump.js';
import { Referee } from '../live/referee.js';
import { baseTopicOf, type Settings } from '../live/settings.js';
import { repoRoot, sourceFrom, type RecordSource } from '../live/sources/index.js';
import { parseRecord } from '../protocol/validate.js';
import { startEmbeddedBroker, type EmbeddedBroker } from './mqtt/embedded-broker.js';
import { MqttAdapter } from './mqtt/adapter.js';
import { startWebServer, type WebServer } from './web/server.js';

export interface LiveApp {
  referee: Referee;
  /** the page's address, or null when http is off */
  url: string | null;
  brokerUrl: string | null;
  embeddedBroker: boolean;
  baseTopic: string;
  pin: string;
  dataDir: string;
  /** resolves when the source has no more records (never for a live camera or the looping demo) */
  sourceDone: Promise<void>;
  /** where records come from (null: people enter everything) */
  source: RecordSource | null;
  stop(): Promise<void>;
}

export interface LiveIo {
  log: (message: string) => void;
  clock?: () => number;
}

export class StartError extends Error {}

export function version(): string {
  try {
    return (JSON.parse(readFileSync(join(repoRoot(), 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return '0.0.0';
  }
}

/** The PIN from the settings, or the one kept in the data directory, or a new one (kept there). */
function pinOf(settings: Settings, dataDir: string): string {
  if (settings.referee.pin) return settings.referee.pin;
  const file = join(dataDir, 'pin');
  if (existsSync(file)) {
    const kept = readFileSync(file, 'utf8').trim();
    if (/^[0-9]{4,8}$/.test(kept)) return kept;
  }
  const pin = String(randomInt(0, 10_000)).padStart(4, '0');
  writeFileSync(file, pin + '\n', { mode: 0o600 });
  return pin;
}

function startingGame(settings: Settings, referee: Referee, log: (m: string) => void): void {
  if (!settings.game_file) return;
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(settings.game_file, 'utf8'));
  } catch (e) {
    throw new StartError(`game_file ${settings.game_file}: cannot read one JSON "game" record (${e instanceof Error ? e.message : String(e)})`);
  }
  const record = parseRecord(value);
  if (record.type !== 'game') throw new StartError(`game_file ${settings.game_file}: a "${record.type}" record, not a "game" record`);
  const lastGame = [...referee.journalEntries].reverse().find((e) => e.record.type === 'game');
  if (lastGame && JSON.stringify(lastGame.record) === JSON.stringify(record)) {
    log(`game_file: the journal already holds this game; resuming it`);
    return;
  }
  const r = referee.submit([record], { by: 'person', via: 'game_file' });
  if (!r.ok) throw new StartError(`game_file ${settings.game_file}: ${r.error}`);
}

export async function startLive(settings: Settings, io: LiveIo): Promise<LiveApp> {
  const log = io.log;
  const clock = io.clock ?? Date.now;
  const started_ms = clock();
  const dataDir = resolve(settings.data_dir);
  mkdirSync(dataDir, { recursive: true });
  const cleanup: (() => Promise<void> | void)[] = [];
  const journal = new Journal(dataDir);
  const read = journal.open();
  cleanup.push(() => journal.close());
  for (const p of read.problems) log(`journal: ${p}`);
  const referee = new Referee({ clock, journal, clips: new ClipStore(dataDir) });
  referee.on('error', (e) => log(`${e.from}: ${e.message}`));
  for (const p of referee.restore(read.entries, journal.archiveIndex())) log(`journal: ${p}: skipped`);
  if (read.entries.length) log(`journal: resumed ${read.entries.length} records (game ${referee.state.game}, ${referee.state.status})`);

  const stopAll = async () => { for (const c of cleanup.reverse()) await c(); };
  try {
    startingGame(settings, referee, log);
    const pin = pinOf(settings, dataDir);
    let source: RecordSource | null;
    try {
      source = sourceFrom(settings.source.uri, settings.source, settings.source.loop && settings.source.pace === 'realtime');
    } catch (e) {
      throw new StartError(e instanceof Error ? e.message : String(e));
    }
    let broker: EmbeddedBroker | null = null;
    let mqtt: MqttAdapter | null = null;
    const health = () => {
      const h: Omit<ReturnType<RecordSource['health']>, 'state'> & { state: string } = source?.health() ?? { state: 'none', fps: null, dropped_frames: 0, camera_state: 'none' };
      return {
        ts: new Date(clock()).toISOString(), uptime_s: Math.round((clock() - started_ms) / 1000),
        fps: h.fps, dropped_frames: h.dropped_frames, skipped_frames: h.skipped_frames ?? 0, camera_state: h.camera_state,
        // why a camera is offline (open_failed, no_frames_5s …), for whoever maintains the box
        ...(h.detail !== undefined && { camera_detail: h.detail }),
        ...(h.warnings?.length && { camera_warnings: h.warnings }),
        source: { name: source?.name ?? 'none', state: h.state }, records: referee.state.records,
        mqtt: mqtt ? mqtt.stats : null,
      };
    };

    const baseTopic = baseTopicOf(settings);
    if (settings.mqtt.enabled) {
      let url = settings.mqtt.url;
      if (!url) {
        broker = await startEmbeddedBroker(settings.mqtt.embedded_port);
        const b = broker;
        cleanup.push(() => b.close());
        url = broker.url;
      }
      mqtt = new MqttAdapter({
        url, clientId: settings.mqtt.client_id ?? `marker_${settings.table}`,
        username: settings.mqtt.username, password: settings.mqtt.password,
        keepalive_s: settings.mqtt.keepalive_s, reconnectPeriod_ms: settings.mqtt.reconnect_period_ms,
        tls: settings.mqtt.tls, base: baseTopic, table: settings.table, version: version(),
        homeassistant: settings.mqtt.homeassistant, log,
      }, referee);
      const m = mqtt;
      cleanup.push(() => m.stop());
      const connected = m.start();
      const waited = await Promise.race([connected.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 5000).unref())]);
      if (!waited) {
        log(`mqtt: ${url} not reachable yet; retrying in the background, publishes are queued`);
        connected.catch((e) => log(`mqtt: ${e instanceof Error ? e.message : String(e)}`));
      }
    }

    let web: WebServer | null = null;
    if (settings.http.enabled) {
      web = await startWebServer({
        host: settings.http.host, port: settings.http.port, pin, webDir: join(repoRoot(), 'src', 'web'), dataDir,
        lang: settings.lang, health, log,
      }, referee);
      const w = web;
      cleanup.push(() => w.close());
    }

    const timer = setInterval(() => {
      const h = health();
      mqtt?.publishHealth(h);
      web?.health(h);
    }, settings.health.interval_s * 1000);
    cleanup.push(() => clearInterval(timer));
    mqtt?.publishHealth(health());

    const abort = new AbortController();
    const pumping = source
      ? pump(source, referee, abort.signal).catch((e) => log(`source ${source!.name} failed: ${e instanceof Error ? e.message : String(e)}`))
      : Promise.resolve();
    const sourceDone = source ? pumping : new Promise<void>(() => {});
    // stop the source first (and let its last record land in the journal), then the rest in reverse
    cleanup.push(async () => {
      abort.abort();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([pumping, new Promise((r) => { timer = setTimeout(r, 2000); })]);
      clearTimeout(timer);
    });

    return {
      referee, url: web?.url ?? null, brokerUrl: mqtt ? (broker?.url ?? settings.mqtt.url) : null, embeddedBroker: broker !== null,
      baseTopic, pin, dataDir, sourceDone: sourceDone.then(() => undefined), source,
      stop: stopAll,
    };
  } catch (e) {
    await stopAll();
    throw e;
  }
}
