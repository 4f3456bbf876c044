import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { programsSent, until } from './field-setup.ts';
import { backend, startServer, type TestServer } from './harness.ts';
import { gatewayDevice, LAMP_CLASS, talq, type Creds } from './talq-client.ts';
import { gatewayWithLamps, type testGateway, type Received } from './talq-gateway.ts';

// Lighting programs to a TALQ gateway (issue 31 §4): the program the console compiles for the gateway goes out as
// control programs, then calendars naming them, then the calendars' assignment to the lamps, every request checked
// by the gateway against talq-gw.json (and each program against ControlProgramOne); acknowledged by the gateway's
// 2xx, so not sent again; a change sends what it changed; nothing goes before the gateway's bootstrap ended.

let s: TestServer;
let gw: Awaited<ReturnType<typeof testGateway>>;
let c: Creds;
let gatewayAddress: string;
let bootstrapEnded: number;
let lamps: string[];
let modules: { _id: number; mac: string }[];
let brightProfile: number;

beforeAll(async () => {
  s = await startServer({ commandTimeoutMs: 3000 }, { programs: { settleMs: 200 } });
  ({ gw, c, gatewayAddress, bootstrapEnded, lamps, modules } = await gatewayWithLamps(s, 'Program gateway'));
});
afterAll(async () => {
  await gw?.close();
  await s?.close();
});

const PROGRAM_PATH = /^\/(control-programs|calendars|assign-commands)(\/|$)/;
/** Waits until `count` has not moved for half a second. */
async function settled(count: () => number) {
  let last = -1;
  let since = Date.now();
  await until(() => {
    const now = count();
    if (now !== last) [last, since] = [now, Date.now()];
    return Date.now() - since >= 500 ? true : undefined;
  }, 10_000);
}

const programRequests = (since = 0) =>
  gw.received.filter((r) => PROGRAM_PATH.test(r.path) && r.at >= since && r.method !== 'DELETE');
const kindOf = (r: Received) => `${r.method} ${r.path.split('/')[1]}`;
const allAssigned = () => lamps.every((a) => gw.assigned.has(`${a}/lamp`));
type Program = { fixedTimeControls: { command: { state: { value: number } } }[] };
const levelsOf = (r: Received) =>
  (r.body as Program[]).flatMap((p) => p.fixedTimeControls.map((f) => f.command.state.value));

/** The kinds of requests in order, each run of one kind once: what came after what. */
const order = (rs: Received[]) => rs.map(kindOf).filter((k, i, all) => k !== all[i - 1]);

