import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, startServer, type TestServer } from './harness.ts';
import { bootstrap, commission, gatewayDevice, lampDevice, talq, type Creds } from './talq-client.ts';

// TALQ data collection, gateway → CMS (issue 31 §5): log reports feed the same module state, history and events
// as the MQTT field's readings, a repeated talqRequestId stores once, and a report the CMS cannot take whole is
// refused whole.

let s: TestServer;
/** how far the server's clock is ahead of this one */
let ahead = 0;

beforeAll(async () => {
  s = await startServer({}, { clock: { now: () => new Date(Date.now() + ahead) } });
});
afterAll(() => s?.close());

const MONITORED = {
  name: 'MonitoredLamp',
  functions: [
    { functionId: 'basic', type: 'BasicFunction' },
    { functionId: 'lamp', type: 'LampActuatorFunction' },
    { functionId: 'monitor', type: 'LampMonitorFunction' },
  ],
};

type Gw = { c: Creds; as: { clientAddress: string } };

/** A bootstrapped gateway with one monitored lamp; the lamp's address and its module. */
async function gatewayWithLamp(
  name: string,
): Promise<Gw & { lamp: string; module: Record<string, unknown> }> {
  const c = await commission(s, name);
  const as = { clientAddress: await bootstrap(c) };
  expect((await talq(c, 'POST', '/device-classes', { ...as, body: [MONITORED] })).status).toBe(201);
  const lamp = randomUUID();
  const device = {
    ...lampDevice(lamp, 0.12, 52.2),
    class: 'MonitoredLamp',
    functions: [...lampDevice(lamp, 0.12, 52.2).functions, { id: 'monitor', type: 'LampMonitorFunction' }],
  };
  expect((await talq(c, 'POST', '/devices', { ...as, body: [device] })).status).toBe(201);
  return { c, as, lamp, module: await moduleOf(lamp) };
}

const moduleOf = async (address: string) =>
  (await s.call('GET', `/api/v1/LuminaryModules?uid=${address}`)).body.data[0] as Record<string, unknown>;

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const float = (value: number) => ({ type: 'AttributeFloat', value });
const attribute = (src: string, attributeName: string, attributeValue: object, timestamp: string) => ({
  data: { type: 'AttributeLogData', srcAddress: src, timestamp, attributeName, attributeValue },
});
const event = (src: string, eventType: string, startEndFlag: boolean, timestamp = ago(0)) => ({
  data: { type: 'EventLogData', srcAddress: src, timestamp, eventType, startEndFlag },
});
const report = (entries: object[]) => ({ address: randomUUID(), entries });

const readingsOf = async (mac: unknown) =>
  (await s.sql<{ n: number }>('select count(*)::int as n from module_readings where mac = $1', [mac]))[0]!.n;

async function eventsOf(module: unknown, type: string, status: 'OPEN' | 'SOLVED') {
  await s.events.detect();
  const res = await s.call(
    'GET',
    `/api/v2/important-events/search?limit=100&module=${module as number}&type=${type}&status=${status}`,
  );
  expect(res.status).toBe(200);
  return res.body.result.data as { type: string; status: string }[];
}

