import net from 'node:net';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONNECT_TIMEOUT_MS, MAX_CONNECT_BYTES, MAX_PENDING } from '../src/plugins/broker.ts';
import { until } from './field-setup.ts';
import { backend, startServer, type TestServer } from './harness.ts';

// Before a client signs in, the embedded broker holds little for it: a bounded number of connections waiting,
// each for a bounded time, each CONNECT bounded in size (issue 30 item 5).

let s: TestServer;
const MAC = '0243AA0000F1';
let secret = '';
beforeAll(async () => {
  s = await startServer();
  const id = (await s.call('POST', '/api/v1/Controllers', { mac: MAC })).body._id;
  secret = (await s.call('POST', `/api/v2/controllers/${id}/secret`)).body.result.secret;
});
afterAll(() => s?.close());

type Held = { socket: net.Socket; closed: boolean };
async function open(): Promise<Held> {
  const { port } = new URL(s.brokerUrl);
  const held: Held = { socket: net.connect(Number(port), '127.0.0.1'), closed: false };
  held.socket.on('error', () => undefined);
  held.socket.on('close', () => (held.closed = true));
  await new Promise((resolve) => held.socket.once('connect', resolve).once('close', resolve));
  return held;
}
/** The fixed header of a CONNECT that says `length` bytes follow. */
function connectHeader(length: number) {
  const bytes = [0x10];
  do {
    bytes.push((length % 128) | (length >= 128 ? 128 : 0));
    length = Math.floor(length / 128);
  } while (length > 0);
  return Buffer.from(bytes);
}
/** The controller signs in: its client, or undefined when the broker ends the connection first. */
async function signIn() {
  const c = mqtt.connect(s.brokerUrl, { clientId: MAC, username: MAC, password: secret, reconnectPeriod: 0 });
  const ok = await new Promise<boolean>((resolve) => {
    c.once('connect', () => resolve(true));
    c.once('close', () => resolve(false));
  });
  if (ok) return c;
  c.end(true);
  return undefined;
}

describe(`connections before sign-in on the embedded broker (${backend})`, () => {
  it(`ends a connection whose CONNECT announces more than ${MAX_CONNECT_BYTES} bytes, before reading it`, async () => {
    const before = s.broker.refused!.oversize;
    const held = await open();
    held.socket.write(Buffer.concat([connectHeader(200_000), Buffer.alloc(1000, 0x41)]));
    await until(() => held.closed || undefined, 3000);
    expect(s.broker.refused!.oversize).toBe(before + 1);
  });

  it(`keeps at most ${MAX_PENDING} connections waiting to sign in, each for ${CONNECT_TIMEOUT_MS / 1000} s`, async () => {
    const silent = await Promise.all(Array.from({ length: MAX_PENDING }, open));
    await new Promise((r) => setTimeout(r, 200));
    expect(silent.filter((h) => h.closed)).toHaveLength(0);
    // one more, even a controller with its secret, is turned away at once while they wait
    const before = s.broker.refused!.pending;
    const extra = await open();
    await until(() => extra.closed || undefined, 2000);
    expect(await signIn()).toBeUndefined();
    expect(s.broker.refused!.pending).toBe(before + 2);
    // none of them ever sends its CONNECT: all are ended, and the controller gets in
    await until(() => silent.every((h) => h.closed) || undefined, CONNECT_TIMEOUT_MS + 5000);
    const controller = await signIn();
    expect(controller?.connected).toBe(true);
    await controller?.endAsync();
  }, 20_000);
});
