import mqtt, { type MqttClient } from 'mqtt';

export type Received = { topic: string; text: string; json: unknown; retain: boolean };

/** A plain MQTT client for tests: remembers every message and waits for the one it needs. */
export class Probe {
  readonly messages: Received[] = [];
  private waiters: (() => void)[] = [];

  private constructor(readonly client: MqttClient) {
    client.on('message', (topic, buf, packet) => {
      const text = buf.toString('utf8');
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      this.messages.push({ topic, text, json, retain: packet.retain });
      for (const w of this.waiters) w();
    });
  }

  static async connect(url: string, topics: string[]): Promise<Probe> {
    const client = await mqtt.connectAsync(url, {
      clientId: `sl-probe-${process.pid}-${Math.random()}`,
      reconnectPeriod: 0,
    });
    const probe = new Probe(client);
    if (topics.length) await client.subscribeAsync(topics, { qos: 1 });
    return probe;
  }

  /** The first message so far or within `ms` that matches. */
  waitFor(match: (m: Received) => boolean, ms = 5000): Promise<Received> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = this.messages.find(match);
        if (!found) return false;
        clearTimeout(timer);
        this.waiters = this.waiters.filter((w) => w !== listener);
        resolve(found);
        return true;
      };
      const listener = () => void check();
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== listener);
        reject(new Error(`no matching message in ${ms} ms`));
      }, ms);
      if (!check()) this.waiters.push(listener);
    });
  }

  publish(topic: string, payload: string) {
    return this.client.publishAsync(topic, payload, { qos: 1 });
  }

  close() {
    return this.client.endAsync();
  }
}
