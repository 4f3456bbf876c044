import fc from 'fast-check';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleModuleReading } from '@sl/protocol/testing';
import { until } from './field-setup.ts';
import { backend, startServer, type TestServer } from './harness.ts';

// One poisoned message must not cost anyone else's data: payloads and readings the schema refuses are counted and
// dropped alone, and rows the database refuses are found by halving the batch and set aside alone.

let s: TestServer;
/** a connection per controller: each publishes under its own MAC only */
const clients = new Map<string, MqttClient>();
const CONTROLLER = '024300020000';
const macs = Array.from({ length: 8 }, (_, i) => `024D0002000000${String(i + 1).padStart(2, '0')}`);

beforeAll(async () => {
  s = await startServer();
  const c = await s.call('POST', '/api/v1/Controllers', { mac: CONTROLLER });
  for (const mac of macs) await s.call('POST', '/api/v1/LuminaryModules', { mac, controller: c.body._id });
  const others = ['024300020001', '024300020002'];
  for (const mac of others) await s.call('POST', '/api/v1/Controllers', { mac });
  const secrets = await s.commission([CONTROLLER, ...others]);
  for (const mac of [CONTROLLER, ...others])
    clients.set(
      mac,
      await mqtt.connectAsync(s.brokerUrl, { clientId: mac, username: mac, password: secrets[mac] }),
    );
});
afterAll(async () => {
  await Promise.all([...clients.values()].map((c) => c.endAsync()));
  await s?.close();
});

const reading = sampleModuleReading;
const publish = (modules: object[], controller = CONTROLLER) =>
  clients
    .get(controller)!
    .publishAsync(`sl/v1/${controller}/modules`, JSON.stringify({ at: new Date().toISOString(), modules }), {
      qos: 1,
    });
const health = async () => (await s.call('GET', '/health')).body;
const stored = async (at: string) =>
  (await s.sql<{ mac: string }>('select mac from module_readings where at = $1', [at]))
    .map((r) => r.mac)
    .sort();

