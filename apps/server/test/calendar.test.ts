import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, startServer, type Client, type TestServer } from './harness.ts';

// The calendar of day types (issue 11 §3): its period list, a day's save that never doubles a day, the CSV
// upload that writes all or nothing, each within the caller's group and rights.

let s: TestServer;
let a: Client;
let b: Client;
let viewer: Client;
const csv = (c: Client, text: string, type = 'text/csv') =>
  c.raw('POST', '/api/v2/calendar/upload', text, { 'content-type': type });
const daysOf = async (c: Client, query: string) => {
  const res = await c.call('GET', `/api/v1/CalendarProfiles?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data as { date: string; type: string; label?: string }[]).map((d) => [
    d.date,
    d.type,
    d.label,
  ]);
};

beforeAll(async () => {
  s = await startServer();
  a = await s.adminOfNewGroup('Calendar A');
  b = await s.adminOfNewGroup('Calendar B');
  const group = (await s.call('POST', '/api/v1/Groups', { name: 'Calendar readers' })).body._id;
  const role = (
    await s.call('POST', '/api/v1/Roles', {
      name: 'Calendar reader',
      accessRights: { CalendarProfiles: { view: true, list: true } },
    })
  ).body._id;
  await s.call('POST', '/api/v1/Users', {
    login: 'reader',
    password: 'Lamps-2026',
    group,
    role,
    type: 'NORMAL',
    email: 'reader@example.org',
  });
  viewer = await s.signIn('reader', 'Lamps-2026');
  // a group's calendar is its local days: without a time zone it cannot be set up (calendar-settings.test.ts)
  for (const g of (await s.call('GET', '/api/v1/Groups?limit=100')).body.data as { _id: number }[])
    await s.call('PATCH', `/api/v1/Groups/${g._id}`, { timezone: 'Europe/London' });
});
afterAll(() => s?.close());

describe(`calendar on ${backend}`, () => {
  it('lists the days of a month or a whole year, in date order, and refuses a bad period', async () => {
    for (const [date, type] of [
      ['2026-03-08', 'holiday'],
      ['2026-02-28', 'dayoff'],
      ['2026-03-31', 'events'],
      ['2026-04-01', 'workday'],
      ['2027-01-01', 'holiday'],
    ])
      expect((await a.call('POST', '/api/v1/CalendarProfiles', { date, type })).status).toBe(201);
    expect(await daysOf(a, 'year=2026&month=3')).toEqual([
      ['2026-03-08', 'holiday', null],
      ['2026-03-31', 'events', null],
    ]);
    expect((await daysOf(a, 'year=2026')).map(([d]) => d)).toEqual([
      '2026-02-28',
      '2026-03-08',
      '2026-03-31',
      '2026-04-01',
    ]);
    const v2 = await a.call('GET', '/api/v2/CalendarProfiles?year=2027&month=01');
    expect(v2.body.result.data.map((d: { date: string }) => d.date)).toEqual(['2027-01-01']);
    const search = await a.call('GET', '/api/v2/calendar-profiles/search?year=2027');
    expect(search.body.result.data.map((d: { date: string }) => d.date)).toEqual(['2027-01-01']);
    // the generic list is as it was
    expect((await a.call('GET', '/api/v1/CalendarProfiles?limit=2')).body.data).toHaveLength(2);
    for (const query of [
      'year=26',
      'year=2026&month=13',
      'month=3',
      'year=2026&month=x',
      'year=2026&date=2026-01-01',
    ]) {
      const res = await a.call('GET', `/api/v1/CalendarProfiles?${query}`);
      expect([res.status, res.body.code], query).toEqual([400, 'IsInvalidError']);
    }
  });

  it('changes the day an _id names, and a second POST of a date changes that day instead of adding one', async () => {
    const first = await a.call('POST', '/api/v1/CalendarProfiles', { date: '2026-05-01', type: 'holiday' });
    expect(first.status).toBe(201);
    const byId = await a.call('POST', '/api/v1/CalendarProfiles', {
      _id: first.body._id,
      date: '2026-05-01',
      type: 'dayoff',
      label: 'Bridge day',
    });
    expect([byId.status, byId.body._id, byId.body.type]).toEqual([200, first.body._id, 'dayoff']);
    const again = await a.call('POST', '/api/v2/CalendarProfiles', {
      date: '2026-05-01',
      type: 'holiday',
      label: 'May Day',
    });
    expect([again.status, again.body.result._id]).toEqual([200, first.body._id]);
    expect(await daysOf(a, 'year=2026&month=5')).toEqual([['2026-05-01', 'holiday', 'May Day']]);
    const cleared = await a.call('POST', '/api/v1/CalendarProfiles', {
      date: '2026-05-01',
      type: 'holiday',
      label: null,
    });
    expect([cleared.status, cleared.body.label]).toEqual([200, null]);
  });

  it('keeps each group to its own days: another group neither sees nor changes them', async () => {
    const day = (await a.call('POST', '/api/v1/CalendarProfiles', { date: '2026-06-12', type: 'holiday' }))
      .body;
    expect(await daysOf(b, 'year=2026&month=6')).toEqual([]);
    const byId = await b.call('POST', '/api/v1/CalendarProfiles', {
      _id: day._id,
      date: '2026-06-12',
      type: 'workday',
    });
    expect([byId.status, byId.body.code]).toEqual([404, 'NotFoundError']);
    // the same date in B is B's own day
    expect(
      (await b.call('POST', '/api/v1/CalendarProfiles', { date: '2026-06-12', type: 'events' })).status,
    ).toBe(201);
    expect(await daysOf(a, 'year=2026&month=6')).toEqual([['2026-06-12', 'holiday', null]]);
    expect(await daysOf(b, 'year=2026&month=6')).toEqual([['2026-06-12', 'events', null]]);
    expect((await csv(b, '2026-06-12,workday\n2026-06-13,dayoff')).body.result).toEqual({
      created: 1,
      updated: 1,
    });
    expect(await daysOf(a, 'year=2026&month=6')).toEqual([['2026-06-12', 'holiday', null]]);
  });

  it('shows a user of no group the group they choose (issue 28 §5), and no one a group they may not see', async () => {
    const groups = (await s.call('GET', '/api/v1/Groups?limit=100')).body.data as {
      _id: number;
      name: string;
    }[];
    const idOf = (name: string) => groups.find((g) => g.name === name)!._id;
    const [ga, gb] = [idOf('Calendar A'), idOf('Calendar B')];
    await a.call('POST', '/api/v1/CalendarProfiles', {
      date: '2026-11-11',
      type: 'holiday',
      label: 'Veterans Day',
    });
    // the administrator's own calendar is the shared days; A's holiday is A's, seen once A is chosen
    expect(await daysOf(s, 'year=2026&month=11&group=null')).toEqual([]);
    expect(await daysOf(s, `year=2026&month=11&group=${ga}`)).toEqual([
      ['2026-11-11', 'holiday', 'Veterans Day'],
    ]);
    // a day saved and a CSV uploaded into the group chosen are that group's, as its own user sees them
    const saved = await s.call('POST', '/api/v2/CalendarProfiles', {
      date: '2026-11-26',
      type: 'holiday',
      group: gb,
    });
    expect([saved.status, saved.body.result.group]).toEqual([201, gb]);
    const again = await s.call('POST', '/api/v1/CalendarProfiles', {
      date: '2026-11-26',
      type: 'holiday',
      label: 'Thanksgiving',
      group: gb,
    });
    expect([again.status, again.body._id]).toEqual([200, saved.body.result._id]);
    const upload = await s.raw('POST', `/api/v2/calendar/upload?group=${gb}`, '2026-11-27,dayoff,Day after', {
      'content-type': 'text/csv',
    });
    expect([upload.status, upload.body.result]).toEqual([200, { created: 1, updated: 0 }]);
    expect(await daysOf(b, 'year=2026&month=11')).toEqual([
      ['2026-11-26', 'holiday', 'Thanksgiving'],
      ['2026-11-27', 'dayoff', 'Day after'],
    ]);
    expect(await daysOf(s, 'year=2026&month=11&group=null')).toEqual([]);
    // a group's user naming another group, or anyone naming a group that is not there: not found
    for (const res of [
      await a.call('GET', `/api/v1/CalendarProfiles?year=2026&month=11&group=${gb}`),
      await a.call('POST', '/api/v1/CalendarProfiles', { date: '2026-11-28', type: 'holiday', group: gb }),
      await a.raw('POST', `/api/v2/calendar/upload?group=${gb}`, '2026-11-28,holiday', {
        'content-type': 'text/csv',
      }),
      await s.call('GET', '/api/v1/CalendarProfiles?year=2026&month=11&group=999999'),
      await s.raw('POST', '/api/v2/calendar/upload?group=999999', '2026-11-28,holiday', {
        'content-type': 'text/csv',
      }),
    ])
      expect([res.status, res.body.code, res.body.fields]).toEqual([404, 'NotFoundError', ['group']]);
    expect(await daysOf(b, 'year=2026&month=11')).toHaveLength(2);
    // a chosen group without a time zone cannot show its calendar, as for its own users
    const zoneless = (await s.call('POST', '/api/v1/Groups', { name: 'Calendar zoneless' })).body._id;
    const refused = await s.call('GET', `/api/v1/CalendarProfiles?year=2026&group=${zoneless}`);
    expect([refused.status, refused.body.code]).toEqual([500, 'CalendarSettingsError']);
  });

  it('sets every day of a good CSV, adding and changing, with a header and either separator', async () => {
    await a.call('POST', '/api/v1/CalendarProfiles', { date: '2026-07-01', type: 'workday' });
    const res = await csv(
      a,
      'date;type;label\n2026-07-01;holiday;Canada Day\n04-07-2026;Holiday;July 4th\n\n2026-07-05;weekend;\n',
    );
    expect([res.status, res.body.result]).toEqual([200, { created: 2, updated: 1 }]);
    expect(await daysOf(a, 'year=2026&month=7')).toEqual([
      ['2026-07-01', 'holiday', 'Canada Day'],
      ['2026-07-04', 'holiday', 'July 4th'],
      ['2026-07-05', 'weekend', null],
    ]);
    expect((await csv(a, '2026-07-06,events,Fair', 'text/plain')).body.result).toEqual({
      created: 1,
      updated: 0,
    });
  });

  it('refuses a CSV with bad lines with a report per line, and writes none of its good lines', async () => {
    const res = await csv(
      a,
      ['2026-08-01,holiday,Good', '2026-08-32,holiday', '2026-08-03,party', '2026-08-04'].join('\n'),
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: true,
      code: 'IsInvalidError',
      fields: ['file'],
      reason: 'badLines',
    });
    expect(res.body.lines).toEqual([
      { line: 2, column: 'date', reason: 'invalid' },
      { line: 3, column: 'type', reason: 'invalid' },
      { line: 4, column: 'type', reason: 'required' },
    ]);
    expect(await daysOf(a, 'year=2026&month=8')).toEqual([]);
    const empty = await csv(a, 'date,type,label\n');
    expect([empty.status, empty.body.reason]).toEqual([400, 'empty']);
  });

  it('refuses a CSV over 7 KB and takes one of exactly 7 KB', async () => {
    const line = (d: number) => `2026-09-${String(d).padStart(2, '0')},holiday,`;
    const lines = Array.from({ length: 30 }, (_, i) => line(i + 1)).join('\n');
    const padded = (size: number) => `${lines}\n${' '.repeat(size - lines.length - 1)}`;
    const over = await csv(a, padded(7 * 1024 + 1));
    expect([over.status, over.body.code, over.body.reason]).toEqual([413, 'IsInvalidError', 'tooLarge']);
    expect(await daysOf(a, 'year=2026&month=9')).toEqual([]);
    const exact = await csv(a, padded(7 * 1024));
    expect(exact.status, JSON.stringify(exact.body)).toBe(200);
  });

  it('refuses saves and uploads to a user who may only read the calendar', async () => {
    expect(await daysOf(viewer, 'year=2026')).toEqual([]);
    for (const res of [
      await viewer.call('POST', '/api/v1/CalendarProfiles', { date: '2026-10-01', type: 'holiday' }),
      await viewer.call('POST', '/api/v2/CalendarProfiles', { date: '2026-10-01', type: 'holiday' }),
      await csv(viewer, '2026-10-01,holiday'),
    ])
      expect([res.status, res.body.code]).toEqual([403, 'PermissionDeniedError']);
    expect((await s.anonymous().call('GET', '/api/v1/CalendarProfiles?year=2026')).status).toBe(401);
  });
});
