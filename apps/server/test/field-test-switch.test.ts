import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupBy } from '@sl/domain';
import { addDays, localDay, zonedInstant } from '@sl/domain/astro';
import { loadCity, startSimulator, type SimulatorHandle } from '@sl/simulator';
import { seedDemoCity } from '../src/field/demo-city.ts';
import { programsSent, until } from './field-setup.ts';
import { backend, startServer, type Client, type TestServer } from './harness.ts';

// Issue 32, crews in the field: a crew member's day from the server, and the test switch of an order's lamps
// (100 % for two minutes by the server's clock, then back to the level their program asks), through the real
// server and a simulated controller. Both clocks stand at 02:00 of the night in progress in Cambridge, when the
// politic's program holds the lamps at 40 %, and move together.

const TZ = 'America/New_York';
const night = localDay(new Date(Date.now() - 12 * 3_600_000), TZ);
const twoAm = zonedInstant(addDays(night, 1), '02:00', TZ).getTime();
const started = Date.now();
let shift = 0;
const now = () => new Date(twoAm + (Date.now() - started) + shift);
const PROGRAM_LEVEL = 40;
const PASSWORD = 'Lamps-2026-field';

type Row = Record<string, unknown>;
type Module = { _id: number; mac: string; pwm: number | null; luminarySupport: number | null };

let s: TestServer;
let sim: SimulatorHandle;
let lineman: Client;
let outsider: Client;
let demoGroup: number;
let order: number;
let tested: Module[];
let untouched: Module;

async function post(c: Client, path: string, body: Row) {
  const res = await c.call('POST', path, body);
  expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body as Row;
}

const modules = async () => (await s.call('GET', '/api/v1/LuminaryModules?limit=200')).body.data as Module[];
const levelsOf = async (list: Module[]) => {
  const now = new Map((await modules()).map((m) => [m._id, m.pwm]));
  return list.map((m) => now.get(m._id));
};
const testSwitch = (c: Client, id: unknown) => c.call('POST', `/api/v2/work-orders/${id}/test-switch`, {});

async function crewMember(login: string, role: number, crewName: string) {
  const user = await post(s, '/api/v1/Users', {
    login,
    password: PASSWORD,
    email: `${login}@example.org`,
    type: 'NORMAL',
    group: demoGroup,
    role,
  });
  const crew = await post(s, '/api/v1/Crews', { name: crewName, group: demoGroup, members: [user._id] });
  return { crew: crew._id as number, client: await s.signIn(login, PASSWORD) };
}

beforeAll(async () => {
  s = await startServer({}, { clock: { now }, programs: { settleMs: 200 } });
  const city = await loadCity('cambridge', { controllers: 1 });
  const demo = (await s.call('GET', '/api/v1/Groups?name=Demo')).body.data[0];
  demoGroup = demo._id;
  await seedDemoCity(s.db, demo._id, demo.cities[0], city);
  const secrets = await s.commission(city.cabinets.map((c) => c.controller.mac));
  sim = await startSimulator({
    broker: s.brokerUrl,
    city,
    intervalMs: 300,
    faults: false,
    secrets,
    clock: now,
  });

  // the mounting with the most lamps: the order names it, not its modules
  const all = await modules();
  const bySupport = groupBy(
    all.filter((m) => m.luminarySupport != null),
    (m) => m.luminarySupport!,
  );
  const [support, onIt] = [...bySupport].sort((a, b) => b[1].length - a[1].length)[0]!;
  tested = onIt;
  untouched = all.find((m) => m.luminarySupport !== support && m.luminarySupport != null)!;
  const vendor = await post(s, '/api/v1/Vendors', { name: 'Field vendor' });
  const model = await post(s, '/api/v1/LuminaryModels', { name: 'Field LED 40 W', vendor: vendor._id });
  const lamps = (await s.call('GET', `/api/v1/Luminaries?support=${support}`)).body.data as Row[];
  expect(lamps.length).toBeGreaterThan(0);
  for (const lamp of lamps)
    expect((await s.call('PATCH', `/api/v1/Luminaries/${lamp._id}`, { model: model._id })).status).toBe(200);

  const profile = await post(s, '/api/v1/Profiles', {
    name: 'Field night',
    kind: 'onOff',
    settings: { pwm0: PROGRAM_LEVEL },
  });
  await post(s, '/api/v1/Politics', { name: 'Cambridge', profile: profile._id });
  await until(
    async () => (await programsSent(s, 50)).some((c) => c.devices[0]?.state === 'acknowledged'),
    15_000,
  );
  await until(async () => (await modules()).every((m) => m.pwm === PROGRAM_LEVEL), 15_000);

  const role = (
    await post(s, '/api/v1/Roles', {
      name: 'Crew in the field',
      accessRights: { WorkOrders: { view: true, list: true, edit: true } },
    })
  )._id as number;
  const ours = await crewMember('lineman', role, 'North crew');
  lineman = ours.client;
  const theirs = await crewMember('other-lineman', role, 'South crew');
  outsider = theirs.client;
  order = (
    await post(s, '/api/v1/WorkOrders', {
      title: 'Lamp out on the corner',
      crew: ours.crew,
      supports: [support],
      eventType: 'LAMP_OUT_AT_NIGHT',
      group: demoGroup,
    })
  )._id as number;
}, 120_000);

