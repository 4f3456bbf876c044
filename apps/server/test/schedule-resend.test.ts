import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatorHandle } from '@sl/simulator';
import { seededField, until } from './field-setup.ts';
import { startServer, type TestServer } from './harness.ts';

// Issue 12: a cabinet's power schedule (its current and next local month) is sent again when its city begins a
// month, on the server's moved clock, and when the controller comes back online having missed a change; while
// nothing changes nothing is sent twice. Every sending is in the commands archive.

// 31 January 2026, 15:00 in Cambridge (UTC−5)
let now = new Date('2026-01-31T20:00:00Z');
const clock = () => now;
const quiet = (ms = 1200) => new Promise((r) => setTimeout(r, ms));

type Sent = { type: string; devices: { commandId: number; state: string; result?: { nights?: number } }[] };

describe('the power schedule sent again', () => {
  let s: TestServer;
  let sim: SimulatorHandle;
  let controller: number;

  beforeAll(async () => {
    // the month's start is looked for every 200 ms of real time (hourly in service); an unanswered schedule is
    // sent again after 1.5 s (a minute in service), one that found its controller offline only when it is back
    s = await startServer(
      {},
      { programs: { settleMs: 200, scheduleTickMs: 200, scheduleRetryMs: 1500 }, clock: { now: clock } },
    );
    sim = await seededField(s, 1, { intervalMs: 200, clock });
    controller = (await s.call('GET', '/api/v1/Controllers?limit=1')).body.data[0]._id;
  });
  afterAll(async () => {
    await sim?.stop({ clearRetained: true });
    await s?.close();
  });

  const schedules = async () =>
    ((await s.call('GET', '/api/v2/commands?limit=100')).body.result.data as Sent[]).filter(
      (c) => c.type === 'schedule',
    );
  const acknowledged = (count: number) =>
    until(async () => {
      const done = (await schedules()).filter((c) => c.devices[0]!.state === 'acknowledged');
      return done.length >= count ? done : undefined;
    }, 10_000);
  const save = async (month: string, days: number[]) => {
    const timeData = days.map((day) => ({ day, off: '12:00', on: '23:00' }));
    const saved = await s.call('POST', '/api/v1/ControllerSchedule', { controller, month, timeData });
    expect(saved.status, JSON.stringify(saved.body)).toBeLessThan(300);
  };

  it('sends the current and next month once, and both again when the next month begins', async () => {
    await save('2026-01', [30, 31]);
    await save('2026-02', [1, 2, 3]);
    await save('2026-03', [1]);
    // the saves settle into one sending of January and February: 5 nights
    const [first] = await until(async () => {
      const done = (await acknowledged(1)).filter((c) => c.devices[0]!.result?.nights === 5);
      return done.length ? done : undefined;
    });
    expect(sim.controllers[0]!.device.schedule?.version).toBeDefined();
    const sentBefore = (await schedules()).length;
    await quiet();
    expect(await schedules()).toHaveLength(sentBefore);

    // 1 February, 01:00 in Cambridge: February and March, 4 nights
    now = new Date('2026-02-01T06:00:00Z');
    const latest = await until(async () => {
      const [top] = await schedules();
      return top &&
        top.devices[0]!.commandId > first!.devices[0]!.commandId &&
        top.devices[0]!.state === 'acknowledged'
        ? top
        : undefined;
    });
    expect(latest.devices[0]!.result).toMatchObject({ nights: 4 });
    await quiet();
    expect(await schedules()).toHaveLength(sentBefore + 1);
  });

  it('a controller offline when its schedule changed gets it when it is back', async () => {
    const field = sim.controllers[0]!;
    const before = (await schedules()).length;
    field.goOffline(4000);
    await until(
      async () =>
        (await s.call('GET', `/api/v1/Controllers/${controller}`)).body.connected === false || undefined,
    );
    await save('2026-02', [1, 2, 3, 4]);
    // the change is archived as not delivered: the controller was known offline
    const missed = await until(async () => {
      const all = await schedules();
      return all.length > before && all[0]!.devices[0]!.state !== 'sent' ? all[0] : undefined;
    });
    expect(missed.devices[0]!.state).toBe('disconnected');
    // not sent again while it is away, though retries come every 1.5 s
    await quiet(2500);
    expect((await schedules())[0]!.devices[0]!.commandId).toBe(missed.devices[0]!.commandId);
    // back online: sent again (the retries leave it alone) and acknowledged with February's 4th
    const got = await until(async () => {
      const [top] = await schedules();
      return top?.devices[0]!.state === 'acknowledged' && top.devices[0]!.result?.nights === 5
        ? top
        : undefined;
    }, 10_000);
    expect(got.devices[0]!.commandId).toBeGreaterThan(missed.devices[0]!.commandId);
  });

  it('sends again a schedule its controller did not answer', async () => {
    const device = sim.controllers[0]!.device;
    const run = device.runSchedule.bind(device);
    // the controller hears the command but cannot take it: no answer, the server's wait runs out
    device.runSchedule = () => {
      throw new Error('flash busy');
    };
    await save('2026-02', [1, 2, 3, 4, 5]);
    const lost = await until(async () => {
      const [top] = await schedules();
      return top?.devices[0]!.state === 'timed_out' ? top : undefined;
    });
    device.runSchedule = run;
    const got = await until(async () => {
      const [top] = await schedules();
      return top?.devices[0]!.state === 'acknowledged' && top.devices[0]!.result?.nights === 6
        ? top
        : undefined;
    }, 10_000);
    expect(got.devices[0]!.commandId).toBeGreaterThan(lost.devices[0]!.commandId);
  });
});
