import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repairNight } from '@sl/domain';
import { backend, startServer, type Client, type TestServer } from './harness.ts';

// Work orders through the running server (issue 32): events made into orders one per type, street and cabinet, an
// event ordered once, the states an order may move between with a reason where one is owed, the due date from the
// fault kind's service level, the crew from the order's own group, and every change in the order's history.

let s: TestServer;
let dispatcher: Client;
let group: number;
const events: number[] = [];
const HOUR = 3_600_000;
// the server's clock, which the repair's night is moved past
let shift = 0;
const clock = { now: () => new Date(Date.now() + shift) };

type Row = Record<string, unknown>;

async function post(c: Client, path: string, body: Row) {
  const res = await c.call('POST', path, body);
  expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body as Row;
}

/** the event the detector opened for a mounting's free socket */
async function freeSocket(support: number) {
  const [row] = await s.sql<{ _id: number }>(
    `select _id from important_events where support = $1 and status = 'OPEN' and type = 'SOCKET_ON_SUPPORT_IS_FREE'`,
    [support],
  );
  return Number(row!._id);
}

const fromEvents = (c: Client, body: Row) => c.call('POST', '/api/v2/work-orders/from-events', body);
const order = async (id: unknown) => (await s.call('GET', `/api/v1/WorkOrders/${id}`)).body as Row;
const patch = (c: Client, id: unknown, body: Row) => c.call('PATCH', `/api/v1/WorkOrders/${id}`, body);

beforeAll(async () => {
  s = await startServer({}, { clock });
  dispatcher = await s.adminOfNewGroup('Maintenance');
  const me = (await dispatcher.call('GET', '/auth/me')).body;
  group = Number(me.group?._id ?? me.group);
  expect(group, JSON.stringify(me)).toBeGreaterThan(0);
  const k1 = (await post(dispatcher, '/api/v1/Cabinets', { uid: 'K-1', address: '1 Main St' }))._id as number;
  const k2 = (await post(dispatcher, '/api/v1/Cabinets', { uid: 'K-2', address: '9 Oak Ave' }))._id as number;
  const place = [
    ['Main St', k1],
    ['Main St', k1],
    ['main st ', k1],
    ['Oak Ave', k1],
    ['Oak Ave', k2],
  ] as const;
  const supports = [];
  for (const [i, [street, cabinet]] of place.entries())
    supports.push(
      (await post(dispatcher, '/api/v1/LuminarySupports', { uid: `P-${i}`, street, cabinet }))._id as number,
    );
  // new mountings with nothing on them: a free socket each, which the detector opens an event for
  await s.events.detect();
  for (const support of supports) events.push(await freeSocket(support));
  await post(s, '/api/v1/FaultKinds', {
    name: 'Empty socket',
    eventType: 'SOCKET_ON_SUPPORT_IS_FREE',
    hoursUrgent: 4,
    hoursHigh: 24,
    hoursMedium: 72,
    hoursLow: 168,
  });
}, 120_000);

afterAll(() => s?.close());

