import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCity, startSimulator, type SimulatorHandle } from '@sl/simulator';
import { seedDemoCity } from '../src/field/demo-city.ts';
import { programsSent, until } from './field-setup.ts';
import { startServer, type TestServer } from './harness.ts';

// A controller whose row still says it is connected (the server restarted, the broker with it, and no last will was
// written) reconnects after its program was sent: it gets the program within seconds of saying it is connected, not
// at the retry a minute later.

describe('lighting programs for a controller that reconnects', () => {
  let s: TestServer;
  let sim: SimulatorHandle | undefined;

  beforeAll(async () => {
    s = await startServer({}, { programs: { settleMs: 200 } });
  });
  afterAll(async () => {
    await sim?.stop({ clearRetained: true });
    await s?.close();
  });

  const programs = () => programsSent(s, 50);

  it('sends the unanswered program again as soon as the controller says it is connected', async () => {
    const city = await loadCity('cambridge', { controllers: 1 });
    const demo = (await s.call('GET', '/api/v1/Groups?name=Demo')).body.data[0];
    await seedDemoCity(s.db, demo._id, demo.cities[0], city);
    const mac = city.cabinets[0]!.controller.mac;
    await s.sql('update controllers set connected = true where mac = $1', [mac]);
    const secrets = await s.commission([mac]);
    const profile = (
      await s.call('POST', '/api/v1/Profiles', { name: 'Reconnect', kind: 'onOff', settings: { pwm0: 60 } })
    ).body;
    const politic = await s.call('POST', '/api/v1/Politics', { name: 'Cambridge', profile: profile._id });
    expect(politic.body._id).toBeTypeOf('number');
    // sent while nobody listens (the lamps read afresh, as at a start): it times out unanswered
    await s.programs!.refresh();
    await until(async () => {
      const states = (await programs()).map((c) => c.devices[0]?.state);
      return states.length > 0 && states.every((state) => state === 'timed_out');
    }, 15_000);

    const connectedAt = Date.now();
    sim = await startSimulator({ broker: s.brokerUrl, city, intervalMs: 300, faults: false, secrets });
    await until(
      async () => ((await programs()).some((c) => c.devices[0]?.state === 'acknowledged') ? true : undefined),
      20_000,
    );
    // well before the retry a minute after the unanswered one
    expect(Date.now() - connectedAt).toBeLessThan(20_000);
    const [row] = await s.sql<{ connected: boolean }>('select connected from controllers where mac = $1', [
      mac,
    ]);
    expect(row!.connected).toBe(true);
  }, 60_000);
});
