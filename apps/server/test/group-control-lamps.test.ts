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
      email: 'profiles-only@example.org',
    });
    const reader = await s.signIn('profiles-only', 'Lamps-2026');
    expect((await reader.call('GET', `/api/v2/group-controls/${group}/lamps`)).status).toBe(403);
  });

  it('takes mountings by the hundred: every socket of each, free ones too, then none; a bad choice writes nothing', async () => {
    const night = await made('GroupControl', { name: 'Night crew', id: 9 });
    const e = await made('LuminaryModules', { mac: '024D000D00000005' });
    const [p4, p5] = [
      await made('LuminarySupports', {
        uid: 'POLE-4',
        socketCount: 2,
        sockets: [{ luminaryModule: e, height: 8 }],
      }),
      await made('LuminarySupports', { uid: 'POLE-5', socketCount: 1 }),
    ];
    const assign = (body: object) => s.call('POST', '/api/v2/group-controls/assign', body);
    const r = await assign({ supports: [p4, p5], groupControl: night });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.result).toEqual({ supports: 2, sockets: 3 });
    const pole4 = (await s.call('GET', `/api/v1/LuminarySupports/${p4}`)).body;
    expect(pole4.sockets).toMatchObject([
      { luminaryModule: e, height: 8, groupControl: night },
      { groupControl: night },
    ]);
    expect((await s.call('GET', `/api/v2/group-controls/${night}/lamps`)).body.result.count).toBe(1);
    // the mounting's history names the change
    const history = await s.call('GET', `/api/v2/LuminarySupports/history?id=${p4}`);
    const updates = history.body.result.data.filter((c: { action: string }) => c.action === 'update');
    expect(updates.map((c: { changes: object }) => Object.keys(c.changes))).toEqual([['sockets']]);

    // one mounting out of reach, or an unknown group control: nothing is written
    const before = (await s.call('GET', `/api/v1/LuminarySupports/${p5}`)).body.sockets;
    expect((await assign({ supports: [p5, 999999], groupControl: null })).status).toBe(404);
    expect((await assign({ supports: [p5], groupControl: 999999 })).status).toBe(404);
    expect((await s.call('GET', `/api/v1/LuminarySupports/${p5}`)).body.sockets).toEqual(before);
    const tooMany = await assign({
      supports: Array.from({ length: 1001 }, (_, i) => i + 1),
      groupControl: null,
    });
    expect(tooMany.body.code).toBe('IsInvalidError');
    const other = await s.adminOfNewGroup('Not the night crew');
    expect(
      (await other.call('POST', '/api/v2/group-controls/assign', { supports: [p4], groupControl: null }))
        .status,
    ).toBe(404);

    const cleared = await assign({ supports: [p4], groupControl: null });
    expect(cleared.status).toBe(200);
    const after = (await s.call('GET', `/api/v1/LuminarySupports/${p4}`)).body.sockets;
    expect(after[0]).toMatchObject({ luminaryModule: e, height: 8 });
    expect(after.some((x: { groupControl?: unknown }) => x.groupControl != null)).toBe(false);
  });
  it('take a lamp naming the group control itself where its socket names none, never where it names another', async () => {
    const own = await made('GroupControl', { name: 'Own choice', id: 10 });
    const elsewhere = await made('GroupControl', { name: 'Somewhere else', id: 11 });
    const controller = await made('Controllers', { uid: 'CTRL-O', mac: '0243000D0002', city });
    const module = (n: number) => made('LuminaryModules', { mac: `024D000D0000001${n}`, controller });
    const [f, g, h] = [await module(1), await module(2), await module(3)];
    const pole = await made('LuminarySupports', {
      uid: 'POLE-6',
      city,
      socketCount: 2,
      sockets: [{ luminaryModule: g, groupControl: elsewhere }, { luminaryModule: h }],
    });
    for (const [uid, controlModule] of [
      ['LAMP-F', f],
      ['LAMP-G', g],
      ['LAMP-H', h],
    ] as const)
      await made('Luminaries', { uid, controlModule, profileGroup: own });

    const r = await s.call('GET', `/api/v2/group-controls/${own}/lamps`);
    expect(r.status).toBe(200);
    expect(r.body.result).toMatchObject({ count: 2, withoutController: 0, city });
    expect(r.body.result.lamps).toEqual([
      { _id: h, mac: '024D000D00000013', support: { _id: pole, uid: 'POLE-6' } },
      { _id: f, mac: '024D000D00000011', support: null },
    ]);
    const dim = await s.call('GET', `/api/v1/control/lighting?by=group&group=${own}&raw=40`);
    expect(dim.body.counts).toMatchObject({ modules: 2, withoutController: 0, controllers: 1 });
    expect((await s.call('GET', `/api/v2/group-controls/${elsewhere}/lamps`)).body.result.count).toBe(1);
  });
});
