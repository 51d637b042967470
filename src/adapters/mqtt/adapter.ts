// The referee on MQTT: its state as retained topics (JSON for programs, plain values for an LED scoreboard),
// verdicts and review requests as a stream, health, Home Assistant discovery, and commands as
// request/response with the caller's transaction id.
import { runCommand } from '../../live/commands.js';
import type { LiveState, Referee } from '../../live/referee.js';
import { MqttConnection, type ConnectionOptions, type ConnectionStats } from './connection.js';
import { discoveryMessages, MAX_PLAYERS } from './ha-discovery.js';
import { topic } from './topics.js';

export interface MqttAdapterOptions extends Omit<ConnectionOptions, 'availabilityTopic'> {
  base: string;
  table: string;
  version: string;
  homeassistant: { enabled: boolean; discovery_prefix: string };
  log: (message: string) => void;
}

export class MqttAdapter {
  private readonly conn: MqttConnection;
  private readonly unsubscribe: (() => void)[] = [];
  private discoveredPlayers = -1;

  constructor(private readonly opts: MqttAdapterOptions, private readonly referee: Referee) {
    this.conn = new MqttConnection({ ...opts, availabilityTopic: topic(opts.base, 'availability') });
  }

  get stats(): ConnectionStats {
    return this.conn.status;
  }

  async start(): Promise<void> {
    const { base } = this.opts;
    const requestPrefix = `${base}/request/`;
    const haStatus = `${this.opts.homeassistant.discovery_prefix}/status`;
    this.conn.onError = (m) => this.opts.log(`mqtt: ${m}`);
    this.conn.subscribe(`${requestPrefix}#`);
    if (this.opts.homeassistant.enabled) this.conn.subscribe(haStatus);
    this.conn.onMessage((t, payload) => {
      if (t.startsWith(requestPrefix)) this.request(t.slice(requestPrefix.length), payload);
      else if (t === haStatus && payload.toString() === 'online') this.publishDiscovery(true);
    });
    // the retained state is in the cache before the first connect, so `online` follows it
    this.publishState(this.referee.state);
    this.unsubscribe.push(
      this.referee.on('state', (s) => this.publishState(s)),
      this.referee.on('verdict', (v) => this.conn.event(topic(base, 'verdict'), JSON.stringify({ game: v.game, ...v.verdict }))),
      this.referee.on('review', (r) => this.conn.event(topic(base, 'review'), JSON.stringify({ type: r.type, ...r.item }))),
    );
    await this.conn.start();
  }

  /** Health, published retained; the caller decides how often. */
  publishHealth(health: Record<string, unknown>): void {
    this.conn.retain(topic(this.opts.base, 'health'), JSON.stringify({ ...health, mqtt: this.conn.status }));
  }

  async stop(): Promise<void> {
    for (const u of this.unsubscribe.splice(0)) u();
    await this.conn.stop();
  }

  private request(command: string, payload: Buffer): void {
    let body: unknown;
    try {
      body = JSON.parse(payload.toString('utf8'));
    } catch {
      this.conn.event(topic(this.opts.base, 'response', command), JSON.stringify({ status: 'error', data: {}, error: 'the payload is not JSON' }));
      return;
    }
    const response = runCommand(command, body, this.referee, 'mqtt');
    if (response.status === 'error') this.opts.log(`mqtt request/${command} refused: ${response.error}`);
    // the response topic is built from the request's own topic: refuse to echo wildcards
    if (/[#+]/.test(command)) return;
    this.conn.event(topic(this.opts.base, 'response', command), JSON.stringify(response));
  }

  private publishState(s: LiveState): void {
    const { base } = this.opts;
    const playing = s.status === 'playing';
    s.players.forEach((name, i) => {
      this.conn.retain(topic(base, 'score', i), String(s.scores[name] ?? 0));
      this.conn.retain(topic(base, 'scoreName', i), name);
    });
    for (let i = s.players.length; i < MAX_PLAYERS; i++) {
      this.conn.retain(topic(base, 'score', i), '');
      this.conn.retain(topic(base, 'scoreName', i), '');
    }
    this.conn.retain(topic(base, 'toPlay'), playing && s.toPlay ? s.toPlay : '');
    this.conn.retain(topic(base, 'toPlayIndex'), playing && s.toPlay ? String(s.players.indexOf(s.toPlay)) : '');
    this.conn.retain(topic(base, 'status'), s.status);
    this.conn.retain(topic(base, 'winner'), s.winner ?? '');
    this.conn.retain(topic(base, 'state'), JSON.stringify(s));
    if (s.players.length !== this.discoveredPlayers) this.publishDiscovery(false, s.players.length);
  }

  private publishDiscovery(again: boolean, players = this.discoveredPlayers): void {
    if (!this.opts.homeassistant.enabled) return;
    this.discoveredPlayers = players;
    const messages = discoveryMessages({
      base: this.opts.base, table: this.opts.table, prefix: this.opts.homeassistant.discovery_prefix,
      version: this.opts.version, players: Math.max(players, 0),
    });
    for (const [t, p] of messages) {
      if (again) this.conn.event(t, p); // Home Assistant restarted: it asked for the configs again
      else this.conn.retain(t, p);
    }
    if (again) this.conn.event(topic(this.opts.base, 'availability'), 'online');
  }
}