describe(`TALQ log reports on ${backend}`, () => {
  it("feeds the module's state and history: level, power, energy, operating hours, and its voltage in raw", async () => {
    const { c, as, lamp, module } = await gatewayWithLamp('gw-report');
    const monitor = `${lamp}/monitor`;
    const [t0, t1] = [ago(120_000), ago(60_000)];
    const sent = await talq(c, 'POST', '/log-reports', {
      ...as,
      encoding: 'gzip',
      body: report([
        attribute(
          `${lamp}/lamp`,
          'actualLightState',
          { type: 'AttributeLevelState', value: { name: 'LevelState', value: 70 } },
          t0,
        ),
        attribute(monitor, 'activePower', float(42.5), t0),
        attribute(monitor, 'activeEnergy', float(1.234), t0),
        attribute(monitor, 'operatingHours', float(100), t0),
        attribute(monitor, 'supplyVoltage', float(231), t0),
        attribute(monitor, 'activePower', float(40), t1),
        attribute(monitor, 'activeEnergy', float(1.25), t1),
      ]),
    });
    expect(sent.status).toBe(201);
    const row = await moduleOf(lamp);
    expect(row).toMatchObject({ pwm: 70, pow: 40, energy: 1250, runh: 100, cl_status: 1 });
    expect(row.lastReceivedAt).not.toBeNull();
    expect((row.raw as { talq: unknown }).talq).toEqual({ events: [], values: { supplyVoltage: 231 } });

    // one reading at each time, each with every value the module had then
    const history = await s.call(
      'GET',
      `/api/v2/lamp-modules/${module._id as number}/history?from=${ago(600_000)}&to=${ago(-60_000)}`,
    );
    expect(history.status).toBe(200);
    const h = history.body.result as { pow: number[]; energy: number[]; pwm: number[] };
    expect(h.pow.filter((p) => p !== null).sort()).toEqual([40, 42.5]);
    expect(Math.max(...h.energy)).toBe(1250);
    expect(h.pwm.filter((p) => p !== null)).toEqual(expect.arrayContaining([70]));
    expect(await readingsOf(module.mac)).toBe(2);

    // a later report of its power alone: the module keeps its other values, in its state and its new reading
    const later = report([attribute(monitor, 'activePower', float(38), ago(1000))]);
    expect((await talq(c, 'POST', '/log-reports', { ...as, body: later })).status).toBe(201);
    expect(await moduleOf(lamp)).toMatchObject({ pwm: 70, pow: 38, energy: 1250, runh: 100, cl_status: 1 });
    const [last] = await s.sql<{ pwm: number; energy: number }>(
      'select pwm, energy from module_readings where mac = $1 order by at desc limit 1',
      [module.mac],
    );
    expect(last).toEqual({ pwm: 70, energy: 1250 });
    // and their hourly rollup, which the energy reports read
    const [hours] = await s.sql<{ n: number }>('select count(*)::int as n from module_hours where mac = $1', [
      module.mac,
    ]);
    expect(hours!.n).toBeGreaterThan(0);
  });

  it('opens LAMP_BROKEN at lampFailure start and solves it at its end; communicationFailure is MODULE_NOT_RESPONDING', async () => {
    const { c, as, lamp, module } = await gatewayWithLamp('gw-events');
    const level = (value: number) =>
      attribute(
        `${lamp}/lamp`,
        'actualLightState',
        { type: 'AttributeLevelState', value: { name: 'LevelState', value } },
        ago(1000),
      );
    const send = async (entries: object[]) =>
      expect((await talq(c, 'POST', '/log-reports', { ...as, body: report(entries) })).status).toBe(201);

    await send([level(100), event(`${lamp}/monitor`, 'lampFailure', true)]);
    expect((await moduleOf(lamp)).cl_status).toBe(4097);
    expect(await eventsOf(module._id, 'LAMP_BROKEN', 'OPEN')).toEqual([
      expect.objectContaining({ type: 'LAMP_BROKEN', status: 'OPEN' }),
    ]);
    // a report of other values meanwhile keeps the fault open
    await send([attribute(`${lamp}/monitor`, 'activePower', float(0), ago(500))]);
    expect(await eventsOf(module._id, 'LAMP_BROKEN', 'OPEN')).toHaveLength(1);
    await send([event(`${lamp}/monitor`, 'lampFailure', false)]);
    expect((await moduleOf(lamp)).cl_status).toBe(1);
    expect(await eventsOf(module._id, 'LAMP_BROKEN', 'OPEN')).toEqual([]);
    expect(await eventsOf(module._id, 'LAMP_BROKEN', 'SOLVED')).toHaveLength(1);

    await send([event(lamp, 'communicationFailure', true)]);
    expect(await eventsOf(module._id, 'MODULE_NOT_RESPONDING', 'OPEN')).toHaveLength(1);
    await send([event(lamp, 'communicationFailure', false)]);
    expect(await eventsOf(module._id, 'MODULE_NOT_RESPONDING', 'SOLVED')).toHaveLength(1);

    // supplyLoss silences the node as well; the LampMonitorFunction's boolean attribute is a lamp fault too
    await send([event(`${lamp}/monitor`, 'supplyLoss', true)]);
    expect((await moduleOf(lamp)).cl_status).toBe(3);
    const fault = (on: boolean) =>
      attribute(`${lamp}/monitor`, 'lampFailure', { type: 'AttributeBoolean', value: on }, ago(0));
    await send([event(`${lamp}/monitor`, 'supplyLoss', false), level(0), fault(true)]);
    expect((await moduleOf(lamp)).cl_status).toBe(4096);
    await send([fault(false)]);
    expect((await moduleOf(lamp)).cl_status).toBe(0);
  });

  it('stores a repeated talqRequestId once, in this process and in another on the same database', async () => {
    const { c, as, lamp, module } = await gatewayWithLamp('gw-repeat');
    const requestId = randomUUID();
    const body = report([attribute(`${lamp}/monitor`, 'activePower', float(12), ago(1000))]);
    for (let i = 0; i < 2; i++)
      expect((await talq(c, 'POST', '/log-reports', { ...as, body, requestId })).status).toBe(201);
    expect(await readingsOf(module.mac)).toBe(1);
    // without a request id the report is refused (the API file requires one)
    expect((await talq(c, 'POST', '/log-reports', { ...as, body, requestId: null })).status).toBe(400);

    if (backend === 'postgres') {
      const other = await startServer({}, { databaseUrl: s.databaseUrl });
      try {
        const there = { ...c, cmsUri: `${other.url}/talq/v2` };
        expect((await talq(there, 'POST', '/log-reports', { ...as, body, requestId })).status).toBe(201);
        expect(await readingsOf(module.mac)).toBe(1);
        const fresh = report([attribute(`${lamp}/monitor`, 'activePower', float(13), ago(500))]);
        expect((await talq(there, 'POST', '/log-reports', { ...as, body: fresh })).status).toBe(201);
        expect(await readingsOf(module.mac)).toBe(2);
      } finally {
        await other.close();
      }
    }
  });

  it("refuses whole a report naming another gateway's device, and any before the bootstrap ended", async () => {
    const mine = await gatewayWithLamp('gw-mine');
    const theirs = await gatewayWithLamp('gw-theirs');
    const entries = [
      attribute(`${mine.lamp}/monitor`, 'activePower', float(10), ago(1000)),
      attribute(`${theirs.lamp}/monitor`, 'activePower', float(11), ago(1000)),
    ];
    const refused = await talq(mine.c, 'POST', '/log-reports', { ...mine.as, body: report(entries) });
    expect(refused.status).toBe(422);
    expect(await readingsOf(mine.module.mac)).toBe(0);
    expect(await readingsOf(theirs.module.mac)).toBe(0);
    // a device no gateway announced
    const unknown = report([attribute(`${randomUUID()}/monitor`, 'activePower', float(1), ago(0))]);
    expect((await talq(mine.c, 'POST', '/log-reports', { ...mine.as, body: unknown })).status).toBe(422);

    const early = await commission(s, 'gw-early');
    const announced = await talq(early, 'POST', '/devices', {
      body: [gatewayDevice('http://127.0.0.1:1/gw')],
    });
    const address = (announced.body as { address: string }[])[0]!.address;
    const before = await talq(early, 'POST', '/log-reports', {
      clientAddress: address,
      body: report([attribute(`${mine.lamp}/monitor`, 'activePower', float(10), ago(0))]),
    });
    expect(before.status).toBe(403);
    expect(await readingsOf(mine.module.mac)).toBe(0);
  });

  it('makes an ElectricalMeterFunction device a meter read through the gateway, fed by its energy reports', async () => {
    const c = await commission(s, 'gw-meter');
    const as = { clientAddress: await bootstrap(c) };
    const METER = { name: 'Meter', functions: [{ functionId: 'meter', type: 'ElectricalMeterFunction' }] };
    expect((await talq(c, 'POST', '/device-classes', { ...as, body: [METER] })).status).toBe(201);
    const serial = randomUUID();
    const device = {
      address: serial,
      name: 'cabinet meter',
      class: 'Meter',
      functions: [{ id: 'meter', type: 'ElectricalMeterFunction' }],
    };
    expect((await talq(c, 'POST', '/devices', { ...as, body: [device] })).status).toBe(201);
    const meterRow = async () => (await s.call('GET', `/api/v1/Meters?serial=${serial}`)).body.data[0];
    expect(await meterRow()).toMatchObject({ serial, controller: c.id });

    const src = `${serial}/meter`;
    const [t0, t1] = [ago(120_000), ago(60_000)];
    const sent = await talq(c, 'POST', '/log-reports', {
      ...as,
      body: report([
        attribute(src, 'phase1Voltage', float(230.5), t0),
        attribute(src, 'phase1Current', float(1.2), t0),
        attribute(src, 'phase1ActivePower', float(250), t0),
        attribute(src, 'phase1ActiveEnergy', float(12.5), t0),
        attribute(src, 'phase1ActiveEnergy', float(12.6), t1),
      ]),
    });
    expect(sent.status).toBe(201);
    const row = await meterRow();
    expect(row.energyData).toEqual([
      expect.objectContaining({ phase: 1, voltage: 23050, current: 1200, power: 25000, energy: 12600 }),
    ]);
    const readings = await s.sql<{ energy: number }>(
      'select energy from meter_readings where serial = $1 order by at',
      [serial],
    );
    expect(readings.map((r) => Number(r.energy))).toEqual([12500, 12600]);
  });

  it('refuses whole a malformed report: an attribute value of the wrong type, a time years away', async () => {
    const { c, as, lamp, module } = await gatewayWithLamp('gw-malformed');
    const good = attribute(`${lamp}/monitor`, 'activePower', float(10), ago(1000));
    const wrongType = attribute(
      `${lamp}/monitor`,
      'activePower',
      { type: 'AttributeFloat', value: 'high' },
      ago(0),
    );
    const send = (entries: object[]) => talq(c, 'POST', '/log-reports', { ...as, body: report(entries) });
    expect((await send([good, wrongType])).status).toBe(400);
    expect((await send([good, { data: { type: 'AttributeLogData', srcAddress: lamp } }])).status).toBe(400);
    const old = attribute(`${lamp}/monitor`, 'activePower', float(10), '2001-01-01T00:00:00Z');
    expect((await send([good, old])).status).toBe(422);
    const tooMuch = attribute(`${lamp}/monitor`, 'activePower', float(1e9), ago(0));
    expect((await send([good, tooMuch])).status).toBe(422);
    expect(await readingsOf(module.mac)).toBe(0);
    expect((await moduleOf(lamp)).pow).toBeNull();
  });

  // last: it moves the server's clock, and every lamp of the file goes silent with it
  it('keeps a lamp online between its gateway’s reports, and offline after three of their periods of silence', async () => {
    const { c, as, lamp } = await gatewayWithLamp('gw-silent');
    const power = attribute(`${lamp}/monitor`, 'activePower', float(12), ago(0));
    expect((await talq(c, 'POST', '/log-reports', { ...as, body: report([power]) })).status).toBe(201);
    try {
      // past three MQTT report intervals (3 min), within three TALQ report periods (45 min)
      ahead = 10 * 60_000;
      await s.offline.sweep();
      expect((await moduleOf(lamp)).cl_status).toBe(1);
      ahead = 46 * 60_000;
      await s.offline.sweep();
      expect((await moduleOf(lamp)).cl_status).toBe(3);
    } finally {
      ahead = 0;
    }
  });
});
