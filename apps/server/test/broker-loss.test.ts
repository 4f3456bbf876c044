import net from 'node:net';
import { Aedes } from 'aedes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatorHandle } from '@sl/simulator';
import { startField, until } from './field-setup.ts';
import { backend, type TestServer } from './harness.ts';

// The broker goes away and comes back: commands meanwhile end as TimeOut, health says so, and control recovers.

let port = 0;
let stopBroker: () => Promise<void>;
async function brokerOn(wanted: number) {
  const aedes = await Aedes.createBroker();
  const server = net.createServer(aedes.handle);
  await new Promise<void>((resolve) => server.listen(wanted, '127.0.0.1', resolve));
  port = (server.address() as net.AddressInfo).port;
  stopBroker = async () => {
    await new Promise<void>((resolve) => aedes.close(() => resolve()));
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}

let s: TestServer;
let sim: SimulatorHandle;
let close: () => Promise<void>;
beforeAll(async () => {
  await brokerOn(0);
  ({ s, sim, close } = await startField(1, `mqtt://127.0.0.1:${port}`));
});
afterAll(async () => {
  await close?.();
  await stopBroker?.();
});

describe(`broker loss on ${backend}`, () => {
  it('answers TimeOut while the broker is gone, and recovers when it returns', async () => {
    const mac = sim.city.cabinets[0]!.modules[0]!.mac;
    const dim = () => s.call('GET', `/api/v1/control/lighting?by=mac&mac=${mac}&raw=44`);
    expect((await dim()).body.code).toBe(0);

    await stopBroker();
    const during = await dim();
    expect(during.body).toMatchObject({ code: 1, msg: 'Error timeout' });
    const archived = (await s.call('GET', `/api/v2/commands/${during.body.commandId}`)).body.result;
    expect(archived.devices[0].state).toBe('timed_out');
    expect((await s.call('GET', '/health')).status).toBe(503);

    await brokerOn(port);
    await until(async () => ((await s.call('GET', '/health')).status === 200 ? true : undefined), 15_000);
    const after = await until(async () => {
      const res = await dim();
      return res.body.code === 0 ? res : undefined;
    }, 15_000);
    expect(after.body.raw).toMatchObject({ mac, pwm: 44 });
  });
});