describe(`ingest that one bad message cannot stop, on ${backend}`, () => {
  it('stores the readings of a window in which another controller sent a poisoned message', async () => {
    const before = (await health()).field;
    const at = new Date().toISOString();
    await publish([reading(macs[0]!, { at, cl_status: 3_000_000_000 })], '024300020001');
    await publish([reading(macs[1]!, { at: '0000-01-01T00:00:00Z' })], '024300020002');
    await publish([reading(macs[2]!, { at }), reading(macs[3]!, { at })]);
    await until(async () => (await stored(at)).length === 2 || undefined);
    expect(await stored(at)).toEqual([macs[2], macs[3]]);
    const after = (await health()).field;
    expect(after.malformed - before.malformed).toBe(2);
  });

  it('sets aside only the rows the database refuses, stores the rest of their batch, and says so in /health', async () => {
    // a rule of the database's that the schema does not know: the row that breaks it stands for any such row
    await s.sql('alter table module_readings add constraint poison_check check (temp is distinct from 99.5)');
    await s.sql(
      'alter table luminary_modules add constraint poison_check check (temp is distinct from 99.5)',
    );
    try {
      const before = (await health()).field;
      const at = new Date().toISOString();
      await publish(
        macs.slice(0, 5).map((mac, i) => reading(mac, { at, temp: i === 2 ? 99.5 : 22, pwm: 33 })),
      );
      await until(async () => (await stored(at)).length === 4 || undefined);
      expect(await stored(at)).toEqual([macs[0], macs[1], macs[3], macs[4]].sort());
      // the current states are written in the same flush as the history, by another statement: maybe a moment later
      const dimmed = async () =>
        (
          await s.sql<{ mac: string; pwm: number }>(
            'select mac, pwm from luminary_modules where mac = any($1) order by mac',
            [macs.slice(0, 5)],
          )
        )
          .filter((m) => m.pwm === 33)
          .map((m) => m.mac);
      await until(async () => (await dimmed()).length >= 4 || undefined);
      expect(await dimmed()).toEqual([macs[0], macs[1], macs[3], macs[4]]);
      const h = await until(async () => {
        const now = await health();
        return now.field.setAside - before.setAside >= 2 ? now : undefined;
      });
      // one row of the history and one current state
      expect(h.field.setAside - before.setAside).toBe(2);
      expect(h.status).toBe('ok');
    } finally {
      await s.sql('alter table module_readings drop constraint poison_check');
      await s.sql('alter table luminary_modules drop constraint poison_check');
    }
  });

  it('refuses a meter register beyond what a meter holds, or risen faster than a meter counts, and keeps the good', async () => {
    const serial = 'M-POISON-1';
    const c = await s.call('GET', `/api/v1/Controllers?mac=${CONTROLLER}`);
    expect((await s.call('POST', '/api/v1/Meters', { serial, controller: c.body.data[0]._id })).status).toBe(
      201,
    );
    const t0 = Date.now() - 10 * 60_000;
    const at = (minutes: number) => new Date(t0 + minutes * 60_000).toISOString();
    const send = (minutes: number, energy: number) =>
      clients.get(CONTROLLER)!.publishAsync(
        `sl/v1/${CONTROLLER}/meter`,
        JSON.stringify({
          serial,
          at: at(minutes),
          phases: [{ phase: 1, voltage: 23000, current: 100, power: 2200, energy }],
        }),
        { qos: 1 },
      );
    const energies = async () =>
      (
        await s.sql<{ energy: string }>(
          'select energy::text as energy from meter_readings where serial = $1 order by at',
          [serial],
        )
      ).map((r) => Number(r.energy));
    const before = (await health()).field.malformed;
    await send(0, 5_000_000);
    await until(async () => (await energies()).length === 1 || undefined);
    // 2^53−1 Wh: no meter holds it
    await send(1, 2 ** 53 - 1);
    // 10^9 Wh in a minute: 60 GW
    await send(1, 5_000_000 + 1e9);
    await send(2, 5_000_000 + 20_000);
    await until(async () => (await energies()).length === 2 || undefined);
    await new Promise((r) => setTimeout(r, 600));
    expect(await energies()).toEqual([5_000_000, 5_020_000]);
    expect((await health()).field.malformed - before).toBe(2);
    const [row] = await s.sql<{ energy: number }>(
      "select (energy_data->0->>'energy')::bigint as energy from meters where serial = $1",
      [serial],
    );
    expect(Number(row?.energy)).toBe(5_020_000);
    // the energy report reads the rollups: the hour holds the believed rise only
    const [hour] = await s.sql<{ total: string }>(
      'select coalesce(sum(wh), 0)::text as total from meter_hours where serial = $1',
      [serial],
    );
    expect(Number(hour?.total ?? 0)).toBeLessThanOrEqual(20_000);
  });

  it('stores every valid reading of random valid and invalid messages', async () => {
    const poison = fc.constantFrom<object>(
      { cl_status: 3_000_000_000 },
      { at: '0000-01-01T00:00:00Z' },
      { at: '2999-01-01T00:00:00Z' },
      { pwm: 101 },
      { phase: 4 },
      { temp: '20' },
      { mac: 'ZZ' },
      { energy: -1 },
    );
    const message = fc.record({
      modules: fc.array(fc.record({ mac: fc.constantFrom(...macs), pwm: fc.integer({ min: 0, max: 100 }) }), {
        minLength: 1,
        maxLength: 4,
      }),
      poisoned: fc.option(poison, { nil: undefined }),
      garbage: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(message, { minLength: 1, maxLength: 12 }), async (messages) => {
        const at = new Date(Date.now() - Math.floor(Math.random() * 3600_000)).toISOString();
        const expected: string[] = [];
        for (const m of messages) {
          const modules = m.modules.map((r, i) =>
            reading(r.mac, { at, pwm: r.pwm, ...(i === 0 && m.poisoned) }),
          );
          if (m.garbage) {
            await clients
              .get(CONTROLLER)!
              .publishAsync(`sl/v1/${CONTROLLER}/modules`, '{"modules": [nul', { qos: 1 });
            continue;
          }
          await publish(modules);
          // the poisoned reading is refused alone: the rest of its message is stored
          expected.push(...m.modules.filter((_, i) => !(m.poisoned && i === 0)).map((r) => r.mac));
        }
        await until(async () => (await stored(at)).length >= expected.length || undefined);
        // give a late flush its chance to store what it should not have
        await new Promise((r) => setTimeout(r, 600));
        expect(await stored(at)).toEqual(expected.sort());
      }),
      { numRuns: 6 },
    );
  }, 120_000);
});
