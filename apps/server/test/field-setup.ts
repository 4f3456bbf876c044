import { afterAll, beforeAll } from 'vitest';
import { loadCity, startSimulator, type SimulatorHandle, type SimulatorOptions } from '@sl/simulator';
import { seedDemoCity } from '../src/field/demo-city.ts';
import { startServer, type TestServer } from './harness.ts';

/** Polls until `probe` gives something, or fails after `ms`. */
export async function until<T>(probe: () => Promise<T | undefined> | T | undefined, ms = 8000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined && v !== false) return v as T;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** A command the server sent, as the commands' archive lists it. */
export type SentCommand = { id: number; type: string; devices: { controllerMac: string; state: string }[] };

/** The lighting programs `s` sent, the latest first, among its last `limit` commands. */
export const programsSent = async (s: TestServer, limit = 100): Promise<SentCommand[]> =>
  ((await s.call('GET', `/api/v2/commands?limit=${limit}`)).body.result.data as SentCommand[]).filter(
    (c) => c.type === 'program',
  );

/** Mosquitto on this machine and in CI; the suites that name it run through it as well as the embedded broker. */
export const MOSQUITTO = 'mqtt://127.0.0.1:1883';

/**
 * A server whose Demo group holds the first `controllers` cabinets of Cambridge, with their simulated field.
 * On a shared broker every run takes a network number of its own, so runs never hear each other's devices.
 */
export async function startField(
  controllers: number,
  mqttUrl?: string,
  mqtt: { mqttUsername?: string; mqttPassword?: string } = {},
): Promise<{ s: TestServer; sim: SimulatorHandle; close(): Promise<void> }> {
  const s = await startServer({}, { mqttUrl, ...mqtt });
  const sim = await seededField(s, controllers, { shared: Boolean(mqttUrl) });
  return {
    s,
    sim,
    close: async () => {
      await sim.stop({ clearRetained: true });
      await s.close();
    },
  };
}

/**
 * The Demo group of server `s` seeded with the first `controllers` cabinets of Cambridge, commissioned, and their
 * simulated field on its broker (no random faults). On a `shared` broker the run takes a network number of its own.
 */
export async function seededField(
  s: TestServer,
  controllers: number,
  opts: { shared?: boolean } & Partial<SimulatorOptions> = {},
): Promise<SimulatorHandle> {
  const { shared, ...simulator } = opts;
  const network = shared ? 1000 + Math.floor(Math.random() * 60_000) : undefined;
  const city = await loadCity('cambridge', { controllers, network });
  const demo = (await s.call('GET', '/api/v1/Groups?name=Demo')).body.data[0];
  await seedDemoCity(s.db, demo._id, demo.cities[0], city);
  const secrets = await s.commission(city.cabinets.map((c) => c.controller.mac));
  return startSimulator({ broker: s.brokerUrl, city, intervalMs: 300, faults: false, secrets, ...simulator });
}

/**
 * For the suites of device truth and events: a server that sweeps for silent devices every 200 ms (offline after
 * 3 report intervals of `REPORT_MS`) and three simulated cabinets, both on a clock `advance` moves forward.
 */
export function sweptFieldForSuite(
  use: (field: { s: TestServer; sim: SimulatorHandle }) => void,
  /** more of the server's config, and the lighting programs it sends (none unless asked) */
  extra: { config?: Parameters<typeof startServer>[0]; programs?: { settleMs?: number } } = {},
) {
  let s: TestServer | undefined;
  let sim: SimulatorHandle | undefined;
  let offset = 0;
  const now = () => new Date(Date.now() + offset);
  beforeAll(async () => {
    s = await startServer(
      // a command that went out would wait COMMAND_WAIT_MS for its answer: one to an offline controller must not
      {
        reportIntervalMs: REPORT_MS,
        offlineFactor: 3,
        offlineSweepMs: 200,
        commandTimeoutMs: COMMAND_WAIT_MS,
        ...extra.config,
      },
      { clock: { now }, programs: extra.programs },
    );
    sim = await seededField(s, 3, { clock: now });
    await until(async () => {
      const page = await s!.call('GET', '/api/v1/LuminaryModules?lastReceivedAt=null&limit=1');
      return page.body.total === 0;
    });
    use({ s, sim });
  }, 60_000);
  afterAll(async () => {
    await sim?.stop();
    await s?.close();
  });
  return {
    /**
     * Moves both clocks by `ms`, once what the field sent before has arrived (two ingest flushes): a device is
     * heard when its message arrives, so a reading in flight across the jump would count as heard after it.
     */
    advance: async (ms: number) => {
      await new Promise((r) => setTimeout(r, 1000));
      offset += ms;
    },
    now,
  };
}
export const REPORT_MS = 60_000;
export const COMMAND_WAIT_MS = 15_000;

/** `startField` before the suite's tests and its close after them; `use` receives the server and simulator. */
export function fieldForSuite(
  controllers: number,
  use: (field: { s: TestServer; sim: SimulatorHandle }) => void,
  mqttUrl?: string,
) {
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const field = await startField(controllers, mqttUrl);
    close = field.close;
    use(field);
  });
  afterAll(() => close?.());
}
