import { describe, expect, it } from 'vitest';
import { loadCity, startSimulator } from '@sl/simulator';
import { seedDemoCity } from '../src/field/demo-city.ts';
import { MOSQUITTO, until } from './field-setup.ts';
import { backend, startServer } from './harness.ts';

// Two server processes on one database both sweep for silent devices and detect events: each event is written
// once (the unique index over the open events), however often and at once they look.

describe.runIf(backend === 'postgres')('events from two server processes on one database', () => {
  it('opens each event once', async () => {
    let offset = 0;
    const clock = { now: () => new Date(Date.now() + offset) };
    const config = { reportIntervalMs: 60_000, offlineFactor: 3, offlineSweepMs: 150 };
    const a = await startServer(config, { mqttUrl: MOSQUITTO, clock });
    const b = await startServer(config, { databaseUrl: a.databaseUrl, mqttUrl: MOSQUITTO, clock });
    const city = await loadCity('cambridge', {
      controllers: 3,
      network: 1000 + Math.floor(Math.random() * 60_000),
    });
    const demo = (await a.call('GET', '/api/v1/Groups?name=Demo')).body.data[0];
    await seedDemoCity(a.db, demo._id, demo.cities[0], city);
    const sim = await startSimulator({
      broker: MOSQUITTO,
      city,
      intervalMs: 300,
      faults: false,
      clock: clock.now,
    });
    try {
      await until(async () => {
        const page = await a.call('GET', '/api/v1/LuminaryModules?lastReceivedAt=null&limit=1');
        return page.body.total === 0;
      }, 20_000);
      const silent = [...sim.controllers[0]!.device.lamps.keys()].slice(0, 5);
      for (const mac of silent) sim.controllers[0]!.silence(mac);
      sim.controllers[1]!.openDoor();
      sim.controllers[2]!.goOffline(600_000);
      const behind = sim.controllers[2]!.device.lamps.size;
      const open = async () =>
        (
          await a.sql<{ n: number }>(
            `select count(*)::int as n from important_events where status = 'OPEN'
              and type in ('MODULE_NOT_RESPONDING', 'CABINET_DOOR_OPEN', 'CONTROLLER_DISCONNECTED')`,
          )
        )[0]!.n;
      const unheardSince = async (at: Date) =>
        (
          await a.sql<{ n: number }>(
            `select count(*)::int as n from luminary_modules
              where deleted_at is null and last_received_at < $1::timestamptz`,
            [at.toISOString()],
          )
        )[0]!.n;
      const expected = silent.length + behind + 2;
      // The clock moves in steps under the offline time, and the next step waits until every module still
      // reporting has been heard after this one, so none of them ever looks silent, however loaded the machine.
      // Steps go on until the silent ones are seen: a last message still on its way may make one step too few.
      for (let step = 0; step < 8 && (await open()) < expected; step += 1) {
        offset += 2 * 60_000;
        const movedAt = clock.now();
        await until(async () => (await unheardSince(movedAt)) <= silent.length + behind, 20_000);
        await new Promise((r) => setTimeout(r, 600));
      }
      await until(async () => ((await open()) >= expected ? true : undefined), 20_000);
      await Promise.all([a.events.detect(), b.events.detect(), a.events.detect(), b.events.detect()]);
      expect(await open()).toBe(expected);
      const written = await a.sql<{ type: string; device: string; n: number }>(
        `select type, device, count(*)::int as n from important_events
          where type in ('MODULE_NOT_RESPONDING', 'CABINET_DOOR_OPEN', 'CONTROLLER_DISCONNECTED')
          group by type, device having count(*) > 1`,
      );
      expect(written, JSON.stringify(written)).toEqual([]);
    } finally {
      await sim.stop({ clearRetained: true }).catch(() => undefined);
      await b.close();
      await a.close();
    }
  }, 120_000);
});
