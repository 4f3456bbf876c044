import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, startServer, type Client, type TestServer } from './harness.ts';

// Parts replaced on work orders (issue 32): a lamp replaced counts its burn hours from the day it was fitted, a
// control module replaced hands its place, lamps, controller, phase, program and group control to the fitted MAC
// and is left unmounted with its history and readings readable; what is refused, and the parts used per month.

let s: TestServer;
let dispatcher: Client;
let lineman: Client;
let linemanId: number;
let group: number;

type Row = Record<string, unknown>;
type Named =
  | 'assigned'
  | 'controller'
  | 'crew'
  | 'elsewhere'
  | 'elsewhereLamp'
  | 'elsewhereModule'
  | 'fresh'
  | 'groupControl'
  | 'lamp'
  | 'newModel'
  | 'oldModel'
  | 'oldModule'
  | 'order'
  | 'otherCrew'
  | 'profile'
  | 'support'
  | 'theirs';
const ids = {} as Record<Named, number>;
const OLD_MAC = '02AB00000000000A';
const ELSEWHERE_MAC = '02AB00000000000B';

async function post(c: Client, path: string, body: Row) {
  const res = await c.call('POST', path, body);
  expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body as Row & { _id: number };
}
const get = async (path: string) => (await s.call('GET', path)).body as Row;
const replace = (c: Client, order: number, body: Row) =>
  c.call('POST', `/api/v2/work-orders/${order}/part-replacements`, body);
/** what lamp_starts counts the group's lamps from: [installation day, lamps] */
const starts = () =>
  s.sql<{ d: string; n: number }>(
    `select installed_on::text d, n::int from lamp_starts where "group" = $1 and n <> 0 order by 1`,
    [group],
  );

beforeAll(async () => {
  s = await startServer();
  dispatcher = await s.adminOfNewGroup('Parts');
  const me = (await dispatcher.call('GET', '/auth/me')).body;
  group = Number(me.group?._id ?? me.group);
  const role = await post(s, '/api/v1/Roles', {
    name: 'Parts crew',
    accessRights: { WorkOrders: { view: true, list: true, edit: true } },
  });
  linemanId = (
    await post(s, '/api/v1/Users', {
      login: 'fitter',
      password: 'Lamps-2026-parts',
      email: 'fitter@example.org',
      type: 'NORMAL',
      group,
      role: role._id,
    })
  )._id;
  lineman = await s.signIn('fitter', 'Lamps-2026-parts');
  ids.crew = (await post(dispatcher, '/api/v1/Crews', { name: 'Fitters', members: [linemanId] }))._id;
  ids.otherCrew = (await post(dispatcher, '/api/v1/Crews', { name: 'Others' }))._id;
  const vendor = await post(s, '/api/v1/Vendors', { name: 'Parts vendor' });
  ids.oldModel = (await post(s, '/api/v1/LuminaryModels', { name: 'Old LED 40 W', vendor: vendor._id }))._id;
  ids.newModel = (await post(s, '/api/v1/LuminaryModels', { name: 'New LED 60 W', vendor: vendor._id }))._id;
  ids.controller = (await post(dispatcher, '/api/v1/Controllers', { mac: '0243AA0000000001' }))._id;
  ids.groupControl = (await post(dispatcher, '/api/v1/GroupControl', { name: 'Main St evening', id: 7 }))._id;
  ids.profile = (await post(dispatcher, '/api/v1/Profiles', { name: 'Evening dim' }))._id;
  ids.oldModule = (
    await post(dispatcher, '/api/v1/LuminaryModules', {
      mac: OLD_MAC,
      controller: ids.controller,
      phase: 2,
      profileId: ids.profile,
    })
  )._id;
  ids.lamp = (
    await post(dispatcher, '/api/v1/Luminaries', {
      uid: 'L-PARTS-1',
      model: ids.oldModel,
      installationDate: '2020-05-01',
    })
  )._id;
  ids.support = (
    await post(dispatcher, '/api/v1/LuminarySupports', {
      uid: 'P-PARTS-1',
      street: 'Main St',
      sockets: [
        { luminary: ids.lamp, luminaryModule: ids.oldModule, phase: 2, groupControl: ids.groupControl },
      ],
    })
  )._id;
  // another post, its module mounted: its MAC cannot be fitted elsewhere
  ids.elsewhereModule = (await post(dispatcher, '/api/v1/LuminaryModules', { mac: ELSEWHERE_MAC }))._id;
  ids.elsewhereLamp = (
    await post(dispatcher, '/api/v1/Luminaries', { uid: 'L-PARTS-2', installationDate: '2021-01-01' })
  )._id;
  ids.elsewhere = (
    await post(dispatcher, '/api/v1/LuminarySupports', {
      uid: 'P-PARTS-2',
      sockets: [{ luminary: ids.elsewhereLamp, luminaryModule: ids.elsewhereModule }],
    })
  )._id;
  const order = async (title: string, crew: number | undefined, supports: number[]) =>
    (await post(dispatcher, '/api/v1/WorkOrders', { title, supports, ...(crew && { crew }) }))._id;
  ids.order = await order('Main St lamp out', ids.crew, [ids.support]);
  ids.assigned = await order('Not started', ids.crew, [ids.support]);
  ids.theirs = await order('Their lamp', ids.otherCrew, [ids.elsewhere]);
  ids.fresh = await order('No crew yet', undefined, [ids.support]);
  for (const [c, id] of [
    [lineman, ids.order],
    [dispatcher, ids.theirs],
  ] as const)
    expect((await c.call('PATCH', `/api/v1/WorkOrders/${id}`, { status: 'IN_PROGRESS' })).status).toBe(200);
}, 120_000);

