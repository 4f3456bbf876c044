import { describe, expect, it } from 'vitest';
import { addDays, localDay, zonedInstant } from '@sl/domain/astro';
import { loadCity, startSimulator } from '@sl/simulator';
import { seedDemoCity } from '../src/field/demo-city.ts';
import { MOSQUITTO, programsSent, until } from './field-setup.ts';
import { backend, startServer, type TestServer } from './harness.ts';

// Issue 11 §4 with the design's scale path (two server processes on one database, one broker): a change made
// through either process reaches the field within seconds, one process sends it (a controller is not told twice),
// a restarted server does not send the city its programs again, and when the sender stops another takes over.

const TZ = 'America/New_York';
const night = localDay(new Date(Date.now() - 12 * 3_600_000), TZ);
const twoAm = zonedInstant(addDays(night, 1), '02:00', TZ);
const SETTLE = { settleMs: 200 };

const programsOf = (s: TestServer) => programsSent(s, 200);
const quiet = () => new Promise((r) => setTimeout(r, 1500));

describe.runIf(backend === 'postgres')(
  'lighting programs from two server processes through Mosquitto',
  () => {
    it('one sends, both hear every change, a restart sends nothing again, and the other takes over', async () => {
      const a = await startServer({}, { mqttUrl: MOSQUITTO, programs: SETTLE });
      const b = await startServer({}, { databaseUrl: a.databaseUrl, mqttUrl: MOSQUITTO, programs: SETTLE });
      let c: TestServer | undefined;
      const city = await loadCity('cambridge', {
        controllers: 1,
        network: 1000 + Math.floor(Math.random() * 60_000),
      });
      const demo = (await a.call('GET', '/api/v1/Groups?name=Demo')).body.data[0];
      await seedDemoCity(a.db, demo._id, demo.cities[0], city);
      // written past the registry's services, as the demo is: the sender reads the lamps again, as main.ts has it
      await a.programs!.refresh();
      const sim = await startSimulator({
        broker: MOSQUITTO,
        city,
        intervalMs: 300,
        faults: false,
        clock: () => twoAm,
      });
      const levels = async (s: TestServer) =>
        (
          (await s.call('GET', '/api/v1/LuminaryModules?limit=100')).body.data as { pwm: number | null }[]
        ).map((m) => m.pwm);
      const acknowledged = async (s: TestServer, n: number) =>
        until(async () => {
          const done = (await programsOf(s)).filter((p) => p.devices[0]?.state === 'acknowledged');
          return done.length >= n ? done : undefined;
        }, 15_000);
      try {
        // written through b, while a (started first) holds the sending
        const profile = (
          await b.call('POST', '/api/v1/Profiles', {
            name: 'Quiet night',
            kind: 'onOff',
            settings: { pwm0: 40 },
          })
        ).body;
        const politic = (
          await b.call('POST', '/api/v1/Politics', { name: 'Cambridge', profile: profile._id })
        ).body;
        await acknowledged(a, 1);
        await until(async () => ((await levels(a)).every((pwm) => pwm === 40) ? true : undefined), 10_000);
        await quiet();
        // (the profile alone may have gone out before its politic: dusk to dawn at full power; and the one sent
        // before the controller was there timed out)
        const first = (await programsOf(a)).length;
        const acked = (await acknowledged(a, 1)).length;
        expect(first).toBeLessThanOrEqual(3);

        await a.call('PATCH', `/api/v1/Profiles/${profile._id}`, { settings: { pwm0: 55 } });
        await acknowledged(a, acked + 1);
        await until(async () => ((await levels(b)).every((pwm) => pwm === 55) ? true : undefined), 10_000);
        await quiet();
        expect(await programsOf(a)).toHaveLength(first + 1);

        // a restarted server knows from the archive what the controller runs: nothing goes out again
        c = await startServer({}, { databaseUrl: a.databaseUrl, mqttUrl: MOSQUITTO, programs: SETTLE });
        // the sender stops (its process would: the database goes with this test server, so only its sending stops)
        await a.programs!.stop();
        await c.programs!.refresh();
        await b.programs!.refresh();
        await quiet();
        expect(await programsOf(b)).toHaveLength(first + 1);

        // the sender is gone: the next change is sent by one of the others, once
        await b.call('PATCH', `/api/v1/Politics/${politic._id}`, { name: 'Cambridge at night' });
        await b.call('PATCH', `/api/v1/Profiles/${profile._id}`, { settings: { pwm0: 70 } });
        await acknowledged(b, acked + 2);
        await until(async () => ((await levels(b)).every((pwm) => pwm === 70) ? true : undefined), 10_000);
        await quiet();
        expect(await programsOf(b)).toHaveLength(first + 2);
      } finally {
        await sim.stop({ clearRetained: true });
        await c?.close();
        await b.close();
        await a.close();
      }
    }, 120_000);
  },
);
