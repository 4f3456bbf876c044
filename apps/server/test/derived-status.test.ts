import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, startServer, type TestServer } from './harness.ts';

// Lamps, mountings and cabinets report nothing themselves: lists and detail answers carry the state of their
// modules or controller (spec §4), as the map shows them.

let s: TestServer;
const id = async (path: string, body: object) => {
  const res = await s.call('POST', `/api/v1/${path}`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body._id as number;
};
// device state arrives from the field, never through the API
const report = (table: string, _id: number, status: number) =>
  s.sql(`update ${table} set cl_status = $1 where _id = $2`, [status, _id]);

type Made =
  'on' | 'off' | 'lampInSocket' | 'lampWithModule' | 'mounting' | 'empty' | 'controller' | 'cabinet';
const ids = {} as Record<Made, number>;
beforeAll(async () => {
  s = await startServer();
  ids.on = await id('LuminaryModules', { mac: 'A1:00:00:00:00:01' });
  ids.off = await id('LuminaryModules', { mac: 'A1:00:00:00:00:02' });
  ids.lampInSocket = await id('Luminaries', { uid: 'L-socket' });
  ids.lampWithModule = await id('Luminaries', { uid: 'L-module', controlModule: ids.off });
  ids.mounting = await id('LuminarySupports', {
    uid: 'S-two',
    socketCount: 2,
    sockets: [{ luminary: ids.lampInSocket, luminaryModule: ids.on }, { luminaryModule: ids.off }],
  });
  ids.empty = await id('LuminarySupports', { uid: 'S-empty' });
  await s.call('PATCH', `/api/v1/Luminaries/${ids.lampInSocket}`, { support: ids.mounting });
  ids.controller = await id('Controllers', { mac: 'C1:00:00:00:00:01' });
  ids.cabinet = await id('Cabinets', { uid: 'K-1', controller: ids.controller });
  await report('luminary_modules', ids.on, 1);
  await report('luminary_modules', ids.off, 0);
  await report('controllers', ids.controller, 1);
});
afterAll(() => s?.close());

const listed = async (path: string) => {
  const res = await s.call('GET', `/api/v1/${path}?limit=100`);
  expect(res.status).toBe(200);
  return new Map((res.body.data as { _id: number }[]).map((r) => [r._id, r as Record<string, unknown>]));
};

describe(`derived device state on ${backend}`, () => {
  it("gives a mounting its sockets' modules' state, worst first, and -1 without sockets", async () => {
    const rows = await listed('LuminarySupports');
    expect(rows.get(ids.mounting)).toMatchObject({ cl_status: 1 });
    expect(rows.get(ids.empty)).toMatchObject({ cl_status: -1 });
    const one = await s.call('GET', `/api/v1/LuminarySupports/${ids.mounting}`);
    expect(one.body.cl_status).toBe(1);
  });

  it('mirrors in each socket what its module reports, read afresh, and takes no mirror back on save', async () => {
    await s.sql(
      `update luminary_modules set pwm = 40, pow = 31.5, status = 'MOUNTED', last_received_at = $2 where _id = $1`,
      [ids.on, '2026-11-23T22:00:00.000Z'],
    );
    const one = (await s.call('GET', `/api/v1/LuminarySupports/${ids.mounting}`)).body;
    expect(one.sockets[0]).toMatchObject({
      luminaryModule: ids.on,
      mac: 'A10000000001',
      pwm: 40,
      pow: 31.5,
      status: 'MOUNTED',
      cl_status: 1,
    });
    expect(Date.parse(one.sockets[0].updatedAt)).toBe(Date.parse('2026-11-23T22:00:00.000Z'));
    expect(one.sockets[1]).toMatchObject({ luminaryModule: ids.off, cl_status: 0 });
    await report('luminary_modules', ids.off, 4);
    const listedNow = await listed('LuminarySupports');
    expect((listedNow.get(ids.mounting)!.sockets as { cl_status: number }[])[1]!.cl_status).toBe(4);
    // a client that sends the sockets back as read saves them; the mirror is not stored
    const back = await s.call('PATCH', `/api/v1/LuminarySupports/${ids.mounting}`, { sockets: one.sockets });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    const [stored] = await s.sql(`select sockets from luminary_supports where _id = $1`, [ids.mounting]);
    expect((stored as { sockets: Record<string, unknown>[] }).sockets[0]).not.toHaveProperty('pwm');
    await report('luminary_modules', ids.off, 0);
  });

  it('gives a lamp the state of its module, by its socket or its control module', async () => {
    const rows = await listed('Luminaries');
    expect(rows.get(ids.lampInSocket)).toMatchObject({ cl_status: 1 });
    expect(rows.get(ids.lampWithModule)).toMatchObject({ cl_status: 0 });
    const v2 = await s.call('GET', `/api/v2/Luminaries?id=${ids.lampInSocket}`);
    expect(JSON.stringify(v2.body)).toContain('"cl_status":1');
  });

  it("gives a cabinet that reports nothing its controller's state", async () => {
    expect((await listed('Cabinets')).get(ids.cabinet)).toMatchObject({ cl_status: 1 });
    expect((await s.call('GET', `/api/v1/Cabinets/${ids.cabinet}`)).body.cl_status).toBe(1);
  });

  it("serves a cabinet's door, mode, breakers and contactors as its controller's I/O, as wired", async () => {
    // mode AUTO, three breakers on, relay 1 on (encodeIo's bits); phase B's contactor is wired inverted
    await s.sql('update controllers set iostate = 62, polarity = 0 where _id = $1', [ids.controller]);
    expect(
      (await s.call('PATCH', `/api/v1/Cabinets/${ids.cabinet}`, { inversion: { B: true } })).status,
    ).toBe(200);
    const io = { door: 'DOOR_CLOSED', mode: 'AUTO', breakersOn: { A: true, B: true, C: true } };
    expect((await s.call('GET', `/api/v1/Cabinets/${ids.cabinet}`)).body).toMatchObject({
      ...io,
      lampsFed: { A: true, B: true, C: false },
    });
    // the door's input wired active-low: the same reading says it is open
    await s.sql('update controllers set polarity = 1 where _id = $1', [ids.controller]);
    expect((await listed('Cabinets')).get(ids.cabinet)).toMatchObject({ ...io, door: 'DOOR_OPEN' });
    const write = await s.call('PATCH', `/api/v1/Cabinets/${ids.cabinet}`, { door: 'DOOR_CLOSED' });
    expect(write.status).toBe(400);
    const unwired = await id('Cabinets', { uid: 'K-none' });
    expect((await s.call('GET', `/api/v1/Cabinets/${unwired}`)).body).toMatchObject({
      door: null,
      lampsFed: null,
    });
  });

  it('keeps the I/O in the cabinet, so cabinets filter and sort on it, and follows every change', async () => {
    const uids = async (query: string) => {
      const res = await s.call('GET', `/api/v1/Cabinets?${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.data as { uid: string }[]).map((r) => r.uid);
    };
    await s.sql('update controllers set iostate = 62, polarity = 1, last_received_at = $2 where _id = $1', [
      ids.controller,
      '2026-11-24T18:00:00.000Z',
    ]);
    expect(await uids('door=DOOR_OPEN')).toEqual(['K-1']);
    expect(await uids('door=DOOR_CLOSED')).toEqual([]);
    expect(await uids('mode=AUTO&lampsFed.C=false')).toEqual(['K-1']);
    expect(await uids('lampsFed.A=false')).toEqual([]);
    expect(await uids('door=null&sort=door')).toEqual(['K-none']);
    expect(await uids('sort=-door')).toEqual(['K-none', 'K-1']);
    // heard when its controller was
    const one = (await s.call('GET', `/api/v1/Cabinets/${ids.cabinet}`)).body;
    expect(Date.parse(one.lastReceivedAt)).toBe(Date.parse('2026-11-24T18:00:00.000Z'));
    // a breaker trips: only the controller's row is written, as the field's report writes it
    await s.sql('update controllers set iostate = 54 where _id = $1', [ids.controller]);
    expect(await uids('breakersOn.B=false')).toEqual(['K-1']);
    // the cabinet's own wiring changes: phase C no longer inverted
    await s.call('PATCH', `/api/v1/Cabinets/${ids.cabinet}`, { inversion: { B: true, C: false } });
    expect(await uids('lampsFed.C=true')).toEqual([]);
    // the controller goes, and with it what the cabinet knew of its I/O
    await s.sql('update controllers set deleted_at = now() where _id = $1', [ids.controller]);
    expect((await s.call('GET', `/api/v1/Cabinets/${ids.cabinet}`)).body).toMatchObject({ door: null });
    await s.sql('update controllers set deleted_at = null, iostate = 62, polarity = 0 where _id = $1', [
      ids.controller,
    ]);
    expect(await uids('door=DOOR_CLOSED')).toEqual(['K-1']);
    for (const bad of ['breakersOn.A=maybe', 'breakersOn.D=true', 'breakersOn.A.B=true', 'door=AJAR'])
      expect((await s.call('GET', `/api/v1/Cabinets?${bad}`)).status, bad).toBe(400);
  });

  it('follows a module that reports again, past the kept page of mountings', async () => {
    await listed('LuminarySupports');
    await report('luminary_modules', ids.off, 4096);
    expect((await listed('LuminarySupports')).get(ids.mounting)).toMatchObject({ cl_status: 4096 });
    expect((await listed('Luminaries')).get(ids.lampWithModule)).toMatchObject({ cl_status: 4096 });
  });

  it('refuses to sort on a derived state rather than failing, and is never written', async () => {
    expect((await s.call('GET', '/api/v1/LuminarySupports?sort=cl_status')).status).toBe(400);
    expect((await s.call('GET', '/api/v1/LuminarySupports?aggregate=broken')).status).toBeLessThan(500);
    expect((await s.call('GET', '/api/v1/Luminaries?inc=uid,cl_status')).status).toBe(200);
    const some = await s.call('GET', '/api/v1/LuminarySupports?inc=uid,sockets,cl_status&limit=100');
    expect(some.body.data.find((r: { _id: number }) => r._id === ids.mounting).cl_status).toBe(4096);
    const write = await s.call('PATCH', `/api/v1/Luminaries/${ids.lampWithModule}`, { cl_status: 1 });
    expect(write.status).toBe(400);
  });
});
