import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatorHandle } from '@sl/simulator';
import { MOSQUITTO, startField, until } from './field-setup.ts';
import { backend, type TestServer } from './harness.ts';

// Dimming and phase switching through the real broker, answered by the simulated field, with the archive.

let s: TestServer;
let sim: SimulatorHandle;

let close: () => Promise<void>;

describe.each([
  ['embedded broker', undefined],
  ['Mosquitto', MOSQUITTO],
])(`control through the %s on ${backend}`, (_name, mqttUrl) => {
  beforeAll(async () => {
    ({ s, sim, close } = await startField(3, mqttUrl));
  });
  afterAll(() => close?.());

  const dim = (query: string) => s.call('GET', `/api/v1/control/lighting?${query}`);
  /** Empties the sockets that hold these modules: a module stands in one socket only (IsUsedError otherwise). */
  const release = async (...moduleIds: number[]) => {
    const supports = (await s.call('GET', '/api/v1/LuminarySupports?limit=10000')).body.data as {
      _id: number;
      sockets: { luminaryModule?: number }[];
    }[];
    for (const p of supports.filter((x) => x.sockets.some((k) => moduleIds.includes(k.luminaryModule!))))
      expect(
        (
          await s.call('PATCH', `/api/v1/LuminarySupports/${p._id}`, {
            sockets: p.sockets.map((k) =>
              moduleIds.includes(k.luminaryModule!) ? { ...k, luminaryModule: null } : k,
            ),
          })
        ).status,
      ).toBe(200);
  };

  describe(`lighting control on ${backend}`, () => {
    it('goes through the broker it names', async () => {
      expect((await s.call('GET', '/health')).body.broker).toMatchObject({
        kind: mqttUrl ? 'external' : 'embedded',
        connected: true,
      });
    });

    it('dims one lamp by its MAC, and its reported state follows', async () => {
      const mac = sim.city.cabinets[0]!.modules[0]!.mac;
      const res = await dim(`by=mac&mac=${mac}&raw=37`);
      expect(res.body).toMatchObject({ code: 0, msg: '', raw: { mac, pwm: 37 } });
      const m = await until(async () => {
        const row = (await s.call('GET', `/api/v1/LuminaryModules?mac=${mac}`)).body.data[0];
        return row.pwm === 37 ? row : undefined;
      });
      expect(m.pwm).toBe(37);
      const archived = (await s.call('GET', `/api/v2/commands/${res.body.commandId}`)).body.result;
      expect(archived).toMatchObject({
        type: 'dim',
        payload: { pwm: 37 },
        devices: [{ state: 'acknowledged', code: 0 }],
      });
    });

    it('answers code 3 for a module it does not know', async () => {
      const res = await dim('by=mac&mac=024DFFFFFFFFFFFF&raw=50');
      expect(res.body).toMatchObject({ code: 3, msg: 'Control module not found' });
    });

    it('dims a whole controller and a segment, counting every controller', async () => {
      const controller = (await s.call('GET', `/api/v1/Controllers?mac=${sim.controllers[1]!.mac}`)).body
        .data[0];
      const one = await dim(`by=controller&id=${controller._id}&raw=60`);
      expect(one.body).toMatchObject({
        code: 0,
        counts: { controllers: 1, acknowledged: 1, failed: 0, timedOut: 0 },
      });
      const modules = (await s.call('GET', '/api/v1/LuminaryModules?limit=1000000&inc=mac')).body.data as {
        _id: number;
      }[];
      await s.sql('update luminary_modules set segment = 7');
      const all = await dim('by=segment&segment=7&raw=80');
      expect(all.body.counts).toMatchObject({ controllers: 3, modules: modules.length, acknowledged: 3 });
    });

    it('dims the lamps of one mounting as one command: those in its sockets and those that name it', async () => {
      const [a, b, c, other] = sim.city.cabinets[0]!.modules;
      const idOf = async (mac: string) =>
        (await s.call('GET', `/api/v1/LuminaryModules?mac=${mac}`)).body.data[0]._id as number;
      await release(await idOf(a!.mac), await idOf(b!.mac), await idOf(c!.mac));
      const support = (
        await s.call('POST', '/api/v1/LuminarySupports', {
          uid: 'three-arm post',
          // the third socket free: a module that names the mounting goes into it
          socketCount: 3,
          sockets: [{ luminaryModule: await idOf(a!.mac) }, { luminaryModule: await idOf(b!.mac) }],
        })
      ).body;
      await s.call('PATCH', `/api/v1/LuminaryModules/${await idOf(c!.mac)}`, {
        luminarySupport: support._id,
      });
      const pwm = 23;
      const res = await dim(`by=support&id=${support._id}&raw=${pwm}`);
      expect(res.body).toMatchObject({ code: 0, counts: { modules: 3, acknowledged: 1, failed: 0 } });
      for (const m of [a!, b!, c!])
        await until(async () => {
          const row = (await s.call('GET', `/api/v1/LuminaryModules?mac=${m.mac}`)).body.data[0];
          return row.pwm === pwm ? row : undefined;
        });
      // the module beside them on the same controller was not dimmed
      const beside = (await s.call('GET', `/api/v1/LuminaryModules?mac=${other!.mac}`)).body.data[0];
      expect(beside.pwm).not.toBe(pwm);
      const archived = (await s.call('GET', `/api/v2/commands/${res.body.commandId}`)).body.result;
      expect(archived).toMatchObject({ type: 'dim', target: { by: 'support', id: support._id } });

      expect((await dim('by=support&id=999999&raw=10')).body).toMatchObject({ code: 3 });
      expect((await dim('by=support&raw=10')).body).toMatchObject({ code: 'IsInvalidError', fields: ['id'] });
    });

    it('dims the modules selected in a list as one command, across controllers, and refuses a bad selection', async () => {
      const picked = [sim.city.cabinets[0]!.modules[5]!, sim.city.cabinets[1]!.modules[5]!];
      const idOf = async (mac: string) =>
        (await s.call('GET', `/api/v1/LuminaryModules?mac=${mac}`)).body.data[0]._id as number;
      const ids = [await idOf(picked[0]!.mac), await idOf(picked[1]!.mac)];
      const pwm = 17;
      const res = await dim(`by=ids&ids=${ids.join(',')}&raw=${pwm}`);
      expect(res.body).toMatchObject({ code: 0, counts: { controllers: 2, modules: 2, acknowledged: 2 } });
      for (const m of picked)
        await until(async () => {
          const row = (await s.call('GET', `/api/v1/LuminaryModules?mac=${m.mac}`)).body.data[0];
          return row.pwm === pwm ? row : undefined;
        });
      const beside = sim.city.cabinets[0]!.modules[6]!;
      expect((await s.call('GET', `/api/v1/LuminaryModules?mac=${beside.mac}`)).body.data[0].pwm).not.toBe(
        pwm,
      );
      const archived = (await s.call('GET', `/api/v2/commands/${res.body.commandId}`)).body.result;
      expect(archived).toMatchObject({ type: 'dim', target: { by: 'ids', ids } });

      expect((await dim('by=ids&ids=999999&raw=10')).body).toMatchObject({ code: 3 });
      for (const bad of [
        'by=ids&raw=10',
        'by=ids&ids=1,x&raw=10',
        `by=ids&ids=${Array.from({ length: 1001 }, (_, i) => i + 1).join(',')}&raw=10`,
      ]) {
        const refused = await dim(bad);
        expect(refused.status).toBe(400);
        expect(refused.body).toMatchObject({ code: 'IsInvalidError', fields: ['ids'] });
      }
    });

    it('dims the lamps in the sockets that name a control group, across controllers', async () => {
      const lamps = [sim.city.cabinets[1]!.modules[0]!, sim.city.cabinets[2]!.modules[0]!];
      const group = (await s.call('POST', '/api/v1/GroupControl', { name: 'Evening pair', id: 4321 })).body;
      for (const [i, lamp] of lamps.entries()) {
        const module = (await s.call('GET', `/api/v1/LuminaryModules?mac=${lamp.mac}`)).body.data[0];
        await release(module._id);
        await s.call('POST', '/api/v1/LuminarySupports', {
          uid: `group post ${i}`,
          sockets: [{ luminaryModule: module._id, groupControl: group._id }],
        });
      }
      const res = await dim(`by=group&group=${group._id}&raw=31`);
      expect(res.body).toMatchObject({
        code: 0,
        counts: { controllers: 2, modules: 2, acknowledged: 2, failed: 0 },
      });
      for (const lamp of lamps)
        await until(async () => {
          const row = (await s.call('GET', `/api/v1/LuminaryModules?mac=${lamp.mac}`)).body.data[0];
          return row.pwm === 31 ? row : undefined;
        });
    });

    it('reports a silent controller as timed out, never as done', async () => {
      sim.controllers[2]!.goOffline(60_000);
      const res = await dim('by=segment&segment=7&raw=20');
      expect(res.body.code).toBe(1);
      expect(res.body.msg).toBe('Error timeout');
      expect(res.body.counts).toMatchObject({ acknowledged: 2, timedOut: 1 });
      const archived = (await s.call('GET', `/api/v2/commands/${res.body.commandId}`)).body.result;
      expect(archived.devices.map((d: { state: string }) => d.state).sort()).toEqual([
        'acknowledged',
        'acknowledged',
        'timed_out',
      ]);
    });

    it('switches cabinet phases and answers the new iostate', async () => {
      const mac = sim.controllers[0]!.mac;
      const res = await s.call('GET', `/api/v1/control/controller?by=mac&mac=${mac}&sw1=1&sw2=0`);
      expect(res.body.code).toBe(0);
      const io = res.body.raw.iostate as number;
      expect((io >> 5) & 1).toBe(1);
      expect((io >> 6) & 1).toBe(0);
      const json = await s.call(
        'GET',
        `/api/v1/control/controller?by=mac&mac=${mac}&raw=${encodeURIComponent('{"set":{"sw3":1}}')}`,
      );
      expect((json.body.raw.iostate >> 7) & 1).toBe(1);
    });

    it('refuses bad control input with catalogue errors', async () => {
      expect((await dim('by=mac&mac=x&raw=101')).body).toMatchObject({ code: 'IsInvalidError' });
      expect((await dim('by=segment&raw=10')).body).toMatchObject({
        code: 'IsInvalidError',
        fields: ['segment'],
      });
      expect((await dim('by=sky&raw=10')).status).toBe(400);
      expect((await s.call('GET', '/api/v1/control/controller?by=mac&mac=X&raw=nope')).body.code).toBe(
        'IsInvalidError',
      );
    });

    it('needs the command right: the demo user is refused', async () => {
      const demo = await s.demo();
      expect((await demo.call('GET', '/api/v1/control/lighting?by=segment&segment=7&raw=10')).body.code).toBe(
        'demoUser',
      );
    });
  });

  describe(`module configuration on ${backend}`, () => {
    it('sends module parameters inside the spec ranges and refuses any outside', async () => {
      const m = (await s.call('GET', `/api/v1/LuminaryModules?mac=${sim.city.cabinets[0]!.modules[1]!.mac}`))
        .body.data[0];
      const ok = await s.call('POST', '/api/v2/lamp-modules/params', {
        id: m._id,
        minPwm: 1,
        maxPwm: 100,
        radioChannel: 15,
        radioPower: 14,
      });
      expect(ok.body).toMatchObject({ error: false, result: { code: 0 } });
      for (const [field, value] of [
        ['minPwm', 0],
        ['minPwm', 100],
        ['maxPwm', 29],
        ['maxPwm', 101],
        ['radioChannel', 16],
        ['radioPower', 15],
        ['radioPower', -1],
      ] as const) {
        const res = await s.call('POST', '/api/v2/lamp-modules/params', { id: m._id, [field]: value });
        expect(res.body, `${field}=${value}`).toMatchObject({ code: 'IsInvalidError', fields: [field] });
      }
    });

    it('switches meter reading on a controller', async () => {
      const c = (await s.call('GET', `/api/v1/Controllers?mac=${sim.controllers[0]!.mac}`)).body.data[0];
      const res = await s.call('POST', '/api/v2/controllers/configure-option-meter', {
        id: c._id,
        enabled: true,
      });
      expect(res.body.result).toEqual({ _id: c._id, readingMeter: true });
      expect((await s.call('GET', `/api/v1/Controllers/${c._id}`)).body.readingMeter).toBe(true);
      // the controller itself was told, and what it reports is what the console shows
      expect(sim.controllers[0]!.device.readingMeter).toBe(true);
      const off = await s.call('POST', '/api/v2/controllers/configure-option-meter', {
        id: c._id,
        enabled: false,
      });
      expect(off.body.result).toEqual({ _id: c._id, readingMeter: false });
      expect(sim.controllers[0]!.device.readingMeter).toBe(false);
      sim.controllers[0]!.device.readingMeter = true;
      await until(async () =>
        (await s.call('GET', `/api/v1/Controllers/${c._id}`)).body.readingMeter === true ? true : undefined,
      );
    });

    it('assigns modules to a controller and phase, all or nothing', async () => {
      const target = (await s.call('GET', `/api/v1/Controllers?mac=${sim.controllers[1]!.mac}`)).body.data[0];
      const ids = (await s.call('GET', '/api/v1/LuminaryModules?limit=2&sort=_id&inc=mac')).body.data.map(
        (m: { _id: number }) => m._id,
      );
      const res = await s.call('POST', '/api/v2/lamp-modules/assign', {
        field_type: 'id',
        assign: [{ controller: target._id, phase: 3, modules: ids }],
      });
      expect(res.body.result).toEqual({ updated: 2 });
      const moved = (await s.call('GET', `/api/v1/LuminaryModules/${ids[0]}`)).body;
      expect(moved).toMatchObject({ controller: target._id, phase: 3 });
      const bad = await s.call('POST', '/api/v2/lamp-modules/assign', {
        field_type: 'id',
        assign: [
          { controller: target._id, phase: 1, modules: ids },
          { controller: target._id, phase: 1, modules: [999999] },
        ],
      });
      expect(bad.body).toMatchObject({ code: 'NotFoundError', fields: ['modules'] });
      expect((await s.call('GET', `/api/v1/LuminaryModules/${ids[0]}`)).body.phase).toBe(3);
    });
  });
});
