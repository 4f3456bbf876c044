import { buildApp } from '../../apps/server/src/app.ts';
import { configFromEnv } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/connect.ts';
import { startBroker } from '../../apps/server/src/plugins/broker.ts';

// The server as `npm start` runs it, but serving the console from the bench's own build (BENCH_WEB_DIST), so
// that the bench never overwrites apps/web/dist, which someone else may be testing with.

const config = { ...configFromEnv(), webDist: process.env.BENCH_WEB_DIST! };
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const broker = await startBroker(config);
const app = await buildApp({ config, database, broker });
const shutdown = async () => {
  await app.close();
  await broker.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
await app.listen({ port: config.port, host: config.host });
