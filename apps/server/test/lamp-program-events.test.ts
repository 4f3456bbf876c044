import { describe, expect, it } from 'vitest';
import { localDay, sunNight } from '@sl/domain/astro';
import type { SimulatorHandle } from '@sl/simulator';
import { sweptFieldForSuite, until } from './field-setup.ts';
import { backend, type TestServer } from './harness.ts';

// Day burning and lamps out at night through the real broker: the server sends the lamps their programs, the
// simulator's fault controls hold one lamp lit by day or dark by night, and the detector holds it against what
// its program and the almanac ask. The clocks jump to the city's deep night and next noon, never sleeping.

let s: TestServer;
let sim: SimulatorHandle;
const GRACE_MS = 2 * 60_000;
const clock = sweptFieldForSuite((field) => ({ s, sim } = field), {
  config: { lampGraceMs: GRACE_MS },
  programs: { settleMs: 200 },
});

type Event = Record<string, unknown>;
const search = async (query: string) => {
  const res = await s.call('GET', `/api/v2/important-events/search?limit=1000&${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result.data as Event[];
};
const idOfModule = async (mac: string) =>
  (await s.call('GET', `/api/v1/LuminaryModules?mac=${mac}`)).body.data[0]._id as number;

/** The demo city's place and the night in progress there (from the last solar noon to the next). */
async function nightInProgress() {
  const [city] = await s.sql<{ lat: number; lon: number; tz: string }>(
    `select ci.lat, ci.lon, ci.timezone as tz from cities ci join controllers c on c.city = ci._id limit 1`,
  );
  const now = clock.now();
  return sunNight(city!, localDay(new Date(now.getTime() - 12 * 3_600_000), city!.tz), city!.tz);
}

/**
 * Moves both clocks forward to `at`, then lets the field report from there and one grace time more. (A reading
 * in flight across a jump of half a day is heard after it: the lamps of a jump look wrong for a moment, which no
 * real clock does; the tests look at what is open once the field has reported from the new time.)
 */
async function jumpTo(at: Date) {
  const ms = at.getTime() - clock.now().getTime();
  if (ms > 0) await clock.advance(ms);
  await clock.advance(GRACE_MS + 30_000);
}

/** Every module lit (or every one dark) by the readings heard since the last jump. */
const allReport = (code: number) =>
  until(async () => {
    const [row] = await s.sql<{ n: number }>(
      `select count(*)::int as n from luminary_modules where cl_status is distinct from $1`,
      [code],
    );
    return row!.n === 0 ? true : undefined;
  }, 15_000);

const openOf = async (type: string) => search(`type=${type}`);

describe(`lamps against their programs on ${backend}`, () => {
  it('a lamp held dark in the deep night opens LAMP_OUT_AT_NIGHT once, for it alone, solved when it burns again', async () => {
    const sun = await nightInProgress();
    const deep = new Date((sun.sunset!.getTime() + sun.sunrise!.getTime()) / 2);
    await jumpTo(deep < clock.now() ? new Date(deep.getTime() + 86_400_000) : deep);
    await allReport(1);
    await s.events.detect();
    expect(await openOf('LAMP_OUT_AT_NIGHT')).toEqual([]);

    const field = sim.controllers[0]!;
    const mac = [...field.device.lamps.keys()][0]!;
    const module = await idOfModule(mac);
    field.stickLamp(mac, false);
    const open = await until(async () => (await openOf('LAMP_OUT_AT_NIGHT'))[0]);
    expect(open).toMatchObject({ module, status: 'OPEN' });
    await Promise.all([s.events.detect(), s.events.detect(), s.events.detect()]);
    const all = await openOf('LAMP_OUT_AT_NIGHT');
    expect(all.map((e) => e._id)).toEqual([open._id]);

    field.stickLamp(mac, undefined);
    const solved = await until(async () =>
      (await search(`type=LAMP_OUT_AT_NIGHT&status=SOLVED&module=${module}`)).find((e) => e._id === open._id),
    );
    expect(solved).toMatchObject({ _id: open._id, module });
    expect(solved.closeDate).toBeTruthy();
  });

  it('a lamp held lit at noon opens DAY_BURNING once, for it alone, solved when it goes dark', async () => {
    const sun = await nightInProgress();
    await jumpTo(sun.nextNoon);
    await allReport(0);
    await s.events.detect();
    expect(await openOf('DAY_BURNING')).toEqual([]);

    const field = sim.controllers[1]!;
    const mac = [...field.device.lamps.keys()][1]!;
    const module = await idOfModule(mac);
    field.stickLamp(mac, true);
    const open = await until(async () => (await openOf('DAY_BURNING'))[0]);
    expect(open).toMatchObject({ module, status: 'OPEN', controller: expect.any(Number) });
    await Promise.all([s.events.detect(), s.events.detect(), s.events.detect()]);
    expect((await openOf('DAY_BURNING')).map((e) => e._id)).toEqual([open._id]);
    // in the daylight a lamp that is dark is not out at night
    expect(await openOf('LAMP_OUT_AT_NIGHT')).toEqual([]);

    field.stickLamp(mac, undefined);
    const solved = await until(async () =>
      (await search(`type=DAY_BURNING&status=SOLVED&module=${module}`)).find((e) => e._id === open._id),
    );
    expect(solved).toMatchObject({ _id: open._id, module });
  });
});
