import net from 'node:net';
import { once } from 'node:events';
import { Aedes } from 'aedes';
import mqtt, { type MqttClient } from 'mqtt';

// The MQTT broker the field network speaks through: embedded (Aedes, in this process) unless MQTT_URL names
// an external one. The server itself is always a client of it.

export type Broker = {
  kind: 'embedded' | 'external';
  url: string;
  client: MqttClient;
  connected(): boolean;
  close(): Promise<void>;
};

export async function startBroker(opts: {
  mqttUrl?: string;
  mqttPort: number;
  host: string;
}): Promise<Broker> {
  if (opts.mqttUrl) {
    const client = await connect(opts.mqttUrl);
    return {
      kind: 'external',
      url: opts.mqttUrl,
      client,
      connected: () => client.connected,
      close: () => client.endAsync(),
    };
  }
  const aedes = await Aedes.createBroker();
  const server = net.createServer(aedes.handle);
  server.listen(opts.mqttPort, opts.host);
  await once(server, 'listening');
  const port = (server.address() as net.AddressInfo).port;
  const url = `mqtt://${opts.host}:${port}`;
  const client = await connect(url);
  return {
    kind: 'embedded',
    url,
    client,
    connected: () => client.connected,
    close: async () => {
      await client.endAsync();
      await new Promise<void>((resolve) => aedes.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function connect(url: string): Promise<MqttClient> {
  const client = mqtt.connect(url, {
    clientId: `sl-server-${process.pid}-${Date.now()}`,
    reconnectPeriod: 1000,
  });
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', reject);
  });
  return client;
}
