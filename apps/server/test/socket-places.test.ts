import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from './field-setup.ts';
import { backend, startServer, type TestServer } from './harness.ts';

// Issue 28 §3: the socket is the one truth of where a module and a lamp are, whichever call placed them; the
// events and the map's queries follow at once.

let s: TestServer;
let controller: number;
let cabinet: number;
const AT = { type: 'Point', coordinates: [-71.1, 42.37] };

beforeAll(async () => {
  // detection only when a write asks for it: a pass on the timer would hide a missing one
  s = await startServer({ offlineSweepMs: 3_600_000 });
  controller = (await s.call('POST', '/api/v1/Controllers', { mac: '0C0000002801' })).body._id;
  cabinet = (await s.call('POST', '/api/v1/Cabinets', { uid: 'K-28', controller })).body._id;
});
afterAll(() => s?.close());

const post = async (path: string, body: object) => {
  const res = await s.call('POST', `/api/v1/${path}`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body._id as number;
};
const get = async (path: string) => (await s.call('GET', `/api/v1/${path}`)).body;
const mounting = (uid: string, socketCount = 2) =>
  post('LuminarySupports', { uid, socketCount, cabinet, location: AT });
const openEvents = async (module: number) =>
  (
    await s.call(
      'GET',
      `/api/v2/important-events/search?limit=100&module=${module}&type=MODULE_NOT_CONNECT_TO_PHASE_AND_CONTROLLER&status=OPEN`,
    )
  ).body.result.data as unknown[];

describe(`the socket places a module on ${backend}`, () => {
  it('a module put in a socket takes its mounting, phase, place and controller; its event closes at once', async () => {
    const module = await post('LuminaryModules', { mac: '0A0000002801' });
    const support = await mounting('P-28-a');
    await s.events.detect();
    expect(await openEvents(module)).toHaveLength(1);

    const saved = await s.call('PATCH', `/api/v1/LuminarySupports/${support}`, {
      sockets: [{ luminaryModule: module, phase: 2 }],
    });
    expect(saved.status).toBe(200);
    expect(await get(`LuminaryModules/${module}`)).toMatchObject({
      luminarySupport: support,
      phase: 2,
      controller,
      location: { coordinates: AT.coordinates },
    });
    // the map popup asks for a post's modules so
    const popup = await get(`LuminaryModules?luminarySupport=${support}&limit=16`);
    expect(popup.data.map((m: { _id: number }) => m._id)).toEqual([module]);
    // no detection pass by hand: the write asked for one
    await until(async () => (await openEvents(module)).length === 0, 5000);

    await s.call('PATCH', `/api/v1/LuminarySupports/${support}`, { sockets: [{ phase: 3 }] });
    expect((await get(`LuminaryModules/${module}`)).luminarySupport).toBeNull();
    expect((await get(`LuminaryModules?luminarySupport=${support}`)).data).toEqual([]);
  });

  it('a module form naming a mounting puts it in a free socket, and refuses a mounting with none free', async () => {
    const support = await mounting('P-28-b', 1);
    const a = await post('LuminaryModules', { mac: '0A0000002802', phase: 1, luminarySupport: support });
    expect((await get(`LuminarySupports/${support}`)).sockets).toMatchObject([
      { luminaryModule: a, phase: 1 },
    ]);
    expect(await get(`LuminaryModules/${a}`)).toMatchObject({ luminarySupport: support, controller });

    const b = await post('LuminaryModules', { mac: '0A0000002803' });
    const full = await s.call('PATCH', `/api/v1/LuminaryModules/${b}`, { luminarySupport: support });
    expect(full.status).toBe(409);
    expect(full.body).toMatchObject({ code: 'IsUsedError', fields: ['luminarySupport'] });
    expect((await get(`LuminaryModules/${b}`)).luminarySupport).toBeNull();

    // moved by its form: the old socket is freed, the new one holds it
    const other = await mounting('P-28-c');
    const moved = await s.call('PATCH', `/api/v1/LuminaryModules/${a}`, { luminarySupport: other });
    expect(moved.status).toBe(200);
    expect((await get(`LuminarySupports/${support}`)).sockets[0].luminaryModule).toBeNull();
    expect((await get(`LuminarySupports/${other}`)).sockets[0]).toMatchObject({ luminaryModule: a });
    // its phase written on its form is its socket's
    await s.call('PATCH', `/api/v1/LuminaryModules/${a}`, { phase: 3 });
    expect((await get(`LuminarySupports/${other}`)).sockets[0].phase).toBe(3);
  });

  it('a lamp form naming a mounting puts the lamp in a socket; the lamp takes the socket’s module and place', async () => {
    const module = await post('LuminaryModules', { mac: '0A0000002804' });
    const support = await mounting('P-28-d');
    await s.call('PATCH', `/api/v1/LuminarySupports/${support}`, { sockets: [{ luminaryModule: module }] });
    const lamp = await post('Luminaries', { uid: 'L-28-d', support });
    const sockets = (await get(`LuminarySupports/${support}`)).sockets;
    expect(sockets.filter((x: { luminary?: number }) => x.luminary === lamp)).toHaveLength(1);
    expect(await get(`Luminaries/${lamp}`)).toMatchObject({
      support,
      location: { coordinates: AT.coordinates },
    });

    const taken = await s.call('PATCH', `/api/v1/Luminaries/${lamp}`, { support: null });
    expect(taken.status).toBe(200);
    const after = (await get(`LuminarySupports/${support}`)).sockets;
    expect(after.some((x: { luminary?: number }) => x.luminary === lamp)).toBe(false);
  });

  it('a socket holding a lamp gives the lamp its mounting and its module', async () => {
    const module = await post('LuminaryModules', { mac: '0A0000002805' });
    const lamp = await post('Luminaries', { uid: 'L-28-e' });
    const support = await mounting('P-28-e', 1);
    await s.call('PATCH', `/api/v1/LuminarySupports/${support}`, {
      sockets: [{ luminary: lamp, luminaryModule: module, phase: 1 }],
    });
    expect(await get(`Luminaries/${lamp}`)).toMatchObject({ support, controlModule: module });
    expect(await get(`LuminaryModules/${module}`)).toMatchObject({ luminarySupport: support, phase: 1 });
    await s.call('PATCH', `/api/v1/LuminarySupports/${support}`, { sockets: [] });
    expect((await get(`Luminaries/${lamp}`)).support).toBeNull();
    expect((await get(`LuminaryModules/${module}`)).luminarySupport).toBeNull();
  });

  it('a lamp file placing a lamp and its module in a socket gives the module its mounting and place', async () => {
    const module = await post('LuminaryModules', { mac: '0A0000002806' });
    const support = await mounting('P-28-f', 1);
    const res = await s.call('POST', '/api/v2/import/Luminaries', {
      format: 'csv',
      content: ['uid,pole,module', 'L-28-f,P-28-f,0A0000002806'].join('\n'),
      columns: { uid: 'uid', support: 'pole', controlModule: 'module' },
    });
    expect(res.body.result ?? res.body).toMatchObject({ imported: 1, problems: [] });
    expect(await get(`LuminaryModules/${module}`)).toMatchObject({
      luminarySupport: support,
      controller,
      location: { coordinates: AT.coordinates },
    });
  });
});
