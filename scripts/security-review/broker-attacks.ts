import net from 'node:net';
import mqttPacket from 'mqtt-packet';
import { sampleModuleReading } from '@sl/protocol/testing';
import { topic } from '@sl/protocol';
import {
  as,
  connect,
  controllerRow,
  field,
  moduleRow,
  rssMb,
  settledOn,
  sleep,
  publishAs,
  within,
  type Finding,
  type Review,
} from './review-kit.ts';

const state = (iostate: number, version = '1.0') =>
  JSON.stringify({
    online: true,
    iostate,
    cputemp: 40,
    version,
    network: 'lte',
    readingMeter: false,
    at: new Date().toISOString(),
  });
const batch = (...modules: object[]) => JSON.stringify({ at: new Date().toISOString(), modules });

/** Who gets in: no credentials, wrong ones, another controller's client id. */
export async function strangers(r: Review): Promise<Finding[]> {
  const tries = [
    {},
    { username: 'guest', password: 'guest' },
    { clientId: r.a.mac, username: r.a.mac, password: 'x'.repeat(43) },
    { clientId: r.a.mac, username: r.a.mac },
    { clientId: r.b.mac, username: r.a.mac, password: r.a.secret },
    { clientId: 'server', username: 'server', password: '' },
  ];
  let through = 0;
  for (let i = 0; i < 5; i++)
    for (const t of tries) {
      const c = await connect(r.brokerUrl, { clientId: `x${i}${Math.random()}`, ...t });
      if (c) through += 1;
      await c?.endAsync();
    }
  const owner = await as(r, r.b);
  const thief = await connect(r.brokerUrl, { clientId: r.b.mac, username: r.a.mac, password: r.a.secret });
  await sleep(300);
  const takeover = {
    attack: 'client-id takeover of a connected controller',
    attempts: 1,
    through: thief || !owner?.connected ? 1 : 0,
    seen: owner?.connected ? 'owner stayed connected' : 'owner was kicked',
  };
  await owner?.endAsync();
  await thief?.endAsync();
  return [
    {
      attack: 'connect without, or with wrong, credentials',
      attempts: 5 * tries.length,
      through,
      seen: `${through} connections accepted`,
    },
    takeover,
  ];
}

/** A commissioned controller reaching beyond its own topics. */
export async function overreach(r: Review): Promise<Finding[]> {
  const a = (await as(r, r.a))!;
  const filters = [
    '#',
    'sl/v1/+/cmd',
    topic(r.b.mac, 'cmd'),
    topic(r.b.mac, 'reply'),
    '$SYS/#',
    'sl/v1/+/modules',
  ];
  let granted = 0;
  for (const f of filters) {
    const g = await within(
      a.subscribeAsync(f, { qos: 1 }).then((x) => x[0]!.qos),
      2000,
      128,
    );
    if (g !== 128) granted += 1;
  }
  const heard: string[] = [];
  a.on('message', (t) => t.includes(r.b.mac) && heard.push(t));
  await within(a.endAsync(true), 1000, undefined);
  // B reports a state of its own first, so a forged one would show
  await publishAs(r, r.b, topic(r.b.mac, 'state'), state(0x01));
  // on a loaded machine the ingest's flush can take longer than a second: B's own state is waited for
  const before = await settledOn(
    () => controllerRow(r, r.b),
    (row) => row.iostate === 0x01,
  );
  await publishAs(r, r.a, topic(r.b.mac, 'state'), state(0xab));
  await publishAs(r, r.a, topic(r.b.mac, 'modules'), batch(sampleModuleReading(r.b.module, { pwm: 17 })));
  const foreignBefore = (await field(r)).foreignReadings;
  await publishAs(r, r.a, topic(r.a.mac, 'modules'), batch(sampleModuleReading(r.b.module, { pwm: 19 })));
  // B's administrator dims B's lamp: A, subscribed to all it could, must not overhear the command
  const listener = (await as(r, r.a))!;
  listener.on('message', (t) => t.includes(r.b.mac) && heard.push(t));
  await within(listener.subscribeAsync('#', { qos: 0 }), 2000, undefined);
  await r.adminB.call('GET', `/api/v1/control/lighting?by=id&id=${r.b.moduleId}&raw=33`);
  await sleep(1500);
  const after = await controllerRow(r, r.b);
  const lamp = await moduleRow(r, r.b);
  const foreign = (await field(r)).foreignReadings - foreignBefore;
  await within(listener.endAsync(true), 1000, undefined);
  return [
    {
      attack: "subscribe beyond its own command topic ('#', others' cmd/reply, $SYS)",
      attempts: filters.length,
      through: granted + (heard.length ? 1 : 0),
      seen: `${granted} granted; ${heard.length} of B's messages overheard`,
    },
    {
      attack: "publish a state on another controller's topic",
      attempts: 1,
      through: after.iostate === 0xab ? 1 : 0,
      seen: `B's iostate ${before.iostate ?? 'none'} → ${after.iostate ?? 'none'}`,
    },
    {
      attack: "publish readings for another controller's module",
      attempts: 2,
      through: [17, 19].includes(lamp.pwm) ? 1 : 0,
      seen: `B's lamp pwm ${lamp.pwm ?? 'none'}; foreign readings counted and dropped: ${foreign}`,
    },
  ];
}

