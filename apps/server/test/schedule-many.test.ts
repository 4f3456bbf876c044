import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, startServer, type Client, type TestServer } from './harness.ts';

// The power schedule of several cabinet controllers at once (issue 12): one file covering all of them (a sheet
// each, or CSV with a controller column), uploaded back in one transaction; a line naming no controller is set for
// every one chosen, each in its own city's time; a controller of another group refuses the whole file.

let s: TestServer;
let a: Client;
let berlinCtl: number;
let nyCtl: number;
let otherCtl: number;

const upload = (c: Client, ids: number[], body: string | Buffer, type = 'text/csv') =>
  fetch(`${s.url}/api/v2/controller-schedule/upload?controllers=${ids.join(',')}`, {
    method: 'POST',
    headers: {
      'content-type': type,
      cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-csrf-token': c.cookies.get('csrf') ?? '',
    },
    body: typeof body === 'string' ? body : new Uint8Array(body),
  }).then(async (res) => ({ status: res.status, body: await res.json() }));
const download = (ids: number[], format: 'csv' | 'xlsx') =>
  fetch(
    `${s.url}/api/v2/controller-schedule/file?controllers=${ids.join(',')}&format=${format}&from=2026-06&to=2026-06`,
    {
      headers: { cookie: [...a.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    },
  );
const dayOf = async (controller: number, day: number) => {
  const [rec] = (await a.call('GET', `/api/v1/ControllerSchedule?controller=${controller}&month=2026-06`))
    .body.data as { timeData: { day: number }[] }[];
  return rec?.timeData.find((d) => d.day === day);
};
const rowCount = async () =>
  Number((await s.sql<{ n: string }>('select count(*) as n from controller_schedule'))[0]!.n);

beforeAll(async () => {
  s = await startServer();
  a = await s.adminOfNewGroup('Many A');
  await s.adminOfNewGroup('Many B');
  const city = async (name: string, timezone: string, lat: number, lon: number) =>
    (await s.call('POST', '/api/v1/Cities', { name: { 'en-us': name, ru: name }, lat, lon, timezone })).body
      ._id as number;
  const berlin = await city('Berlin', 'Europe/Berlin', 52.52, 13.4);
  const newYork = await city('New York', 'America/New_York', 40.71, -74);
  const ctl = async (groupName: string, uid: string, cityId: number, mac: string) => {
    const [{ _id: group } = { _id: 0 }] = await s.sql<{ _id: number }>(
      `select _id from groups where name = $1`,
      [groupName],
    );
    const res = await s.call('POST', '/api/v1/Controllers', { uid, city: cityId, mac, group });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body._id as number;
  };
  berlinCtl = await ctl('Many A', 'CAB-BER-2', berlin, 'AA:BB:CC:00:13:01');
  nyCtl = await ctl('Many A', 'CAB-NY-2', newYork, 'AA:BB:CC:00:13:02');
  otherCtl = await ctl('Many B', 'CAB-OTHER', berlin, 'AA:BB:CC:00:13:03');
});
afterAll(() => s?.close());

describe(`several controllers’ power schedule on ${backend}`, () => {
  it('sets a file of one schedule for every controller chosen, each in its own city’s time', async () => {
    const csv = 'Date;Off;On\r\n10-06-2026;05:00;21:30\r\n11-06-2026;5:01;25:00\r\n';
    const up = await upload(a, [berlinCtl, nyCtl], csv);
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body.result).toMatchObject({ created: 2, updated: 0, days: 2 });
    // the bad line is one line, reported once
    expect(up.body.result.lines).toEqual([{ line: 3, column: 'on', reason: 'invalid', outcome: 'refused' }]);
    // 21:30 in Berlin (UTC+2) and in New York (UTC−4)
    expect(await dayOf(berlinCtl, 10)).toEqual({ day: 10, off: '03:00', on: '19:30' });
    expect(await dayOf(nyCtl, 10)).toEqual({ day: 10, off: '09:00', on: '01:30' });

    const back = (await (await download([berlinCtl, nyCtl], 'csv')).text()).split('\r\n');
    expect(back.slice(0, 3)).toEqual([
      'Date,Off,On,Controller',
      '10-06-2026,05:00,21:30,CAB-BER-2',
      '10-06-2026,05:00,21:30,CAB-NY-2',
    ]);
  });

  it('round-trips the workbook: a sheet a controller, a cell changed in one, only its controller changed', async () => {
    const res = await download([berlinCtl, nyCtl], 'xlsx');
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await res.arrayBuffer()) as ExcelJS.Buffer);
    expect(book.worksheets.map((w) => w.name)).toEqual(['CAB-BER-2', 'CAB-NY-2']);
    const ny = book.getWorksheet('CAB-NY-2')!;
    expect([ny.getCell('B1').value, ny.getCell('B3').value]).toEqual(['CAB-NY-2', 'America/New_York']);
    ny.getCell('C6').value = new Date('1899-12-30T22:15:00Z');
    const up = await upload(
      a,
      [berlinCtl, nyCtl],
      Buffer.from(await book.xlsx.writeBuffer()),
      'application/octet-stream',
    );
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body.result).toMatchObject({ created: 0, updated: 2, lines: [] });
    expect(await dayOf(nyCtl, 10)).toEqual({ day: 10, off: '09:00', on: '02:15' });
    expect(await dayOf(berlinCtl, 10)).toEqual({ day: 10, off: '03:00', on: '19:30' });
  });

  it('sends a CSV line that names its controller to that one only', async () => {
    const up = await upload(
      a,
      [berlinCtl, nyCtl],
      'Date,Off,On,Controller\r\n12-06-2026,05:00,22:00,CAB-NY-2\r\n',
    );
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(await dayOf(nyCtl, 12)).toEqual({ day: 12, off: '09:00', on: '02:00' });
    expect(await dayOf(berlinCtl, 12)).toBeUndefined();
  });

  it('refuses the whole file when one controller is another group’s, writing nothing', async () => {
    const before = await rowCount();
    const up = await upload(a, [berlinCtl, otherCtl], '13-06-2026,05:00,22:00\r\n');
    expect(up.status).toBe(404);
    expect(await rowCount()).toBe(before);
    expect(await dayOf(berlinCtl, 13)).toBeUndefined();
    expect((await download([berlinCtl, otherCtl], 'csv')).status).toBe(404);
  });
});
