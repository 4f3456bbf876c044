// npm run rollups:rebuild: sums the pre-summed energy hours afresh (every group's and district's consumption from its
// meters' own hours, the energy saved from the modules' hours) and the lamps the availability counts, for the database the server is configured with
// (DATABASE_URL, or the embedded one in DATA_DIR). Safe to run beside a running server; a reading rolled while it
// runs is counted once the next rebuild or flush runs.
import { configFromEnv } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/connect.ts';
import { recountLamps } from '../apps/server/src/db/lamp-starts.ts';
import {
  rebuildDistrictHours,
  rebuildGroupHours,
  rebuildSavedHours,
} from '../apps/server/src/energy/group-hours.ts';
import type { Raw } from '../apps/server/src/field/rollups.ts';

const config = configFromEnv();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const raw = (database.db as unknown as { $client: Raw }).$client;
  for (const [name, rebuild] of [
    ['group hours', rebuildGroupHours],
    ['district hours', rebuildDistrictHours],
    ['energy saved hours', rebuildSavedHours],
  ] as const) {
    const started = Date.now();
    const { written, dropped } = await rebuild(raw);
    console.log(`${name} rebuilt: ${written} written, ${dropped} dropped, in ${Date.now() - started} ms`);
  }
  const started = Date.now();
  const lamps = await recountLamps(database.db);
  console.log(`lamps counted afresh: ${lamps}, in ${Date.now() - started} ms`);
} finally {
  await database.close();
}
