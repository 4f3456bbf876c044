import net from 'node:net';
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
  mqttPortExplicit?: boolean;
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
  await listen(server, opts.mqttPort, opts.host).catch((err: NodeJS.ErrnoException) => {
    // machines often run their own broker on 1883; only a port the operator chose must be honoured
    if (err.code !== 'EADDRINUSE' || opts.mqttPortExplicit || opts.mqttPort === 0) throw err;
    return listen(server, 0, opts.host);
  });
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

function listen(server: net.Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
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
