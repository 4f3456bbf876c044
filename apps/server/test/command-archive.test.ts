import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatorHandle } from '@sl/simulator';
import { startField } from './field-setup.ts';
import { backend, type Client, type TestServer } from './harness.ts';

// Who did what (issue 15): the commands archive filtered by user, controller, type, time and outcome, with the
// user's login, and only the caller's group's commands.

let s: TestServer;
let sim: SimulatorHandle;
let close: () => Promise<void>;
let offline: { _id: number; mac: string };
let adminId: number;

const page = async (c: Client, query: string) => {
  const res = await c.call('GET', `/api/v2/commands?limit=100&${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result as {
    total: number;
    data: { _id: number; id: number; login: string; type: string }[];
  };
};

beforeAll(async () => {
  ({ s, sim, close } = await startField(2));
  adminId = (await s.call('GET', '/api/v1/Users?login=admin')).body.data[0]._id;
  const demo = (await s.call('GET', '/api/v1/Groups?name=Demo')).body.data[0];
  offline = (await s.call('POST', '/api/v1/Controllers', { mac: '0243ABCD0001', group: demo._id })).body;
  await s.call('POST', '/api/v1/LuminaryModules', { mac: '024DABCD00000001', controller: offline._id });
});
afterAll(() => close?.());

describe(`the commands archive's filters on ${backend}`, () => {
  it('finds a command by controller, outcome, type, user and time, with who sent it', async () => {
    const started = new Date(Date.now() - 1000).toISOString();
    const answered = sim.controllers[0]!.mac;
    const ok = await s.call(
      'GET',
      `/api/v1/control/lighting?by=mac&mac=${sim.city.cabinets[0]!.modules[0]!.mac}&raw=41`,
    );
    expect(ok.body.code).toBe(0);
    const silent = await s.call('GET', `/api/v1/control/lighting?by=controller&id=${offline._id}&raw=42`);
    expect(silent.body.code).toBe(1);

    const ids = (p: { data: { id: number }[] }) => p.data.map((c) => c.id);
    const byController = await page(s, `controller=${answered.toLowerCase()}`);
    expect(ids(byController)).toContain(ok.body.commandId);
    expect(ids(byController)).not.toContain(silent.body.commandId);
    expect(ids(await page(s, 'outcome=timed_out'))).toEqual([silent.body.commandId]);
    const acknowledged = await page(s, 'outcome=acknowledged&outcome=failed');
    expect(ids(acknowledged)).toContain(ok.body.commandId);
    expect(ids(acknowledged)).not.toContain(silent.body.commandId);
    const mine = await page(s, `user=${adminId}&type=dim&from=${started}`);
    expect(ids(mine).sort()).toEqual([ok.body.commandId, silent.body.commandId].sort());
    expect(mine.data.every((c) => c.login === 'admin')).toBe(true);
    expect((await page(s, `to=${started}&type=dim`)).total).toBe(0);
    expect((await page(s, `user=${adminId + 999}`)).total).toBe(0);
    const one = (await s.call('GET', `/api/v2/commands/${silent.body.commandId}`)).body.result;
    expect(one).toMatchObject({
      login: 'admin',
      devices: [{ controllerMac: offline.mac, state: 'timed_out' }],
    });
  });

  it("shows another group's administrator none of these commands", async () => {
    const other = await s.adminOfNewGroup('Archive elsewhere');
    expect((await page(other, 'type=dim')).total).toBe(0);
    const any = (await page(s, 'type=dim')).data[0]!;
    expect((await other.call('GET', `/api/v2/commands/${any.id}`)).body.code).toBe('NotFoundError');
  });

  it('refuses filters it cannot read, naming them', async () => {
    for (const [query, field] of [
      ['outcome=done', 'outcome'],
      ['controller=zz', 'controller'],
      ['from=yesterday', 'from'],
      ['user=abc', 'user'],
      ['type=%00', 'type'],
      ['colour=red', 'colour'],
    ]) {
      const res = await s.call('GET', `/api/v2/commands?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.code).toBe('IsInvalidError');
      expect(res.body.fields, query).toContain(field);
    }
  });
});
