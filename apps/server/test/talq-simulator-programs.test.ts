import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { levelAt } from '@sl/domain/lighting';
import { loadCity, startTalqGateway, type TalqGatewayHandle } from '@sl/simulator';
import { until } from './field-setup.ts';
import { backend, startServer, type TestServer } from './harness.ts';
import { commission } from './talq-client.ts';

// The console's lighting program through TALQ to the simulator's open gateway (issue 31 §4, §8): once the console
// assigned its calendars, each lamp burns what the console's program says at every instant of the night (the
// gateway's clock moved, not slept through), within the rounding of a level; without them it used its own sun.

let s: TestServer;
let gateway: TalqGatewayHandle;
let now = Date.now();

beforeAll(async () => {
  s = await startServer({ commandTimeoutMs: 5000 }, { programs: { settleMs: 200 } });
  const city = (await s.call('GET', '/api/v1/Cities?limit=1')).body.data[0] as {
    _id: number;
    timezone?: string;
  };
  const creds = await commission(s, 'Programmed gateway', 'http://127.0.0.1:1/unused', city._id);
  gateway = await startTalqGateway({
    cms: creds.cmsUri,
    login: creds.login,
    secret: creds.secret,
    city: await loadCity('cambridge', { controllers: 1, lampsPerCabinet: 5 }),
    reportMs: 3_600_000,
    clock: () => new Date(now),
    timeZone: city.timezone ?? 'UTC',
  });
});
afterAll(async () => {
  await gateway?.stop();
  await s?.close();
});

describe(`the console's programs on the simulator's TALQ gateway on ${backend}`, () => {
  it("burns every lamp at the console's level through the night once its calendar is assigned", async () => {
    await until(() => gateway.lamps.every((l) => gateway.programs.assigned.has(l.address)), 20_000);
    const [g] = (await s.call('GET', '/api/v2/talq/gateways')).body.result as { id: number }[];
    const modules = (await s.call('GET', `/api/v1/LuminaryModules?controller=${g!.id}&limit=100`)).body
      .data as { _id: number; uid: string }[];
    for (const lamp of gateway.lamps.slice(0, 2)) {
      const m = modules.find((x) => x.uid === lamp.address)!;
      const night = (await s.call('GET', `/api/v2/lighting/lamps/${m._id}`)).body.result as {
        points: { at: string; level: number }[];
      };
      const points = night.points.map((p) => ({ at: new Date(p.at), level: p.level }));
      expect(points.length).toBeGreaterThan(1);
      const first = points[0]!.at.getTime();
      const last = points.at(-1)!.at.getTime();
      for (let t = first - 3_600_000; t <= last + 3_600_000; t += 5 * 60_000) {
        const expected = Math.round(levelAt(points, new Date(t)));
        expect(Math.abs(gateway.programs.levelOf(lamp.address, new Date(t))! - expected)).toBeLessThanOrEqual(
          1,
        );
      }
      // the lamp's own level follows it when the gateway's clock moves (here: two hours into the night)
      now = first + 2 * 3_600_000;
      await gateway.report();
      expect(Math.abs(lamp.level - Math.round(levelAt(points, new Date(now))))).toBeLessThanOrEqual(1);
    }
  });

  it('sends everything again to a gateway that lost its programs without a resync, at the next change', async () => {
    const modules = (await s.call('GET', '/api/v1/LuminaryModules?limit=100')).body.data as {
      _id: number;
      uid: string;
    }[];
    const ours = modules.filter((m) => gateway.lamps.some((l) => l.address === m.uid));
    expect(ours.length).toBe(gateway.lamps.length);
    const profile = (
      await s.call('POST', '/api/v1/Profiles', { name: 'Kept', kind: 'onOff', settings: { pwm0: 80 } })
    ).body as { _id: number };
    for (const m of ours)
      expect(
        (await s.call('PATCH', `/api/v1/LuminaryModules/${m._id}`, { profileId: profile._id })).status,
      ).toBe(200);
    const calendarOf = (lamp: { address: string }) => gateway.programs.assigned.get(lamp.address);
    const levelsAt = (at: Date) => gateway.lamps.map((l) => gateway.programs.levelOf(l.address, at));
    const night = async () => {
      const m = ours[0]!;
      const points = (await s.call('GET', `/api/v2/lighting/lamps/${m._id}`)).body.result.points as {
        at: string;
      }[];
      return new Date((Date.parse(points[0]!.at) + Date.parse(points.at(-1)!.at)) / 2);
    };
    await until(async () => (levelsAt(await night()).every((l) => l === 80) ? true : undefined), 20_000);

    // the gateway loses its programs, calendars and assignments and says nothing (a power cut, no resync)
    gateway.programs.programs.clear();
    gateway.programs.calendars.clear();
    gateway.programs.assigned.clear();
    expect(
      (await s.call('PATCH', `/api/v1/Profiles/${profile._id}`, { settings: { pwm0: 60 } })).status,
    ).toBe(200);
    // the calendar the console believed it had is unknown to the gateway: all of it is sent again, in order
    await until(async () => (levelsAt(await night()).every((l) => l === 60) ? true : undefined), 20_000);
    expect(gateway.lamps.every((l) => gateway.programs.calendars.has(calendarOf(l)!))).toBe(true);
  });
});