describe(`lighting programs to a TALQ gateway on ${backend}`, () => {
  it('sends control programs, then calendars naming them, then their assignment to every lamp', async () => {
    await until(allAssigned, 15_000);
    const sent = programRequests();
    expect(sent[0]!.at).toBeGreaterThanOrEqual(bootstrapEnded);
    expect(order(sent)).toEqual(['POST control-programs', 'POST calendars', 'POST assign-commands']);
    // every request valid against the schema, with the CMS's clientAddress, a talqRequestId and the version; no
    // calendar named a program, and no assignment a calendar, the gateway did not have yet
    expect(gw.problems).toEqual([]);
    const calendar = gw.calendars.get(gw.assigned.get(`${lamps[0]}/lamp`)!)!;
    expect(calendar.rules!.length).toBeGreaterThanOrEqual(7);
    for (const r of calendar.rules!) expect(gw.programs.has(r.program)).toBe(true);
    // the gateway's answers acknowledged the program: it is not sent again
    // (written once the gateway's last answer is in, which may be just after the gateway took the last assignment)
    const acknowledged = async () => {
      const [command] = (await programsSent(s)).filter((p) => p.devices[0]?.controllerMac === c.login);
      return command?.devices[0]?.state === 'acknowledged' ? true : undefined;
    };
    expect(await until(acknowledged, 10_000)).toBe(true);
    const count = gw.received.length;
    await s.programs!.refresh();
    expect(programRequests().length).toBe(sent.length);
    expect(gw.received.length).toBe(count);
  });

  it('sends what a profile change changed: new programs and the calendar, no assignment again', async () => {
    const own = (
      await s.call('POST', '/api/v1/Profiles', { name: 'Bright', kind: 'onOff', settings: { pwm0: 90 } })
    ).body as { _id: number };
    brightProfile = own._id;
    const before = Date.now();
    expect(
      (await s.call('PATCH', `/api/v1/LuminaryModules/${modules[0]!._id}`, { profileId: own._id })).status,
    ).toBe(200);
    // the lamp has a table of its own now: its own calendar, assigned to it alone
    await until(() => {
      const a = gw.assigned.get(`${lamps[0]}/lamp`);
      return a && a !== gw.assigned.get(`${lamps[1]}/lamp`) ? true : undefined;
    }, 10_000);
    expect(programRequests(before).some((r) => levelsOf(r).includes(90))).toBe(true);
    // that change's sending is over: on a loaded machine its last assignment was still arriving after the next
    // change (CI rehearsal of f68a531), and counted as sent again
    await settled(() => programRequests(before).length);

    const changed = Date.now();
    const calendar = gw.assigned.get(`${lamps[0]}/lamp`)!;
    expect((await s.call('PATCH', `/api/v1/Profiles/${own._id}`, { settings: { pwm0: 60 } })).status).toBe(
      200,
    );
    await until(() => (programRequests(changed).some((r) => r.method === 'PUT') ? true : undefined), 10_000);
    const sent = programRequests(changed);
    expect(order(sent)).toEqual(['POST control-programs', 'PUT calendars']);
    expect(sent.some((r) => r.method === 'POST' && levelsOf(r).includes(60))).toBe(true);
    // the same lamps keep the same calendar, its rules now naming the new programs
    expect(gw.assigned.get(`${lamps[0]}/lamp`)).toBe(calendar);
    const rules = gw.calendars.get(calendar)!.rules!;
    for (const r of rules) expect(gw.programs.has(r.program)).toBe(true);
    expect(gw.problems).toEqual([]);
  });

  it('sends nothing to a gateway bootstrapping again until its bootstrap ended, then all of it', async () => {
    const as = { clientAddress: gatewayAddress };
    expect((await talq(c, 'DELETE', `/devices/${gatewayAddress}`, as)).status).toBe(200);
    // the gateway starts over with nothing
    gw.programs.clear();
    gw.calendars.clear();
    gw.assigned.clear();
    const announced = await talq(c, 'POST', '/devices', { body: [gatewayDevice(gw.url)] });
    expect(announced.status).toBe(201);
    expect((await talq(c, 'POST', '/services', { ...as, body: [{ name: 'ControlService' }] })).status).toBe(
      201,
    );
    expect((await talq(c, 'POST', '/device-classes', { ...as, body: [LAMP_CLASS] })).status).toBe(201);
    // a change of the lamps' program while the bootstrap is under way
    const waiting = Date.now();
    await s.call('PATCH', `/api/v1/Profiles/${brightProfile}`, { settings: { pwm0: 70 } });
    await new Promise((r) => setTimeout(r, 2000));
    expect(programRequests(waiting)).toEqual([]);

    const ended = Date.now();
    expect((await talq(c, 'POST', '/device-classes', { ...as, body: [] })).status).toBe(201);
    await until(allAssigned, 10_000);
    const sent = programRequests(ended);
    expect(order(sent)).toEqual(['POST control-programs', 'POST calendars', 'POST assign-commands']);
    expect(
      sent.some((r) => r.method === 'POST' && r.path === '/control-programs' && levelsOf(r).includes(70)),
    ).toBe(true);
    expect(gw.problems).toEqual([]);
  });

  it('sends everything again when the gateway reports a calendar it cannot run, and not again within ten minutes', async () => {
    await until(allAssigned, 10_000);
    await settled(() => programRequests().length);
    // the gateway lost what it had, and its lamp reports that its calendar cannot be run
    gw.programs.clear();
    gw.calendars.clear();
    gw.assigned.clear();
    const invalidCalendar = () =>
      talq(c, 'POST', '/log-reports', {
        clientAddress: gatewayAddress,
        body: {
          address: randomUUID(),
          entries: [
            {
              data: {
                type: 'EventLogData',
                srcAddress: `${lamps[0]}/lamp`,
                timestamp: new Date().toISOString(),
                eventType: 'invalidCalendar',
                startEndFlag: true,
              },
            },
          ],
        },
      });
    const reported = Date.now();
    expect((await invalidCalendar()).status).toBe(201);
    await until(allAssigned, 10_000);
    expect(order(programRequests(reported))).toEqual([
      'POST control-programs',
      'POST calendars',
      'POST assign-commands',
    ]);
    expect(gw.problems).toEqual([]);
    await settled(() => programRequests(reported).length);

    // the same report again at once: a gateway that truly cannot run it is not sent it in a loop
    const again = Date.now();
    expect((await invalidCalendar()).status).toBe(201);
    await new Promise((r) => setTimeout(r, 2000));
    expect(programRequests(again)).toEqual([]);
  });
});
