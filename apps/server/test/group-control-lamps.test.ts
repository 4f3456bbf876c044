import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, startServer, type TestServer } from './harness.ts';

// GET /api/v2/group-controls/:id/lamps: the lamps a group dim reaches, for the group control's screen (issue 11 §3).

let s: TestServer;
let group: number;
let city: number;

const made = async (entity: string, body: object) => {
  const r = await s.call('POST', `/api/v1/${entity}`, body);
  expect(r.status).toBe(201);
  return r.body._id as number;
};

beforeAll(async () => {
  s = await startServer();
  city = await made('Cities', { name: { 'en-us': 'Cambridge' }, lat: 42.373, lon: -71.11 });
  group = await made('GroupControl', { name: 'Brattle Street', id: 7 });
  const other = await made('GroupControl', { name: 'Elsewhere', id: 8 });
  const controller = await made('Controllers', { uid: 'CTRL-G', mac: '0243000D0001', city });
  const module = (n: number, withController = true) =>
    made('LuminaryModules', { mac: `024D000D0000000${n}`, ...(withController && { controller }) });
  const [a, b, c, d] = [await module(1), await module(2), await module(3, false), await module(4)];
  await made('LuminarySupports', {
    uid: 'POLE-1',
    city,
    socketCount: 2,
    sockets: [
      { luminaryModule: a, groupControl: group },
      { luminaryModule: d, groupControl: other },
    ],
  });
  await made('LuminarySupports', { uid: 'POLE-2', sockets: [{ luminaryModule: b, groupControl: group }] });
  await made('LuminarySupports', { uid: 'POLE-3', sockets: [{ luminaryModule: c, groupControl: group }] });
});
afterAll(() => s?.close());

describe(`a group control's lamps on ${backend}`, () => {
  it('are the modules in the sockets that name it, counted, with those no controller reaches', async () => {
    const r = await s.call('GET', `/api/v2/group-controls/${group}/lamps`);
    expect(r.status).toBe(200);
    expect(r.body.result).toMatchObject({ count: 3, withoutController: 1, city });
    expect(r.body.result.lamps.map((l: { support: { uid: string } }) => l.support.uid)).toEqual([
      'POLE-1',
      'POLE-2',
      'POLE-3',
    ]);
    expect(r.body.result.lamps[0].mac).toBe('024D000D00000001');
  });

  it('are the group dim’s targets: the dim reaches the lamps with a controller', async () => {
    const r = await s.call('GET', `/api/v1/control/lighting?by=group&group=${group}&raw=40`);
    expect(r.body.counts).toMatchObject({ modules: 2, withoutController: 1, controllers: 1 });
  });

  it('are refused to another group, to a user without the right, and for an unknown or bad id', async () => {
    const other = await s.adminOfNewGroup('Not Brattle');
    expect((await other.call('GET', `/api/v2/group-controls/${group}/lamps`)).status).toBe(404);
    expect((await s.call('GET', '/api/v2/group-controls/999999/lamps')).status).toBe(404);
    const bad = await s.call('GET', '/api/v2/group-controls/x/lamps');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('IsInvalidError');
    expect((await s.anonymous().call('GET', `/api/v2/group-controls/${group}/lamps`)).status).toBe(401);
    const role = await made('Roles', { name: 'Profiles only', accessRights: { Profiles: { view: true } } });
    const userGroup = await made('Groups', { name: 'Profile readers' });
    await made('Users', {
      login: 'profiles-only',
      password: 'Lamps-2026',
      group: userGroup,
      role,
      type: 'NORMAL',
    });
    const reader = await s.signIn('profiles-only', 'Lamps-2026');
    expect((await reader.call('GET', `/api/v2/group-controls/${group}/lamps`)).status).toBe(403);
  });
});
