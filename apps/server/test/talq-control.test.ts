import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OVERRIDE_HOURS } from '../src/talq/talq-overrides.ts';
import { programsSent, until } from './field-setup.ts';
import { backend, startServer, type TestServer } from './harness.ts';
import { bootstrapAt, commission, lampDevice, talq } from './talq-client.ts';
import { gatewayWithLamps, type testGateway } from './talq-gateway.ts';

// TALQ control, CMS → gateway (issue 31 §4): the console's dim of a TALQ gateway's lamps goes out as one
// override command, checked against the gateway API's schema, and is done only when the gateway fed back every
// lamp; a gateway that accepts and never feeds back times out, one that refuses fails. The lighting programs go
// to TALQ gateways as TALQ control programs and calendars (talq-programs.test.ts).

const COMMAND_TIMEOUT_MS = 3000;
let s: TestServer;
let gw: Awaited<ReturnType<typeof testGateway>>;
let modules: { _id: number; mac: string }[];
let lamps: string[];
let gwAddresses: { gatewayAddress: string; cmsAddress: string };

beforeAll(async () => {
  s = await startServer({ commandTimeoutMs: COMMAND_TIMEOUT_MS }, { programs: { settleMs: 200 } });
  // in a city, so that its lamps have a place and a lighting program is made for them
  let gatewayAddress: string, cmsAddress: string;
  ({ gw, gatewayAddress, cmsAddress, lamps, modules } = await gatewayWithLamps(s, 'Control gateway'));
  gwAddresses = { gatewayAddress, cmsAddress };
});
afterAll(async () => {
  await gw?.close();
  await s?.close();
});

const dim = (query: string) => s.call('GET', `/api/v1/control/lighting?${query}`);
const overrides = () => gw.received.filter((r) => r.path === '/override-commands');
const deviceOf = async (commandId: number) =>
  (await s.call('GET', `/api/v2/commands/${commandId}`)).body.result.devices[0] as {
    state: string;
    code: number;
    result: unknown;
  };

