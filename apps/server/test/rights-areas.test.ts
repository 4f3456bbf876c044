import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, startServer, type Client, type TestServer } from './harness.ts';

// The rights areas of spec §3 that are no entity of their own, each checked on its route: CitiesOnline (how much
// of each city's network is online) and DateType (the calendar's day types).

let s: TestServer;
let group: number;
let city: number;
const PASSWORD = 'Lamps-2026';

async function user(login: string, accessRights: object, type = 'NORMAL', inGroup = group): Promise<Client> {
  const role = (await s.call('POST', '/api/v1/Roles', { name: `Areas ${login}`, accessRights })).body._id;
  const made = await s.call('POST', '/api/v1/Users', {
    login,
    password: PASSWORD,
    group: inGroup,
    role,
    type,
    email: `${login}@example.org`,
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return s.signIn(login, PASSWORD);
}

beforeAll(async () => {
  s = await startServer();
  city = (await s.call('POST', '/api/v1/Cities', { name: { 'en-us': 'Areaville' }, lat: 1, lon: 1 })).body
    ._id;
  group = (await s.call('POST', '/api/v1/Groups', { name: 'Areas', cities: [city] })).body._id;
  const controllers = [];
  for (const mac of ['0243DD000001', '0243DD000002', '0243DD000003'])
    controllers.push((await s.call('POST', '/api/v1/Controllers', { mac, group, city })).body._id as number);
  await s.call('POST', '/api/v1/Controllers', { mac: '0243DD000004', group });
  // connection is the field's to report: two of the city's three are up
  await s.sql('update controllers set connected = true where _id = any($1)', [controllers.slice(0, 2)]);
});
afterAll(() => s?.close());

describe(`rights areas without an entity on ${backend}`, () => {
  it('answers cities online only to a role with CitiesOnline view, with its own group’s controllers', async () => {
    const allowed = await user('online-viewer', { CitiesOnline: { view: true } });
    const res = await allowed.call('GET', '/api/v2/cities/online');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result).toEqual([
      { city: { _id: city, name: { 'en-us': 'Areaville' } }, controllers: 3, connected: 2 },
      { city: null, controllers: 1, connected: 0 },
    ]);
    const refused = await user('online-none', { Cities: { view: true }, Controllers: { view: true } });
    expect((await refused.call('GET', '/api/v2/cities/online')).body.code).toBe('PermissionDeniedError');
    const elsewhere = await s.adminOfNewGroup('Areas elsewhere');
    expect((await elsewhere.call('GET', '/api/v2/cities/online')).body.result).toEqual([]);
  });

  it('names the day types only to a role with DateType view, in the caller’s language', async () => {
    const allowed = await user('types-viewer', { DateType: { view: true } });
    const res = await allowed.call('GET', '/api/v2/date-types', undefined, { 'accept-language': 'ru' });
    expect(res.status).toBe(200);
    expect(res.body.result.map((t: { type: string }) => t.type)).toEqual([
      'workday',
      'default',
      'dayoff',
      'weekend',
      'holiday',
      'events',
    ]);
    expect(res.body.result[4]).toEqual({ type: 'holiday', label: 'Праздник' });
    const calendarOnly = await user('types-none', { CalendarProfiles: { view: true, list: true } });
    const refused = await calendarOnly.call('GET', '/api/v2/date-types');
    expect(refused.body.code).toBe('PermissionDeniedError');
    // the day types are shared by every group: a group administrator needs the right too
    const groupAdmin = await user('types-ga', {}, 'GROUPADMIN');
    expect((await groupAdmin.call('GET', '/api/v2/date-types')).status).toBe(403);
  });
});
