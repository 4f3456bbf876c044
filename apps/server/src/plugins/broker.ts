import { randomBytes, timingSafeEqual } from 'node:crypto';
import net from 'node:net';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import mqtt, { type MqttClient } from 'mqtt';
import { controllerMayPublish, controllerMaySubscribe, isTopicMac, MAX_MESSAGE_BYTES } from '@sl/protocol';

// The MQTT broker the field network speaks through: embedded (Aedes, in this process) unless MQTT_URL names
// an external one. The server itself is always a client of it.
//
// The embedded broker lets no one in anonymously (DESIGN.md §5): a controller signs in with its MAC (topic form)
// as user name and client id and its own secret, publishes only under its own MAC and subscribes only to its own
// commands; the server's client signs in with a credential made at start and is the only one that reads
// everything. A second connection with the client id of a connected client is refused (the first stays), and a
// message over MAX_MESSAGE_BYTES ends its connection before it is read. Before a client is signed in it costs
// little: at most MAX_PENDING connections wait for their CONNECT to be read and answered, each for at most
// CONNECT_TIMEOUT_MS, and a CONNECT over MAX_CONNECT_BYTES ends its connection (issue 30 item 5). An external
// broker is held to the same rules by its own configuration (`npm run broker:files`, README).

export type Broker = {
  kind: 'embedded' | 'external';
  url: string;
  client: MqttClient;
  connected(): boolean;
  close(): Promise<void>;
  /** the embedded broker's own counts of what it refused */
  refused?: Refusals;
};

export type Refusals = {
  authentication: number;
  takeover: number;
  publish: number;
  subscribe: number;
  oversize: number;
  /** connections closed at once because MAX_PENDING others were still signing in */
  pending: number;
};

/** Connections not yet signed in at once; a reconnect storm of every controller fits, in turns of a few ms. */
export const MAX_PENDING = 500;
/** Time a connection has to send its CONNECT. */
export const CONNECT_TIMEOUT_MS = 10_000;
/** A CONNECT holds a client id, a MAC, a secret and a small will: 8 KiB is many times that. */
export const MAX_CONNECT_BYTES = 8 * 1024;

/** Checks a controller's secret; DeviceSecrets.verify. */
export type DeviceAuth = {
  verify(mac: string, secret: Buffer | undefined): Promise<boolean>;
  onRotate: (mac: string) => void;
};

/** The server's own user name on the embedded broker. */
export const SERVER_USER = 'sl-server';