afterAll(() => s?.close());

describe(`part replacements on ${backend}`, () => {
  it('a lamp replaced takes the model fitted and counts its burn hours from the day', async () => {
    expect(await starts()).toEqual([
      { d: '2020-05-01', n: 1 },
      { d: '2021-01-01', n: 1 },
    ]);
    const res = await replace(lineman, ids.order, {
      kind: 'LAMP',
      luminary: ids.lamp,
      fittedModel: ids.newModel,
      fittedSerial: 'SN-60-0001',
      removedSerial: 'SN-40-0417',
      replacedOn: '2026-11-02',
      note: 'Lens cracked',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      workOrder: ids.order,
      kind: 'LAMP',
      luminary: ids.lamp,
      fittedModel: ids.newModel,
      replacedOn: '2026-11-02',
      replacedBy: linemanId,
      group,
    });
    expect(await get(`/api/v1/Luminaries/${ids.lamp}`)).toMatchObject({
      model: ids.newModel,
      installationDate: '2026-11-02',
    });
    expect(await starts()).toEqual([
      { d: '2021-01-01', n: 1 },
      { d: '2026-11-02', n: 1 },
    ]);
  });

  it('a module replaced hands its place, lamp, controller, phase, program and group control to the fitted MAC', async () => {
    await s.sql(
      `insert into module_readings (at, mac, pwm, pow) values ('2026-11-20T21:00:00Z', $1, 100, 41.5)`,
      [OLD_MAC],
    );
    const res = await replace(lineman, ids.order, {
      kind: 'CONTROL_MODULE',
      module: ids.oldModule,
      fittedSerial: '02:ab:00:00:00:00:00:99',
      replacedOn: '2026-12-01',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      kind: 'CONTROL_MODULE',
      module: ids.oldModule,
      removedSerial: OLD_MAC,
      fittedSerial: '02AB000000000099',
      luminary: ids.lamp,
      replacedBy: linemanId,
    });
    const fitted = Number(res.body.fittedModule);
    expect(fitted).not.toBe(ids.oldModule);
    expect(await get(`/api/v1/LuminaryModules/${fitted}`)).toMatchObject({
      mac: '02AB000000000099',
      luminarySupport: ids.support,
      controller: ids.controller,
      phase: 2,
      profileId: ids.profile,
      group,
      status: 'MOUNTED',
    });
    expect(await get(`/api/v1/Luminaries/${ids.lamp}`)).toMatchObject({ controlModule: fitted });
    const support = await get(`/api/v1/LuminarySupports/${ids.support}`);
    expect(support.sockets).toEqual([
      expect.objectContaining({
        luminary: ids.lamp,
        luminaryModule: fitted,
        phase: 2,
        groupControl: ids.groupControl,
      }),
    ]);
    // its lamp's group control (the lighting programs and group dims read it there)
    expect(
      await s.sql(`select module::int, group_control::int from socket_modules where support = $1`, [
        ids.support,
      ]),
    ).toEqual([{ module: fitted, group_control: ids.groupControl }]);
    // a MAC swap is no new lamp: its burn hours still count from the lamp's day
    expect(await starts()).toEqual([
      { d: '2021-01-01', n: 1 },
      { d: '2026-11-02', n: 1 },
    ]);

    const old = await get(`/api/v1/LuminaryModules/${ids.oldModule}`);
    expect([old.mac, old.status]).toEqual([OLD_MAC, 'UNMOUNTED']);
    expect([old.luminarySupport, old.controller, old.phase, old.profileId].map((v) => v ?? null)).toEqual([
      null,
      null,
      null,
      null,
    ]);
    const history = await s.call('GET', `/api/v2/LuminaryModules/history?id=${ids.oldModule}`);
    expect(history.status).toBe(200);
    const changes = (history.body.result.data as { changes: Row }[]).map((d) => d.changes);
    expect(changes).toEqual(
      expect.arrayContaining([expect.objectContaining({ status: { from: null, to: 'UNMOUNTED' } })]),
    );
    const readings = await s.call(
      'GET',
      `/api/v2/lamp-modules/${ids.oldModule}/history?from=2026-11-20T20:00:00Z&to=2026-11-20T23:00:00Z`,
    );
    expect(readings.body.result.pow).toEqual([41.5]);
  });

  it('refuses a MAC mounted elsewhere, the demo user, another crew’s order, and an order not being worked on', async () => {
    const fitted = Number((await get(`/api/v1/Luminaries/${ids.lamp}`)).controlModule);
    const mounted = await replace(lineman, ids.order, {
      kind: 'CONTROL_MODULE',
      module: fitted,
      fittedSerial: ELSEWHERE_MAC,
      replacedOn: '2026-12-02',
    });
    expect(mounted.status).toBe(409);
    expect(mounted.body).toMatchObject({ code: 'IsUsedError', fields: ['fittedSerial'] });
    expect(await get(`/api/v1/LuminaryModules/${ids.elsewhereModule}`)).toMatchObject({
      luminarySupport: ids.elsewhere,
    });
    expect(await get(`/api/v1/Luminaries/${ids.lamp}`)).toMatchObject({ controlModule: fitted });

    const lamp = { kind: 'DRIVER', luminary: ids.lamp, replacedOn: '2026-12-02' };
    const demo = await s.demo();
    expect((await replace(demo, ids.order, lamp)).status).toBe(403);
    expect(
      (await demo.call('POST', '/api/v1/PartReplacements', { ...lamp, workOrder: ids.order })).status,
    ).toBe(403);
    const theirs = await replace(lineman, ids.theirs, { ...lamp, luminary: ids.elsewhereLamp });
    expect(theirs.status).toBe(404);
    const fresh = await replace(dispatcher, ids.fresh, lamp);
    expect(fresh.status).toBe(400);
    expect(fresh.body).toMatchObject({ code: 'IsInvalidError', fields: ['workOrder'] });
    expect((await replace(lineman, ids.assigned, lamp)).status).toBe(400);
    // a lamp the order does not name
    const notOnOrder = await replace(lineman, ids.order, { ...lamp, luminary: ids.elsewhereLamp });
    expect(notOnOrder.body).toMatchObject({ code: 'IsInvalidError', fields: ['luminary'] });
    expect((await s.call('GET', '/api/v1/PartReplacements?limit=100')).body.total).toBe(2);
  });

  it('a driver replaced on a done order, to correct it, leaves the lamp’s burn hours alone', async () => {
    expect((await lineman.call('PATCH', `/api/v1/WorkOrders/${ids.order}`, { status: 'DONE' })).status).toBe(
      200,
    );
    const res = await replace(lineman, ids.order, {
      kind: 'DRIVER',
      luminary: ids.lamp,
      fittedSerial: 'DRV-77',
      replacedOn: '2026-11-20',
      // who is not the client's to say
      replacedBy: 1,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.replacedBy).toBe(linemanId);
    expect(await get(`/api/v1/Luminaries/${ids.lamp}`)).toMatchObject({
      model: ids.newModel,
      installationDate: '2026-11-02',
    });
    // the other crew's driver, for the reports' scope
    const theirs = await replace(dispatcher, ids.theirs, {
      kind: 'DRIVER',
      luminary: ids.elsewhereLamp,
      replacedOn: '2026-11-05',
    });
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(201);
    const listed = await s.call('GET', `/api/v1/PartReplacements?workOrder=${ids.order}&sort=replacedOn`);
    expect((listed.body.data as Row[]).map((r) => [r.kind, r.replacedOn])).toEqual([
      ['LAMP', '2026-11-02'],
      ['DRIVER', '2026-11-20'],
      ['CONTROL_MODULE', '2026-12-01'],
    ]);
  });

  it('counts the parts used per month by kind and by model fitted; a crew member’s of their crews’ orders', async () => {
    const range = 'start=2026-10-01&end=2026-12-31';
    const byKind = await dispatcher.call('GET', `/api/v2/reports/maintenance/parts-used?${range}&by=kind`);
    expect(byKind.status, JSON.stringify(byKind.body)).toBe(200);
    expect(byKind.body.result).toMatchObject({
      type: 'parts-used',
      by: 'kind',
      months: ['2026-10', '2026-11', '2026-12'],
      rows: [
        { key: 'LAMP', months: [0, 1, 0], total: 1 },
        { key: 'DRIVER', months: [0, 2, 0], total: 2 },
        { key: 'CONTROL_MODULE', months: [0, 0, 1], total: 1 },
      ],
      total: { months: [0, 3, 1], total: 4 },
    });
    const mine = await lineman.call('GET', `/api/v2/reports/maintenance/parts-used?${range}&by=kind`);
    expect(mine.body.result.rows[1]).toMatchObject({ key: 'DRIVER', months: [0, 1, 0], total: 1 });
    expect(mine.body.result.total).toEqual({ months: [0, 2, 1], total: 3 });

    const byModel = await dispatcher.call('GET', `/api/v2/reports/maintenance/parts-used?${range}&by=model`);
    expect(byModel.body.result.rows).toEqual([
      { key: ids.newModel, name: 'New LED 60 W', months: [0, 1, 0], total: 1 },
      { key: null, name: null, months: [0, 2, 1], total: 3 },
    ]);

    const csv = await dispatcher.raw(
      'GET',
      `/api/v2/reports/maintenance/parts-used/export?${range}&format=csv`,
    );
    expect(csv.status).toBe(200);
    expect(String(csv.body).split(/\r?\n/)).toEqual([
      'Part,2026-10,2026-11,2026-12,Total',
      'Lamp,0,1,0,1',
      'Driver,0,2,0,2',
      'Control module,0,0,1,1',
      'Total,0,3,1,4',
    ]);
    const ru = await dispatcher.raw(
      'GET',
      `/api/v2/reports/maintenance/parts-used/export?${range}&by=model&format=csv`,
      undefined,
      { 'accept-language': 'ru' },
    );
    expect(String(ru.body).split(/\r?\n/)[0]).toBe('Установленная модель,2026-10,2026-11,2026-12,Всего');
    // Excel by default: a zip
    const xlsx = await dispatcher.raw('GET', `/api/v2/reports/maintenance/parts-used/export?${range}`);
    expect(xlsx.status).toBe(200);
    expect(String(xlsx.body).slice(0, 2)).toBe('PK');
  });
});
