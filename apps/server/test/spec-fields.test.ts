import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, startServer, type TestServer } from './harness.ts';

// Fields of spec §3 that were missing or unused (issue 29 §5): a mounting's maxSockets, a lamp's power levels and
// light, a meter's transformationRatio, a controller's lampsCount, contactor and state.

let s: TestServer;

beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s?.close());

const made = async (entity: string, body: object) => {
  const res = await s.call('POST', `/api/v1/${entity}`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
};

describe(`fields of spec §3 on ${backend}`, () => {
  it('keeps a mounting’s sockets within its maxSockets', async () => {
    const lamp = async (uid: string) => (await made('Luminaries', { uid }))._id;
    const [a, b, c] = [await lamp('MS-1'), await lamp('MS-2'), await lamp('MS-3')];
    const mounting = await made('LuminarySupports', {
      uid: 'MS-POST',
      maxSockets: 2,
      socketCount: 2,
      sockets: [{ luminary: a }, { luminary: b }],
    });
    expect(mounting).toMatchObject({ maxSockets: 2, socketCount: 2 });
    const path = `/api/v1/LuminarySupports/${mounting._id}`;
    const third = await s.call('PATCH', path, {
      socketCount: 3,
      sockets: [{ luminary: a }, { luminary: b }, { luminary: c }],
    });
    expect(third.body).toMatchObject({ code: 'IsInvalidError', fields: ['sockets'] });
    expect((await s.call('PATCH', path, { socketCount: 3 })).body).toMatchObject({
      code: 'IsInvalidError',
      fields: ['socketCount'],
    });
    expect((await s.call('PATCH', path, { maxSockets: 1 })).status).toBe(400);
    // raised, the construction takes the third
    const raised = await s.call('PATCH', path, {
      maxSockets: 3,
      socketCount: 3,
      sockets: [{ luminary: a }, { luminary: b }, { luminary: c }],
    });
    expect(raised.status, JSON.stringify(raised.body)).toBe(200);
    expect(raised.body.sockets).toHaveLength(3);
    expect((await s.call('POST', '/api/v1/LuminarySupports', { uid: 'MS-0', maxSockets: 0 })).status).toBe(
      400,
    );
  });

  it('stores a lamp’s power levels, light and warranted hours, the lower level never above the upper', async () => {
    const lamp = await made('Luminaries', {
      uid: 'LED-90',
      minPowerLevel: 20,
      maxPowerLevel: 90,
      maxLumen: 12_000,
      colorTemperature: 3000,
      warrantedHours: 100_000,
    });
    const read = (await s.call('GET', `/api/v1/Luminaries/${lamp._id}`)).body;
    expect(read).toMatchObject({
      minPowerLevel: 20,
      maxPowerLevel: 90,
      maxLumen: 12_000,
      colorTemperature: 3000,
      warrantedHours: 100_000,
    });
    const crossed = await s.call('PATCH', `/api/v1/Luminaries/${lamp._id}`, { minPowerLevel: 95 });
    expect(crossed.body).toMatchObject({
      code: 'IsInvalidError',
      fields: ['minPowerLevel', 'maxPowerLevel'],
    });
    for (const wrong of [{ colorTemperature: 500 }, { maxPowerLevel: 101 }, { warrantedHours: -1 }])
      expect((await s.call('PATCH', `/api/v1/Luminaries/${lamp._id}`, wrong)).status).toBe(400);
  });

  it('gives a meter its transformation ratio, both transformers’ ratios together', async () => {
    const meter = await made('Meters', {
      serial: 'TR-1',
      power_transformation: 40,
      voltage_transformation: 2.5,
      // the server's to say: dropped as every read-only field is
      transformationRatio: 7,
    });
    expect((await s.call('GET', `/api/v1/Meters/${meter._id}`)).body.transformationRatio).toBe(100);
    const listed = (await s.call('GET', '/api/v1/Meters?serial=TR-1')).body.data[0];
    expect(listed.transformationRatio).toBe(100);
    const plain = await made('Meters', { serial: 'TR-2' });
    expect((await s.call('GET', `/api/v1/Meters/${plain._id}`)).body.transformationRatio).toBe(1);
  });

  it('counts a controller’s lamps and names the phases whose contactor is closed', async () => {
    const controller = await made('Controllers', { mac: '0243EE000001', polarity: 0 });
    for (const mac of ['AA:BB:CC:EE:00:01', 'AA:BB:CC:EE:00:02'])
      await made('LuminaryModules', { mac, controller: controller._id });
    const gone = await made('LuminaryModules', { mac: 'AA:BB:CC:EE:00:03', controller: controller._id });
    await s.call('DELETE', `/api/v1/LuminaryModules/${gone._id}`);
    // relays of phases A and C closed (bits 5 and 7), as the field would report them
    await s.sql('update controllers set iostate = $1 where _id = $2', [32 + 128, controller._id]);
    const read = (await s.call('GET', `/api/v1/Controllers/${controller._id}`)).body;
    expect(read).toMatchObject({ lampsCount: 2, contactor: ['A', 'C'], state: 'unknown' });
    await s.sql('update controllers set cl_status = 1 where _id = $1', [controller._id]);
    const listed = (await s.call('GET', '/api/v1/Controllers?mac=0243EE000001')).body.data[0];
    expect(listed).toMatchObject({ lampsCount: 2, contactor: ['A', 'C'], state: 'on' });
    // the state the list's filter finds it by
    const working = (await s.call('GET', '/api/v1/Controllers?mac=0243EE000001&state=on')).body;
    expect(working.data.map((c: { _id: number }) => c._id)).toEqual([controller._id]);
    const silent = await made('Controllers', { mac: '0243EE000002' });
    await s.sql('update controllers set cl_status = 3 where _id = $1', [silent._id]);
    expect((await s.call('GET', `/api/v1/Controllers/${silent._id}`)).body).toMatchObject({
      lampsCount: 0,
      contactor: null,
      state: 'offline',
    });
  });
});
