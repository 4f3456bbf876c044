import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ENTITIES, READ_ONLY_AREAS, type Entity } from '@sl/domain';
import { backend, startServer, type Answer, type Client, type TestServer } from './harness.ts';
import { Samples } from './samples.ts';

// Objects of group B, and users of group A trying every read and write route on them: zero successes.

const owned = ENTITIES.filter((e) => e.groupField || e.name === 'Groups' || e.name === 'Cities');
let s: TestServer;
let groupA: number;
let groupB: number;
let users: Client[];
const idsOfB = new Map<string, number[]>();
let samplesA: Samples;
const idsOfA = { city: 0 };
const samplesAOf = () => samplesA;

async function snapshotOfB() {
  const out: Record<string, unknown> = {};
  for (const e of owned) {
    const ids = idsOfB.get(e.name)!;
    const page = await s.call(
      'GET',
      // (what the server computes is never deleted through the API: nobody holds viewDeleted over it)
      `/api/v1/${e.name}?limit=1000${READ_ONLY_AREAS.includes(e.area) ? '' : '&deleted=true'}&${ids.map((id) => `_id=${id}`).join('&')}`,
    );
    expect(page.body.data?.length, e.name).toBe(ids.length);
    out[e.name] = page.body.data;
  }
  return out;
}

/**
 * Two rows of data the server computes from the field (a meter's average data), written as its rollups write them:
 * no API route makes them.
 */
async function computedRowsOfB(e: Entity, group: number): Promise<number[]> {
  const meter = idsOfB.get('Meters')![0]!;
  const result = await s.db.execute(
    sql`insert into ${sql.identifier(e.table)} (meter, date, "group", na_p)
      values (${meter}, '2026-01-01T00:00:00Z', ${group}, 1), (${meter}, '2026-01-01T01:00:00Z', ${group}, 2)
      returning _id`,
  );
  return ((result as unknown as { rows: { _id: unknown }[] }).rows ?? []).map((r) => Number(r._id));
}