export async function startBroker(opts: {
  mqttUrl?: string;
  mqttPort: number;
  mqttPortExplicit?: boolean;
  host: string;
  /** the server's credential on an external broker */
  mqttUsername?: string;
  mqttPassword?: string;
  /** how controllers are checked by the embedded broker */
  devices?: DeviceAuth;
}): Promise<Broker> {
  if (opts.mqttUrl) {
    const client = await connect(opts.mqttUrl, opts.mqttUsername, opts.mqttPassword);
    return {
      kind: 'external',
      url: opts.mqttUrl,
      client,
      connected: () => client.connected,
      close: () => client.endAsync(),
    };
  }
  const serverPassword = randomBytes(32);
  const refused: Refusals = {
    authentication: 0,
    takeover: 0,
    publish: 0,
    subscribe: 0,
    oversize: 0,
    pending: 0,
  };
  const devices = opts.devices;
  /** clients signed in as the server */
  const servers = new WeakSet<Client>();
  /** client ids between CONNECT and their registration, so two at once cannot both pass the takeover check */
  const arriving = new Set<string>();
  const refuse = (returnCode: 2 | 4 | 5, message: string) =>
    Object.assign(new Error(message), { returnCode }) as AuthenticateError;
  const aedes = await Aedes.createBroker({
    connectTimeout: CONNECT_TIMEOUT_MS,
    authenticate(client, username, password, done) {
      const id = client.id;
      const takenOver = () => {
        const existing = connectedClients()[id];
        return (existing && existing !== client && !existing.closed) || arriving.has(id);
      };
      if (username === SERVER_USER) {
        const ok = password !== undefined && password.length === serverPassword.length;
        if (!ok || !timingSafeEqual(password, serverPassword)) {
          refused.authentication += 1;
          return done(refuse(4, 'bad user name or password'), false);
        }
        if (takenOver()) {
          refused.takeover += 1;
          return done(refuse(2, 'client id in use'), false);
        }
        servers.add(client);
        return done(null, true);
      }
      // a controller's client id is its user name: no one else can take its id, and it takes no one else's
      if (!devices || !username || !isTopicMac(username) || id !== username) {
        refused.authentication += 1;
        return done(refuse(username && isTopicMac(username) ? 2 : 4, 'not authorized'), false);
      }
      if (takenOver()) {
        refused.takeover += 1;
        return done(refuse(2, 'client id in use'), false);
      }
      arriving.add(id);
      devices.verify(username, password).then(
        (ok) => {
          arriving.delete(id);
          if (!ok) refused.authentication += 1;
          else if (takenOver()) {
            refused.takeover += 1;
            return done(refuse(2, 'client id in use'), false);
          }
          done(ok ? null : refuse(4, 'bad user name or password'), ok);
        },
        (err: unknown) => {
          arriving.delete(id);
          refused.authentication += 1;
          done(Object.assign(err as Error, { returnCode: 3 }) as AuthenticateError, false);
        },
      );
    },
    authorizePublish(client, packet, done) {
      if (!client || servers.has(client) || controllerMayPublish(client.id, packet.topic)) return done(null);
      refused.publish += 1;
      done(new Error(`${client.id} may not publish to ${packet.topic}`));
    },
    authorizeSubscribe(client, sub, done) {
      if (servers.has(client) || controllerMaySubscribe(client.id, sub.topic)) return done(null, sub);
      refused.subscribe += 1;
      done(null, null);
    },
  });
  // Aedes keeps its connected clients by id; its typings leave the map out
  function connectedClients() {
    return (aedes as unknown as { clients: Record<string, Client | undefined> }).clients;
  }
  if (devices) devices.onRotate = (mac) => connectedClients()[mac]?.close();
  /** connections whose CONNECT is not yet answered */
  const pending = new Set<net.Socket>();
  aedes.on('connackSent', (_packet, client) =>
    pending.delete((client as unknown as { conn: net.Socket }).conn),
  );
  const server = net.createServer((socket) => {
    if (pending.size >= MAX_PENDING) {
      refused.pending += 1;
      socket.destroy();
      return;
    }
    pending.add(socket);
    socket.once('close', () => pending.delete(socket));
    const client = aedes.handle(socket, undefined as never);
    limitPacketSize(client, socket, () => (refused.oversize += 1));
  });
  await listen(server, opts.mqttPort, opts.host).catch((err: NodeJS.ErrnoException) => {
    // machines often run their own broker on 1883; only a port the operator chose must be honoured
    if (err.code !== 'EADDRINUSE' || opts.mqttPortExplicit || opts.mqttPort === 0) throw err;
    return listen(server, 0, opts.host);
  });
  const port = (server.address() as net.AddressInfo).port;
  const url = `mqtt://${opts.host}:${port}`;
  const client = await connect(url, SERVER_USER, serverPassword);
  return {
    kind: 'embedded',
    url,
    client,
    refused,
    connected: () => client.connected,
    close: async () => {
      await client.endAsync();
      await new Promise<void>((resolve) => aedes.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

type LengthParser = { packet: { length: number }; _parseLength(): boolean };

/**
 * Ends a connection as soon as a packet announces more than MAX_MESSAGE_BYTES (MAX_CONNECT_BYTES before its
 * CONNECT is answered): the length is read from the fixed header, before the body arrives, so a 200 MB message
 * costs no more than the first chunk of it. Aedes has no option for this; the hook is on its packet parser
 * (mqtt-packet), whose length step is checked to exist.
 */
function limitPacketSize(client: Client, socket: net.Socket, counted: () => void) {
  const parser = (client as unknown as { _parser: LengthParser })._parser;
  const parseLength = parser?._parseLength;
  if (typeof parseLength !== 'function') throw new Error('mqtt-packet parser without _parseLength');
  parser._parseLength = function (this: LengthParser) {
    const done = parseLength.call(this);
    const signedIn = (client as unknown as { connackSent: boolean }).connackSent;
    if (done && this.packet.length > (signedIn ? MAX_MESSAGE_BYTES : MAX_CONNECT_BYTES)) {
      counted();
      socket.destroy();
      return false;
    }
    return done;
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

async function connect(url: string, username?: string, password?: string | Buffer): Promise<MqttClient> {
  const client = mqtt.connect(url, {
    clientId: `sl-server-${process.pid}-${Date.now()}`,
    reconnectPeriod: 1000,
    ...(username !== undefined && { username }),
    ...(password !== undefined && { password: password as string }),
  });
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', reject);
  });
  return client;
}
