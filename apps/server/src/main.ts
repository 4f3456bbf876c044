import type { AddressInfo } from 'node:net';
import { buildApp } from './app.ts';
import { configFromEnv } from './config.ts';
import { openDatabase } from './db/connect.ts';
import { entity } from '@sl/domain';
import { loadCity } from '@sl/simulator';
import { DEMO_CITY_ENTITIES } from './field/demo-city.ts';
import { DEMO_MAINTENANCE_ENTITIES } from './maintenance/demo-maintenance.ts';
import { startDemo, watchSimulatedField } from './field/demo.ts';
import { DeviceSecrets } from './field/device-secrets.ts';
import { watchEventLoop } from './http/loop-watch.ts';
import { startBroker } from './plugins/broker.ts';

const config = configFromEnv();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  poolWaitMs: config.poolWaitMs,
});
const secrets = new DeviceSecrets(database.db);
const broker = await startBroker({ ...config, devices: secrets });
const app = await buildApp({ config, database, broker, secrets });
watchEventLoop(app.log);

// the console answers while a fresh demo city is being seeded (a minute on a loaded machine); /health says so
app.simulated.seeding = config.demo;
// the demo's city is read and built (a third of a second of one thread) before the server listens, not while it
// answers
const demoCity = config.demo ? await loadCity('cambridge') : undefined;
const demo = demoCity
  ? startDemo(database.db, broker.url, app.log, secrets, 'cambridge', demoCity).finally(
      () => (app.simulated.seeding = false),
    )
  : undefined;
let field: Awaited<typeof demo>;

const shutdown = async () => {
  // open streams are ended by the close; should anything else hold it (a request the database never answers),
  // the process still ends
  setTimeout(() => {
    app.log.error('shutdown took over 10 s: exiting without waiting');
    process.exit(1);
  }, 10_000).unref();
  await field?.stop();
  await app.close();
  await broker.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);

await app.listen({ port: config.port, host: config.host });
const { port } = app.server.address() as AddressInfo;
if (broker.kind === 'embedded' && config.mqttPort !== 0 && !broker.url.endsWith(`:${config.mqttPort}`)) {
  app.log.warn(`port ${config.mqttPort} is taken; the embedded MQTT broker listens on ${broker.url} instead`);
}
app.log.info(
  { database: database.kind, broker: broker.url },
  `console on http://${config.host}:${port}, API docs at /api/docs`,
);
// a supervisor that started us with PORT=0 learns the port here, with no race for a port chosen in advance
process.send?.({ listening: port, broker: broker.url });

// the first map after a start should not wait for a million devices to be read
const prepareMap = () =>
  void app.mapIndex.prepare().catch((err: unknown) => app.log.error({ err }, 'map index failed'));
prepareMap();
if (demo) {
  field = await demo;
  app.simulated.current = { controllers: field.controllers.length, connected: field.connected };
  // the demo city was written past the registry's services: the map reads it anew, its programs go out now, its
  // tables count as written (kept pages, the free sockets' events)
  app.tablesWritten([...DEMO_CITY_ENTITIES, ...DEMO_MAINTENANCE_ENTITIES].map((name) => entity(name).table));
  app.mapIndex.invalidate();
  prepareMap();
  void app.programs?.refresh();
  watchSimulatedField(field, app.log);
  // 90 days of history for a fresh demo city, in the background: its charts have a shape on the first visit
  void field.writeHistory?.();
}
