import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCity, startTalqGateway, type TalqGatewayHandle } from '@sl/simulator';
import { until } from './field-setup.ts';
import { backend, startServer, type TestServer } from './harness.ts';
import { commission } from './talq-client.ts';

// The simulator's open TALQ gateway (issue 31 §8) against the console: commissioned in the console, it bootstraps,
// announces the city's lamps, reports their state, and follows the console's dim with its feedback and a report.

let s: TestServer;
let gateway: TalqGatewayHandle;

// the bootstrap announces a few hundred lamps: over a minute on a loaded CI machine
beforeAll(async () => {
  s = await startServer({ commandTimeoutMs: 5000 });
  const city = (await s.call('GET', '/api/v1/Cities?limit=1')).body.data[0]._id as number;
  const creds = await commission(s, 'Simulated gateway', 'http://127.0.0.1:1/unused', city);
  gateway = await startTalqGateway({
    cms: creds.cmsUri,
    login: creds.login,
    secret: creds.secret,
    city: await loadCity('cambridge', { controllers: 2 }),
    reportMs: 60_000,
  });
}, 180_000);
afterAll(async () => {
  await gateway?.stop();
  await s?.close();
});

type Module = { _id: number; uid: string; pwm: number | null; controller: number };
const modulesOf = async (controller: number) =>
  (await s.call('GET', `/api/v1/LuminaryModules?controller=${controller}&limit=1000`)).body.data as Module[];

