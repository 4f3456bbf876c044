import { and, eq, isNull } from 'drizzle-orm';
import { loadCity, startSimulator, type City, type CityName, type SimulatorHandle } from '@sl/simulator';
import type { Db } from '../db/connect.ts';
import { tables } from '../db/tables.ts';
import { seedDemoCity } from './demo-city.ts';
import { seedDemoDistricts } from './demo-districts.ts';
import { generateDemoHistory } from './demo-history.ts';
import { seedDemoModels } from './demo-models.ts';
import { seedDemoProgram } from './demo-program.ts';
import type { DeviceSecrets } from './device-secrets.ts';
import { seedDemoMaintenance } from '../maintenance/demo-maintenance.ts';

/**
 * How often each demo controller reports its lamps and meter: as often as the server expects (REPORT_INTERVAL_S,
 * 60 s). Every 10 s, the idle demo spent a fifth of a core storing readings; answers to commands go out at once.
 */
const DEMO_REPORT_MS = 60_000;

/**
 * DEMO=1: the Demo group gets a real city's devices and a simulated field that drives them over MQTT. Its
 * controllers are commissioned afresh at every start: their new secrets live only in this process's memory, and
 * the simulated controllers sign in with them like real ones.
 */
export async function startDemo(
  db: Db,
  brokerUrl: string,
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void },
  secrets: DeviceSecrets,
  cityName: CityName = 'cambridge',
  loaded?: City,
): Promise<SimulatorHandle & { writeHistory?: () => Promise<void> }> {
  const G = tables.Groups!;
  const [group] = await db
    .select({ _id: G._id, cities: G.cities })
    .from(G)
    .where(and(eq(G.name, 'Demo'), isNull(G.deletedAt)));
  if (!group?.cities?.[0]) throw new Error('the Demo group and its city are missing');
  const city = loaded ?? (await loadCity(cityName));
  const started = Date.now();
  let last = started;
  /** ms since the step before, and since the seeding began: where a fresh start's seconds go */
  const took = () => {
    const now = Date.now();
    const ms = { ms: now - last, sinceStart: now - started };
    last = now;
    return ms;
  };
  const fresh = await seedDemoCity(db, group._id, group.cities[0], city);
  if (fresh)
    log.info(
      { supports: city.supports.length, cabinets: city.cabinets.length, ...took() },
      'demo city seeded',
    );
  if (cityName === 'cambridge' && (await seedDemoModels(db, city)))
    log.info(took(), 'demo lamp models seeded');
  if (cityName === 'cambridge' && (await seedDemoDistricts(db, group.cities[0])))
    log.info(took(), 'demo districts seeded');
  const thisYear = new Date().getUTCFullYear();
  if (await seedDemoProgram(db, group._id, group.cities[0], [thisYear, thisYear + 1]))
    log.info(took(), 'demo lighting program seeded');
  if (await seedDemoMaintenance(db, group._id)) log.info(took(), 'demo fault kinds and crew seeded');
  const issued = await secrets.issueByMac(city.cabinets.map((c) => c.controller.mac));
  // the controllers keep asking a broker that is slow to answer, as real ones do; the server does not wait on them
  const sim = await startSimulator({
    broker: brokerUrl,
    city,
    intervalMs: DEMO_REPORT_MS,
    secrets: Object.fromEntries(issued),
    connectTimeoutMs: null,
  });
  log.info({ controllers: sim.controllers.length, ...took() }, 'demo field started');
  // a fresh demo gets a past, to be written once the server answers: its statements queue on the database
  const cityId = group.cities[0];
  const writeHistory = fresh ? () => demoHistory(db, group._id, cityId, city, log) : undefined;
  return Object.assign(sim, { writeHistory });
}

async function demoHistory(
  db: Db,
  group: number,
  cityId: number,
  city: Awaited<ReturnType<typeof loadCity>>,
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void },
) {
  try {
    const C = tables.Cities!;
    const [c] = await db.select({ lat: C.lat, lon: C.lon, tz: C.timezone }).from(C).where(eq(C._id, cityId));
    if (c?.lat == null || c.lon == null) return;
    const place = { lat: Number(c.lat), lon: Number(c.lon), tz: String(c.tz ?? 'UTC') };
    const done = await generateDemoHistory(db, group, city, place);
    log.info(
      { ...done, start: done.start.toISOString(), end: done.end.toISOString() },
      'demo history generated',
    );
  } catch (err) {
    log.error({ err }, 'demo history failed');
  }
}

const WATCH_MS = 30_000;

/** Says in the log when simulated controllers cannot reach the broker, and when they all have again. */
export function watchSimulatedField(
  sim: SimulatorHandle,
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void },
): void {
  let missing = 0;
  const timer = setInterval(() => {
    const connected = sim.connected();
    const now = sim.controllers.length - connected;
    if (now > 0)
      log.warn(
        { connected, controllers: sim.controllers.length },
        'simulated controllers not connected to the broker',
      );
    else if (missing > 0) log.info({ controllers: connected }, 'simulated controllers all connected again');
    missing = now;
  }, WATCH_MS);
  timer.unref();
}
