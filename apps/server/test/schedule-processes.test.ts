import { describe, expect, it } from 'vitest';
import { loadCity, startSimulator } from '@sl/simulator';
import { seedDemoCity } from '../src/field/demo-city.ts';
import { MOSQUITTO, until } from './field-setup.ts';
import { backend, startServer, type TestServer } from './harness.ts';

// Issue 12 with the design's scale path (two server processes on one PostgreSQL, one broker): a cabinet's power
// schedule saved through either process is sent by one of them, once; a restarted server sends nothing again, and
// when the sender stops another takes over.

const SETTLE = { settleMs: 200, scheduleTickMs: 300 };
const quiet = () => new Promise((r) => setTimeout(r, 1500));
type Sent = { type: string; devices: { state: string; result?: { nights?: number } }[] };

describe.runIf(backend === 'postgres')('power schedules from two server processes through Mosquitto', () => {
  it('one sends each schedule once, a restart sends nothing again, and the other takes over', async () => {
    const a = await startServer({}, { mqttUrl: MOSQUITTO, programs: SETTLE });
    const b = await startServer({}, { databaseUrl: a.databaseUrl, mqttUrl: MOSQUITTO, programs: SETTLE });
    let c: TestServer | undefined;
    const city = await loadCity('cambridge', {
      controllers: 1,
      network: 1000 + Math.floor(Math.random() * 60_000),
    });
    const demo = (await a.call('GET', '/api/v1/Groups?name=Demo')).body.data[0];
    await seedDemoCity(a.db, demo._id, demo.cities[0], city);
    const secrets = await a.commission(city.cabinets.map((k) => k.controller.mac));
    const sim = await startSimulator({ broker: MOSQUITTO, city, intervalMs: 300, faults: false, secrets });
    const controller = (await a.call('GET', '/api/v1/Controllers?limit=1')).body.data[0]._id;
    const month = new Date().toISOString().slice(0, 7);
    const save = (s: TestServer, days: number[]) =>
      s.call('POST', '/api/v1/ControllerSchedule', {
        controller,
        month,
        timeData: days.map((day) => ({ day, off: '11:00', on: '23:00' })),
      });
    const sent = async (s: TestServer) =>
      ((await s.call('GET', '/api/v2/commands?limit=100')).body.result.data as Sent[]).filter(
        (k) => k.type === 'schedule',
      );
    const acknowledged = (s: TestServer, nights: number) =>
      until(async () => {
        const [top] = await sent(s);
        return top?.devices[0]?.state === 'acknowledged' && top.devices[0].result?.nights === nights
          ? top
          : undefined;
      }, 15_000);
    try {
      // the controller is online before its schedule exists, so the first sending finds it there
      await until(
        async () => (await a.call('GET', `/api/v1/Controllers/${controller}`)).body.connected || undefined,
      );
      expect((await save(b, [1, 2])).status).toBe(201);
      await acknowledged(a, 2);
      await quiet();
      expect(await sent(a)).toHaveLength(1);

      expect((await save(a, [1, 2, 3])).status).toBe(200);
      await acknowledged(b, 3);
      await quiet();
      expect(await sent(b)).toHaveLength(2);

      // a restarted server knows from the archive what the controller runs; then the first sender stops
      c = await startServer({}, { databaseUrl: a.databaseUrl, mqttUrl: MOSQUITTO, programs: SETTLE });
      await a.schedules!.stop();
      await b.schedules!.sync();
      await c.schedules!.sync();
      await quiet();
      expect(await sent(b)).toHaveLength(2);

      // the next change is sent by one of the others, once
      await save(b, [1, 2, 3, 4]);
      await acknowledged(c, 4);
      await quiet();
      expect(await sent(c)).toHaveLength(3);
    } finally {
      await sim.stop({ clearRetained: true });
      await c?.close();
      await b.close();
      await a.close();
    }
  }, 120_000);
});
