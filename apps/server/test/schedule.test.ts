import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, startServer, type Client, type TestServer } from './harness.ts';

// The cabinet power schedule (issue 12): a month saved twice is one record, the CSV and workbook round trip
// in the city's local time (DST included), every dropped or refused line reported, nothing written from a file
// that cannot be read, and the upload right, the group and the demo user checked.

let s: TestServer;
let a: Client;
let b: Client;
let berlin: number;
let newYork: number;
let berlinCtl: number;
let nyCtl: number;

const upload = (c: Client, controller: number, body: string | Buffer, type = 'text/csv') =>
  fetch(`${s.url}/api/v2/controller-schedule/${controller}/upload`, {
    method: 'POST',
    headers: {
      'content-type': type,
      cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-csrf-token': c.cookies.get('csrf') ?? '',
    },
    body: typeof body === 'string' ? body : new Uint8Array(body),
  }).then(async (res) => ({ status: res.status, body: await res.json() }));
const months = async (c: Client, query: string) => {
  const res = await c.call('GET', `/api/v1/ControllerSchedule?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { _id: number; month: string; group: number; timeData: unknown[] }[];
};
const dayOf = async (controller: number, month: string, day: number) =>
  (await months(s, `controller=${controller}&month=${month}`))[0]?.timeData.find(
    (d) => (d as { day: number }).day === day,
  );
const rowCount = async () =>
  Number((await s.sql<{ n: string }>('select count(*) as n from controller_schedule'))[0]!.n);

beforeAll(async () => {
  s = await startServer();
  a = await s.adminOfNewGroup('Schedule A');
  b = await s.adminOfNewGroup('Schedule B');
  const city = async (name: string, timezone: string, lat: number, lon: number) =>
    (await s.call('POST', '/api/v1/Cities', { name: { 'en-us': name, ru: name }, lat, lon, timezone })).body
      ._id as number;
  berlin = await city('Berlin', 'Europe/Berlin', 52.52, 13.4);
  newYork = await city('New York', 'America/New_York', 40.71, -74);
  const ctl = async (uid: string, cityId: number, mac: string) => {
    const [{ _id: group } = { _id: 0 }] = await s.sql<{ _id: number }>(
      `select _id from groups where name = 'Schedule A'`,
    );
    const res = await s.call('POST', '/api/v1/Controllers', { uid, city: cityId, mac, group });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body._id as number;
  };
  berlinCtl = await ctl('CAB-BER-1', berlin, 'AA:BB:CC:00:12:01');
  nyCtl = await ctl('CAB-NY-1', newYork, 'AA:BB:CC:00:12:02');
});
afterAll(() => s?.close());

describe(`power schedule on ${backend}`, () => {
  it('keeps one record a controller and month: a second POST changes it', async () => {
    const month = {
      controller: berlinCtl,
      month: '2026-01',
      timeData: [{ day: 1, off: '07:10', on: '15:20' }],
    };
    const first = await a.call('POST', '/api/v1/ControllerSchedule', month);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const again = await a.call('POST', '/api/v2/ControllerSchedule', {
      ...month,
      timeData: [{ day: 2, off: '07:09', on: '15:21' }],
    });
    expect([again.status, again.body.result._id]).toEqual([200, first.body._id]);
    await a.call('POST', '/api/v1/ControllerSchedule', { ...month, month: '2026-02' });
    await a.call('POST', '/api/v1/ControllerSchedule', { ...month, month: '2026-04' });
    const all = await months(a, `controller=${berlinCtl}&sort=month`);
    expect(all.map((m) => m.month)).toEqual(['2026-01', '2026-02', '2026-04']);
    expect(all[0]!.timeData).toEqual([{ day: 2, off: '07:09', on: '15:21' }]);
    const range = await months(a, `controller=${berlinCtl}&month_gte=2026-02&month_lte=2026-03`);
    expect(range.map((m) => m.month)).toEqual(['2026-02']);
    const badMonth = await a.call('POST', '/api/v1/ControllerSchedule', { ...month, month: '2026-13' });
    expect([badMonth.status, badMonth.body.code]).toEqual([400, 'IsInvalidError']);
  });

  it('puts a month in its controller’s group and keeps other groups out', async () => {
    const [rec] = await months(s, `controller=${berlinCtl}&month=2026-01`);
    const ctl = (await s.call('GET', `/api/v1/Controllers/${berlinCtl}`)).body;
    expect(rec!.group).toBe(ctl.group);
    expect(await months(b, `controller=${berlinCtl}`)).toEqual([]);
    const post = await b.call('POST', '/api/v1/ControllerSchedule', {
      controller: berlinCtl,
      month: '2026-05',
      timeData: [],
    });
    expect([post.status, post.body.code]).toEqual([404, 'NotFoundError']);
    const up = await upload(b, berlinCtl, '01-05-2026,05:00,21:00');
    expect([up.status, up.body.code]).toEqual([404, 'NotFoundError']);
    const file = await b.raw('GET', `/api/v2/controller-schedule/${berlinCtl}/file?format=csv`);
    expect(file.status).toBe(404);
    // an administrator of every group saves it in the controller's group too
    const byAdmin = await s.call('POST', '/api/v1/ControllerSchedule', {
      controller: berlinCtl,
      month: '2026-06',
      timeData: [],
    });
    expect(byAdmin.body.group).toBe(ctl.group);
  });

  it('reads CSV with commas, semicolons, CRLF and a BOM in the city’s time, across DST nights', async () => {
    const csv = [
      '\uFEFFdate;off;on',
      '28-03-2026;06:00;19:00',
      '29-03-2026,07:00,20:00',
      '31-03-2026;7:05;20:10',
      '2026-03-30;06:00;19:00',
      '30-02-2026;06:00;19:00',
      '27-03-2026;25:00;19:00',
      '26-03-2026;06:00;',
      '25-10-2026;07:00;17:00',
      '',
    ].join('\r\n');
    const res = await upload(a, berlinCtl, csv);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result).toMatchObject({ created: 2, updated: 0, days: 4, timeZone: 'Europe/Berlin' });
    expect(res.body.result.lines).toEqual([
      { line: 5, column: 'date', reason: 'invalid', outcome: 'dropped' },
      { line: 6, column: 'date', reason: 'invalid', outcome: 'dropped' },
      { line: 7, column: 'off', reason: 'invalid', outcome: 'refused' },
      { line: 8, column: 'on', reason: 'required', outcome: 'refused' },
    ]);
    // CET (+1) before the night of 29 March, CEST (+2) from it, CET again on 25 October
    expect(await dayOf(berlinCtl, '2026-03', 28)).toEqual({ day: 28, off: '05:00', on: '18:00' });
    expect(await dayOf(berlinCtl, '2026-03', 29)).toEqual({ day: 29, off: '05:00', on: '18:00' });
    expect(await dayOf(berlinCtl, '2026-10', 25)).toEqual({ day: 25, off: '06:00', on: '16:00' });

    const ny = await upload(
      a,
      nyCtl,
      '07-03-2026,06:30,18:00\n08-03-2026,06:30,18:00\n01-11-2026,06:30,16:50\n',
    );
    expect(ny.status, JSON.stringify(ny.body)).toBe(200);
    expect(await dayOf(nyCtl, '2026-03', 7)).toEqual({ day: 7, off: '11:30', on: '23:00' });
    expect(await dayOf(nyCtl, '2026-03', 8)).toEqual({ day: 8, off: '10:30', on: '22:00' });
    expect(await dayOf(nyCtl, '2026-11', 1)).toEqual({ day: 1, off: '11:30', on: '21:50' });
  });

  it('updates an existing month from a file, keeping its other days, never doubling it', async () => {
    const before = await rowCount();
    const res = await upload(a, berlinCtl, '28-03-2026;06:10;19:10\n01-01-2026;08:00;16:00\n');
    expect(res.body.result).toMatchObject({ created: 0, updated: 2 });
    expect(await rowCount()).toBe(before);
    expect(await dayOf(berlinCtl, '2026-03', 28)).toEqual({ day: 28, off: '05:10', on: '18:10' });
    expect(await dayOf(berlinCtl, '2026-03', 29)).toEqual({ day: 29, off: '05:00', on: '18:00' });
    expect((await months(a, `controller=${berlinCtl}&month=2026-01`))[0]!.timeData).toHaveLength(2);
  });

  it('round-trips the workbook: download, a cell changed in Excel, upload, read back', async () => {
    const res = await fetch(`${s.url}/api/v2/controller-schedule/${berlinCtl}/file?from=2026-03&to=2026-03`, {
      headers: { cookie: [...a.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await res.arrayBuffer()) as ExcelJS.Buffer);
    expect(book.worksheets.map((w) => w.name)).toEqual(['2026-03']);
    const sheet = book.getWorksheet('2026-03')!;
    expect([sheet.getCell('B1').value, sheet.getCell('B2').value, sheet.getCell('B3').value]).toEqual([
      'CAB-BER-1',
      'Berlin',
      'Europe/Berlin',
    ]);
    const rows = sheet
      .getRows(6, 3)!
      .map((r) => [r.getCell(1).value, r.getCell(2).value, r.getCell(3).value]);
    expect(rows[1]).toEqual([
      new Date('2026-03-29T00:00:00Z'),
      new Date('1899-12-30T07:00:00Z'),
      new Date('1899-12-30T20:00:00Z'),
    ]);
    expect(sheet.getCell('B7').numFmt).toBe('hh:mm');
    sheet.getCell('C7').value = new Date('1899-12-30T20:45:00Z');
    const changed = Buffer.from(await book.xlsx.writeBuffer());
    const up = await upload(a, berlinCtl, changed, 'application/octet-stream');
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body.result).toMatchObject({ created: 0, updated: 1, days: 3, lines: [] });
    expect(await dayOf(berlinCtl, '2026-03', 29)).toEqual({ day: 29, off: '05:00', on: '18:45' });

    const csv = await a.raw(
      'GET',
      `/api/v2/controller-schedule/${berlinCtl}/file?format=csv&from=2026-03&to=2026-03`,
    );
    expect(csv.body.split('\r\n').slice(0, 3)).toEqual([
      'Date,Off,On',
      '28-03-2026,06:10,19:10',
      '29-03-2026,07:00,20:45',
    ]);
  });

  it('tells a night’s switch-on and switch-off and whether they come from the schedule or the fallback', async () => {
    const tonight = async (date: string) =>
      (await a.call('GET', `/api/v2/controller-schedule/${berlinCtl}/tonight?date=${date}`)).body.result;
    expect(await tonight('2026-03-28')).toEqual({
      date: '2026-03-28',
      timeZone: 'Europe/Berlin',
      source: 'schedule',
      mode: null,
      contactors: null,
      on: '19:10',
      off: '07:00',
    });
    // a controller with no lamps has no program: dusk to dawn on MID (the program's case: schedule-field.test)
    const fallback = await tonight('2026-05-10');
    expect(fallback).toMatchObject({ source: 'fallback', by: 'MID', timeZone: 'Europe/Berlin' });
    expect(fallback.on).toMatch(/^21:/);
    expect((await b.call('GET', `/api/v2/controller-schedule/${berlinCtl}/tonight`)).status).toBe(404);
  });

  it('refuses a file it cannot read, and one with no good line, writing nothing', async () => {
    const before = await s.sql('select _id, time_data from controller_schedule order by _id');
    const garbage = Buffer.alloc(5 * 1024 * 1024);
    for (let i = 0; i < garbage.length; i++) garbage[i] = (i * 2654435761) >>> 24;
    const big = await upload(a, berlinCtl, garbage, 'application/octet-stream');
    expect([big.status, big.body.code, big.body.reason]).toEqual([413, 'IsInvalidError', 'tooLarge']);
    const small = await upload(a, berlinCtl, garbage.subarray(0, 100_000), 'application/octet-stream');
    expect([small.status, small.body.reason]).toEqual([400, 'unreadable']);
    const fakeZip = Buffer.concat([Buffer.from('PK\x03\x04'), garbage.subarray(0, 1000)]);
    expect((await upload(a, berlinCtl, fakeZip, 'application/octet-stream')).body.reason).toBe('unreadable');
    const bad = await upload(a, berlinCtl, '30-02-2026,06:00,19:00\n01-03-2026,25:00,19:00\n');
    expect([bad.status, bad.body.reason, bad.body.lines.length]).toEqual([400, 'badLines', 2]);
    expect((await upload(a, berlinCtl, '')).body.reason).toBe('empty');
    expect(await s.sql('select _id, time_data from controller_schedule order by _id')).toEqual(before);
  });

  it('fills days from a twilight method plus offsets, in the city’s local time', async () => {
    const q = 'from=2026-03-28&to=2026-03-30&method=CIVIL&onOffset=10&offOffset=-15';
    const res = await b.call('GET', `/api/v2/controller-schedule/${berlinCtl}/twilight?${q}`);
    expect(res.status).toBe(404);
    const ok = await a.call('GET', `/api/v2/controller-schedule/${berlinCtl}/twilight?${q}`);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const days = ok.body.result.days as { date: string; on: string; off: string; sunset: string }[];
    expect(days.map((d) => d.date)).toEqual(['2026-03-28', '2026-03-29', '2026-03-30']);
    // Berlin's civil dusk is some 35 min after sunset; the clocks go forward an hour on the 29th
    const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));
    expect(minutes(days[0]!.on) - minutes(days[0]!.sunset)).toBeGreaterThan(35);
    expect(minutes(days[1]!.on) - minutes(days[0]!.on)).toBeGreaterThan(55);
    expect(days[0]!.off < days[1]!.off).toBe(true);
    const bad = await a.call(
      'GET',
      `/api/v2/controller-schedule/${berlinCtl}/twilight?from=2026-01-01&to=2027-06-01`,
    );
    expect([bad.status, bad.body.code]).toEqual([400, 'IsInvalidError']);
  });

  it('needs the upload right to upload, and refuses the demo user', async () => {
    const group = (await a.call('GET', `/api/v1/Controllers/${berlinCtl}`)).body.group;
    const role = async (name: string, rights: Record<string, boolean>) =>
      (
        await s.call('POST', '/api/v1/Roles', {
          name,
          accessRights: { ControllerSchedule: rights, Controllers: { view: true }, Cities: { view: true } },
        })
      ).body._id;
    const editor = await role('Schedule editor', { view: true, list: true, create: true, edit: true });
    const uploader = await role('Schedule uploader', {
      view: true,
      list: true,
      create: true,
      edit: true,
      upload: true,
    });
    for (const [login, r] of [
      ['sched-editor', editor],
      ['sched-uploader', uploader],
    ] as const)
      await s.call('POST', '/api/v1/Users', {
        login,
        password: 'Lamps-2026',
        group,
        role: r,
        type: 'NORMAL',
        email: `${login}@example.org`,
      });
    const ed = await s.signIn('sched-editor', 'Lamps-2026');
    const up = await s.signIn('sched-uploader', 'Lamps-2026');
    const file = '02-02-2026,07:30,17:00\n';
    const denied = await upload(ed, berlinCtl, file);
    expect([denied.status, denied.body.code]).toEqual([403, 'PermissionDeniedError']);
    const saved = await ed.call('POST', '/api/v1/ControllerSchedule', {
      controller: berlinCtl,
      month: '2026-07',
      timeData: [],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect((await upload(up, berlinCtl, file)).status).toBe(200);
    const demo = await s.demo();
    const refused = await upload(demo, berlinCtl, file);
    expect([refused.status, refused.body.code]).toEqual([403, 'demoUser']);
    const post = await demo.call('POST', '/api/v1/ControllerSchedule', {
      controller: berlinCtl,
      month: '2026-08',
      timeData: [],
    });
    expect([post.status, post.body.code]).toEqual([403, 'demoUser']);
  });
});
