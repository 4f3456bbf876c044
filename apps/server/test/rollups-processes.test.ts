import { describe, expect, it } from 'vitest';
import mqtt from 'mqtt';
import { loadCity, type City } from '@sl/simulator';
import {
  encodeMeterReading,
  encodeModuleBatch,
  encodeState,
  MODULE_BATCH_MAX,
  topic,
  topicMac,
} from '@sl/protocol';
import { seedDemoCity } from '../src/field/demo-city.ts';
import { MOSQUITTO, until } from './field-setup.ts';
import { backend, startServer, type TestServer } from './harness.ts';

// Issue 30 item 3: two server processes on one database took their row locks in different orders, and each
// deadlock dropped a whole flush (11.7 % of the stored readings never reached module_hours, and a controller's online
// state was lost). Here every controller reports its modules, state and meter many times a second, each time in
// another order, so both processes flush the same modules' same hour, and the same controllers, every 500 ms.

const ROUNDS = 60;
const ROUND_MS = 120;

describe.runIf(backend === 'postgres')('two server processes writing the same devices', () => {
  it('roll every stored reading into its hour and keep every controller online', async () => {
    const a = await startServer({}, { mqttUrl: MOSQUITTO });
    const b = await startServer({}, { databaseUrl: a.databaseUrl, mqttUrl: MOSQUITTO });
    const city = await loadCity('cambridge', {
      controllers: 30,
      network: 1000 + Math.floor(Math.random() * 60_000),
    });
    const demo = (await a.call('GET', '/api/v1/Groups?name=Demo')).body.data[0];
    await seedDemoCity(a.db, demo._id, demo.cities[0], city);
    const field = await mqtt.connectAsync(MOSQUITTO, { clean: true });
    try {
      const published = await flood(field, city);
      const macs = city.cabinets.flatMap((c) => c.modules.map((m) => m.mac));
      const serials = city.cabinets.map((c) => c.meter.serial);
      const stored = async () =>
        (
          await a.sql<{ n: number }>('select count(*)::int as n from module_readings where mac = any($1)', [
            macs,
          ])
        )[0]!.n;
      await until(async () => ((await stored()) >= published ? true : undefined), 30_000);
      await settled(a, b);
      expect(await stored()).toBe(published);

      const unrolled = await a.sql(
        `select r.mac, r.hour, r.n as stored, h.readings as rolled
         from (select mac, date_trunc('hour', at, 'UTC') as hour, count(*)::int as n from module_readings
               where mac = any($1) group by 1, 2) r
         left join module_hours h on h.mac = r.mac and h.hour = r.hour
         where h.readings is distinct from r.n`,
        [macs],
      );
      expect(unrolled).toEqual([]);
      const metersUnrolled = await a.sql(
        `select r.serial, r.phase, r.hour, r.n as stored, h.readings as rolled
         from (select serial, phase, date_trunc('hour', at, 'UTC') as hour, count(*)::int as n from meter_readings
               where serial = any($1) group by 1, 2, 3) r
         left join meter_hours h on h.serial = r.serial and h.phase = r.phase and h.hour = r.hour
         where h.readings is distinct from r.n`,
        [serials],
      );
      expect(metersUnrolled).toEqual([]);
      const offline = await a.sql(
        'select mac from controllers where mac = any($1) and connected is not true',
        [city.cabinets.map((c) => topicMac(c.controller.mac))],
      );
      expect(offline).toEqual([]);
      for (const s of [a, b]) expect((await s.call('GET', '/health')).body.field.failedFlushes).toBe(0);
    } finally {
      await field.endAsync();
      await b.close();
      await a.close();
    }
  }, 180_000);
});

/** Every controller's modules, state and meter, ROUNDS times, each round in a new order; the readings published. */
async function flood(client: mqtt.MqttClient, city: City): Promise<number> {
  let readings = 0;
  const start = Date.now() - ROUNDS * 1000;
  for (let round = 0; round < ROUNDS; round++) {
    const at = new Date(start + round * 1000).toISOString();
    const sends: Promise<unknown>[] = [];
    for (const cabinet of shuffled(city.cabinets)) {
      const mac = topicMac(cabinet.controller.mac);
      const modules = shuffled(cabinet.modules).map((m, i) => ({
        mac: m.mac,
        pwm: 100,
        pow: m.watts,
        lux: 0,
        temp: 20,
        energy: 1000 + round * 10 + i,
        runh: 100 + round,
        lpwm: 0,
        cpwm: 100,
        rssi: -70,
        twil: 2,
        cl_status: 1 as const,
        phase: m.phase,
        at,
      }));
      for (let i = 0; i < modules.length; i += MODULE_BATCH_MAX) {
        const batch = modules.slice(i, i + MODULE_BATCH_MAX);
        sends.push(
          client.publishAsync(topic(mac, 'modules'), encodeModuleBatch({ at, modules: batch }), { qos: 1 }),
        );
        readings += batch.length;
      }
      const state = {
        online: true,
        iostate: 1,
        cputemp: 40,
        version: '1',
        network: 'lte',
        readingMeter: true,
        at,
      };
      sends.push(client.publishAsync(topic(mac, 'state'), encodeState(state), { qos: 1 }));
      const phases = ([1, 2, 3] as const).map((phase) => ({
        phase,
        voltage: 230,
        current: 5,
        power: 1000,
        energy: 100_000 + round * 10,
      }));
      sends.push(
        client.publishAsync(
          topic(mac, 'meter'),
          encodeMeterReading({ serial: cabinet.meter.serial, at, phases }),
          {
            qos: 1,
          },
        ),
      );
    }
    await Promise.all(sends);
    await new Promise((r) => setTimeout(r, ROUND_MS));
  }
  return readings;
}

/** Both servers have flushed what they were sent: the rollups of a flush end after its history. */
async function settled(...servers: TestServer[]) {
  await new Promise((r) => setTimeout(r, 1500));
  for (const s of servers)
    await until(async () => !(await s.call('GET', '/health')).body.field.failing, 10_000);
}

function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
