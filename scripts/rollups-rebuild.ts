// npm run rollups:rebuild: sums every group's pre-summed energy hours (group_hours) afresh from its meters' own
// hours, for the database the server is configured with (DATABASE_URL, or the embedded one in DATA_DIR). Safe to
// run beside a running server; a reading rolled while it runs is counted once the next rebuild or flush runs.
import { configFromEnv } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/connect.ts';
import { rebuildGroupHours } from '../apps/server/src/energy/group-hours.ts';
import type { Raw } from '../apps/server/src/field/rollups.ts';

const config = configFromEnv();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const started = Date.now();
  const raw = (database.db as unknown as { $client: Raw }).$client;
  const { written, dropped } = await rebuildGroupHours(raw);
  console.log(`group hours rebuilt: ${written} written, ${dropped} dropped, in ${Date.now() - started} ms`);
} finally {
  await database.close();
}
