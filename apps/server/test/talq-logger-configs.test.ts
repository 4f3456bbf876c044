import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOLLOWED_EVENTS } from '../src/talq/talq-log-reports.ts';
import { until } from './field-setup.ts';
import { backend, startServer, type TestServer } from './harness.ts';
import { bootstrap, commission, gatewayDevice, LAMP_CLASS, talq, type Creds } from './talq-client.ts';
import { testGateway } from './talq-gateway.ts';

// Logger configurations to a TALQ gateway (issue 31 §5): once its bootstrap ended, and not before, the CMS sends
// the gateway the loggers of what the console ingests (every request checked by the gateway against talq-gw.json,
// the modes against their own types), again after a resync (a logger it still has replaced by PUT), and answers
// the gateway's GET of one of its own.

let s: TestServer;
let gw: Awaited<ReturnType<typeof testGateway>>;
let c: Creds;
let gatewayAddress: string;
let cmsAddress: string;

type Logger = {
  address: string;
  ownerCMS: string;
  recordingMode: {
    type: string;
    sourceEvents?: { whiteList: string[] };
    content?: { function: { functionType: string; attributes: { name: string }[] } }[];
    samplingProfiles?: { samplingPeriod: string }[];
  };
  at: number;
};
const loggerRequests = (since: number) =>
  gw.received.filter((r) => r.path.startsWith('/logger-configs') && r.at >= since);

/** The bootstrap up to its last step, which `end` takes: nothing may reach the gateway in between. */
async function bootstrapUntilEnd() {
  const announced = await talq(c, 'POST', '/devices', { body: [gatewayDevice(gw.url)] });
  expect(announced.status).toBe(201);
  const [own] = announced.body as { address: string; functions: { cmsAddress?: { value: string } }[] }[];
  gatewayAddress = own!.address;
  cmsAddress = own!.functions.find((f) => f.cmsAddress)!.cmsAddress!.value;
  gw.reportsTo({ c, clientAddress: gatewayAddress, cmsAddress });
  const as = { clientAddress: gatewayAddress };
  const services = [{ name: 'ControlService' }, { name: 'DataCollectService' }];
  expect((await talq(c, 'POST', '/services', { ...as, body: services })).status).toBe(201);
  expect((await talq(c, 'POST', '/device-classes', { ...as, body: [LAMP_CLASS] })).status).toBe(201);
  await new Promise((r) => setTimeout(r, 1000));
  return async () => {
    const ended = Date.now();
    expect((await talq(c, 'POST', '/device-classes', { ...as, body: [] })).status).toBe(201);
    return ended;
  };
}

beforeAll(async () => {
  s = await startServer({ commandTimeoutMs: 3000 });
  gw = await testGateway();
  const city = (await s.call('GET', '/api/v1/Cities?limit=1')).body.data[0]._id as number;
  c = await commission(s, 'Logging gateway', gw.url, city);
});
afterAll(async () => {
  await gw?.close();
  await s?.close();
});

describe(`logger configurations to a TALQ gateway on ${backend}`, () => {
  it('sends the events and the ingested attributes once the bootstrap ended, not before', async () => {
    const start = Date.now();
    const end = await bootstrapUntilEnd();
    expect(loggerRequests(start)).toEqual([]);
    const ended = await end();
    await until(() => (gw.loggers.size === 2 ? true : undefined), 10_000);
    expect(gw.problems).toEqual([]);
    const sent = loggerRequests(start);
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /logger-configs',
      'POST /logger-configs',
    ]);
    for (const r of sent) expect(r.at).toBeGreaterThanOrEqual(ended);
    const loggers = [...gw.loggers.values()] as unknown as Logger[];
    for (const l of loggers) expect(l.ownerCMS).toBe(cmsAddress);
    const events = loggers.find((l) => l.recordingMode.type === 'EventRecordingMode')!;
    expect([...events.recordingMode.sourceEvents!.whiteList].sort()).toEqual([...FOLLOWED_EVENTS].sort());
    const periodic = loggers.find((l) => l.recordingMode.type === 'PeriodicRecordingMode')!;
    expect(periodic.recordingMode.samplingProfiles![0]!.samplingPeriod).toBe('PT15M');
    const asked = (type: string) =>
      periodic.recordingMode
        .content!.find((x) => x.function.functionType === type)!
        .function.attributes.map((a) => a.name);
    expect(asked('LampMonitorFunction')).toEqual(
      expect.arrayContaining(['activeEnergy', 'activePower', 'supplyVoltage', 'operatingHours']),
    );
    expect(asked('LampActuatorFunction')).toEqual(['actualLightState']);
    expect(asked('ElectricalMeterFunction')).toContain('totalActiveEnergy');
  });

  it("answers the gateway's GET of a logger it was sent, and no other", async () => {
    const as = { clientAddress: gatewayAddress };
    expect(gw.loggers.size).toBe(2);
    for (const l of gw.loggers.values()) {
      const { at: _, ...sent } = l;
      const got = await talq(c, 'GET', `/logger-configs/${l.address}`, as);
      expect(got.status).toBe(200);
      expect(got.body).toEqual(sent);
    }
    expect((await talq(c, 'GET', `/logger-configs/${crypto.randomUUID()}`, as)).status).toBe(404);
    // another gateway of the console does not reach this one's
    const other = await commission(s, 'Other logging gateway');
    const otherAddress = await bootstrap(other);
    const [mine] = gw.loggers.keys();
    const got = await talq(other, 'GET', `/logger-configs/${mine}`, { clientAddress: otherAddress });
    expect(got.status).toBe(404);
  });

  it('sends them again after a resync: a logger the gateway kept is replaced', async () => {
    const before = new Map(gw.loggers);
    expect(
      (await talq(c, 'DELETE', `/devices/${gatewayAddress}`, { clientAddress: gatewayAddress })).status,
    ).toBe(200);
    const start = Date.now();
    const end = await bootstrapUntilEnd();
    expect(loggerRequests(start)).toEqual([]);
    const ended = await end();
    await until(() => ([...gw.loggers.values()].every((l) => l.at >= ended) ? true : undefined), 10_000);
    const sent = loggerRequests(start).map(
      (r) => `${r.method} ${r.path.replace(/^\/logger-configs\/[^/]+$/, '/logger-configs/{a}')}`,
    );
    expect(sent).toEqual([
      'POST /logger-configs',
      'PUT /logger-configs/{a}',
      'POST /logger-configs',
      'PUT /logger-configs/{a}',
    ]);
    // the same loggers: nothing duplicated
    expect([...gw.loggers.keys()].sort()).toEqual([...before.keys()].sort());
    expect(gw.problems).toEqual([]);
  });
});