afterAll(async () => {
  await sim?.stop({ clearRetained: true });
  await s?.close();
});

describe(`a crew's test switch on ${backend}`, () => {
  it("gives the crew member their day's order with its devices, and nobody else's crew", async () => {
    const day = await lineman.call('GET', '/api/v2/work-orders/field');
    expect(day.status, JSON.stringify(day.body)).toBe(200);
    const [mine, ...more] = day.body.result.orders as Row[];
    expect(more).toEqual([]);
    expect(mine).toMatchObject({ _id: order, status: 'ASSIGNED', eventType: 'LAMP_OUT_AT_NIGHT' });
    const devices = mine!.devices as Record<string, Row[]>;
    expect(devices.supports).toHaveLength(1);
    expect(devices.supports![0]!.uid).toEqual(expect.any(String));
    expect(devices.supports![0]!.location).toMatchObject({
      lon: expect.any(Number),
      lat: expect.any(Number),
    });
    expect(devices.modules!.map((m) => m._id).sort()).toEqual(tested.map((m) => m._id).sort());
    expect(devices.modules!.every((m) => m.pwm === PROGRAM_LEVEL && m.lastReceivedAt)).toBe(true);
    expect(devices.lamps!.length).toBeGreaterThan(0);
    expect(devices.lamps!.map((l) => l.model)).toEqual(devices.lamps!.map(() => 'Field LED 40 W'));

    const theirs = await outsider.call('GET', '/api/v2/work-orders/field');
    expect(theirs.body.result.orders).toEqual([]);
  });

  it('dims the order’s lamps to 100 %, confirmed by the controller, and back to their program two minutes later', async () => {
    const before = now().getTime();
    const res = await testSwitch(lineman, order);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const result = res.body.result;
    expect(result).toMatchObject({ confirmed: true, code: 0, msg: '', level: 100, withoutController: [] });
    expect(result.modules.map((m: Row) => m.state)).toEqual(tested.map(() => 'acknowledged'));
    const returnAt = Date.parse(result.returnAt);
    expect(returnAt - before).toBeGreaterThanOrEqual(2 * 60_000);
    expect(returnAt - before).toBeLessThan(2 * 60_000 + 10_000);

    await until(async () => (await levelsOf(tested)).every((pwm) => pwm === 100), 10_000);
    // the order's lamps only
    expect(await levelsOf([untouched])).toEqual([PROGRAM_LEVEL]);
    // within the two minutes nothing goes back, however often the returns are looked for
    expect(await s.testSwitches.returnDue()).toBe(0);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await levelsOf(tested)).toEqual(tested.map(() => 100));

    shift += 2 * 60_000;
    // the server's own tick may have taken it first: either way it goes back once
    const returned = await s.testSwitches.returnDue();
    await until(async () => (await levelsOf(tested)).every((pwm) => pwm === PROGRAM_LEVEL), 10_000);
    const [back] = await s.sql<{ n: number }>(
      `select count(*)::int as n from commands where target->>'returnOf' = $1`,
      [String(result.commandId)],
    );
    expect(back!.n, `returned by this call: ${returned}`).toBe(1);
    expect(await s.testSwitches.returnDue()).toBe(0);
  });

  it('refuses a member of another crew, the demo user, and a lamp whose module has no controller', async () => {
    const foreign = await testSwitch(outsider, order);
    expect([foreign.status, foreign.body.code]).toEqual([404, 'NotFoundError']);
    const demo = await testSwitch(await s.demo(), order);
    expect([demo.status, demo.body.code]).toEqual([403, 'demoUser']);

    const loose = await post(s, '/api/v1/LuminaryModules', { mac: '02FE00000000F1', group: demoGroup });
    const crew = ((await lineman.call('GET', '/api/v2/work-orders/field')).body.result.crews as Row[])[0]!
      ._id;
    const unwired = await post(s, '/api/v1/WorkOrders', {
      title: 'Module with no controller',
      crew,
      modules: [loose._id],
      group: demoGroup,
    });
    const refused = await testSwitch(lineman, unwired._id);
    expect([refused.status, refused.body.code]).toEqual([409, 'ControllerNotSet']);
    // and an order over is tested no more
    await s.call('PATCH', `/api/v1/WorkOrders/${order}`, {
      status: 'CANCELLED',
      reason: 'Done by another crew',
    });
    const closed = await testSwitch(lineman, order);
    expect([closed.status, closed.body.code, closed.body.fields]).toEqual([
      400,
      'IsInvalidError',
      ['status'],
    ]);
  });
});
