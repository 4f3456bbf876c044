import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, startServer, type TestServer } from './harness.ts';

// Every route kind of spec §7 on a reference book, lamp posts with sockets, and users.

let s: TestServer;
const ids: number[] = [];
beforeAll(async () => {
  s = await startServer();
  for (const name of [
    'Osram',
    'Philips',
    'Signify',
    'Thorn',
    'Cree',
    'Schréder',
    'GE',
    'Acuity',
    'Eaton',
    'Zumtobel',
    'Trilux',
    'Fagerhult',
  ]) {
    ids.push((await s.call('POST', '/api/v1/Vendors', { name })).body._id);
  }
});
afterAll(() => s?.close());

describe(`generic API on ${backend}`, () => {
  it('pages with skip and limit, 10 rows by default, with the total', async () => {
    const first = await s.call('GET', '/api/v1/Vendors');
    expect(first.body).toMatchObject({ total: 12, skip: 0, limit: 10 });
    expect(first.body.data).toHaveLength(10);
    const second = await s.call('GET', '/api/v1/Vendors?skip=10&limit=10');
    expect(second.body.data.map((r: { _id: number }) => r._id)).toEqual(ids.slice(10));
    const all = await s.call('GET', '/api/v1/Vendors?limit=1000000');
    expect(all.body.data).toHaveLength(12);
  });

  it('sorts ascending and descending', async () => {
    const asc = await s.call('GET', '/api/v1/Vendors?sort=name&limit=3');
    expect(asc.body.data.map((r: { name: string }) => r.name)).toEqual(['Acuity', 'Cree', 'Eaton']);
    const desc = await s.call('GET', '/api/v1/Vendors?sort=-name&limit=2');
    expect(desc.body.data.map((r: { name: string }) => r.name)).toEqual(['Zumtobel', 'Trilux']);
    const order = await s.call('GET', '/api/v1/Vendors?sort=name&order=DESC&limit=1');
    expect(order.body.data[0].name).toBe('Zumtobel');
  });

  it('filters by field, by several values, and searches text', async () => {
    const one = await s.call('GET', '/api/v1/Vendors?name=Cree');
    expect(one.body.total).toBe(1);
    const two = await s.call('GET', '/api/v1/Vendors?name=Cree&name=GE');
    expect(two.body.total).toBe(2);
    const q = await s.call('GET', `/api/v2/vendors/search?q=${encodeURIComponent('schré')}`);
    expect(q.body.result.data.map((r: { name: string }) => r.name)).toEqual(['Schréder']);
    const like = await s.call('GET', '/api/v2/vendors/search?q=%25');
    expect(like.body.result.total).toBe(0);
  });

  it('gives name lists with inc', async () => {
    const res = await s.call('GET', '/api/v1/Vendors?inc=name&limit=100000');
    expect(res.body.data[0]).toEqual({ _id: ids[0], name: 'Osram' });
  });

  it('reads by id (v1 path, v2 query) and resolves links with type=all', async () => {
    const model = await s.call('POST', '/api/v1/LuminaryModels', {
      name: 'Iridium 3',
      vendor: ids[1],
      power: 55,
    });
    const plain = await s.call('GET', `/api/v1/LuminaryModels/${model.body._id}`);
    expect(plain.body.vendor).toBe(ids[1]);
    const all = await s.call('GET', `/api/v1/LuminaryModels/${model.body._id}?type=all`);
    expect(all.body.vendor).toMatchObject({ _id: ids[1], name: 'Philips' });
    const v2 = await s.call('GET', `/api/v2/LuminaryModels?id=${model.body._id}&type=all`);
    expect(v2.body).toMatchObject({ error: false, result: { vendor: { name: 'Philips' } } });
    const search = await s.call('GET', `/api/v2/lamp-models/search?vendor=${ids[1]}`);
    expect(search.body.result.total).toBe(1);
  });

  it('keeps sockets of a lamp post and resolves the linked lamp in them', async () => {
    const post = await s.call('POST', '/api/v1/LuminarySupports', { uid: 'CAM-1', socketCount: 2 });
    const lamp = await s.call('POST', '/api/v1/Luminaries', { uid: 'L-1', support: post.body._id });
    const patched = await s.call('PATCH', `/api/v1/LuminarySupports/${post.body._id}`, {
      sockets: [{ luminary: lamp.body._id, phase: 2, height: 8.5 }, { phase: 1 }],
    });
    expect(patched.body.sockets).toEqual([{ luminary: lamp.body._id, phase: 2, height: 8.5 }, { phase: 1 }]);
    const all = await s.call('GET', `/api/v1/LuminarySupports/${post.body._id}?type=all`);
    expect(all.body.sockets[0].luminary).toMatchObject({ uid: 'L-1' });
    const used = await s.call('DELETE', `/api/v1/Luminaries/${lamp.body._id}`);
    expect(used.body).toMatchObject({ code: 'IsUsedError', fields: ['LuminarySupports.sockets.luminary'] });
    const socketCount = await s.call('GET', '/api/v1/LuminarySupports?socketCount=2');
    expect(socketCount.body.total).toBe(1);
  });

  it('stores users with an argon2id password it never returns', async () => {
    const u = await s.call('POST', '/api/v2/Users', {
      login: 'ops',
      password: 'Lamp-2026-ok',
      type: 'ADMIN',
      email: 'ops@city.example',
      role: await s.plainRole(),
    });
    expect(u.status).toBe(201);
    expect(u.body.result.password).toBeUndefined();
    expect(u.body.result).toMatchObject({ login: 'ops', type: 'ADMIN', isLocked: false, isActive: true });
    const normal = await s.call('POST', '/api/v2/Users', {
      login: 'n1',
      password: 'Lamp-2026-ok',
      email: 'n1@city.example',
      role: await s.plainRole(),
    });
    expect(normal.body).toMatchObject({ code: 'IsInvalidError', fields: ['group'] });
    const list = await s.call('GET', '/api/v1/Users');
    expect(JSON.stringify(list.body)).not.toContain('argon2');
  });

  it('soft-deletes, hides deleted rows, and shows them when asked', async () => {
    const t = await s.call('POST', '/api/v2/Types', { name: 'Highway' });
    const id = t.body.result._id;
    expect((await s.call('DELETE', `/api/v2/Types/${id}`)).body.result.deletedAt).toBeTruthy();
    expect((await s.call('GET', '/api/v1/Types')).body.total).toBe(0);
    expect((await s.call('GET', '/api/v1/Types?deleted=true')).body.total).toBe(1);
    expect((await s.call('GET', '/api/v1/Types?deleted=only')).body.data[0]._id).toBe(id);
    expect((await s.call('GET', `/api/v1/Types/${id}?deleted=true`)).status).toBe(200);
    expect((await s.call('GET', `/api/v1/Types/${id}`)).body.code).toBe('IsDeletedError');
    expect((await s.call('PATCH', `/api/v1/Types/${id}`, { name: 'x' })).body.code).toBe('IsDeletedError');
    expect((await s.call('DELETE', `/api/v1/Types/${id}`)).body.code).toBe('IsDeletedError');
    // the name is free again once its holder is deleted
    expect((await s.call('POST', '/api/v2/Types', { name: 'Highway' })).status).toBe(201);
  });

  it('answers health with the database and broker state', async () => {
    const h = await s.call('GET', '/health');
    expect(h.status).toBe(200);
    expect(h.body).toMatchObject({
      status: 'ok',
      database: { kind: backend, ok: true },
      broker: { connected: true },
    });
  });
});

describe(`records by id on ${backend}`, () => {
  it('lists several records by _id', async () => {
    const res = await s.call('GET', `/api/v1/Vendors?_id=${ids[0]}&_id=${ids[2]}`);
    expect(res.body.data.map((r: { _id: number }) => r._id)).toEqual([ids[0], ids[2]]);
    expect((await s.call('GET', '/api/v1/Vendors?_id=abc')).status).toBe(400);
  });
});

describe(`stored data the declaration does not name on ${backend}`, () => {
  it('is left out of the answer, never a failed response', async () => {
    const post = await s.call('POST', '/api/v1/LuminarySupports', {
      uid: 'EXTRA-1',
      sockets: [{ phase: 1 }],
    });
    await s.sql(`update luminary_supports set sockets = '[{"phase":1,"legacy":"x"}]'::jsonb where _id = $1`, [
      post.body._id,
    ]);
    const res = await s.call('GET', `/api/v1/LuminarySupports/${post.body._id}`);
    expect(res.status).toBe(200);
    expect(res.body.sockets).toEqual([{ phase: 1 }]);
  });
});
