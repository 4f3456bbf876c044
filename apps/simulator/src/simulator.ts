import { loadCity, type City } from './city/build-city.ts';
import type { CityName } from './city/inventory.ts';
import { newCounters, type Counters } from './counters.ts';
import { CabinetDevice } from './device/cabinet-device.ts';
import { DEFAULT_FAULTS, NO_FAULTS, type FaultRates } from './device/faults.ts';
import { FieldController } from './field-controller.ts';
import { rng } from './rng.ts';

export type SimulatorOptions = {
  /** mqtt://host:port */
  broker: string;
  city: CityName | City;
  /** how often each controller publishes readings; default 10 s */
  intervalMs?: number;
  /** keep only the first N cabinets */
  controllers?: number;
  /** part of every MAC (0..65535); defaults to the city's own */
  network?: number;
  seed?: number;
  /** false: no faults; otherwise rates per device per day over the defaults */
  faults?: Partial<FaultRates> | false;
  /** mean length of a passing fault (silence, open door, tripped breaker, offline); default 10 min */
  faultMeanMs?: number;
  /** the time the lamps see; the wall clock unless a test moves it */
  clock?: () => Date;
  /** how long start waits for every controller to connect before it gives up; null: it does not wait, and the
   * controllers keep trying (the server's demo, which must not stop for a broker that is slow to answer) */
  connectTimeoutMs?: number | null;
  /** each controller's broker secret by MAC (topic form), as issued at commissioning */
  secrets?: Readonly<Record<string, string>>;
};

export type SimulatorHandle = {
  city: City;
  counters: Counters;
  controllers: readonly FieldController[];
  controller(mac: string): FieldController | undefined;
  /** how many controllers are connected to the broker now */
  connected(): number;
  /** Disconnects every controller; `clearRetained` also empties their retained state (for shared brokers). */
  stop(opts?: { clearRetained?: boolean }): Promise<void>;
};

/** the longest the simulator holds its thread while it builds and starts its controllers */
const SLICE_MS = 8;

export async function startSimulator(options: SimulatorOptions): Promise<SimulatorHandle> {
  const city =
    typeof options.city === 'string'
      ? await loadCity(options.city, { controllers: options.controllers, network: options.network })
      : options.city;
  const intervalMs = options.intervalMs ?? 10_000;
  const counters = newCounters();
  const faults = {
    rates: options.faults === false ? NO_FAULTS : { ...DEFAULT_FAULTS, ...options.faults },
    meanMs: options.faultMeanMs ?? 600_000,
  };
  const ctx = {
    broker: options.broker,
    intervalMs,
    clock: options.clock ?? (() => new Date()),
    counters,
    faults,
    secrets: options.secrets,
  };
  const seed = options.seed ?? 1;
  // a few milliseconds of the sky and the lamps per cabinet: in a server's process (the demo), requests are
  // answered between cabinets
  const controllers: FieldController[] = [];
  let since = performance.now();
  const breathe = async () => {
    if (performance.now() - since < SLICE_MS) return;
    await new Promise((resolve) => setImmediate(resolve));
    since = performance.now();
  };
  for (const [i, cabinet] of city.cabinets.entries()) {
    await breathe();
    const r = rng(seed * 7919 + i);
    controllers.push(new FieldController(new CabinetDevice(cabinet, r), r, ctx));
  }
  const byMac = new Map(controllers.map((c) => [c.mac, c]));
  const stop = async (opts: { clearRetained?: boolean } = {}) => {
    // each controller empties its own retained state: it may publish under its own MAC only
    await Promise.all(controllers.map((c) => c.stop(!opts.clearRetained, opts.clearRetained)));
  };
  const starting: Promise<void>[] = [];
  for (const [i, c] of controllers.entries()) {
    await breathe();
    starting.push(c.start((i * intervalMs) / controllers.length));
  }
  const started = Promise.all(starting);
  const handle: SimulatorHandle = {
    city,
    counters,
    controllers,
    controller: (mac) => byMac.get(mac),
    connected: () => controllers.filter((c) => c.connected).length,
    stop,
  };
  if (options.connectTimeoutMs === null) return handle;
  const timeoutMs = options.connectTimeoutMs ?? 15_000;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`broker ${options.broker} not reachable in ${timeoutMs} ms`)),
      timeoutMs,
    );
  });
  try {
    await Promise.race([started, timeout]);
  } catch (err) {
    await stop();
    throw err;
  } finally {
    clearTimeout(timer);
  }
  return handle;
}