describe(`TALQ control on ${backend}`, () => {
  it("PATCHes the gateway's GatewayFunction with its address and the CMS's once the announcement is answered", async () => {
    const { gatewayAddress, cmsAddress } = gwAddresses;
    const patch = await until(async () =>
      gw.received.find((r) => r.method === 'PATCH' && r.path === `/devices/${gatewayAddress}`),
    );
    expect(patch.query.get('clientAddress')).toBe(cmsAddress);
    expect(gw.gatewayFunction()).toMatchObject({
      gatewayAddress: { value: gatewayAddress },
      cmsAddress: { value: cmsAddress },
      gatewayUri: { value: gw.url },
      cmsUri: { value: expect.stringMatching(/\/talq\/v2$/) },
    });
    // checked against the gateway API's schema of PATCH /devices/{deviceAddress}, as every request it received
    expect(gw.problems).toEqual([]);
  });

  it('sends a dim as one override command and calls it done only once the gateway fed back every lamp', async () => {
    gw.answers('feedback', 800);
    const before = overrides().length;
    const asked = Date.now();
    const res = await dim(`by=id&id=${modules[1]!._id}&raw=40`);
    const answered = Date.now();
    expect(res.body).toMatchObject({ code: 0, msg: '' });
    const [sent] = overrides().slice(before);
    expect(sent!.method).toBe('POST');
    expect(sent!.body).toEqual({
      addresses: [{ resource: 'devices', address: lamps[1] }],
      targetCommand: {
        state: { name: 'LevelState', value: 40 },
        reason: 'override',
        cmsRefId: expect.any(String),
        expiration: expect.any(String),
      },
    });
    const expiration = Date.parse(
      (sent!.body as { targetCommand: { expiration: string } }).targetCommand.expiration,
    );
    expect(Math.abs(expiration - (asked + OVERRIDE_HOURS * 3_600_000))).toBeLessThan(60_000);
    // the answer came after the feedback, not with the gateway's 202
    expect(answered - sent!.at).toBeGreaterThanOrEqual(800);
    expect(gw.fedBackAt.at(-1)!).toBeLessThanOrEqual(answered);
    expect(await deviceOf(res.body.commandId)).toMatchObject({
      state: 'acknowledged',
      code: 0,
      result: { lamps: 1 },
    });
    expect(gw.problems).toEqual([]);
  });

  it("dims all of a gateway's lamps in one command, done when the last of them fed back", async () => {
    gw.answers('feedback', 200);
    const before = overrides().length;
    const gateway = (await s.call('GET', '/api/v2/talq/gateways')).body.result[0] as { id: number };
    const res = await dim(`by=controller&id=${gateway.id}&raw=0`);
    expect(res.body).toMatchObject({ code: 0, counts: { controllers: 1, acknowledged: 1 } });
    const sent = overrides().slice(before);
    expect(sent).toHaveLength(1);
    const addressed = (sent[0]!.body as { addresses: { address: string }[] }).addresses.map((a) => a.address);
    expect(addressed).toEqual(lamps);
    expect(await deviceOf(res.body.commandId)).toMatchObject({ state: 'acknowledged', result: { lamps: 3 } });
    expect(gw.problems).toEqual([]);
  });

  it('times out a command the gateway accepted and never fed back, and fails one it refused', async () => {
    gw.answers('silent');
    const started = Date.now();
    const silent = await dim(`by=id&id=${modules[0]!._id}&raw=70`);
    expect(Date.now() - started).toBeGreaterThanOrEqual(COMMAND_TIMEOUT_MS - 100);
    expect(silent.body.code).toBe(1);
    expect(await deviceOf(silent.body.commandId)).toMatchObject({
      state: 'timed_out',
      result: { lamps: 0, unconfirmed: [lamps[0]] },
    });

    gw.answers('refuse');
    const refused = await dim(`by=id&id=${modules[0]!._id}&raw=70`);
    expect(refused.body.code).toBe(2);
    expect(await deviceOf(refused.body.commandId)).toMatchObject({
      state: 'failed',
      result: { talq: ['commandNotSupported'], status: 422 },
    });

    // a gateway that did it at once (201) needs no feedback
    gw.answers('sync');
    expect((await dim(`by=id&id=${modules[0]!._id}&raw=70`)).body.code).toBe(0);
    expect(gw.problems).toEqual([]);
  });

  it('says a gateway that cannot be reached is out of connection', async () => {
    const other = await commission(s, 'Gone gateway', 'http://127.0.0.1:1/gw');
    const { gatewayAddress } = await bootstrapAt(other, 'http://127.0.0.1:1/gw');
    const lamp = randomUUID();
    expect(
      (
        await talq(other, 'POST', '/devices', {
          clientAddress: gatewayAddress,
          body: [lampDevice(lamp, 0.13, 52.2)],
        })
      ).status,
    ).toBe(201);
    const m = (await s.call('GET', `/api/v1/LuminaryModules?uid=${lamp}`)).body.data[0] as { _id: number };
    const res = await dim(`by=id&id=${m._id}&raw=50`);
    expect(res.body.code).toBe(8);
    // the gateways' list says what the gateway did not take; the reachable one took everything
    type Listed = { name: string; problem: { task: string; status: number | null; at: string } | null };
    const listed = async () => (await s.call('GET', '/api/v2/talq/gateways')).body.result as Listed[];
    const gone = await until(async () =>
      (await listed()).find((g) => g.name === 'Gone gateway' && g.problem),
    );
    expect(gone.problem).toMatchObject({ status: null, at: expect.any(String) });
    expect(['gatewayFunction', 'programs', 'loggerConfigs']).toContain(gone.problem!.task);
    expect((await listed()).find((g) => g.name === 'Control gateway')!.problem).toBeNull();
    expect(await deviceOf(res.body.commandId)).toMatchObject({
      state: 'failed',
      result: { talq: 'gatewayUnreachable' },
    });
  });

  it('gives a TALQ gateway its lighting program through TALQ, not as an MQTT program', async () => {
    // the program service runs within its settling time of the lamps' announcement, and at start
    await until(() => lamps.every((a) => gw.assigned.has(`${a}/lamp`)), 10_000);
    const gateway = (await s.call('GET', '/api/v2/talq/gateways')).body.result[0] as { login: string };
    const [sent] = (await programsSent(s)).filter((c) =>
      c.devices.some((d) => d.controllerMac === gateway.login),
    );
    expect(sent!.devices[0]!.state).toBe('acknowledged');
    expect(gw.problems).toEqual([]);
  });
});
