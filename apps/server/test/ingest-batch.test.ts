import { randomBytes } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleModuleReading } from '@sl/protocol/testing';
import { MOSQUITTO, until } from './field-setup.ts';
import { backend, startServer, type TestServer } from './harness.ts';

// Issue 30 §7: each module's reading in a batch is its own module's truth. One reading the schema refuses is
// counted as malformed and dropped alone; the others of its message are stored.

describe.each([
  ['embedded broker', undefined],
  ['Mosquitto', MOSQUITTO],
])(`a batch with one bad module reading through the %s, on ${backend}`, (_name, mqttUrl) => {
  let s: TestServer;
  let field: MqttClient;
  // MACs of this run's own: on the shared Mosquitto other runs' devices must not be ours
  const id = randomBytes(4).toString('hex').toUpperCase();
  const controller = `0243${id}`;
  const modules = [1, 2, 3].map((i) => `024D${id}000${i}`);

  beforeAll(async () => {
    s = await startServer({}, { mqttUrl });
    const c = await s.call('POST', '/api/v1/Controllers', { mac: controller });
    for (const mac of modules)
      await s.call('POST', '/api/v1/LuminaryModules', { mac, controller: c.body._id });
    const secrets = await s.commission([controller]);
    field = await mqtt.connectAsync(s.brokerUrl, {
      clientId: controller,
      username: controller,
      password: secrets[controller],
    });
  });
  afterAll(async () => {
    await field?.endAsync();
    await s?.close();
  });

  it('stores the good readings of the message and counts the bad one as malformed', async () => {
    const malformed = async () => (await s.call('GET', '/health')).body.field.malformed as number;
    const before = await malformed();
    const at = new Date().toISOString();
    const batch = [
      sampleModuleReading(modules[0]!, { at, pwm: 41 }),
      sampleModuleReading(modules[1]!, { at, pwm: 101 }),
      sampleModuleReading(modules[2]!, { at, pwm: 43 }),
    ];
    await field.publishAsync(`sl/v1/${controller}/modules`, JSON.stringify({ at, modules: batch }), {
      qos: 1,
    });
    await until(async () => (await malformed()) > before || undefined);
    const stored = async () =>
      s.sql<{ mac: string; pwm: number }>(
        'select mac, pwm from module_readings where mac = any($1) and at = $2 order by mac',
        [modules, at],
      );
    await until(async () => (await stored()).length >= 2 || undefined);
    // a later flush must not add the refused reading
    await new Promise((r) => setTimeout(r, 600));
    expect(await stored()).toEqual([
      { mac: modules[0], pwm: 41 },
      { mac: modules[2], pwm: 43 },
    ]);
    expect((await malformed()) - before).toBe(1);
    const current = await s.sql<{ mac: string; pwm: number | null }>(
      'select mac, pwm from luminary_modules where mac = any($1) order by mac',
      [modules],
    );
    expect(current).toEqual([
      { mac: modules[0], pwm: 41 },
      { mac: modules[1], pwm: null },
      { mac: modules[2], pwm: 43 },
    ]);
  });
});
