import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, startServer, type TestServer } from './harness.ts';

// Issue 15: a module sits in one socket at most; moving it is freeing the old socket, then filling the new one.

let s: TestServer;
const modules: number[] = [];
beforeAll(async () => {
  s = await startServer();
  for (const mac of ['0A0000000001', '0A0000000002'])
    modules.push((await s.call('POST', '/api/v1/LuminaryModules', { mac })).body._id);
});
afterAll(() => s?.close());

const support = async (uid: string, sockets: object[]) =>
  s.call('POST', '/api/v1/LuminarySupports', { uid, socketCount: 2, sockets });

describe(`one module, one socket on ${backend}`, () => {
  it('refuses a mounting naming one module in two of its sockets', async () => {
    const res = await support('S-twice', [{ luminaryModule: modules[0] }, { luminaryModule: modules[0] }]);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: 'IsUsedError',
      message: 'Is used',
      fields: ['sockets.1.luminaryModule'],
    });
  });

  it('refuses a module another mounting holds, and takes it once that socket is freed', async () => {
    const a = await support('S-a', [{ luminaryModule: modules[0], phase: 1 }]);
    expect(a.status).toBe(201);
    const b = await support('S-b', [{ luminaryModule: modules[1] }]);
    expect(b.status).toBe(201);
    const stolen = await s.call('PATCH', `/api/v1/LuminarySupports/${b.body._id}`, {
      sockets: [{ luminaryModule: modules[1] }, { luminaryModule: modules[0] }],
    });
    expect(stolen.status).toBe(409);
    expect(stolen.body.fields).toEqual(['sockets.1.luminaryModule']);
    expect((await support('S-c', [{ luminaryModule: modules[0] }])).status).toBe(409);

    expect(
      (await s.call('PATCH', `/api/v1/LuminarySupports/${a.body._id}`, { sockets: [{ phase: 1 }] })).status,
    ).toBe(200);
    const moved = await s.call('PATCH', `/api/v1/LuminarySupports/${b.body._id}`, {
      sockets: [{ luminaryModule: modules[1] }, { luminaryModule: modules[0] }],
    });
    expect(moved.status).toBe(200);
    const holders = await s.sql<{ uid: string }>(
      `select p.uid from luminary_supports p, jsonb_array_elements(p.sockets) x
        where (x->>'luminaryModule')::bigint = $1 and p.deleted_at is null`,
      [modules[0]],
    );
    expect(holders.map((h) => h.uid)).toEqual(['S-b']);
  });

  it('lets a mounting save its own sockets again, a module moved between them', async () => {
    const c = await support('S-own', [{ luminaryModule: null }]);
    const own = await s.call('PATCH', `/api/v1/LuminarySupports/${c.body._id}`, { comment: 'x' });
    expect(own.status).toBe(200);
    const b = (await s.call('GET', '/api/v1/LuminarySupports?uid=S-b')).body.data[0];
    const swapped = await s.call('PATCH', `/api/v1/LuminarySupports/${b._id}`, {
      sockets: [{ luminaryModule: modules[0] }, { luminaryModule: modules[1] }],
    });
    expect(swapped.status).toBe(200);
  });
});

describe(`which socket holds a module on ${backend}`, () => {
  it('names the mounting and socket of each held module, within the caller’s group', async () => {
    const res = await s.call('GET', `/api/v2/luminary-supports/holders?modules=${modules.join(',')}`);
    expect(res.status).toBe(200);
    expect(
      res.body.result.map((h: { module: number; uid: string; socket: number }) => [
        h.module,
        h.uid,
        h.socket,
      ]),
    ).toEqual([
      [modules[0], 'S-b', 1],
      [modules[1], 'S-b', 2],
    ]);
    const other = await s.adminOfNewGroup('Holders other');
    expect(
      (await other.call('GET', `/api/v2/luminary-supports/holders?modules=${modules[0]}`)).body.result,
    ).toEqual([]);
    expect((await s.call('GET', '/api/v2/luminary-supports/holders?modules=x')).status).toBe(400);
  });
});

describe(`the sockets' index by module on ${backend}`, () => {
  /** what socket_modules holds for our modules, beside what the mountings' sockets say */
  const indexed = () =>
    s.sql<{ module: string; uid: string; socket: number; group_control: string | null }>(
      `select k.module, p.uid, k.socket, k.group_control from socket_modules k
        join luminary_supports p on p._id = k.support where k.module = any($1::bigint[]) order by k.module`,
      [modules],
    );
  const fromSockets = () =>
    s.sql<{ module: string; uid: string; socket: number; group_control: string | null }>(
      `select (x->>'luminaryModule')::bigint as module, p.uid, i::int as socket,
          (x->>'groupControl')::bigint as group_control
        from luminary_supports p, jsonb_array_elements(p.sockets) with ordinality s(x, i)
        where p.deleted_at is null and (x->>'luminaryModule')::bigint = any($1::bigint[]) order by 1`,
      [modules],
    );

  it('follows every write of a mounting: sockets changed, a module moved; a mounting holding modules stays', async () => {
    expect(await indexed()).toEqual(await fromSockets());
    expect((await indexed()).map((r) => [Number(r.module), r.uid, r.socket])).toEqual([
      [modules[0], 'S-b', 1],
      [modules[1], 'S-b', 2],
    ]);
    const b = (await s.call('GET', '/api/v1/LuminarySupports?uid=S-b')).body.data[0];
    const d = await support('S-d', []);
    expect((await s.call('PATCH', `/api/v1/LuminarySupports/${b._id}`, { sockets: [{}, {}] })).status).toBe(
      200,
    );
    const moved = await s.call('PATCH', `/api/v1/LuminarySupports/${d.body._id}`, {
      sockets: [{ luminaryModule: modules[1] }, { luminaryModule: modules[0] }],
    });
    expect(moved.status).toBe(200);
    expect((await indexed()).map((r) => [Number(r.module), r.uid, r.socket])).toEqual([
      [modules[0], 'S-d', 2],
      [modules[1], 'S-d', 1],
    ]);
    expect(await indexed()).toEqual(await fromSockets());
    // its modules name it (issue 28 §3): it is used until its sockets are emptied
    const removed = await s.call('DELETE', `/api/v1/LuminarySupports/${d.body._id}`);
    expect(removed.body).toMatchObject({ code: 'IsUsedError', fields: ['LuminaryModules.luminarySupport'] });
    expect(await indexed()).toEqual(await fromSockets());
    await s.call('PATCH', `/api/v1/LuminarySupports/${d.body._id}`, { sockets: [] });
    expect((await s.call('DELETE', `/api/v1/LuminarySupports/${d.body._id}`)).status).toBeLessThan(300);
    expect(await indexed()).toEqual([]);
  });
});
