import { describe, expect, it } from 'vitest';
import type { SimulatorHandle } from '@sl/simulator';
import { COMMAND_WAIT_MS, REPORT_MS, sweptFieldForSuite, until } from './field-setup.ts';
import { backend, type TestServer } from './harness.ts';

// Device truth through the real broker: silence, last wills and recovery set cl_status and the named statuses
// (spec §4), measured by the server's clock, which the test moves together with the simulated field's.

let s: TestServer;
let sim: SimulatorHandle;
const clock = sweptFieldForSuite((field) => ({ s, sim } = field));

const moduleOf = async (mac: string) =>
  (await s.call('GET', `/api/v1/LuminaryModules?mac=${mac}`)).body.data[0] as Record<string, unknown>;
const controllerOf = async (mac: string) =>
  (await s.call('GET', `/api/v1/Controllers?mac=${mac}`)).body.data[0] as Record<string, unknown>;
const modulesBehind = async (controllerId: number) =>
  (await s.call('GET', `/api/v1/LuminaryModules?controller=${controllerId}&limit=1000`)).body.data as Record<
    string,
    unknown
  >[];

describe(`device truth on ${backend}`, () => {
  it('a module silent for three report intervals is offline and not responding; its next report brings it back', async () => {
    const field = sim.controllers[0]!;
    const [silent, other] = [...field.device.lamps.keys()];
    const working = await until(async () => {
      const m = await moduleOf(silent!);
      return m.status === 'WORKING_ON' || m.status === 'WORKING_OFF' ? m : undefined;
    });
    expect([0, 1]).toContain(working.cl_status);
    field.silence(silent!);
    // two intervals of silence are not yet offline
    await clock.advance(2 * REPORT_MS);
    await new Promise((r) => setTimeout(r, 1000));
    expect((await moduleOf(silent!)).cl_status).not.toBe(3);
    await clock.advance(2 * REPORT_MS);
    const gone = await until(async () => {
      const m = await moduleOf(silent!);
      return m.cl_status === 3 ? m : undefined;
    });
    expect(gone.status).toBe('WORKING_NOT_RESPONDING');
    // the modules still reporting stay alive
    await until(async () => ((await moduleOf(other!)).cl_status !== 3 ? true : undefined));
    field.silence(silent!, false);
    const back = await until(async () => {
      const m = await moduleOf(silent!);
      return m.cl_status !== 3 ? m : undefined;
    });
    expect(['WORKING_ON', 'WORKING_OFF']).toContain(back.status);
  });

  it("a controller's last will disconnects it and takes every module behind it offline at once; it comes back", async () => {
    const field = sim.controllers[1]!;
    const before = await until(async () => {
      const c = await controllerOf(field.mac);
      return c.status === 'CONNECTED' ? c : undefined;
    });
    field.goOffline(3000);
    const gone = await until(async () => {
      const c = await controllerOf(field.mac);
      return c.status === 'DISCONNECTED' ? c : undefined;
    });
    expect(gone).toMatchObject({ connected: false, cl_status: 3 });
    const modules = await until(async () => {
      const ms = await modulesBehind(before._id as number);
      return ms.every((m) => m.cl_status === 3) ? ms : undefined;
    });
    expect(modules.length).toBe(field.device.lamps.size);
    expect(new Set(modules.map((m) => m.status))).toEqual(new Set(['WORKING_NOT_RESPONDING']));
    await until(async () => ((await controllerOf(field.mac)).status === 'CONNECTED' ? true : undefined));
    await until(async () => {
      const ms = await modulesBehind(before._id as number);
      return ms.every((m) => m.cl_status !== 3) ? ms : undefined;
    });
  });

  it('a controller silent without a last will is disconnected by the sweep; a command to it answers Disconnected at once and is archived so', async () => {
    const field = sim.controllers[2]!;
    const c = await until(async () => {
      const c = await controllerOf(field.mac);
      return c.status === 'CONNECTED' ? c : undefined;
    });
    // a clean goodbye without the farewell state: the broker sends no last will
    await field.stop(false);
    await clock.advance(4 * REPORT_MS);
    const gone = await until(async () => {
      const found = await controllerOf(field.mac);
      return found.status === 'DISCONNECTED' ? found : undefined;
    });
    expect(gone.cl_status).toBe(3);
    const modules = await until(async () => {
      const ms = await modulesBehind(c._id as number);
      return ms.every((m) => m.status === 'WORKING_NOT_RESPONDING') ? ms : undefined;
    });
    expect(modules.length).toBe(field.device.lamps.size);
    const started = Date.now();
    const res = await s.call('POST', '/api/v2/controllers/command', { _id: c._id, command: { ping: 1 } });
    // far sooner than the answer a command sent to the field would be waited for
    expect(Date.now() - started).toBeLessThan(COMMAND_WAIT_MS / 3);
    expect(res.status).toBe(503);
    expect(res.body.code ?? res.body.error?.code ?? JSON.stringify(res.body)).toContain('DisconnectedError');
    const archive = (await s.call('GET', '/api/v2/commands?limit=1')).body;
    expect(JSON.stringify(archive)).toContain('"disconnected"');
  });
});