describe(`work orders on ${backend}`, () => {
  let mainSt: Row;
  let crew: number;

  it('makes events into one order per street and cabinet, each due by its fault kind, and orders an event once', async () => {
    const made = await fromEvents(dispatcher, { events });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const created = made.body.result.created as { _id: number; title: string; events: number }[];
    expect(created.map((c) => [c.title, c.events])).toEqual([
      ['Main St · K-1', 3],
      ['Oak Ave · K-1', 1],
      ['Oak Ave · K-2', 1],
    ]);
    mainSt = await order(created[0]!._id);
    expect(mainSt).toMatchObject({
      status: 'NEW',
      priority: 'MEDIUM',
      eventType: 'SOCKET_ON_SUPPORT_IS_FREE',
      group,
    });
    expect([...(mainSt.events as number[])].sort()).toEqual(events.slice(0, 3).sort());
    expect((mainSt.supports as number[]).length).toBe(3);
    // the cabinet feeds the street: it is where the crew goes, not a device to repair
    expect(mainSt.cabinets ?? []).toEqual([]);
    // (due from the server's clock when the order was made; stored as made within the same request)
    const due = Date.parse(mainSt.dueDate as string) - Date.parse(mainSt.createdAt as string);
    expect(Math.abs(due - 72 * HOUR)).toBeLessThan(5000);

    // the same events again, from the list or by another dispatcher: nothing new
    const again = await fromEvents(dispatcher, { events });
    expect(again.body.result).toEqual({ created: [], alreadyOrdered: [...events].sort((a, b) => a - b) });
    const byHand = await dispatcher.call('POST', '/api/v1/WorkOrders', {
      title: 'again',
      events: [events[0]],
    });
    expect(byHand.status).toBe(409);
    expect(byHand.body).toMatchObject({ code: 'AlreadyExistsError', fields: ['events'] });
  });

  it('moves through its states: assigned with a crew of its group, started, done, reopened with a reason', async () => {
    crew = (await post(dispatcher, '/api/v1/Crews', { name: 'Night crew' }))._id as number;
    const other = await s.adminOfNewGroup('Elsewhere');
    const theirs = (await post(other, '/api/v1/Crews', { name: 'Their crew' }))._id as number;
    const foreign = await patch(s, mainSt._id, { crew: theirs });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toMatchObject({ code: 'IsInvalidError', fields: ['crew'] });

    // done before it is started: refused
    expect((await patch(dispatcher, mainSt._id, { crew })).body.status).toBe('ASSIGNED');
    const skipped = await patch(dispatcher, mainSt._id, { status: 'DONE' });
    expect(skipped.body).toMatchObject({ code: 'IsInvalidError', fields: ['status'] });
    expect((await patch(dispatcher, mainSt._id, { status: 'IN_PROGRESS' })).body.status).toBe('IN_PROGRESS');
    const done = (await patch(dispatcher, mainSt._id, { status: 'DONE' })).body as Row;
    expect(done.status).toBe('DONE');
    expect(done.doneAt).toBeTruthy();

    const silent = await patch(dispatcher, mainSt._id, { status: 'REOPENED' });
    expect(silent.body).toMatchObject({ code: 'IsInvalidError', fields: ['reason'] });
    const reopened = (
      await patch(dispatcher, mainSt._id, { status: 'REOPENED', reason: 'Still dark at 22:00' })
    ).body as Row;
    expect(reopened).toMatchObject({ status: 'REOPENED', reason: 'Still dark at 22:00', doneAt: null });
    expect(await order(mainSt._id)).toMatchObject({ status: 'REOPENED', reason: 'Still dark at 22:00' });

    // its history: every state, who and when
    const history = await dispatcher.call('GET', `/api/v2/WorkOrders/history?id=${mainSt._id}`);
    expect(history.status).toBe(200);
    const states = (history.body.result.data as Row[])
      .map((d) => (d.changes as Record<string, { to: unknown }>).status?.to)
      .filter(Boolean)
      .reverse();
    expect(states).toEqual(['NEW', 'ASSIGNED', 'IN_PROGRESS', 'DONE', 'REOPENED']);
    expect((history.body.result.data as Row[])[0]).toMatchObject({
      login: expect.stringMatching(/^admin-of-/),
    });
  });

  it('takes its due date anew from a new priority, counted from when it was opened', async () => {
    const urgent = (await patch(dispatcher, mainSt._id, { priority: 'URGENT' })).body as Row;
    expect(Date.parse(urgent.dueDate as string) - Date.parse(urgent.createdAt as string)).toBe(4 * HOUR);
  });

  it('a cancelled order gives its events back to be ordered again', async () => {
    const cancel = await patch(dispatcher, mainSt._id, {
      status: 'CANCELLED',
      reason: 'Pole to be replaced',
    });
    expect(cancel.body).toMatchObject({ status: 'CANCELLED' });
    expect(cancel.body.closedAt).toBeTruthy();
    // over is over
    expect((await patch(dispatcher, mainSt._id, { status: 'ASSIGNED' })).status).toBe(400);
    const made = await fromEvents(dispatcher, { events, crew, priority: 'HIGH' });
    expect(made.body.result.created).toEqual([
      expect.objectContaining({ title: 'Main St · K-1', events: 3 }),
    ]);
    const next = await order(made.body.result.created[0]._id);
    expect(next).toMatchObject({ status: 'ASSIGNED', crew, priority: 'HIGH' });
  });

  it('orders an event once though asked for it at the same moment, and the database itself refuses a second', async () => {
    const support = (
      await post(dispatcher, '/api/v1/LuminarySupports', { uid: 'P-once', street: 'Birch St' })
    )._id as number;
    await s.events.detect();
    const event = await freeSocket(support);
    const asked = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        dispatcher.call('POST', '/api/v1/WorkOrders', { title: `Birch St ${n}`, events: [event] }),
      ),
    );
    expect(asked.map((a) => a.status).sort()).toEqual([201, 409, 409, 409]);
    for (const refused of asked.filter((a) => a.status === 409))
      expect(refused.body).toMatchObject({ code: 'AlreadyExistsError', fields: ['events'] });
    // another process, or a hand at the database, is refused the same
    const sneak = `insert into work_orders (title, status, events, "group") values ('by hand', $1, $2, $3)`;
    await expect(s.sql(sneak, ['NEW', [event], group])).rejects.toThrow(/work_orders_events_unique/);
    // once its order is over, the event may be ordered again
    const made = asked.find((a) => a.status === 201)!.body as Row;
    expect((await patch(dispatcher, made._id, { status: 'CANCELLED', reason: 'Duplicate' })).status).toBe(
      200,
    );
    await s.sql(sneak, ['NEW', [event], group]);
    await expect(s.sql(sneak, ['ASSIGNED', [event], group])).rejects.toThrow(/work_orders_events_unique/);
  });

  it('answers bad input from the catalogue, and lets the demo user read and change nothing', async () => {
    for (const body of [{ events: [] }, { events: ['x'] }, { events: [1], priority: 'SOON' }, {}])
      expect((await fromEvents(dispatcher, body)).body).toMatchObject({ code: 'IsInvalidError' });
    // more ids than a statement takes parameters (65,535): still one answer, nothing of another group's
    const many = Array.from({ length: 70_000 }, (_, i) => 1_000_000 + i);
    expect((await fromEvents(dispatcher, { events: many })).body.result).toEqual({
      created: [],
      alreadyOrdered: [],
    });
    const demo = await s.demo();
    expect((await demo.call('GET', '/api/v1/WorkOrders')).status).toBe(200);
    expect((await fromEvents(demo, { events })).status).toBe(403);
    expect((await demo.call('POST', '/api/v1/WorkOrders', { title: 'no' })).status).toBe(403);
    // another group's events are as if they were not there
    const other = await s.adminOfNewGroup('Third');
    expect((await fromEvents(other, { events })).body.result).toEqual({ created: [], alreadyOrdered: [] });
  });

  it("a dispatcher's rule orders the events open long enough, grouped, once, as the rule and not as a user", async () => {
    const k3 = (await post(dispatcher, '/api/v1/Cabinets', { uid: 'K-3', address: '5 Elm St' }))
      ._id as number;
    const fresh = [];
    for (const i of [1, 2, 3])
      fresh.push(
        (await post(dispatcher, '/api/v1/LuminarySupports', { uid: `E-${i}`, street: 'Elm St', cabinet: k3 }))
          ._id as number,
      );
    await s.events.detect();
    const elm = await Promise.all(fresh.map(freeSocket));
    const rule = (
      await post(dispatcher, '/api/v1/WorkOrderRules', {
        name: 'Empty sockets after two hours',
        eventType: 'SOCKET_ON_SUPPORT_IS_FREE',
        afterMinutes: 120,
        priority: 'LOW',
      })
    )._id as number;
    const elmOrders = async () =>
      ((await s.call('GET', '/api/v1/WorkOrders?street=Elm St&limit=100')).body.data as Row[]).filter((o) =>
        (o.events as number[]).some((e) => elm.includes(e)),
      );
    // opened just now: not yet
    await s.maintenance.pass();
    expect(await elmOrders()).toEqual([]);
    // two of them open three hours: those two, in one order
    await s.sql(`update important_events set open_date = now() - interval '3 hours' where _id = any($1)`, [
      elm.slice(0, 2),
    ]);
    await Promise.all([s.maintenance.pass(), s.maintenance.pass()]);
    const [first, ...more] = await elmOrders();
    expect(more).toEqual([]);
    expect(first).toMatchObject({ title: 'Elm St · K-3', priority: 'LOW', status: 'NEW', group });
    expect([...(first!.events as number[])].sort()).toEqual(elm.slice(0, 2).sort());
    const history = await dispatcher.call('GET', `/api/v2/WorkOrders/history?id=${first!._id}`);
    expect(history.body.result.data.at(-1)).toMatchObject({ action: 'create', login: null });
    // the third one later, in an order of its own; the first two are not ordered twice
    await s.sql(`update important_events set open_date = now() - interval '3 hours' where _id = $1`, [
      elm[2],
    ]);
    await s.maintenance.pass();
    expect((await elmOrders()).map((o) => (o.events as number[]).length).sort()).toEqual([1, 2]);
    // a rule switched off orders nothing
    await patch(dispatcher, first!._id, { status: 'CANCELLED', reason: 'Sockets kept free on purpose' });
    expect((await dispatcher.call('PATCH', `/api/v1/WorkOrderRules/${rule}`, { active: false })).status).toBe(
      200,
    );
    expect((await s.maintenance.pass()).ordered).toBe(0);
  });

  it('a done order is VERIFIED once the night after the repair passed clean, REOPENED when its fault stayed', async () => {
    const k4 = (await post(dispatcher, '/api/v1/Cabinets', { uid: 'K-4', address: '2 Vine St' }))
      ._id as number;
    // in Cambridge, MA: the night is the city's
    const at = (lon: number) => ({ type: 'Point', coordinates: [lon, 42.3736] });
    const mended = (
      await post(dispatcher, '/api/v1/LuminarySupports', {
        uid: 'V-1',
        street: 'Vine St',
        cabinet: k4,
        location: at(-71.1097),
      })
    )._id as number;
    const still = (
      await post(dispatcher, '/api/v1/LuminarySupports', {
        uid: 'A-1',
        street: 'Ash St',
        cabinet: k4,
        location: at(-71.1099),
      })
    )._id as number;
    await s.events.detect();
    const [fixedEvent, openEvent] = [await freeSocket(mended), await freeSocket(still)];
    const dayCrew = (await post(dispatcher, '/api/v1/Crews', { name: 'Day crew' }))._id as number;
    const made = (await fromEvents(dispatcher, { events: [fixedEvent, openEvent], crew: dayCrew })).body
      .result.created as Row[];
    expect(made).toHaveLength(2);
    for (const o of made) {
      await patch(dispatcher, o._id, { status: 'IN_PROGRESS' });
      expect((await patch(dispatcher, o._id, { status: 'DONE' })).body.status).toBe('DONE');
    }
    // one repaired (its socket's event solved on site), the other not
    expect(
      (
        await dispatcher.call('POST', '/api/v2/important-events/solve', {
          _id: fixedEvent,
          comment: 'lamp fitted',
        })
      ).status,
    ).toBe(200);
    // before its night is over: waiting
    expect(await s.maintenance.pass()).toMatchObject({ verified: 0, reopened: 0 });
    expect((await Promise.all(made.map((o) => order(o._id)))).map((o) => o.status)).toEqual(['DONE', 'DONE']);
    // two days on: the night after the repair is over
    shift = 2 * 24 * HOUR;
    try {
      expect(await s.maintenance.pass()).toMatchObject({ verified: 1, reopened: 1 });
    } finally {
      shift = 0;
    }
    const titled = (title: string) => order(made.find((o) => o.title === title)!._id);
    const [fixed, failed] = await Promise.all([titled('Vine St · K-4'), titled('Ash St · K-4')]);
    expect(fixed, String(fixed!.reason)).toMatchObject({ status: 'VERIFIED' });
    expect(fixed!.closedAt).toBeTruthy();
    expect(failed).toMatchObject({ status: 'REOPENED', doneAt: null });
    expect(failed!.reason).toContain(`event #${openEvent}`);
    expect(failed!.reason).toContain('Socket on the mounting is free');
    // and the crew takes it up again
    expect((await patch(dispatcher, failed!._id, { status: 'IN_PROGRESS' })).body.status).toBe('IN_PROGRESS');
  });

  it("a done order is REOPENED when a lamp drew far from its model's power through the night", async () => {
    // the reference books are the administrator's
    const vendor = (await post(s, '/api/v1/Vendors', { name: 'Band vendor' }))._id;
    const model = (await post(s, '/api/v1/LuminaryModels', { name: 'LED 60', vendor, power: 60 }))._id;
    const crew = (await post(dispatcher, '/api/v1/Crews', { name: 'Power crew' }))._id;
    const mend = async (n: number, drew: number) => {
      const mac = `024D00AA0000000${n}`;
      const module = (await post(dispatcher, '/api/v1/LuminaryModules', { mac }))._id;
      await post(dispatcher, '/api/v1/Luminaries', { uid: `BAND-${n}`, model, controlModule: module });
      const support = (
        await post(dispatcher, '/api/v1/LuminarySupports', {
          uid: `BAND-P${n}`,
          street: 'Power St',
          location: { type: 'Point', coordinates: [-71.1097, 42.3736] },
        })
      )._id;
      const made = await post(dispatcher, '/api/v1/WorkOrders', {
        title: `Power ${n}`,
        crew,
        supports: [support],
        modules: [module],
      });
      await patch(dispatcher, made._id, { status: 'IN_PROGRESS' });
      const done = (await patch(dispatcher, made._id, { status: 'DONE' })).body as Row;
      // the night after: full output, each hour, drawing `drew` W of its model's 60
      const night = repairNight({ lat: 42.3736, lon: -71.1097 }, new Date(done.doneAt as string));
      for (let t = night.from.getTime() + 60_000; t < night.until.getTime(); t += HOUR)
        await s.sql(
          `insert into module_readings (at, mac, pwm, pow, lpwm, cpwm) values ($1, $2, 100, $3, 10, 100)`,
          [new Date(t).toISOString(), mac, drew],
        );
      return made._id;
    };
    const healthy = await mend(1, 58.5);
    const starved = await mend(2, 12);
    shift = 2 * 24 * HOUR;
    try {
      expect(await s.maintenance.pass()).toMatchObject({ verified: 1, reopened: 1 });
    } finally {
      shift = 0;
    }
    expect(await order(healthy)).toMatchObject({ status: 'VERIFIED' });
    const reopened = await order(starved);
    expect(reopened).toMatchObject({ status: 'REOPENED' });
    expect(reopened.reason).toContain("module 024D00AA00000002 drew 20 % of its model's 60 W");
  });

  it("a crew member sees and changes only their crews' orders", async () => {
    const role = (
      await post(s, '/api/v1/Roles', {
        name: 'Crew',
        accessRights: {
          WorkOrders: { view: true, list: true, edit: true },
          LuminarySupports: { view: true },
        },
      })
    )._id as number;
    const user = (
      await post(s, '/api/v1/Users', {
        login: 'lineman',
        password: 'Lamps-2026-crew',
        email: 'lineman@example.org',
        type: 'NORMAL',
        group,
        role,
      })
    )._id as number;
    const ours = (await post(dispatcher, '/api/v1/Crews', { name: 'North crew', members: [user] }))
      ._id as number;
    const theirs = (await post(dispatcher, '/api/v1/Crews', { name: 'South crew' }))._id as number;
    const mine = (await post(dispatcher, '/api/v1/WorkOrders', { title: 'Mine', crew: ours }))._id;
    const other = (await post(dispatcher, '/api/v1/WorkOrders', { title: 'Not mine', crew: theirs }))._id;
    const unassigned = (await post(dispatcher, '/api/v1/WorkOrders', { title: 'Nobody yet' }))._id;
    const lineman = await s.signIn('lineman', 'Lamps-2026-crew');
    const listed = await lineman.call('GET', '/api/v1/WorkOrders?limit=100');
    expect(listed.status).toBe(200);
    expect((listed.body.data as Row[]).map((o) => o._id)).toEqual([mine]);
    expect(listed.body.total).toBe(1);
    for (const id of [other, unassigned]) {
      expect((await lineman.call('GET', `/api/v1/WorkOrders/${id}`)).status).toBe(404);
      expect((await lineman.call('PATCH', `/api/v1/WorkOrders/${id}`, { notes: 'x' })).status).toBe(404);
      expect((await lineman.call('GET', `/api/v2/WorkOrders/history?id=${id}`)).status).toBe(404);
    }
    expect(
      (await lineman.call('PATCH', `/api/v1/WorkOrders/${mine}`, { status: 'IN_PROGRESS' })).body.status,
    ).toBe('IN_PROGRESS');
    // the dispatcher still sees every order of the group
    const all = (await dispatcher.call('GET', '/api/v1/WorkOrders?limit=1000')).body.data as Row[];
    expect(all.map((o) => o._id)).toEqual(expect.arrayContaining([mine, other, unassigned]));
  });
});
