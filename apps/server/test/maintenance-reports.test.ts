import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { box } from './boxes.ts';
import { backend, startServer, type Client, type TestServer } from './harness.ts';

// The maintenance reports of issue 32 through the running server: orders written with known opening, done and due
// times, and the reports' counts, medians, 90th percentiles and shares checked to the figure; who sees what; bad
// input answered from the catalogue; the CSV and Excel files read back.

let s: TestServer;
let dispatcher: Client;
let group: number;
let city: number;
const HOUR = 3_600_000;
const id = { lamp: 0, cabinet: 0, day: 0, night: 0, west: 0, east: 0, support: 0, box: 0 };

type Row = Record<string, unknown>;
type Order = {
  status: string;
  faultKind?: number | null;
  crew?: number | null;
  created: Date;
  done?: Date | null;
  due?: Date | null;
  supports?: number[];
  cabinets?: number[];
  group?: number;
  deleted?: boolean;
};

async function post(c: Client, path: string, body: Row) {
  const res = await c.call('POST', path, body);
  expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body._id as number;
}

/** Orders as a long-lived database holds them: opened, done and due when the test says, not now. */
async function insertOrders(orders: Order[]) {
  for (const [i, o] of orders.entries())
    await s.sql(
      `insert into work_orders (title, status, fault_kind, crew, created_at, done_at, due_date, supports, cabinets,
         "group", deleted_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        `report order ${i}`,
        o.status,
        o.faultKind ?? null,
        o.crew ?? null,
        o.created.toISOString(),
        o.done?.toISOString() ?? null,
        o.due?.toISOString() ?? null,
        o.supports ?? null,
        o.cabinets ?? null,
        o.group ?? group,
        o.deleted ? o.created.toISOString() : null,
      ],
    );
}

const query = (q: Row) => new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]));
const report = (c: Client, type: string, q: Row = {}) =>
  c.call('GET', `/api/v2/reports/maintenance/${type}?${query(q)}`);
const result = async (c: Client, type: string, q: Row = {}) => {
  const res = await report(c, type, q);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result as Row & { rows: Row[]; total: Row };
};

const at = (iso: string) => new Date(iso);
const later = (d: Date, hours: number) => new Date(d.getTime() + hours * HOUR);
/** a repair done on 10 June 2025 (UTC), `hours` after the order was opened, due `dueIn` hours after it opened */
const done = (doneAt: string, hours: number, dueIn: number | null, o: Partial<Order>): Order => {
  const created = later(at(doneAt), -hours);
  return {
    status: 'DONE',
    created,
    done: at(doneAt),
    due: dueIn === null ? null : later(created, dueIn),
    ...o,
  };
};
const JUNE_10 = { start: '2025-06-10', end: '2025-06-10' };

beforeAll(async () => {
  s = await startServer();
  dispatcher = await s.adminOfNewGroup('Maintenance reports');
  group = Number((await dispatcher.call('GET', '/auth/me')).body.group?._id);
  expect(group).toBeGreaterThan(0);
  // five hours ahead of UTC: its local 10 June ends at 19:00 UTC
  city = await post(s, '/api/v1/Cities', {
    name: { 'en-us': 'Yekaterinburg', ru: 'Екатеринбург' },
    lat: 56.8,
    lon: 60.6,
    timezone: 'Asia/Yekaterinburg',
  });
  id.west = await post(s, '/api/v1/Districts', { name: 'West bank', city, boundary: box(60, 56, 60.5, 57) });
  id.east = await post(s, '/api/v1/Districts', { name: 'East bank', city, boundary: box(60.5, 56, 61, 57) });
  const point = (lon: number) => ({ type: 'Point', coordinates: [lon, 56.5] });
  id.support = await post(dispatcher, '/api/v1/LuminarySupports', { uid: 'MR-1', location: point(60.2) });
  id.box = await post(dispatcher, '/api/v1/Cabinets', { uid: 'MR-K', location: point(60.8) });
  const [placed] = await s.sql<{ s: number; k: number }>(
    `select (select district from luminary_supports where _id = $1)::int as s,
       (select district from cabinets where _id = $2)::int as k`,
    [id.support, id.box],
  );
  expect(placed).toEqual({ s: id.west, k: id.east });
  const kind = (name: string) => post(s, '/api/v1/FaultKinds', { name, hoursMedium: 24 });
  id.lamp = await kind('Lamp out (report test)');
  id.cabinet = await kind('Cabinet fault (report test)');
  id.day = await post(dispatcher, '/api/v1/Crews', { name: 'Day crew' });
  id.night = await post(dispatcher, '/api/v1/Crews', { name: 'Night crew' });

  const lamp = { faultKind: id.lamp, crew: id.day, supports: [id.support] };
  const cabinet = { faultKind: id.cabinet, crew: id.night };
  await insertOrders([
    // lamps, in the West bank, by the day crew: 2, 4, 6, 8 and 10 hours; the last one past its 5-hour due date
    done('2025-06-10T08:00:00Z', 2, 24, lamp),
    done('2025-06-10T10:00:00Z', 4, 24, { ...lamp, status: 'VERIFIED' }),
    done('2025-06-10T12:00:00Z', 6, 24, lamp),
    done('2025-06-10T14:00:00Z', 8, 24, lamp),
    done('2025-06-10T16:00:00Z', 10, 5, lamp),
    // cabinets, in no district, by the night crew, late in the (UTC) day: 1 hour with no service level, 3 within 4
    done('2025-06-10T20:00:00Z', 1, null, cabinet),
    done('2025-06-10T22:00:00Z', 3, 4, cabinet),
    // no fault kind, no crew, at a cabinet in the East bank: 7 hours, no service level
    done('2025-06-10T12:00:00Z', 7, null, { status: 'VERIFIED', cabinets: [id.box] }),
    // not done in the range, or not done at all: none of these count
    done('2025-06-11T00:00:00Z', 1, 24, lamp),
    done('2025-06-09T23:59:00Z', 1, 24, lamp),
    { status: 'CANCELLED', ...lamp, created: at('2025-06-10T01:00:00Z') },
    done('2025-06-10T12:00:00Z', 1, 24, { ...lamp, deleted: true }),
  ]);
  const now = new Date();
  await insertOrders([
    { status: 'NEW', faultKind: id.lamp, created: later(now, -2), due: later(now, 22) },
    { status: 'ASSIGNED', ...lamp, created: later(now, -30), due: later(now, -6) },
    { status: 'IN_PROGRESS', ...lamp, created: later(now, -100), due: later(now, -76) },
    { status: 'REOPENED', ...cabinet, created: later(now, -200) },
    // reopened: its repair is not done (no doneAt), the order is open again
    { status: 'REOPENED', ...lamp, created: later(now, -400) },
    { status: 'NEW', created: later(now, -1000) },
    // not open
    { status: 'DONE', ...cabinet, created: later(now, -5), done: now },
    { status: 'VERIFIED', ...lamp, created: later(now, -50), done: later(now, -40) },
    { status: 'CANCELLED', ...lamp, created: later(now, -3) },
    { status: 'NEW', ...lamp, created: later(now, -3), deleted: true },
  ]);
}, 120_000);

afterAll(() => s?.close());

describe(`maintenance reports on ${backend}`, () => {
  it('counts the open orders by fault kind and age, the late ones apart, the orders of no fault kind a row of their own', async () => {
    const open = await result(dispatcher, 'open-orders');
    expect(open.ageBoundsHours).toEqual([24, 72, 168, 720]);
    expect(open.rows).toEqual([
      { key: id.cabinet, name: 'Cabinet fault (report test)', ages: [0, 0, 0, 1, 0], open: 1, late: 0 },
      { key: id.lamp, name: 'Lamp out (report test)', ages: [1, 1, 1, 1, 0], open: 4, late: 2 },
      { key: null, name: null, ages: [0, 0, 0, 0, 1], open: 1, late: 0 },
    ]);
    expect(open.total).toEqual({ ages: [1, 1, 1, 2, 1], open: 6, late: 2 });
  });

  it('times the repairs done in the range by fault kind: median, 90th percentile, share within the service level', async () => {
    const byKind = await result(dispatcher, 'repair-times', JUNE_10);
    expect(byKind).toMatchObject({
      by: 'faultKind',
      start: '2025-06-10T00:00:00.000Z',
      end: '2025-06-11T00:00:00.000Z',
      city: { timezone: 'UTC' },
    });
    expect(byKind.rows).toEqual([
      {
        key: id.cabinet,
        name: 'Cabinet fault (report test)',
        done: 2,
        medianHours: 2,
        p90Hours: 2.8,
        withinServiceLevel: 1,
        withoutServiceLevel: 1,
        withinShare: 1,
      },
      {
        key: id.lamp,
        name: 'Lamp out (report test)',
        done: 5,
        medianHours: 6,
        p90Hours: 9.2,
        withinServiceLevel: 4,
        withoutServiceLevel: 0,
        withinShare: 0.8,
      },
      {
        key: null,
        name: null,
        done: 1,
        medianHours: 7,
        p90Hours: 7,
        withinServiceLevel: 0,
        withoutServiceLevel: 1,
        withinShare: null,
      },
    ]);
    // all eight: 1 2 3 4 | 6 7 8 10
    expect(byKind.total).toEqual({
      done: 8,
      medianHours: 5,
      p90Hours: 8.6,
      withinServiceLevel: 5,
      withoutServiceLevel: 2,
      withinShare: 0.8333,
    });
  });

  it('groups them by the district of the order’s first device, and by crew', async () => {
    const byDistrict = await result(dispatcher, 'repair-times', { ...JUNE_10, by: 'district' });
    expect(byDistrict.rows.map((r) => [r.key, r.name, r.done, r.medianHours, r.p90Hours])).toEqual([
      [id.east, 'East bank', 1, 7, 7],
      [id.west, 'West bank', 5, 6, 9.2],
      [null, null, 2, 2, 2.8],
    ]);
    const byCrew = await result(dispatcher, 'repair-times', { ...JUNE_10, by: 'crew' });
    expect(byCrew.rows.map((r) => [r.key, r.name, r.done, r.medianHours, r.withinShare])).toEqual([
      [id.day, 'Day crew', 5, 6, 0.8],
      [id.night, 'Night crew', 2, 2, 1],
      [null, null, 1, 7, null],
    ]);
    expect(byCrew.total).toEqual(byDistrict.total);
  });

  it('cuts the range on the city’s clock: its 10 June ends at 19:00 UTC, before the cabinets were done', async () => {
    const local = await result(s, 'repair-times', { ...JUNE_10, group, city });
    expect(local).toMatchObject({
      start: '2025-06-09T19:00:00.000Z',
      end: '2025-06-10T19:00:00.000Z',
      city: { _id: city, timezone: 'Asia/Yekaterinburg' },
    });
    // the lamp done a minute before the UTC day began is on this clock's 10 June: 1 2 4 6 7 8 10 hours
    expect(local.rows.map((r) => [r.name, r.done])).toEqual([
      ['Lamp out (report test)', 6],
      [null, 1],
    ]);
    expect(local.total).toMatchObject({ done: 7, medianHours: 6 });
  });

  it('exports CSV and Excel with the titles in the caller’s language, the total last', async () => {
    const csv = await dispatcher.raw(
      'GET',
      `/api/v2/reports/maintenance/repair-times/export?format=csv&by=crew&${query(JUNE_10)}`,
      undefined,
      { 'accept-language': 'ru' },
    );
    expect(csv.status).toBe(200);
    expect(String(csv.body).split(/\r?\n/)).toEqual([
      'Бригада,Выполнено,"Медиана времени ремонта, ч","90-й процентиль, ч",В срок,Без норматива,"Доля в срок, %"',
      'Day crew,5,6,9.2,4,0,80',
      'Night crew,2,2,2.8,1,1,100',
      'Бригада не назначена,1,7,7,0,1,',
      'Всего,8,5,8.6,5,2,83.3',
    ]);
    const cookie = [...dispatcher.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(`${s.url}/api/v2/reports/maintenance/open-orders/export?format=xlsx`, {
      headers: { cookie, 'accept-language': 'en' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="open-orders-.*\.xlsx"$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const rows = book.worksheets[0]!.getSheetValues()
      .filter(Boolean)
      .map((r) => (r as unknown[]).slice(1));
    expect(rows).toEqual([
      ['Fault kind', '< 1 day', '1–3 days', '3–7 days', '7–30 days', '> 30 days', 'Open', 'Past due'],
      ['Cabinet fault (report test)', 0, 0, 0, 1, 0, 1, 0],
      ['Lamp out (report test)', 1, 1, 1, 1, 0, 4, 2],
      ['No fault kind', 0, 0, 0, 0, 1, 1, 0],
      ['Total', 1, 1, 1, 2, 1, 6, 2],
    ]);
  });

  it('shows a group’s orders to it alone; the demo user sees its own group’s and changes nothing', async () => {
    const other = await s.adminOfNewGroup('Other maintenance');
    // asking for another group's is answered with one's own
    for (const q of [{}, { group }]) {
      expect((await result(other, 'open-orders', q)).rows).toEqual([]);
      const times = await result(other, 'repair-times', { ...JUNE_10, ...q });
      expect([times.rows, times.total.done]).toEqual([[], 0]);
    }
    const csv = await other.call(
      'GET',
      `/api/v2/reports/maintenance/repair-times/export?format=csv&${query(JUNE_10)}`,
    );
    expect(String(csv.body).trim().split(/\r?\n/).slice(1)).toEqual(['Total,0,,,0,0,']);

    const [demoGroup] = await s.sql<{ _id: number }>(`select _id::int from groups where name = 'Demo'`);
    const demoKind = await post(s, '/api/v1/FaultKinds', { name: 'Demo kind (report test)' });
    await insertOrders([
      { status: 'NEW', faultKind: demoKind, created: later(new Date(), -3), group: demoGroup!._id },
    ]);
    const demo = await s.demo();
    const seen = await result(demo, 'open-orders');
    expect(seen.rows.filter((r) => r.key === demoKind)).toEqual([
      { key: demoKind, name: 'Demo kind (report test)', ages: [1, 0, 0, 0, 0], open: 1, late: 0 },
    ]);
    expect(seen.rows.some((r) => r.key === id.lamp || r.key === id.cabinet)).toBe(false);
    expect((await result(dispatcher, 'open-orders')).rows.some((r) => r.key === demoKind)).toBe(false);
    expect((await demo.call('GET', '/api/v2/reports/maintenance/open-orders/export?format=csv')).status).toBe(
      200,
    );
    const [order] = await s.sql<{ _id: number }>(`select _id::int from work_orders where fault_kind = $1`, [
      demoKind,
    ]);
    const change = await demo.call('PATCH', `/api/v1/WorkOrders/${order!._id}`, { notes: 'mine now' });
    expect(change.status).toBe(403);
    expect(change.body).toMatchObject({ code: 'demoUser' });
    expect((await s.anonymous().call('GET', '/api/v2/reports/maintenance/open-orders')).status).toBe(401);
  });

  it('answers bad input from the catalogue, never a 500', async () => {
    const bad = [
      ['repair-times', { by: 'street' }],
      ['repair-times', { start: '2025-13-45' }],
      ['repair-times', { start: '2025-06-11', end: '2025-06-10' }],
      ['repair-times', { group: 'abc' }],
      ['repair-times', { limit: 5 }],
      ['open-orders', { start: '2025-06-10' }],
      ['open-orders/export', { format: 'pdf' }],
      ['repair-times/export', { by: 'crew', format: 'xls' }],
    ] as const;
    for (const [type, q] of bad) {
      const res = await report(dispatcher, type, q);
      expect([type, q, res.status, res.body.code]).toEqual([type, q, 400, 'IsInvalidError']);
    }
    const gone = await report(s, 'repair-times', { group: 987_654 });
    expect([gone.status, gone.body.code]).toEqual([404, 'NotFoundError']);
  });

  it('counts each of 10,000 orders once, in every grouping', async () => {
    const big = await post(s, '/api/v1/Groups', { name: 'Ten thousand orders' });
    // 6,000 done on 10 June, 0 to 99 hours after they were opened; 4,000 open, 0 to 1,999 hours old (how fast over
    // many more is bench:maintenance's to say)
    await s.sql(
      `insert into work_orders (title, status, fault_kind, crew, supports, created_at, done_at, due_date, "group")
       select 'bulk ' || i, case when i <= 6000 then 'DONE' else 'ASSIGNED' end,
         case when i % 3 = 0 then null when i % 2 = 0 then $1::bigint else $5::bigint end,
         case when i % 5 = 0 then null else $3::bigint end,
         case when i % 2 = 0 then array[$4::bigint] end,
         case when i <= 6000 then timestamptz '2025-06-10T12:00:00Z' - (i % 100) * interval '1 hour'
           else now() - (i % 2000) * interval '1 hour' end,
         case when i <= 6000 then timestamptz '2025-06-10T12:00:00Z' end,
         case when i <= 6000 then timestamptz '2025-06-10T12:00:00Z' - (i % 100 - 48) * interval '1 hour' end,
         $2::bigint
       from generate_series(1, 10000) i`,
      [id.lamp, big, id.day, id.support, id.cabinet],
    );
    const report = async (type: string, q: Row) => ({ r: await result(s, type, { group: big, ...q }) });
    const open = await report('open-orders', {});
    expect(open.r.total).toMatchObject({ open: 4_000 });
    expect((open.r.rows as Row[]).reduce((n, r) => n + Number(r.open), 0)).toBe(4_000);
    for (const by of ['faultKind', 'district', 'crew']) {
      const times = await report('repair-times', { ...JUNE_10, by });
      // every hour from 0 to 99 60 times: the median is halfway between 49 and 50, the 90th percentile at 89.1
      expect(times.r.total).toMatchObject({ done: 6_000, medianHours: 49.5, p90Hours: 89.1 });
      expect((times.r.rows as Row[]).reduce((n, r) => n + Number(r.done), 0)).toBe(6_000);
      // due 48 hours after opening: done in 0 to 48 hours is within, 49 of the 100 durations
      expect(times.r.total.withinShare).toBe(0.49);
    }
  });
});
