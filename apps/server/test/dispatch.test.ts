import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, startServer, type Client, type TestServer } from './harness.ts';

// The dispatcher's board of issue 32 through the running server: the open orders of the caller's group due first,
// each placed at its first mounting (else its first cabinet) and aged by the server's clock, late ones marked; the
// group's crews; a crew member's own orders only; the first 5,000 with the count of those left out.

let s: TestServer;
let dispatcher: Client;
let group: number;
const HOUR = 3_600_000;
// the server's clock, fixed so that ages and late marks are exact
const NOW = new Date('2026-03-10T12:00:00Z');
const clock = { now: () => NOW };
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * HOUR);
const id = { day: 0, night: 0, foreign: 0, support: 0, unplacedSupport: 0, box: 0 };
const orders: Record<string, number> = {};

type Row = Record<string, unknown>;
type Order = {
  title: string;
  status: string;
  created: Date;
  due?: Date | null;
  crew?: number | null;
  supports?: number[];
  cabinets?: number[];
  group?: number;
  deleted?: boolean;
};

async function post(c: Client, path: string, body: Row) {
  const res = await c.call('POST', path, body);
  expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body._id as number;
}

/** Orders opened and due when the test says (the API dates them from now). */
async function insertOrders(list: Order[]) {
  for (const o of list) {
    const [row] = await s.sql<{ _id: number }>(
      `insert into work_orders (title, status, crew, created_at, due_date, supports, cabinets, "group", deleted_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning _id::int`,
      [
        o.title,
        o.status,
        o.crew ?? null,
        o.created.toISOString(),
        o.due?.toISOString() ?? null,
        o.supports ?? null,
        o.cabinets ?? null,
        o.group ?? group,
        o.deleted ? o.created.toISOString() : null,
      ],
    );
    orders[o.title] = Number(row!._id);
  }
}

const board = async (c: Client) => {
  const res = await c.call('GET', '/api/v2/work-orders/dispatch');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result as {
    at: string;
    total: number;
    leftOut: number;
    orders: Row[];
    crews: Row[];
  };
};

beforeAll(async () => {
  s = await startServer({}, { clock });
  dispatcher = await s.adminOfNewGroup('Dispatch board');
  group = Number((await dispatcher.call('GET', '/auth/me')).body.group?._id);
  expect(group).toBeGreaterThan(0);
  const point = (lon: number, lat: number) => ({ type: 'Point', coordinates: [lon, lat] });
  id.support = await post(dispatcher, '/api/v1/LuminarySupports', {
    uid: 'DB-1',
    location: point(-71.11, 42.37),
  });
  id.unplacedSupport = await post(dispatcher, '/api/v1/LuminarySupports', { uid: 'DB-2' });
  id.box = await post(dispatcher, '/api/v1/Cabinets', { uid: 'DB-K', location: point(-71.1, 42.36) });
  id.day = await post(dispatcher, '/api/v1/Crews', { name: 'Day crew' });
  id.night = await post(dispatcher, '/api/v1/Crews', { name: 'Night crew' });
  const other = await s.adminOfNewGroup('Dispatch board, another city');
  id.foreign = await post(other, '/api/v1/Crews', { name: 'Their crew' });
  const otherGroup = Number((await other.call('GET', '/auth/me')).body.group?._id);

  await insertOrders([
    {
      title: 'new, at a pole',
      status: 'NEW',
      created: hoursAgo(2),
      due: hoursAgo(-22),
      supports: [id.support],
    },
    // its first mounting has no location: placed at its cabinet
    {
      title: 'assigned, late, at a cabinet',
      status: 'ASSIGNED',
      crew: id.day,
      created: hoursAgo(30),
      due: hoursAgo(6),
      supports: [id.unplacedSupport],
      cabinets: [id.box],
    },
    {
      title: 'in progress, late',
      status: 'IN_PROGRESS',
      crew: id.night,
      created: hoursAgo(100),
      due: hoursAgo(76),
    },
    { title: 'reopened, no due date', status: 'REOPENED', created: hoursAgo(200) },
    // not open, deleted, or another group's: none of these is on the board
    { title: 'done', status: 'DONE', crew: id.day, created: hoursAgo(5), due: hoursAgo(1) },
    { title: 'verified', status: 'VERIFIED', crew: id.day, created: hoursAgo(5) },
    { title: 'cancelled', status: 'CANCELLED', created: hoursAgo(5) },
    { title: 'deleted', status: 'NEW', created: hoursAgo(5), deleted: true },
    { title: 'theirs', status: 'NEW', created: hoursAgo(5), group: otherGroup },
  ]);
});