/** A reply to a command that was sent to another controller, with the id known (the worst case). */
export async function forgedReply(r: Review): Promise<Finding> {
  // B is not connected: only a forger could answer
  const answer = r.adminB.call('GET', `/api/v1/control/lighting?by=id&id=${r.b.moduleId}&raw=44`);
  await sleep(300);
  const running = (await r.root.call('GET', '/api/v2/commands?limit=1&sort=-_id')).body;
  const id = String(running.result?.data?.[0]?._id ?? running.data?.[0]?._id ?? '1');
  for (const t of [topic(r.b.mac, 'reply'), topic(r.a.mac, 'reply')])
    await publishAs(r, r.a, t, JSON.stringify({ id, code: 0 }));
  const got = (await answer).body;
  return {
    attack: 'answer a command sent to another controller',
    attempts: 2,
    through: got.code === 0 ? 1 : 0,
    seen: `the dim answered code ${got.code} (${got.msg ?? ''})`,
  };
}

/** Messages far over the limit (the review sent 200 MB), and poisoned readings inside a good batch. */
export async function oversize(r: Review): Promise<Finding> {
  const before = rssMb(r.pid);
  const socket = net.connect(new URL(r.brokerUrl).port as unknown as number, '127.0.0.1');
  await new Promise((ok) => socket.once('connect', ok));
  socket.write(
    mqttPacket.generate({
      cmd: 'connect',
      clientId: r.a.mac,
      username: r.a.mac,
      password: Buffer.from(r.a.secret),
      protocolVersion: 4,
      protocolId: 'MQTT',
      clean: true,
      keepalive: 30,
    }),
  );
  const header = mqttPacket.generate({
    cmd: 'publish',
    topic: topic(r.a.mac, 'modules'),
    payload: Buffer.alloc(0),
    qos: 0,
    retain: false,
    dup: false,
  });
  // the header claims 200 MB; the body follows until the broker hangs up
  const claimed = 200 * 1024 * 1024;
  const head = Buffer.concat([
    Buffer.from([0x30]),
    remainingLength(claimed + header.length - 2 - 1 - (header.length > 127 ? 1 : 0)),
    header.subarray(2),
  ]);
  let sent = 0;
  let closed = false;
  socket.on('close', () => (closed = true));
  socket.on('error', () => (closed = true));
  socket.write(head);
  const chunk = Buffer.alloc(1024 * 1024, 0x20);
  while (!closed && sent < claimed) {
    if (!socket.write(chunk)) await new Promise((ok) => setTimeout(ok, 5));
    sent += chunk.length;
    if (sent > 50 * 1024 * 1024) break;
  }
  await sleep(1000);
  socket.destroy();
  const after = rssMb(r.pid);
  return {
    attack: 'a 200 MB message',
    attempts: 1,
    through: closed ? 0 : 1,
    seen: `cut off after ${Math.round(sent / 1048576)} MB written; server RSS ${before} → ${after} MB`,
  };
}

function remainingLength(n: number): Buffer {
  const out: number[] = [];
  do {
    let byte = n % 128;
    n = Math.floor(n / 128);
    if (n > 0) byte |= 0x80;
    out.push(byte);
  } while (n > 0);
  return Buffer.from(out);
}

export async function poison(r: Review): Promise<Finding> {
  const before = (await field(r)).setAside;
  const modules = topic(r.a.mac, 'modules');
  await publishAs(r, r.a, topic(r.a.mac, 'state'), state(3, 've\u0000rsion'));
  await publishAs(r, r.a, modules, batch(sampleModuleReading(r.a.module, { cl_status: 3_000_000_000 })));
  await publishAs(r, r.a, modules, batch(sampleModuleReading(r.a.module, { at: '0000-01-01T00:00:00Z' })));
  await publishAs(r, r.a, modules, batch(sampleModuleReading(r.a.module, { pwm: 42 })));
  const lamp = await settledOn(
    () => moduleRow(r, r.a),
    (row) => row.pwm === 42,
  );
  const h = await field(r);
  return {
    attack: 'poisoned readings and state beside a good one',
    attempts: 3,
    through: lamp.pwm === 42 ? 0 : 1,
    seen: `good reading stored (pwm ${lamp.pwm}); ${h.setAside - before} set aside, ${h.malformed ?? 0} malformed in all`,
  };
}
