import ExcelJS from 'exceljs';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, zonedInstant } from '@sl/domain/astro';
import { encodeMeterReading, topic } from '@sl/protocol';
import { rebuildDistrictHours, rebuildGroupHours, rebuildSavedHours } from '../src/energy/group-hours.ts';
import { dropOldPartitions, trimModuleHours } from '../src/field/history.ts';
import { until } from './field-setup.ts';
import { at, D, MAC, MODULE, publishEnergyField, READINGS, SERIAL, TZ } from './energy-field.ts';
import { box } from './boxes.ts';
import { backend, startServer, type Client, type TestServer } from './harness.ts';

// A meter in London reports through the broker across the night the clocks go back (a 25-hour local day), one
// phase once with 65535 (no value): the reports give exact figures per local day, week, month and period, with
// the city's day and night tariffs and CO2, from the hourly rollups, also once the raw rows are gone.

const PASSWORD = 'Lamps-2026';
let s: TestServer;
let meterId = 0;
let cabinetId = 0;
let groupId = 0;
let cityId = 0;
let secret = '';
let groupControlId = 0;
const clock = { t: new Date(), now: () => clock.t };
const users: Record<string, Client> = {};

async function create(entity: string, body: object) {
  const res = await s.call('POST', `/api/v1/${entity}`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body._id as number;
}

async function user(login: string, group: number, type: string, accessRights?: object) {
  const role = accessRights
    ? await create('Roles', { name: `Energy ${login}`, accessRights })
    : await s.plainRole();
  await create('Users', { login, password: PASSWORD, group, type, role, email: `${login}@example.org` });
  users[login] = await s.signIn(login, PASSWORD);
}

const report = async (c: Client, kind: string, query: Record<string, string | number>) => {
  const q = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return c.call('GET', `/api/v2/reports/${kind}?${q}`);
};
const localMidnight = (day: string) => zonedInstant(day, '00:00', TZ).toISOString();
const range = { start: localMidnight(addDays(D, -1)), end: localMidnight(addDays(D, 2)) };

beforeAll(async () => {
  s = await startServer({}, { clock });
  const city = await create('Cities', {
    name: { 'en-us': 'London' },
    lat: 51.5,
    lon: -0.12,
    timezone: TZ,
    tariff: 0.3,
    nightTariff: 0.1,
    nightFrom: 23,
    nightTo: 7,
    co2Factor: 400,
    currency: 'GBP',
  });
  cityId = city;
  groupId = await create('Groups', { name: 'Energy', cities: [city] });
  const elsewhere = await create('Groups', { name: 'Elsewhere', cities: [city] });
  const controller = await create('Controllers', { mac: MAC, group: groupId });
  cabinetId = await create('Cabinets', { uid: 'cabinet-energy', controller, group: groupId });
  const vendor = await create('Vendors', { name: 'Energy vendor' });
  const model = await create('LuminaryModels', { name: 'LED 100', vendor, power: 100 });
  const module = await create('LuminaryModules', { mac: MODULE, controller, group: groupId });
  await create('Luminaries', { uid: 'lamp-energy', model, controlModule: module, group: groupId });
  meterId = await create('Meters', { serial: SERIAL, cabinet: cabinetId, controller, group: groupId });
  await user('energy-admin', groupId, 'GROUPADMIN');
  await user('elsewhere-admin', elsewhere, 'GROUPADMIN');
  await user('no-meters', groupId, 'NORMAL', { Cabinets: { view: true, list: true } });
  await user('meters-only', groupId, 'NORMAL', { Meters: { view: true, list: true } });

  secret = (await s.call('POST', `/api/v2/controllers/${controller}/secret`)).body.result.secret;
  await publishEnergyField(s, secret);
  await until(async () => {
    const rows = await s.sql<{ n: string }>('select count(*)::text as n from meters_average_data');
    const hours = await s.sql<{ n: string }>('select count(*)::text as n from module_hours');
    return (Number(rows[0]!.n) === READINGS.length && Number(hours[0]!.n) === 3) || undefined;
  });
}, 60_000);
afterAll(() => s?.close());

describe(`energy reports on ${backend}`, () => {
  it('consumption per local day across the night the clocks go back, with day and night tariffs and CO2', async () => {
    const res = await report(s, 'consumption', { ...range, group: groupId, groupType: 'BY_DAY' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // a link with plain days means the same local days, first to last (it was a bare 400)
    const days = { start: addDays(D, -1), end: addDays(D, 1) };
    const byDays = await report(s, 'consumption', { ...days, group: groupId, groupType: 'BY_DAY' });
    expect(byDays.status, JSON.stringify(byDays.body)).toBe(200);
    expect(byDays.body.result).toEqual(res.body.result);
    expect(res.body.result.city).toMatchObject({ timezone: TZ, currency: 'GBP' });
    // D: 500 Wh on phase 1, 300 on phase 2 (its 65535 hour skipped); 150 Wh in the day hour, 650 at night
    expect(res.body.result.rows).toEqual([
      { period: addDays(D, -1), kwh: 0, cost: 0, co2Kg: 0 },
      { period: D, kwh: 0.8, cost: 0.11, co2Kg: 0.32 },
      { period: addDays(D, 1), kwh: 0.2, cost: 0.02, co2Kg: 0.08 },
    ]);
    expect(res.body.result.total).toEqual({ kwh: 1, cost: 0.13, co2Kg: 0.4 });
  });

  it("a district's consumption is that of the meters of the cabinets placed in it", async () => {
    const square = (lon: number) => box(lon, 51.4, lon + 0.1, 51.6);
    const west = await create('Districts', { name: 'West End', city: cityId, boundary: square(-0.2) });
    const east = await create('Districts', { name: 'East End', city: cityId, boundary: square(-0.05) });
    const placed = await s.call('PATCH', `/api/v1/Cabinets/${cabinetId}`, {
      location: { type: 'Point', coordinates: [-0.15, 51.5] },
    });
    expect(placed.body.district, JSON.stringify(placed.body)).toBe(west);
    const total = async (c: Client, district: number) => {
      const res = await report(c, 'consumption', { ...range, district, groupType: 'BY_PERIOD' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.result.total.kwh as number;
    };
    expect(await total(s, west)).toBe(1);
    expect(await total(users['energy-admin']!, west)).toBe(1);
    expect(await total(s, east)).toBeNull();
    // another group sees the district, not this group's meters in it
    expect(await total(users['elsewhere-admin']!, west)).toBeNull();
    const ind = await report(s, 'indications', { ...range, district: east });
    expect(ind.body.result.rows).toEqual([]);
    // the city's clock and tariff come from the district's city
    const one = await report(s, 'consumption', { ...range, district: west });
    expect(one.body.result.city).toMatchObject({ _id: cityId, timezone: TZ });
    expect((await report(s, 'consumption', { ...range, district: 999999 })).status).toBe(404);

    // the district's pre-summed hours follow its cabinets and their meters
    const move = async (lon: number) => {
      const res = await s.call('PATCH', `/api/v1/Cabinets/${cabinetId}`, {
        location: { type: 'Point', coordinates: [lon, 51.5] },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    await move(-0.02);
    expect([await total(s, west), await total(s, east)]).toEqual([0, 1]);
    // the districts redrawn: West End now takes the cabinet where it stands
    const redrawn = await s.call('PATCH', `/api/v1/Districts/${west}`, {
      boundary: box(-0.03, 51.4, 0, 51.6),
    });
    expect(redrawn.status, JSON.stringify(redrawn.body)).toBe(200);
    await s.call('PATCH', `/api/v1/Districts/${east}`, { boundary: square(0.3) });
    await until(async () => (await total(s, west)) === 1 || undefined);
    expect(await total(s, east)).toBe(0);
    const meter = (body: object) => s.call('PATCH', `/api/v1/Meters/${meterId}`, body);
    expect((await meter({ power_transformation: 3 })).status).toBe(200);
    expect(await total(s, west)).toBe(3);
    expect((await meter({ cabinet: null, power_transformation: 1 })).status).toBe(200);
    expect(await total(s, west)).toBe(0);
    expect((await meter({ cabinet: cabinetId })).status).toBe(200);
    expect(await total(s, west)).toBe(1);
    // within the district, a group sees its own meters: the meter in another group leaves this one's figure
    const spare = await create('Groups', { name: 'District spare', cities: [cityId] });
    expect((await meter({ group: spare })).status).toBe(200);
    expect([await total(s, west), await total(users['energy-admin']!, west)]).toEqual([1, 0]);
    expect((await meter({ group: groupId })).status).toBe(200);
    expect(await total(users['energy-admin']!, west)).toBe(1);
    // a cabinet placed in no district leaves none with its meters' hours
    await s.call('PATCH', `/api/v1/Cabinets/${cabinetId}`, { location: null });
    expect(await total(s, west)).toBe(0);
    expect(await s.sql('select district, wh from district_hours where wh <> 0')).toEqual([]);
  });

  it('groups by week (from Monday), month and period, and starts a range from the last value before it', async () => {
    const byWeek = await report(s, 'consumption', { ...range, groupType: 'BY_WEEK', cabinet: cabinetId });
    expect(byWeek.body.result.rows.map((r: { period: string; kwh: number }) => [r.period, r.kwh])).toEqual([
      [addDays(D, -6), 0.8],
      [addDays(D, 1), 0.2],
    ]);
    const byMonth = await report(s, 'consumption', { ...range, groupType: 'BY_MONTH', meter: meterId });
    expect(byMonth.body.result.rows).toEqual([{ period: D.slice(0, 7), kwh: 1, cost: 0.13, co2Kg: 0.4 }]);
    const byYear = await report(s, 'consumption', { ...range, groupType: 'BY_YEAR', meter: meterId });
    expect(byYear.body.result.rows.map((r: { period: string }) => r.period)).toEqual([D.slice(0, 4)]);
    const midDay = await report(s, 'consumption', {
      start: zonedInstant(D, '12:00', TZ).toISOString(),
      end: range.end,
      groupType: 'BY_PERIOD',
      meter: meterId,
    });
    // 23:30 on D over 11:30's values: 200 + 200 Wh, then 200 Wh on D+1
    expect(midDay.body.result.rows).toEqual([{ period: D, kwh: 0.6, cost: 0.06, co2Kg: 0.24 }]);
  });

  it('shows a period without readings empty, not 0: in the rows, the CSV and the month it falls in', async () => {
    // D+2 and D+3: the meter sent nothing (D-1: it did, and drew 0)
    const wider = { start: range.start, end: localMidnight(addDays(D, 4)), meter: String(meterId) };
    const none = { kwh: null, cost: null, co2Kg: null };
    const byDay = await report(s, 'consumption', { ...wider, groupType: 'BY_DAY' });
    expect(byDay.status, JSON.stringify(byDay.body)).toBe(200);
    expect(byDay.body.result.rows).toEqual([
      { period: addDays(D, -1), kwh: 0, cost: 0, co2Kg: 0 },
      { period: D, kwh: 0.8, cost: 0.11, co2Kg: 0.32 },
      { period: addDays(D, 1), kwh: 0.2, cost: 0.02, co2Kg: 0.08 },
      { period: addDays(D, 2), ...none },
      { period: addDays(D, 3), ...none },
    ]);
    expect(byDay.body.result.total).toEqual({ kwh: 1, cost: 0.13, co2Kg: 0.4 });
    expect(
      (await report(s, 'consumption', { ...wider, groupType: 'BY_DAY', limit: 2 })).body.result.rows,
    ).toHaveLength(2);
    const csv = await s.raw(
      'GET',
      `/api/v2/reports/consumption/export?format=csv&${new URLSearchParams(wider)}`,
    );
    expect(String(csv.body).split(/\r?\n/).slice(-2)).toEqual([`${addDays(D, 2)},,,`, `${addDays(D, 3)},,,`]);
    // a month before D's: no readings; D's month: all of them
    const month = D.slice(0, 7);
    const before = addDays(`${month}-01`, -1).slice(0, 7);
    const byMonth = await report(s, 'consumption', {
      start: localMidnight(`${before}-01`),
      end: range.end,
      meter: meterId,
      groupType: 'BY_MONTH',
    });
    expect(byMonth.body.result.rows).toEqual([
      { period: before, ...none },
      { period: month, kwh: 1, cost: 0.13, co2Kg: 0.4 },
    ]);
    // a range no period of which has a reading: its total is unknown too, not 0 kWh
    const empty = { ...wider, start: localMidnight(addDays(D, 2)), groupType: 'BY_DAY' };
    const unread = (await report(s, 'consumption', empty)).body.result;
    expect(unread.rows).toEqual([
      { period: addDays(D, 2), ...none },
      { period: addDays(D, 3), ...none },
    ]);
    expect(unread.total).toEqual(none);
  });

  it('indications at each period end and instant values, in the units of spec §9', async () => {
    const ind = await report(s, 'indications', { ...range, meter: meterId });
    // A+ per phase; A−, R+ and R− from phase 1's registers alone (phase 2 has none)
    const head = { meter: meterId, serial: SERIAL, cabinet: cabinetId };
    const p2 = (kwh: number) => ({ phase: 2, kwh, exportKwh: null, kvarh: null, exportKvarh: null });
    expect(ind.body.result.rows).toEqual([
      {
        period: addDays(D, -1),
        ...head,
        kwh: 3,
        exportKwh: 0.007,
        kvarh: 0.3,
        exportKvarh: 0.01,
        phases: [{ phase: 1, kwh: 1, exportKwh: 0.007, kvarh: 0.3, exportKvarh: 0.01 }, p2(2)],
      },
      {
        period: D,
        ...head,
        kwh: 3.8,
        exportKwh: 0.007,
        kvarh: 0.45,
        exportKvarh: 0.02,
        phases: [{ phase: 1, kwh: 1.5, exportKwh: 0.007, kvarh: 0.45, exportKvarh: 0.02 }, p2(2.3)],
      },
      {
        period: addDays(D, 1),
        ...head,
        kwh: 4,
        exportKwh: 0.007,
        kvarh: 0.48,
        exportKvarh: 0.021,
        phases: [{ phase: 1, kwh: 1.6, exportKwh: 0.007, kvarh: 0.48, exportKvarh: 0.021 }, p2(2.4)],
      },
    ]);
    const inst = await report(s, 'instant-values', {
      start: localMidnight(addDays(D, 1)),
      end: range.end,
      meter: meterId,
    });
    expect(inst.body.result.rows).toEqual([
      {
        period: addDays(D, 1),
        meter: meterId,
        serial: SERIAL,
        cabinet: cabinetId,
        powerUnit: 'kW',
        phases: [
          { phase: 1, power: 1.2, powerMax: 1.2, voltage: 230, current: 5 },
          { phase: 2, power: 0.3, powerMax: 0.3, voltage: 231, current: 2 },
        ],
      },
    ]);
  });

  it('active data: the latest reading per phase; average data per hour: active and reactive, import and export', async () => {
    const active = await s.call('GET', `/api/v1/MetersActiveData?meter=${meterId}`);
    expect(active.status).toBe(200);
    expect(active.body.result).toMatchObject({
      meter: meterId,
      serial: SERIAL,
      at: READINGS.at(-1)![0],
      powerUnit: 'kW',
      phases: [
        { phase: 1, voltage: 230, current: 5, power: 1.2, energy: 1.6 },
        { phase: 2, voltage: 231, current: 2, power: 0.3, energy: 2.4 },
      ],
    });
    // spec §7: with a sort and a date range, the readings within it (phase 2's 65535 reads 0, as the latest does)
    const ranged = await s.call(
      'GET',
      `/api/v1/MetersActiveData?meter=${meterId}&sort=date&date_gte=${at(D, '00:00')}&date_lte=${at(D, '12:00')}`,
    );
    expect(ranged.status, JSON.stringify(ranged.body)).toBe(200);
    expect(ranged.body.result.readings.map((r: { at: string }) => r.at)).toEqual([
      at(D, '00:30'),
      at(D, '11:30'),
    ]);
    expect(ranged.body.result.readings[0].phases.map((p: { energy: number }) => p.energy)).toEqual([1.2, 0]);
    const newest = await s.call('GET', `/api/v1/MetersActiveData?meter=${meterId}&sort=-date&limit=2`);
    expect(newest.body.result.readings.map((r: { at: string }) => r.at)).toEqual(
      READINGS.slice(-2)
        .map(([t]) => t)
        .reverse(),
    );
    const bad = await s.call('GET', `/api/v1/MetersActiveData?meter=${meterId}&date_gte=2026-02-30`);
    expect(bad.status).toBe(400);
    const avg = await s.call(
      'GET',
      `/api/v1/MetersAverageData?meter=${meterId}&sort=date&date_gte=${at(D, '00:00')}`,
    );
    expect(avg.status).toBe(200);
    type Average = { date: string; naP: number; naM: number; nrP: number | null; nrM: number };
    const milli = (v: number | null) => (v == null ? null : Math.round(v * 1000));
    const rows = avg.body.data.map((r: Average) => [
      r.date,
      milli(r.naP),
      milli(r.naM),
      milli(r.nrP),
      milli(r.nrM),
    ]);
    // Wh and varh: phase 1's registers alone (phase 2 has none); its unreadable reactive import at 00:00 leaves that
    // hour's R+ empty and the next rises over the last valid value; no energy given back is 0, not empty
    expect(rows).toEqual([
      [at(D, '00:00'), 100, 0, null, 2],
      [at(D, '11:00'), 150, 0, 60, 0],
      [at(D, '23:00'), 400, 0, 60, 8],
      [at(addDays(D, 1), '00:00'), 200, 0, 30, 1],
    ]);
  });

  it('energy saved: burn hours at the lamp model’s full power (at the lamp’s highest power level) against what the lamps drew', async () => {
    const res = await report(s, 'energy-saved', { ...range, group: groupId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // two hours burned at 100 W would be 200 Wh; the lamp drew 100 Wh
    // the days around it, when no lamp reported, are rows whose figures are empty, not 0
    const none = {
      key: '',
      burnHours: null,
      fullKwh: null,
      drawnKwh: null,
      savedKwh: null,
      savedShare: null,
    };
    expect(res.body.result.rows).toEqual([
      { period: addDays(D, -1), ...none },
      { period: D, key: '', burnHours: 2, fullKwh: 0.2, drawnKwh: 0.1, savedKwh: 0.1, savedShare: 0.5 },
      { period: addDays(D, 1), ...none },
    ]);
    const byProfile = await report(s, 'energy-saved', { ...range, by: 'profile' });
    // (every group's report, on its first city's clock: the range may touch one more day there)
    type Saved = { period: string; key: string | null; savedKwh: number | null };
    const saved: Saved[] = byProfile.body.result.rows;
    expect(saved.filter((r) => r.savedKwh !== null)).toEqual([
      expect.objectContaining({ period: D, key: null, savedKwh: 0.1 }),
    ]);
    expect(saved.filter((r) => r.savedKwh === null).map((r) => r.key)).toEqual(['', '', '']);
    expect((await report(users['meters-only']!, 'energy-saved', range)).status).toBe(403);
  });

  it('counts an hour’s saving under the program that ran it; a rebuild puts it under the lamp’s program now', async () => {
    const profile = await create('Profiles', { name: 'Saved later', group: groupId });
    const [module] = await s.sql<{ _id: number }>('select _id from luminary_modules where mac = $1', [
      MODULE,
    ]);
    expect(
      (await s.call('PATCH', `/api/v1/LuminaryModules/${module!._id}`, { profileId: profile })).status,
    ).toBe(200);
    const byProfile = async () =>
      (
        await report(s, 'energy-saved', { ...range, by: 'profile', groupType: 'BY_PERIOD' })
      ).body.result.rows.map((r: { key: string | null; savedKwh: number }) => [r.key, r.savedKwh]);
    expect(await byProfile()).toEqual([[null, 0.1]]);
    const raw = {
      query: (text: string, params: unknown[]) => s.sql(text, params).then((rows) => ({ rows })),
    };
    expect(await rebuildSavedHours(raw)).toEqual({ written: 3, dropped: 3 });
    expect(await byProfile()).toEqual([[String(profile), 0.1]]);
    expect(
      (await s.call('PATCH', `/api/v1/LuminaryModules/${module!._id}`, { profileId: null })).status,
    ).toBe(200);
    await rebuildSavedHours(raw);
    expect(await byProfile()).toEqual([[null, 0.1]]);
    // a lamp whose driver is capped at 80 % would have drawn 2 h at 80 W undimmed: the saving is counted from that
    const [lamp] = await s.sql<{ _id: number }>("select _id from luminaries where uid = 'lamp-energy'");
    const cap = (maxPowerLevel: number | null) =>
      s.call('PATCH', `/api/v1/Luminaries/${lamp!._id}`, { maxPowerLevel });
    expect((await cap(80)).status).toBe(200);
    await rebuildSavedHours(raw);
    expect(await byProfile()).toEqual([[null, 0.06]]);
    expect((await cap(null)).status).toBe(200);
    await rebuildSavedHours(raw);
    expect(await byProfile()).toEqual([[null, 0.1]]);
  });

  it('a group control’s consumption is what the lamps now in it drew: its sockets’ modules, a lamp naming it', async () => {
    const gc = await create('GroupControl', { name: 'Energy street', id: 41, group: groupId });
    groupControlId = gc;
    const kwh = async (c: Client, query: Record<string, string | number> = {}) => {
      const res = await report(c, 'consumption', {
        ...range,
        groupType: 'BY_PERIOD',
        groupControl: gc,
        ...query,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.result.total;
    };
    expect((await kwh(s)).kwh).toBeNull();
    // the lamp's module in a socket that names the group control, as the lighting program reads it
    const [module] = await s.sql<{ _id: number }>('select _id from luminary_modules where mac = $1', [
      MODULE,
    ]);
    const pole = await create('LuminarySupports', {
      uid: 'pole-energy',
      group: groupId,
      sockets: [{ luminaryModule: module!._id, groupControl: gc }],
    });
    // 100 Wh drawn from 18:10 to 20:10 UTC (local 18 to 20, day tariff 0.3 GBP, 400 g/kWh)
    expect(await kwh(s)).toEqual({ kwh: 0.1, cost: 0.03, co2Kg: 0.04 });
    expect((await kwh(users['energy-admin']!)).kwh).toBe(0.1);
    // its energy saved is counted under the group control the socket names (the hours came before the mounting:
    // rebuilt, as at ingest, by the same lookup)
    const raw = {
      query: (text: string, params: unknown[]) => s.sql(text, params).then((rows) => ({ rows })),
    };
    await rebuildSavedHours(raw);
    const savedBy = await report(s, 'energy-saved', { ...range, by: 'groupControl', groupType: 'BY_PERIOD' });
    expect(savedBy.status, JSON.stringify(savedBy.body)).toBe(200);
    expect(
      savedBy.body.result.rows.map((r: { key: string | null; savedKwh: number }) => [r.key, r.savedKwh]),
    ).toEqual([[String(gc), 0.1]]);
    // a mounting whose sockets hold a module is in use: emptied first, then removed
    expect((await s.call('PATCH', `/api/v1/LuminarySupports/${pole}`, { sockets: [] })).status).toBe(200);
    expect((await s.call('DELETE', `/api/v1/LuminarySupports/${pole}`)).status).toBe(200);
    expect((await kwh(s)).kwh).toBeNull();
    // or a lamp that names it itself
    const [lamp] = await s.sql<{ _id: number }>("select _id from luminaries where uid = 'lamp-energy'");
    expect((await s.call('PATCH', `/api/v1/Luminaries/${lamp!._id}`, { profileGroup: gc })).status).toBe(200);
    expect((await kwh(s)).kwh).toBe(0.1);
    // but not where its socket names another: the socket's group control outranks the lamp's, as in its program
    const another = await create('GroupControl', { name: 'Another street', id: 42, group: groupId });
    const across = await create('LuminarySupports', {
      uid: 'pole-energy-across',
      group: groupId,
      sockets: [{ luminaryModule: module!._id, groupControl: another }],
    });
    expect((await kwh(s)).kwh).toBeNull();
    expect((await kwh(s, { groupControl: another })).kwh).toBe(0.1);
    expect((await s.call('PATCH', `/api/v1/LuminarySupports/${across}`, { sockets: [] })).status).toBe(200);
    expect((await s.call('DELETE', `/api/v1/LuminarySupports/${across}`)).status).toBe(200);
    expect((await kwh(s)).kwh).toBe(0.1);
    const other = await report(users['elsewhere-admin']!, 'consumption', { ...range, groupControl: gc });
    expect(other.status).toBe(404);
    const narrower = await report(s, 'consumption', { ...range, groupControl: gc, cabinet: cabinetId });
    expect(narrower.body).toMatchObject({ code: 'IsInvalidError', fields: ['groupControl', 'cabinet'] });
    const metered = await report(s, 'indications', { ...range, groupControl: gc });
    expect(metered.body).toMatchObject({ code: 'IsInvalidError', fields: ['groupControl'] });
    // a lamp whose model has no rated power burns and draws, but saves nothing (never a negative saving)
    const [model] = await s.sql<{ _id: number }>("select _id from luminary_models where name = 'LED 100'");
    const power = (watts: number | null) =>
      s.call('PATCH', `/api/v1/LuminaryModels/${model!._id}`, { power: watts });
    expect((await power(null)).status).toBe(200);
    await rebuildSavedHours(raw);
    const saved = await report(s, 'energy-saved', { ...range, groupType: 'BY_PERIOD', group: groupId });
    expect(saved.body.result.rows).toMatchObject([{ burnHours: 2, fullKwh: 0, drawnKwh: 0, savedKwh: 0 }]);
    expect((await kwh(s)).kwh).toBe(0.1);
    expect((await power(100)).status).toBe(200);
    await s.call('PATCH', `/api/v1/Luminaries/${lamp!._id}`, { profileGroup: null });
    await rebuildSavedHours(raw);
  });

  it('exports a report as CSV and as Excel, titles in the user’s language, numbers as numbers', async () => {
    const q = new URLSearchParams({ ...range, meter: String(meterId) });
    const csv = await s.raw('GET', `/api/v2/reports/consumption/export?format=csv&${q}`, undefined, {
      'accept-language': 'ru',
    });
    expect(csv.status).toBe(200);
    expect(String(csv.body).split(/\r?\n/)).toEqual([
      'Период,"Энергия, кВт·ч","Стоимость, GBP","CO2, кг"',
      `${addDays(D, -1)},0,0,0`,
      `${D},0.8,0.11,0.32`,
      `${addDays(D, 1)},0.2,0.02,0.08`,
    ]);
    const cookie = [...s.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(`${s.url}/api/v2/reports/indications/export?format=xlsx&${q}`, {
      headers: { cookie, 'accept-language': 'en' },
    });
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const rows = book.worksheets[0]!.getSheetValues()
      .filter(Boolean)
      .map((r) => (r as unknown[]).slice(1));
    expect(rows).toEqual([
      [
        'Period',
        'Meter',
        'Phase A, kWh',
        'Phase B, kWh',
        'Phase C, kWh',
        'Total, kWh',
        'A−, kWh',
        'R+, kvarh',
        'R−, kvarh',
      ],
      [addDays(D, -1), SERIAL, 1, 2, undefined, 3, 0.007, 0.3, 0.01],
      [D, SERIAL, 1.5, 2.3, undefined, 3.8, 0.007, 0.45, 0.02],
      [addDays(D, 1), SERIAL, 1.6, 2.4, undefined, 4, 0.007, 0.48, 0.021],
    ]);
  });

  it('today so far by default, on the city clock', async () => {
    clock.t = zonedInstant(addDays(D, 1), '12:00', TZ);
    const res = await report(s, 'consumption', { meter: meterId });
    expect(res.body.result).toMatchObject({
      groupType: 'BY_DAY',
      start: localMidnight(addDays(D, 1)),
      end: clock.t.toISOString(),
      rows: [{ period: addDays(D, 1), kwh: 0.2 }],
    });
    const bad = await report(s, 'consumption', { groupType: 'BY_HOUR' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('IsInvalidError');
    const backwards = await report(s, 'consumption', { start: range.end, end: range.start });
    expect(backwards.body).toMatchObject({ code: 'IsInvalidError', fields: ['start', 'end'] });
  });

  it('group scoping and rights: Meters view for reports, MetersAverageData view for average data', async () => {
    const own = await report(users['energy-admin']!, 'consumption', range);
    expect(own.body.result.total.kwh).toBe(1);
    const other = await report(users['elsewhere-admin']!, 'consumption', { ...range, group: groupId });
    expect(other.body.result.total.kwh).toBeNull();
    expect(
      (await report(users['elsewhere-admin']!, 'consumption', { ...range, cabinet: cabinetId })).status,
    ).toBe(404);
    expect(
      (await users['elsewhere-admin']!.call('GET', `/api/v1/MetersActiveData?meter=${meterId}`)).status,
    ).toBe(404);
    expect((await report(users['no-meters']!, 'indications', range)).status).toBe(403);
    expect((await users['no-meters']!.call('GET', `/api/v1/MetersActiveData?meter=${meterId}`)).status).toBe(
      403,
    );
    expect((await report(users['meters-only']!, 'indications', range)).status).toBe(200);
    expect(
      (await users['meters-only']!.call('GET', `/api/v1/MetersAverageData?meter=${meterId}`)).status,
    ).toBe(403);
  });

  it('keeps the figures once the raw readings are past the retention', async () => {
    await dropOldPartitions(s.db, 1);
    const readings = await s.sql<{ n: string }>(
      'select count(*)::text as n from meter_readings where serial = $1',
      [SERIAL],
    );
    expect(readings[0]!.n).toBe('0');
    const res = await report(s, 'consumption', { ...range, meter: meterId, groupType: 'BY_PERIOD' });
    expect(res.body.result.total).toEqual({ kwh: 1, cost: 0.13, co2Kg: 0.4 });
    // the modules' hours go with the raw readings; their days' rises stay, and what reads them says the same
    const saved = async () =>
      (await report(s, 'energy-saved', { ...range, groupType: 'BY_PERIOD', group: groupId })).body.result
        .rows;
    const savedBefore = await saved();
    expect(await trimModuleHours(s.db, 1)).toBe(3);
    expect(await s.sql('select 1 from module_hours where mac = $1', [MODULE])).toEqual([]);
    const raw = {
      query: (text: string, params: unknown[]) => s.sql(text, params).then((rows) => ({ rows })),
    };
    await rebuildSavedHours(raw);
    expect(await saved()).toEqual(savedBefore);
    const [lamp] = await s.sql<{ _id: number }>("select _id from luminaries where uid = 'lamp-energy'");
    const lampIn = (gc: number | null) =>
      s.call('PATCH', `/api/v1/Luminaries/${lamp!._id}`, { profileGroup: gc });
    expect((await lampIn(groupControlId)).status).toBe(200);
    const lit = await report(s, 'consumption', {
      ...range,
      groupType: 'BY_DAY',
      groupControl: groupControlId,
    });
    expect(lit.body.result.rows.map((r: { kwh: number | null }) => r.kwh)).toEqual([null, 0.1, null]);
    expect((await lampIn(null)).status).toBe(200);
  });

  it('moves the next hour’s average data when a reading arrives late', async () => {
    const late = at(D, '11:45');
    const meter = await mqtt.connectAsync(s.brokerUrl, { clientId: MAC, username: MAC, password: secret });
    const phases = [
      { phase: 1 as const, voltage: 23000, current: 5000, power: 50000, energy: 1350 },
      { phase: 2 as const, voltage: 23100, current: 2000, power: 20000, energy: 2100 },
    ];
    await meter.publishAsync(topic(MAC, 'meter'), encodeMeterReading({ serial: SERIAL, at: late, phases }), {
      qos: 1,
    });
    await meter.endAsync();
    const naP = async (hour: string) => {
      const res = await s.call('GET', `/api/v1/MetersAverageData?meter=${meterId}&date=${hour}`);
      return Math.round(res.body.data[0].naP * 1000);
    };
    // 11:00 now rises 150 + 50 Wh; 23:00 rises from 1350 and 2100: 150 + 200 Wh
    await until(async () => (await naP(at(D, '11:00'))) === 200 || undefined);
    expect(await naP(at(D, '23:00'))).toBe(350);
    // the late reading has no reactive registers: the hour's R+ keeps what the others gave it
    const [hour] = (await s.call('GET', `/api/v1/MetersAverageData?meter=${meterId}&date=${at(D, '11:00')}`))
      .body.data;
    expect(Math.round(hour.nrP * 1000)).toBe(60);
  });

  it('a whole group’s figures follow its meters: a late reading, a ratio, a move to another group', async () => {
    const total = async (query: Record<string, string | number>) =>
      (await report(s, 'consumption', { ...range, groupType: 'BY_PERIOD', ...query })).body.result.total.kwh;
    // the late reading of the test before moved the meter's hours; the group's pre-summed hours moved with them
    const own = await total({ meter: meterId });
    expect(await total({ group: groupId })).toBe(own);
    const patch = (body: object) => s.call('PATCH', `/api/v1/Meters/${meterId}`, body);
    expect((await patch({ power_transformation: 2 })).status).toBe(200);
    expect(await total({ meter: meterId })).toBe(own * 2);
    expect(await total({ group: groupId })).toBe(own * 2);
    const spare = await create('Groups', { name: 'Energy spare', cities: [cityId] });
    expect((await patch({ group: spare, power_transformation: 1 })).status).toBe(200);
    expect(await total({ group: groupId })).toBe(0);
    expect(await total({ group: spare })).toBe(own);
    expect((await patch({ group: groupId })).status).toBe(200);
    expect(await total({ group: spare })).toBe(0);
    expect(await total({ group: groupId })).toBe(own);
    // every group's (an administrator's with no group chosen): the groups' pre-summed hours and a meter in none
    expect(await total({})).toBe(own);
    expect((await patch({ group: null })).status).toBe(200);
    expect(await total({ group: groupId })).toBe(0);
    expect(await total({})).toBe(own);
    expect((await patch({ group: groupId })).status).toBe(200);
    expect(await total({})).toBe(own);
    // a meter whose readings made average data is not removed, and its group's figures stay whole
    const removal = await s.call('DELETE', `/api/v1/Meters/${meterId}`);
    expect(removal.status).toBe(409);
    expect(removal.body).toMatchObject({ code: 'IsUsedError' });
    expect(await total({ group: groupId })).toBe(own);
    // one that never reported is removed, and takes nothing from its group
    const spareMeter = await create('Meters', { serial: 'E-SPARE-1', group: groupId });
    expect((await s.call('DELETE', `/api/v1/Meters/${spareMeter}`)).status).toBe(200);
    expect(await total({ group: groupId })).toBe(own);
  });

  it('rebuilds the groups’ pre-summed hours from the meters’ own (npm run rollups:rebuild)', async () => {
    const total = async (group: number) =>
      (await report(s, 'consumption', { ...range, groupType: 'BY_PERIOD', group })).body.result.total.kwh;
    const own = await total(groupId);
    expect(own).toBeGreaterThan(0);
    // what a meter edited during a flush can leave: a group's hours counted twice, and hours no meter has
    await s.sql('update group_hours set wh = wh * 2 where "group" = $1', [groupId]);
    await s.sql(`insert into group_hours ("group", hour, wh) values ($1, $2, 5000)`, [
      groupId + 1e6,
      range.start,
    ]);
    expect(await total(groupId)).not.toBe(own);
    const raw = {
      query: (text: string, params: unknown[]) => s.sql(text, params).then((rows) => ({ rows })),
    };
    const { written, dropped } = await rebuildGroupHours(raw);
    expect(written).toBeGreaterThan(0);
    // the hours no meter has (and those a meter's moves left at zero in the groups it left)
    expect(dropped).toBeGreaterThanOrEqual(1);
    expect(await s.sql('select 1 from group_hours where "group" = $1', [groupId + 1e6])).toEqual([]);
    expect(await total(groupId)).toBe(own);
    // a district's and the energy saved likewise
    const district = await create('Districts', {
      name: 'Rebuilt',
      city: cityId,
      boundary: box(1, 51, 2, 52),
    });
    await s.call('PATCH', `/api/v1/Cabinets/${cabinetId}`, {
      location: { type: 'Point', coordinates: [1.5, 51.5] },
    });
    const inDistrict = async () =>
      (await report(s, 'consumption', { ...range, groupType: 'BY_PERIOD', district })).body.result.total.kwh;
    expect(await inDistrict()).toBe(own);
    const saved = async () =>
      (await report(s, 'energy-saved', { ...range, groupType: 'BY_PERIOD', group: groupId })).body.result
        .rows;
    const savedBefore = await saved();
    await s.sql('update district_hours set wh = wh * 2');
    await s.sql('update saved_hours set wh = 0');
    expect([await inDistrict(), (await saved())[0].drawnKwh]).not.toEqual([own, savedBefore[0].drawnKwh]);
    expect((await rebuildDistrictHours(raw)).written).toBeGreaterThan(0);
    expect((await rebuildSavedHours(raw)).written).toBeGreaterThan(0);
    expect(await inDistrict()).toBe(own);
    expect(await saved()).toEqual(savedBefore);
    await s.call('PATCH', `/api/v1/Cabinets/${cabinetId}`, { location: null });
  });
});