describe(`the simulator's TALQ gateway on ${backend}`, () => {
  it('bootstraps, and its lamps are the gateway’s modules, in the state it reported', async () => {
    const [g] = (await s.call('GET', '/api/v2/talq/gateways')).body.result as {
      id: number;
      state: string;
      gatewayUri: string;
    }[];
    expect(g).toMatchObject({ state: 'ready', gatewayUri: gateway.url });
    const modules = await modulesOf(g!.id);
    expect(modules.map((m) => m.uid).sort()).toEqual(gateway.lamps.map((l) => l.address).sort());
    for (const l of gateway.lamps.slice(0, 5))
      expect(modules.find((m) => m.uid === l.address)!.pwm).toBe(l.level);
    // a lamp the gateway reports is no fault: it has no phase to be connected to (TALQ tells none)
    await s.events.detect();
    const open = (await s.call('GET', '/api/v2/important-events/counts')).body.result as Record<
      string,
      number
    >;
    expect(Object.entries(open).filter(([, n]) => n > 0)).toEqual([]);
  });

  it('takes its GatewayFunction from the console and answers no other CMS', async () => {
    // the console PATCHed it after answering the announcement (TALQ §5.1)
    await until(() => gateway.counters.gatewayPatches > 0);
    expect(gateway.cmsAddress()).toMatch(/^[0-9a-f-]{36}$/);
    const lamp = gateway.lamps[0]!;
    const read = (clientAddress?: string) =>
      fetch(
        `${gateway.url}/devices/${lamp.address}/lamp/actualLightState?talqRequestId=${crypto.randomUUID()}` +
          (clientAddress ? `&clientAddress=${clientAddress}` : ''),
        { headers: { 'talq-api-version': '2.7.1' } },
      );
    expect((await read(gateway.cmsAddress())).status).toBe(200);
    expect((await read(crypto.randomUUID())).status).toBe(403);
    expect((await read()).status).toBe(400);
  });

  it('follows a dim from the console: done after its feedback, and the lamp reports its new level', async () => {
    const [g] = (await s.call('GET', '/api/v2/talq/gateways')).body.result as { id: number }[];
    const lamp = gateway.lamps[3]!;
    const m = (await modulesOf(g!.id)).find((x) => x.uid === lamp.address)!;
    const level = lamp.level === 30 ? 40 : 30;
    const res = await s.call('GET', `/api/v1/control/lighting?by=id&id=${m._id}&raw=${level}`);
    expect(res.body).toMatchObject({ code: 0 });
    expect(lamp.level).toBe(level);
    // the gateway's feedback PATCH was answered after the command was done by it
    await until(async () => (gateway.counters.feedbacks > 0 ? true : undefined), 5000);
    await until(
      async () => ((await modulesOf(g!.id)).find((x) => x._id === m._id)!.pwm === level ? true : undefined),
      10_000,
    );
  });

  it("reads a lamp's attribute from the gateway on demand and keeps it; other modules have no TALQ side", async () => {
    const [g] = (await s.call('GET', '/api/v2/talq/gateways')).body.result as { id: number }[];
    const lamp = gateway.lamps[5]!;
    const m = (await modulesOf(g!.id)).find((x) => x.uid === lamp.address)!;
    const described = (await s.call('GET', `/api/v2/talq/modules/${m._id}`)).body.result as {
      address: string;
      gateway: { id: number; state: string };
      functions: { id: string; type: string; readable: string[]; attributes: { name: string }[] }[];
    };
    expect(described).toMatchObject({ address: lamp.address, gateway: { id: g!.id, state: 'ready' } });
    const fn = described.functions.find((f) => f.type === 'LampActuatorFunction')!;
    expect(fn.readable).toContain('actualLightState');
    // the lamp changes in the field without telling the console: only a read from the gateway can know it
    const level = lamp.level === 17 ? 18 : 17;
    lamp.override = { level, until: Date.now() + 3_600_000 };
    lamp.level = level;
    const read = await s.call('GET', `/api/v2/talq/modules/${m._id}/read/${fn.id}/actualLightState`);
    expect(read.status).toBe(200);
    expect(read.body.result).toMatchObject({
      name: 'actualLightState',
      type: 'AttributeLevelState',
      value: { value: level },
    });
    const kept = (await s.call('GET', `/api/v2/talq/modules/${m._id}`)).body.result.functions.find(
      (f: { id: string }) => f.id === fn.id,
    ).attributes as { name: string; value: unknown }[];
    expect(kept.find((a) => a.name === 'actualLightState')?.value).toEqual({
      name: 'LevelState',
      value: level,
    });
    const of = (path: string) => s.call('GET', `/api/v2/talq/modules/${m._id}/read/${path}`);
    // the lamp monitor's power at that level, as the gateway measures it
    const monitor = described.functions.find((f) => f.type === 'LampMonitorFunction')!;
    expect((await of(`${monitor.id}/activePower`)).body.result).toMatchObject({
      type: 'AttributeFloat',
      value: Math.round(lamp.watts * level) / 100,
    });
    // an attribute the data model does not give the function, one the gateway does not serve, a function it lacks
    expect((await of(`${fn.id}/noSuchAttribute`)).body).toMatchObject({
      code: 'NotFoundError',
      fields: ['attribute'],
    });
    expect((await of(`${fn.id}/maintenanceFactor`)).body).toMatchObject({ code: 'NotFoundError' });
    expect((await of('nofunction/actualLightState')).body).toMatchObject({ fields: ['functionId'] });
    // a module of an MQTT controller
    const mqtt = (await s.call('GET', '/api/v1/LuminaryModules?limit=1000')).body.data.find(
      (x: Module) => x.controller !== g!.id,
    ) as Module | undefined;
    if (mqtt) {
      expect((await s.call('GET', `/api/v2/talq/modules/${mqtt._id}`)).body).toEqual({ result: null });
      expect(
        (await s.call('GET', `/api/v2/talq/modules/${mqtt._id}/read/lamp/actualLightState`)).status,
      ).toBe(404);
    }
  });

  it("takes the console's logger configurations and reports as they say: a shorter period, more often", async () => {
    await until(() => (gateway.loggers.configs.size === 2 ? true : undefined), 10_000);
    const [sampling] = gateway.loggers.samplings(60_000);
    expect(sampling!.periodMs).toBe(15 * 60_000);
    const measurements = gateway.loggers.configs.get(sampling!.logger)!;
    // the console's own logger, its sampling every second: the gateway's own minute no longer applies
    const faster = structuredClone(measurements);
    faster.recordingMode!.samplingProfiles![0]!.samplingPeriod = 'PT1S';
    const put = (body: unknown) =>
      fetch(
        `${gateway.url}/logger-configs/${measurements.address}?clientAddress=${gateway.cmsAddress()}` +
          `&talqRequestId=${crypto.randomUUID()}`,
        {
          method: 'PUT',
          headers: { 'talq-api-version': '2.7.1', 'content-type': 'application/json' },
          body: JSON.stringify(body),
        },
      );
    expect((await put({ ...faster, recordingMode: { type: 'PeriodicRecordingMode' } })).status).toBe(400);
    const before = gateway.counters.reports;
    expect((await put(faster)).status).toBe(200);
    await until(() => (gateway.counters.reports >= before + 2 ? true : undefined), 5000);
    // what the logger asks beyond the unconfigured report reaches the console: the lamps' operating hours
    const [g] = (await s.call('GET', '/api/v2/talq/gateways')).body.result as { id: number }[];
    const hours = async () =>
      ((await modulesOf(g!.id)) as (Module & { runh: number | null })[]).every((m) => m.runh !== null)
        ? true
        : undefined;
    await until(hours, 10_000);
    expect((await put(measurements)).status).toBe(200);
  });
});