beforeAll(async () => {
  s = await startServer();
  const cityA = (await s.call('POST', '/api/v1/Cities', { name: { 'en-us': 'A-town' }, lat: 1, lon: 1 })).body
    ._id;
  const cityB = (await s.call('POST', '/api/v1/Cities', { name: { 'en-us': 'B-town' }, lat: 2, lon: 2 })).body
    ._id;
  groupA = (await s.call('POST', '/api/v1/Groups', { name: 'A', cities: [cityA] })).body._id;
  groupB = (await s.call('POST', '/api/v1/Groups', { name: 'B', cities: [cityB] })).body._id;
  const all = (
    await s.call('POST', '/api/v1/Roles', {
      name: 'All',
      accessRights: (await s.call('GET', '/api/v2/roles/default')).body.result.accessRights,
    })
  ).body._id;
  // every right a role can hold: over what the server computes from the field, reading only
  const everything = Object.fromEntries(
    ENTITIES.map((e) => [
      e.area,
      READ_ONLY_AREAS.includes(e.area)
        ? { view: true, list: true }
        : {
            view: true,
            list: true,
            create: true,
            edit: true,
            delete: true,
            viewDeleted: true,
            canLock: true,
          },
    ]),
  );
  expect((await s.call('PATCH', `/api/v1/Roles/${all}`, { accessRights: everything })).status).toBe(200);
  for (const [login, type] of [
    ['ga-a', 'GROUPADMIN'],
    ['n-a', 'NORMAL'],
  ] as const)
    await s.call('POST', '/api/v1/Users', {
      login,
      password: 'Lamps-2026',
      type,
      group: groupA,
      role: all,
      email: `${login}@example.org`,
    });
  users = [await s.signIn('ga-a', 'Lamps-2026'), await s.signIn('n-a', 'Lamps-2026')];
  samplesA = new Samples(s, { Groups: groupA, Cities: cityA }, true);
  idsOfA.city = cityA;

  const samplesB = new Samples(s, { Groups: groupB, Cities: cityB }, true);
  for (const e of owned) {
    if (e.name === 'Groups' || e.name === 'Cities') continue;
    if (READ_ONLY_AREAS.includes(e.area)) {
      idsOfB.set(e.name, await computedRowsOfB(e, groupB));
      continue;
    }
    const ids = [];
    for (let i = 0; i < 2; i++) {
      const res = await s.call('POST', `/api/v1/${e.name}`, {
        ...(await samplesB.body(e)),
        [e.groupField!]: groupB,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      ids.push(res.body._id);
    }
    idsOfB.set(e.name, ids);
  }
  idsOfB.set('Groups', [groupB]);
  idsOfB.set('Cities', [cityB]);
});
afterAll(() => s?.close());

type Attempt = (c: Client, e: Entity, id: number) => Promise<Answer>;
const reads: Record<string, Attempt> = {
  listV1: (c, e) => c.call('GET', `/api/v1/${e.name}?limit=1000000&deleted=true`),
  listV2: (c, e) => c.call('GET', `/api/v2/${e.name}?limit=1000`),
  search: (c, e) => c.call('GET', `/api/v2/${e.name.toLowerCase()}/search?limit=1000`),
  filtered: (c, e, id) => c.call('GET', `/api/v1/${e.name}?_id=${id}`),
  getV1: (c, e, id) => c.call('GET', `/api/v1/${e.name}/${id}?type=all`),
  getV2: (c, e, id) => c.call('GET', `/api/v2/${e.name}?id=${id}`),
};
const writes: Record<string, Attempt> = {
  patchV1: async (c, e, id) => c.call('PATCH', `/api/v1/${e.name}/${id}`, await samplesAOf().body(e)),
  patchV2: async (c, e, id) =>
    c.call('PATCH', `/api/v2/${e.name}`, { ...(await samplesAOf().body(e)), _id: id }),
  deleteV1: (c, e, id) => c.call('DELETE', `/api/v1/${e.name}/${id}`),
  deleteV2: (c, e, id) => c.call('DELETE', `/api/v2/${e.name}/${id}`),
  createInB: async (c, e) =>
    c.call('POST', `/api/v1/${e.name}`, {
      ...(await samplesAOf().body(e)),
      ...(e.groupField && { [e.groupField]: groupB }),
    }),
  userUpdate: (c, _e, _id) =>
    c.call('POST', '/api/v2/users/update', { _id: idsOfB.get('Users')![0], phone: '000' }),
  createOnGroup: async (c) =>
    c.call('POST', '/api/v2/users/create-on-group', {
      groupId: groupB,
      user: {
        login: `x${Math.random()}`,
        password: 'Lamps-2026',
        role: await s.plainRole(),
        email: 'x@example.org',
      },
    }),
};

const rowsOf = (body: Answer['body']) =>
  (body?.data ?? body?.result?.data ?? (body?.result?._id ? [body.result] : body?._id ? [body] : [])) as {
    _id: number;
    group?: number;
  }[];

describe(`group isolation on ${backend}`, () => {
  it('resolves the links of its own records for a user of group A, its city included', async () => {
    const post = await users[1]!.call('POST', '/api/v1/LuminarySupports', {
      uid: 'A-own',
      city: idsOfA.city,
    });
    const res = await users[1]!.call('GET', `/api/v1/LuminarySupports/${post.body._id}?type=all`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.city).toMatchObject({ _id: idsOfA.city, lat: 1 });
  });

  it('shows a user of group A none of group B in any read', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...users),
        fc.constantFrom(...owned),
        fc.constantFrom(...Object.keys(reads)),
        fc.nat(1),
        async (c, e, kind, i) => {
          const ids = idsOfB.get(e.name)!;
          const res = await reads[kind]!(c, e, ids[i % ids.length]!);
          const seen = rowsOf(res.body).map((r) => r._id);
          expect(
            seen.filter((id) => ids.includes(id)),
            `${kind} ${e.name}`,
          ).toEqual([]);
        },
      ),
      { numRuns: 250 },
    );
  });

  it('lets a user of group A change nothing of group B', async () => {
    const before = await snapshotOfB();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...users),
        fc.constantFrom(...owned),
        fc.constantFrom(...Object.keys(writes)),
        fc.nat(1),
        async (c, e, kind, i) => {
          const ids = idsOfB.get(e.name)!;
          const res = await writes[kind]!(c, e, ids[i % ids.length]!);
          if (res.status < 300) {
            const written = rowsOf(res.body);
            for (const r of written) {
              expect(ids, `${kind} ${e.name} wrote a row of B`).not.toContain(r._id);
              if (e.groupField)
                expect(r[e.groupField as 'group'], `${kind} ${e.name} created in B`).not.toBe(groupB);
            }
          }
        },
      ),
      { numRuns: 250 },
    );
    expect(await snapshotOfB()).toEqual(before);
  });
});
