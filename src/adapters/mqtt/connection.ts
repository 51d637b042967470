// The only module that talks to mqtt.js. QoS 1 everywhere; while the broker is away mqtt.js keeps every
// publish in its offline store and sends it on reconnect; on every (re)connect the retained cache is
// published again (a broker without persistence forgets retained messages) and then `online`.
import { readFileSync } from 'node:fs';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';

export interface ConnectionOptions {
  url: string;
  clientId: string;
  username?: string | null;
  password?: string | null;
  keepalive_s: number;
  reconnectPeriod_ms: number;
  tls?: { ca: string | null; cert: string | null; key: string | null; reject_unauthorized: boolean };
  availabilityTopic: string;
}

export interface ConnectionStats {
  connected: boolean;
  /** publishes not yet acknowledged by the broker (queued offline or in flight) */
  queued: number;
  published: number;
  received: number;
  reconnects: number;
}

export type MessageHandler = (topic: string, payload: Buffer) => void;

export class MqttConnection {
  private client: MqttClient | null = null;
  private readonly retained = new Map<string, string>();
  private readonly subscriptions: string[] = [];
  private handler: MessageHandler = () => {};
  private stats: ConnectionStats = { connected: false, queued: 0, published: 0, received: 0, reconnects: 0 };
  private connects = 0;
  /** called after the retained cache went out on a (re)connect, before `online` */
  onConnected: () => void = () => {};
  onError: (message: string) => void = () => {};

  constructor(private readonly opts: ConnectionOptions) {}

  get status(): ConnectionStats {
    return { ...this.stats };
  }

  onMessage(handler: MessageHandler): void {
    this.handler = handler;
  }

  subscribe(filter: string): void {
    this.subscriptions.push(filter);
    if (this.client?.connected) this.client.subscribe(filter, { qos: 1 });
  }

  /** Starts connecting; resolves at the first connection, or rejects if the first attempt is refused. */
  start(): Promise<void> {
    const o = this.opts;
    const options: IClientOptions = {
      clientId: o.clientId,
      keepalive: o.keepalive_s,
      reconnectPeriod: o.reconnectPeriod_ms,
      connectTimeout: 10_000,
      clean: true,
      queueQoSZero: true,
      resubscribe: true,
      will: { topic: o.availabilityTopic, payload: Buffer.from('offline'), qos: 1, retain: true },
    };
    if (o.username) options.username = o.username;
    if (o.password) options.password = o.password;
    if (o.tls) {
      if (o.tls.ca) options.ca = readFileSync(o.tls.ca);
      if (o.tls.cert) options.cert = readFileSync(o.tls.cert);
      if (o.tls.key) options.key = readFileSync(o.tls.key);
      options.rejectUnauthorized = o.tls.reject_unauthorized;
    }
    const client = mqtt.connect(o.url, options);
    this.client = client;
    return new Promise((resolve, reject) => {
      let first = true;
      client.on('connect', () => {
        this.stats.connected = true;
        if (this.connects++ > 0) this.stats.reconnects++;
        if (first) for (const f of this.subscriptions) client.subscribe(f, { qos: 1 });
        for (const [t, p] of this.retained) this.send(t, p, true);
        this.onConnected();
        this.send(o.availabilityTopic, 'online', true);
        if (first) { first = false; resolve(); }
      });
      client.on('close', () => { this.stats.connected = false; });
      client.on('offline', () => { this.stats.connected = false; });
      client.on('error', (e) => {
        // a refused CONNACK (bad password, ACL) is not "connected"; the first one is fatal for start()
        this.onError(e.message);
        if (first && 'code' in e && typeof e.code === 'number') {
          first = false;
          client.end(true);
          reject(new Error(`MQTT broker ${o.url} refused the connection: ${e.message}`));
        }
      });
      client.on('message', (t, payload) => {
        this.stats.received++;
        try {
          this.handler(t, payload);
        } catch (e) {
          this.onError(`handling ${t}: ${e instanceof Error ? e.message : String(e)}`);
        }
      });
    });
  }

  /** A retained topic: remembered, and published only when it changed. An empty payload clears it. */
  retain(topic: string, payload: string): void {
    // cleared topics stay in the cache as '' so a reconnect clears them on a broker that kept old values
    if (this.retained.get(topic) === payload) return;
    this.retained.set(topic, payload);
    this.send(topic, payload, true);
  }

  /** An event: sent once, QoS 1, queued while the broker is away. */
  event(topic: string, payload: string): void {
    this.send(topic, payload, false);
  }

  private send(topic: string, payload: string, retain: boolean): void {
    if (!this.client) return;
    this.stats.queued++;
    this.client.publish(topic, payload, { qos: 1, retain }, (err) => {
      this.stats.queued--;
      if (!err) this.stats.published++;
    });
  }

  /** Publishes `offline` (retained) and waits for the queue to drain, at most `timeout_ms`. */
  async stop(timeout_ms = 3000): Promise<void> {
    const client = this.client;
    if (!client) return;
    this.client = null;
    if (client.connected) {
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, timeout_ms);
        client.publish(this.opts.availabilityTopic, 'offline', { qos: 1, retain: true }, () => { clearTimeout(t); resolve(); });
      });
    }
    await new Promise<void>((resolve) => {
      const t = setTimeout(() => { client.end(true); resolve(); }, timeout_ms);
      client.end(false, {}, () => { clearTimeout(t); resolve(); });
    });
    this.stats.connected = false;
  }
}
