import { describe, expect, it } from 'vitest';
import { loadCity, startSimulator } from '@sl/simulator';
import { seedDemoCity } from '../src/field/demo-city.ts';
import { MOSQUITTO, until } from './field-setup.ts';
import { backend, startServer } from './harness.ts';

// Issue 16 §6: server processes on one database, on one broker, store each reading once (a shared subscription),
// while each still hears every controller's state.

describe.runIf(backend === 'postgres')('two server processes on one database through Mosquitto', () => {
  it('store every reading once, and both follow every controller', async () => {
    const a = await startServer({}, { mqttUrl: MOSQUITTO });
    const b = await startServer({}, { databaseUrl: a.databaseUrl, mqttUrl: MOSQUITTO });
    const city = await loadCity('cambridge', {
      controllers: 2,
      network: 1000 + Math.floor(Math.random() * 60_000),
    });
    const demo = (await a.call('GET', '/api/v1/Groups?name=Demo')).body.data[0];
    await seedDemoCity(a.db, demo._id, demo.cities[0], city);
    const sim = await startSimulator({ broker: MOSQUITTO, city, intervalMs: 200, faults: false });
    try {
      const macs = city.cabinets.flatMap((c) => c.modules.map((m) => m.mac));
      await until(() => (sim.counters.readings >= 4 * macs.length ? true : undefined), 20_000);
      await sim.stop({ clearRetained: true });
      const published = sim.counters.readings;
      const stored = async () =>
        (
          await a.sql<{ n: number }>('select count(*)::int as n from module_readings where mac = any($1)', [
            macs,
          ])
        )[0]!.n;
      // both processes flush every 500 ms; a duplicate would show as more than was published
      await until(async () => ((await stored()) >= published ? true : undefined), 10_000);
      await new Promise((r) => setTimeout(r, 1500));
      expect(await stored()).toBe(published);
      // both heard the states (ordinary subscriptions): their controllers show as connected through either
      const connected = await b.call('GET', '/api/v1/Controllers?connected=true&limit=10');
      expect(connected.body.total).toBeGreaterThanOrEqual(city.cabinets.length);
    } finally {
      await sim.stop({ clearRetained: true }).catch(() => undefined);
      await b.close();
      await a.close();
    }
  }, 120_000);
});
