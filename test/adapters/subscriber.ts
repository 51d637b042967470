// An independent MQTT subscriber for the tests: collects every message, waits for conditions.
import mqtt, { type MqttClient } from 'mqtt';

export interface Message {
  topic: string;
  payload: string;
  retain: boolean;
}

export class Subscriber {
  readonly messages: Message[] = [];
  readonly retained = new Map<string, string>();
  private waiters: (() => void)[] = [];
  private constructor(readonly client: MqttClient) {}

  static async connect(url: string, auth: { username: string; password: string; clean?: boolean; clientId?: string }, filters: string[]): Promise<Subscriber> {
    const client = await mqtt.connectAsync(url, { clientId: `test_${Math.floor(performance.now() * 1000)}_${filters.length}`, ...auth, reconnectPeriod: 200 });
    const s = new Subscriber(client);
    client.on('message', (topic, payload, packet) => {
      const text = payload.toString('utf8');
      s.messages.push({ topic, payload: text, retain: packet.retain });
      s.retained.set(topic, text);
      for (const w of s.waiters.splice(0)) w();
    });
    await client.subscribeAsync(filters, { qos: 1 });
    return s;
  }

  /** Resolves once `check()` is true, re-checked on every message; rejects after `timeout_ms`. */
  async until<T>(check: () => T | undefined | false | null, timeout_ms = 10_000, what = 'condition'): Promise<T> {
    const until = Date.now() + timeout_ms;
    for (;;) {
      const v = check();
      if (v) return v;
      const left = until - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, Math.min(left, 250));
        this.waiters.push(() => { clearTimeout(t); resolve(); });
      });
    }
  }

  on(topic: string): Message[] {
    return this.messages.filter((m) => m.topic === topic);
  }

  async close(): Promise<void> {
    await this.client.endAsync(true);
  }
}
