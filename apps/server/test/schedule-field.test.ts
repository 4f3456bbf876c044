import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatorHandle } from '@sl/simulator';
import { MOSQUITTO, seededField, until } from './field-setup.ts';
import { startServer, type TestServer } from './harness.ts';

// Issue 12: a cabinet controller receives its power schedule as a command, acknowledges it (archived), and in
// AUTO switches its contactors at the schedule's instants on the simulator's moved clock, ahead of dusk to dawn;
// in MANUAL it leaves them as they are. Through the embedded broker and through Mosquitto.

// 15 January 2026 in Cambridge (UTC−5): dusk on MID about 22:05 UTC, so at 23:00 the default night burns
let now = new Date('2026-01-15T20:00:00Z');
const clock = () => now;

for (const mqttUrl of [undefined, MOSQUITTO])
  describe(`the power schedule in the field through ${mqttUrl ? 'Mosquitto' : 'the embedded broker'}`, () => {
    let s: TestServer;
    let sim: SimulatorHandle;
    let controller: number;

    beforeAll(async () => {
      now = new Date('2026-01-15T20:00:00Z');
      s = await startServer({}, { programs: { settleMs: 200 }, clock: { now: clock }, mqttUrl });
      sim = await seededField(s, 1, { shared: Boolean(mqttUrl), intervalMs: 200, clock });
      controller = (await s.call('GET', '/api/v1/Controllers?limit=1')).body.data[0]._id;
    });
    afterAll(async () => {
      await sim?.stop({ clearRetained: true });
      await s?.close();
    });

    const device = () => sim.controllers[0]!.device;
    const acknowledged = (after: number) =>
      until(async () => {
        const commands = (await s.call('GET', '/api/v2/commands?limit=50')).body.result.data as {
          type: string;
          devices: { commandId: number; state: string; result?: { manual?: boolean } }[];
        }[];
        return commands.find(
          (c) =>
            c.type === 'schedule' &&
            c.devices[0]!.commandId > after &&
            c.devices[0]!.state === 'acknowledged',
        );
      }, 10_000);
    const relaysAt = async (iso: string, want: boolean[]) => {
      now = new Date(iso);
      await until(() => JSON.stringify(device().io.relays) === JSON.stringify(want), 5_000);
    };

    it('acknowledges its schedule and switches at its instants, not at dusk', async () => {
      const saved = await s.call('POST', '/api/v1/ControllerSchedule', {
        controller,
        month: '2026-01',
        timeData: [
          { day: 15, off: '12:00', on: '23:30' },
          { day: 16, off: '11:40', on: '23:35' },
        ],
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(201);
      const sent = await acknowledged(0);
      expect(sent.devices[0]!.result).toMatchObject({ nights: 2, manual: false });
      await relaysAt('2026-01-15T23:00:00Z', [false, false, false]);
      await relaysAt('2026-01-15T23:31:00Z', [true, true, true]);
      expect([...device().lamps.values()].some((l) => l.lit)).toBe(true);
      await relaysAt('2026-01-16T11:39:00Z', [true, true, true]);
      await relaysAt('2026-01-16T11:41:00Z', [false, false, false]);
    });

    it('ignores it in MANUAL, and says so', async () => {
      const before = Math.max(
        ...(
          (await s.call('GET', '/api/v2/commands?limit=50')).body.result.data as {
            devices: { commandId: number }[];
          }[]
        ).map((c) => c.devices[0]!.commandId),
      );
      device().io.mode = 'MANUAL';
      await s.call('POST', '/api/v1/ControllerSchedule', {
        controller,
        month: '2026-01',
        timeData: [{ day: 16, off: '11:40', on: '12:30' }],
      });
      const sent = await acknowledged(before);
      expect(sent.devices[0]!.result).toMatchObject({ manual: true });
      now = new Date('2026-01-16T13:00:00Z');
      await new Promise((r) => setTimeout(r, 800));
      expect(device().io.relays).toEqual([false, false, false]);
    });
  });
