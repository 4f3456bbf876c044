import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, startServer, type TestServer } from './harness.ts';

// A JSON command reaches the controller through the real broker and the HTTP answer is what the controller said.

let s: TestServer;
let field: MqttClient;
/** another commissioned controller, which answers on its own topic with the id of a command it was not sent */
let other: MqttClient;
let controllerId: number;
let silentId: number;
const received: unknown[] = [];
let replyCode = 0;
let replyFrom = 'AABBCC000001';

beforeAll(async () => {
  s = await startServer();
  controllerId = (await s.call('POST', '/api/v1/Controllers', { mac: 'AA:BB:CC:00:00:01' })).body._id;
  silentId = (await s.call('POST', '/api/v1/Controllers', { mac: 'AA:BB:CC:00:00:02' })).body._id;
  await s.call('POST', '/api/v1/Controllers', { mac: 'AA:BB:CC:00:00:09' });
  const secrets = await s.commission(['AABBCC000001', 'AABBCC000009']);
  const as = (mac: string) =>
    mqtt.connectAsync(s.brokerUrl, { clientId: mac, username: mac, password: secrets[mac] });
  field = await as('AABBCC000001');
  other = await as('AABBCC000009');
  await field.subscribeAsync('sl/v1/AABBCC000001/cmd', { qos: 1 });
  field.on('message', (_topic, buf) => {
    const cmd = JSON.parse(buf.toString());
    received.push(cmd.payload);
    (replyFrom === 'AABBCC000001' ? field : other).publish(
      `sl/v1/${replyFrom}/reply`,
      JSON.stringify({ id: cmd.id, code: replyCode, result: { iostate: 5 } }),
      { qos: 1 },
    );
  });
});
afterAll(async () => {
  await field?.endAsync();
  await other?.endAsync();
  await s?.close();
});

const send = (command: unknown, id = controllerId) =>
  s.call('POST', '/api/v2/controllers/command', { _id: id, command });

describe(`controller commands on ${backend}`, () => {
  it('delivers a JSON object and answers with the controller reply', async () => {
    const res = await send({ relay: 1, state: 'on' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ error: false, result: { code: 0, msg: 'ok', raw: { iostate: 5 } } });
    expect(received.at(-1)).toEqual({ relay: 1, state: 'on' });
    const archived = (await s.call('GET', `/api/v2/commands/${res.body.result.commandId}`)).body.result;
    expect(archived).toMatchObject({
      type: 'json',
      payload: { relay: 1, state: 'on' },
      devices: [{ state: 'acknowledged' }],
    });
  });

  it('accepts a string that holds a JSON object', async () => {
    expect((await send('{"relay":2}')).status).toBe(200);
    expect(received.at(-1)).toEqual({ relay: 2 });
  });

  it('refuses a command that is not JSON with IsInvalidError, sending nothing', async () => {
    const before = received.length;
    for (const bad of ['relay=1', '[1,2]', '42', 42, null]) {
      const res = await send(bad);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'IsInvalidError', fields: ['command'] });
    }
    expect(received.length).toBe(before);
  });

  it('answers TimeOut when the controller stays silent', async () => {
    const res = await send({ relay: 1 }, silentId);
    expect(res).toMatchObject({ status: 504, body: { code: 'TimeOut', message: 'Error timeout' } });
  });

  it('passes on a refusal code from the controller', async () => {
    replyCode = 10;
    const res = await send({ relay: 3 });
    replyCode = 0;
    expect(res.body).toMatchObject({ code: 'ErrorWritingData' });
  });

  it('does not believe a reply that comes from another controller', async () => {
    replyFrom = 'AABBCC000009';
    const res = await send({ relay: 4 });
    replyFrom = 'AABBCC000001';
    expect(res.body.code).toBe('TimeOut');
  });

  it('answers NotFoundError for an unknown controller', async () => {
    expect((await send({ relay: 1 }, 987654)).body.code).toBe('NotFoundError');
  });
});
