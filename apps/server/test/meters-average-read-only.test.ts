import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, startServer, type Client, type TestServer } from './harness.ts';

// A meter's average data is computed by the server from its readings: read through the API, never written by
// anyone (administrators included), and a role holds only reading rights over it.

let s: TestServer;
let groupAdmin: Client;
let averageId: number;
let meterId: number;
const PASSWORD = 'Average-pass-2026';

async function create(entity: string, body: object) {
  const res = await s.call('POST', `/api/v1/${entity}`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body._id as number;
}

beforeAll(async () => {
  s = await startServer();
  const group = (await s.call('GET', '/api/v1/Groups?name=Demo')).body.data[0]._id as number;
  meterId = await create('Meters', { serial: 'AVG-RO-1', group });
  // a row as the rollups write it (the API refuses to)
  const [row] = await s.sql<{ _id: string }>(
    `insert into meters_average_data (meter, date, "group", na_p, na_m, nr_p, nr_m)
     values ($1, '2026-03-01T10:00:00Z', $2, 1.5, 0, 0.2, 0) returning _id`,
    [meterId, group],
  );
  averageId = Number(row!._id);
  await create('Users', {
    login: 'avg-admin',
    password: PASSWORD,
    group,
    type: 'GROUPADMIN',
    role: await s.plainRole(),
    email: 'avg-admin@example.org',
  });
  groupAdmin = await s.signIn('avg-admin', PASSWORD);
});
afterAll(() => s?.close());

describe(`MetersAverageData is read-only on ${backend}`, () => {
  it('is read by v1 and v2', async () => {
    const v1 = await s.call('GET', `/api/v1/MetersAverageData?meter=${meterId}`);
    expect(v1.status).toBe(200);
    expect(v1.body.data.map((r: { _id: number }) => r._id)).toEqual([averageId]);
    const v2 = await s.call('GET', `/api/v2/meters-average-data/search?meter=${meterId}`);
    expect(v2.status).toBe(200);
    expect(v2.body.result.data[0].naP).toBe(1.5);
  });

  it('refuses every generic write with NotSupportedError, for an administrator and a group administrator', async () => {
    const body = { meter: meterId, date: '2026-03-01T11:00:00Z', naP: 9 };
    for (const c of [s, groupAdmin]) {
      const writes = [
        await c.call('POST', '/api/v1/MetersAverageData', body),
        await c.call('PATCH', `/api/v1/MetersAverageData/${averageId}`, { naP: 9 }),
        await c.call('DELETE', `/api/v1/MetersAverageData/${averageId}`),
        await c.call('POST', '/api/v2/MetersAverageData', body),
        await c.call('PATCH', '/api/v2/MetersAverageData', { _id: averageId, naP: 9 }),
        await c.call('DELETE', `/api/v2/MetersAverageData/${averageId}`),
      ];
      for (const res of writes) {
        expect(res.status, JSON.stringify(res.body)).toBe(405);
        expect(res.body.code).toBe('NotSupportedError');
      }
    }
    const [row] = await s.sql<{ n: number; nap: number }>(
      'select count(*)::int as n, max(na_p) as nap from meters_average_data where meter = $1 and deleted_at is null',
      [meterId],
    );
    expect(row).toEqual({ n: 1, nap: 1.5 });
  });

  it('offers a role only reading rights over it', async () => {
    const refused = await s.call('POST', '/api/v1/Roles', {
      name: 'Average writer',
      accessRights: { MetersAverageData: { view: true, create: true } },
    });
    expect(refused.status).toBe(400);
    const reader = await s.call('POST', '/api/v1/Roles', {
      name: 'Average reader',
      accessRights: { MetersAverageData: { view: true, list: true } },
    });
    expect(reader.status, JSON.stringify(reader.body)).toBe(201);
  });
});
