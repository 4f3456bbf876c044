import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, startServer, type Client, type TestServer } from './harness.ts';

// Availability (issue 14, Analytics): lamps in London, outage events opened and solved at known instants over two
// days of June 2025, overlapping on one lamp, one begun before the period and one still open; a lamp installed in
// the middle; events of other types and of lamps elsewhere; the exact share of lamp-hours each caller sees.

const PASSWORD = 'Lamps-2026';
const TZ = 'Europe/London';
const period = { start: '2025-06-01T00:00:00.000Z', end: '2025-06-03T00:00:00.000Z' };
const clock = { t: new Date(), now: () => clock.t };
let s: TestServer;
let groupId = 0;
let cityId = 0;
const users: Record<string, Client> = {};

async function create(entity: string, body: object) {
  const res = await s.call('POST', `/api/v1/${entity}`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body._id as number;
}

let macs = 0;
/** a luminaire with its control module; returns the module's id */
async function lamp(group: number, installationDate: string) {
  const mac = `0A00000000${String(++macs).padStart(6, '0')}`;
  const module = await create('LuminaryModules', { mac, group });
  await create('Luminaries', { uid: `lamp-${macs}`, controlModule: module, group, installationDate });
  return module;
}

/** an event as the detector writes it; `to` null: still open */
/** the outages of the period, written once every device is made (a write of a module runs event detection) */
const history: [string, string, string, string | null, number][] = [];
async function event(module: number, type: string, from: string, to: string | null) {
  history.push([type, to ? 'SOLVED' : 'OPEN', from, to, module]);
}

async function writeHistory() {
  await s.events.detect();
  const rows = history.splice(0);
  // what detection opened for these modules gives way to their history here
  await s.sql(`delete from important_events where module = any($1::bigint[])`, [rows.map((r) => r[4])]);
  for (const row of rows)
    await s.sql(
      `insert into important_events (type, status, open_date, close_date, module, device)
      values ($1, $2, $3::timestamptz, $4::timestamptz, $5::bigint, 'module:' || $5::bigint)`,
      row,
    );
}

async function user(login: string, group: number, type: string, accessRights?: object) {
  const role = accessRights
    ? await create('Roles', { name: `Availability ${login}`, accessRights })
    : await s.plainRole();
  await create('Users', { login, password: PASSWORD, group, type, role, email: `${login}@example.org` });
  users[login] = await s.signIn(login, PASSWORD);
}

const ask = async (c: Client, query: Record<string, string | number> = {}) => {
  const q = new URLSearchParams(Object.entries({ ...period, ...query }).map(([k, v]) => [k, String(v)]));
  return c.call('GET', `/api/v2/reports/availability?${q}`);
};
const figures = async (c: Client, query: Record<string, string | number> = {}) => {
  const res = await ask(c, query);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const { lamps, lampHours, outageHours, availability, end } = res.body.result;
  return { lamps, lampHours, outageHours, availability, end };
};

beforeAll(async () => {
  s = await startServer({}, { clock });
  cityId = await create('Cities', { name: { 'en-us': 'London' }, lat: 51.5, lon: -0.12, timezone: TZ });
  groupId = await create('Groups', { name: 'Available', cities: [cityId] });
  const elsewhere = await create('Groups', { name: 'Elsewhere', cities: [cityId] });

  // two outages of one lamp overlapping from 04:00 to 06:00: 6 hours out, not 8
  const one = await lamp(groupId, '2025-01-01');
  await event(one, 'LAMP_BROKEN', '2025-06-01T02:00:00Z', '2025-06-01T06:00:00Z');
  await event(one, 'MODULE_NOT_RESPONDING', '2025-06-01T04:00:00Z', '2025-06-01T08:00:00Z');
  // not an outage: the lamp may still burn
  await event(one, 'MODULE_NOT_ASSIGN_TO_SUPPORT', '2025-05-01T00:00:00Z', null);
  await event(one, 'DAY_BURNING', '2025-06-01T10:00:00Z', '2025-06-01T12:00:00Z');
  // silent since the evening before the period (3 hours within it), then out at night and still open (3 hours)
  const two = await lamp(groupId, '2025-01-01');
  await event(two, 'MODULE_NOT_RESPONDING', '2025-05-31T20:00:00Z', '2025-06-01T03:00:00Z');
  await event(two, 'LAMP_OUT_AT_NIGHT', '2025-06-02T21:00:00Z', null);
  // installed on 2 June, London's midnight (23:00 UTC): 25 lamp-hours, broken for its first 2
  const three = await lamp(groupId, '2025-06-02');
  await event(three, 'LAMP_BROKEN', '2025-06-01T20:00:00Z', '2025-06-02T01:00:00Z');
  await lamp(groupId, '2025-01-01');
  // no lamp: a luminaire without a module, a module without a luminaire
  await create('Luminaries', { uid: 'lamp-no-module', group: groupId, installationDate: '2025-01-01' });
  const bare = await create('LuminaryModules', { mac: '0AFF000000000001', group: groupId });
  await event(bare, 'LAMP_BROKEN', '2025-05-01T00:00:00Z', null);
  // another group's lamp, out the whole period
  const theirs = await lamp(elsewhere, '2025-01-01');
  await event(theirs, 'LAMP_BROKEN', '2025-05-01T00:00:00Z', null);
  await writeHistory();

  await user('available-admin', groupId, 'GROUPADMIN');
  await user('elsewhere-admin', elsewhere, 'GROUPADMIN');
  await user('modules-viewer', groupId, 'NORMAL', { LuminaryModules: { view: true, list: true } });
  await user('meters-only', groupId, 'NORMAL', { Meters: { view: true, list: true } });
}, 60_000);
afterAll(() => s?.close());

describe(`lamp availability on ${backend}`, () => {
  it('is the share of lamp-hours without an open outage, overlapping outages counted once', async () => {
    // 48 + 48 + 25 + 48 lamp-hours; 6 + 6 + 2 hours out
    const expected = { lamps: 4, lampHours: 169, outageHours: 14, availability: 0.917159, end: period.end };
    expect(await figures(users['available-admin']!)).toEqual(expected);
    expect(await figures(users['modules-viewer']!)).toEqual(expected);
    expect(await figures(s, { group: groupId })).toEqual(expected);
  });

  it("keeps each group to its own lamps; an admin without a group sees every group's", async () => {
    expect(await figures(users['elsewhere-admin']!, { group: groupId })).toEqual({
      lamps: 1,
      lampHours: 48,
      outageHours: 48,
      availability: 0,
      end: period.end,
    });
    expect(await figures(s, { city: cityId })).toMatchObject({
      lamps: 5,
      lampHours: 217,
      outageHours: 62,
      availability: 0.714285,
    });
    // no group and no city: UTC's clock, on which the lamp installed on 2 June counts from 00:00 UTC
    expect(await figures(s)).toMatchObject({
      lamps: 5,
      lampHours: 216,
      outageHours: 61,
      availability: 0.717592,
    });
  });

  it('ends at now: the hours to come are neither available nor out; a period still to come has no figure', async () => {
    const was = clock.t;
    clock.t = new Date('2025-06-02T00:00:00Z');
    try {
      // 24 + 24 + 1 + 24 lamp-hours; 6 + 3 + 1 out (the night outage of 2 June has not begun)
      expect(await figures(users['available-admin']!)).toEqual({
        lamps: 3 + 1,
        lampHours: 73,
        outageHours: 10,
        availability: 0.863013,
        end: '2025-06-02T00:00:00.000Z',
      });
      expect(
        await figures(users['available-admin']!, {
          start: '2025-07-01T00:00:00.000Z',
          end: '2025-08-01T00:00:00.000Z',
        }),
      ).toMatchObject({ lamps: 0, lampHours: 0, availability: null });
    } finally {
      clock.t = was;
    }
  });

  it('keeps its count of lamps as lamps and modules are added, changed, removed and restored', async () => {
    // the kept starts against the lamps counted afresh, as the query before them counted
    const kept = () =>
      s.sql(`select "group"::int g, installed_on::text d, entered_at e, n::int from lamp_starts where n <> 0
        order by 1, 2, 3`);
    const counted = () =>
      s.sql(`select coalesce(l."group", 0)::int g, l.installation_date::text d,
          case when l.installation_date is null then l.created_at end e, count(*)::int n
        from luminaries l join luminary_modules m on m._id = l.control_module and m.deleted_at is null
        where l.deleted_at is null group by 1, 2, 3 order by 1, 2, 3`);
    const keptModules = () =>
      s.sql(`select module::int, "group"::int g, installed_on::text d, entered_at e, n::int from lamp_modules
        order by 1, 2`);
    const countedModules = () =>
      s.sql(`select l.control_module::int module, coalesce(l."group", 0)::int g, min(l.installation_date)::text d,
          min(l.created_at) filter (where l.installation_date is null) e, count(*)::int n
        from luminaries l join luminary_modules m on m._id = l.control_module and m.deleted_at is null
        where l.deleted_at is null group by 1, 2 order by 1, 2`);
    const same = async (step: string) => {
      expect(await kept(), step).toEqual(await counted());
      expect(await keptModules(), step).toEqual(await countedModules());
    };
    const patch = async (id: number, body: object) =>
      expect((await s.call('PATCH', `/api/v1/Luminaries/${id}`, body)).status).toBe(200);
    await same('as made');
    const module = await create('LuminaryModules', { mac: '0AEE000000000001', group: groupId });
    const other = await create('LuminaryModules', { mac: '0AEE000000000002', group: groupId });
    const id = await create('Luminaries', { uid: 'lamp-changing', controlModule: module, group: groupId });
    await same('a lamp entered without an installation date');
    await patch(id, { installationDate: '2025-06-02' });
    await same('dated');
    await patch(id, { group: null });
    await same('out of its group');
    await patch(id, { controlModule: other });
    await same('on another module');
    // the console refuses to remove a module a lamp names (409); a statement can
    await s.sql('update luminary_modules set deleted_at = now() where _id = $1', [other]);
    await same('its module removed');
    await s.sql('update luminary_modules set deleted_at = null where _id = $1', [other]);
    await same('its module restored');
    expect((await s.call('DELETE', `/api/v1/Luminaries/${id}`)).status).toBe(200);
    await same('the lamp removed');
    await s.sql('update luminaries set deleted_at = null where _id = $1', [id]);
    await same('the lamp restored');
    // rows gone for good, and a lamp whose module is entered after it
    await s.sql('delete from luminary_modules where _id = $1', [other]);
    await same('its module deleted');
    await s.sql(
      `insert into luminary_modules (_id, mac, "group") overriding system value values ($1, '0AEE000000000003', $2)`,
      [other, groupId],
    );
    await same('its module entered again');
    await s.sql('delete from luminaries where _id = $1', [id]);
    await same('the lamp deleted');
    // the figures the test began with are as they were
    expect(await figures(users['available-admin']!)).toMatchObject({
      lamps: 4,
      lampHours: 169,
      outageHours: 14,
    });
    // a second lamp on the first lamp's module is out whenever its module is: 48 lamp-hours, 6 of them out
    const [first] = await s.sql<{ m: number }>(
      `select control_module::int m from luminaries where uid = 'lamp-1'`,
    );
    const twin = await create('Luminaries', {
      uid: 'lamp-twin',
      controlModule: first!.m,
      group: groupId,
      installationDate: '2025-01-01',
    });
    await same('two lamps on one module');
    expect(await figures(users['available-admin']!)).toMatchObject({
      lamps: 5,
      lampHours: 217,
      outageHours: 20,
    });
    expect((await s.call('DELETE', `/api/v1/Luminaries/${twin}`)).status).toBe(200);
  });

  it('needs the view right of lamp modules, as the energy-saved report, and a period that ends after it starts', async () => {
    expect((await ask(users['meters-only']!)).status).toBe(403);
    expect((await s.anonymous().call('GET', '/api/v2/reports/availability')).status).toBe(401);
    const reversed = await ask(s, { start: period.end, end: period.start });
    expect(reversed.status).toBe(400);
    expect(reversed.body.code).toBe('IsInvalidError');
    const bads: Record<string, string>[] = [
      { start: '' },
      { start: 'yesterday' },
      { end: '2025-06-02\u0000' },
      { group: 'x'.repeat(5000) },
    ];
    for (const bad of bads) {
      const res = await ask(s, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.code).toBe('IsInvalidError');
    }
    // a group or a city that is not there
    expect((await ask(s, { group: 99_999_999 })).status).toBe(404);
    expect((await ask(users['available-admin']!, { city: 99_999_999 })).status).toBe(404);
  });

  it('cuts the share down, never up: one lamp out for 5 s in five months is not 100 % available', async () => {
    const tiny = await create('Groups', { name: 'Tiny outage', cities: [cityId] });
    const module = await lamp(tiny, '2025-01-01');
    await event(module, 'LAMP_BROKEN', '2025-03-01T12:00:00Z', '2025-03-01T12:00:05Z');
    await writeHistory();
    const { lampHours, availability } = await figures(s, { group: tiny, start: '2025-01-01T00:00:00.000Z' });
    // 5 s of 3,672 h (153 days): 0.99999962, which rounding would have made 1
    expect(lampHours).toBe(3672);
    expect(availability).toBe(0.999999);
  });
});