afterAll(() => s?.close());

describe(`the dispatcher's board (${backend})`, () => {
  it("gives the group's open orders due first, placed, aged by the server's clock and marked late", async () => {
    const b = await board(dispatcher);
    expect(b.at).toBe(NOW.toISOString());
    expect(b.total).toBe(4);
    expect(b.leftOut).toBe(0);
    expect(b.orders).toEqual([
      {
        _id: orders['in progress, late'],
        title: 'in progress, late',
        status: 'IN_PROGRESS',
        priority: 'MEDIUM',
        crew: id.night,
        group,
        dueDate: hoursAgo(76).toISOString(),
        street: null,
        openedAt: hoursAgo(100).toISOString(),
        ageHours: 100,
        late: true,
        lon: null,
        lat: null,
      },
      expect.objectContaining({
        title: 'assigned, late, at a cabinet',
        crew: id.day,
        ageHours: 30,
        late: true,
        lon: -71.1,
        lat: 42.36,
      }),
      expect.objectContaining({
        title: 'new, at a pole',
        status: 'NEW',
        crew: null,
        ageHours: 2,
        late: false,
        lon: -71.11,
        lat: 42.37,
      }),
      // no due date: last, never late
      expect.objectContaining({ title: 'reopened, no due date', dueDate: null, ageHours: 200, late: false }),
    ]);
    expect(b.crews).toEqual([
      { _id: id.day, name: 'Day crew', group },
      { _id: id.night, name: 'Night crew', group },
    ]);
  });

  it('follows an assignment: the order given a crew is ASSIGNED on the board', async () => {
    const res = await dispatcher.call('PATCH', `/api/v1/WorkOrders/${orders['new, at a pole']}`, {
      crew: id.night,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const b = await board(dispatcher);
    expect(b.orders.find((o) => o._id === orders['new, at a pole'])).toMatchObject({
      status: 'ASSIGNED',
      crew: id.night,
    });
    // a crew of another group is refused, in the catalogue's words
    const refused = await dispatcher.call(
      'PATCH',
      `/api/v1/WorkOrders/${orders['reopened, no due date']}`,
      { crew: id.foreign },
      { 'accept-language': 'ru' },
    );
    expect(refused).toMatchObject({
      status: 400,
      body: { code: 'IsInvalidError', message: 'Неверные данные' },
    });
  });

  it("shows a crew member their crews' orders only, the demo user its own group's, and no one signed out", async () => {
    const role = await post(s, '/api/v1/Roles', {
      name: 'Dispatch board crew',
      accessRights: { WorkOrders: { view: true, list: true } },
    });
    const user = await post(s, '/api/v1/Users', {
      login: 'board-lineman',
      password: 'Lamps-2026-board',
      email: 'board-lineman@example.org',
      type: 'NORMAL',
      group,
      role,
    });
    expect((await dispatcher.call('PATCH', `/api/v1/Crews/${id.day}`, { members: [user] })).status).toBe(200);
    const lineman = await s.signIn('board-lineman', 'Lamps-2026-board');
    const b = await board(lineman);
    expect(b.orders.map((o) => o.title)).toEqual(['assigned, late, at a cabinet']);
    expect(b.total).toBe(1);

    const demo = await board(await s.demo());
    expect(demo.orders.filter((o) => o.group === group)).toEqual([]);
    expect((await s.anonymous().call('GET', '/api/v2/work-orders/dispatch')).status).toBe(401);
  });

  it('answers the first 5,000 due and says how many are left out', async () => {
    const crowd = await s.adminOfNewGroup('Dispatch board, a storm');
    const crowdGroup = Number((await crowd.call('GET', '/auth/me')).body.group?._id);
    await s.sql(
      `insert into work_orders (title, status, created_at, due_date, "group")
       select 'storm ' || n, 'NEW', $1::timestamptz, $1::timestamptz + n * interval '1 minute', $2
       from generate_series(1, 5003) n`,
      [hoursAgo(1).toISOString(), crowdGroup],
    );
    const b = await board(crowd);
    expect(b.total).toBe(5003);
    expect(b.leftOut).toBe(3);
    expect(b.orders).toHaveLength(5000);
    expect(b.orders[0]!.title).toBe('storm 1');
    expect(b.orders.at(-1)!.title).toBe('storm 5000');
  });
});
