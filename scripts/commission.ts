// npm run devices:commission -- --out secrets.json [--prefix 0243]: issues new broker secrets for the controllers
// whose MAC (topic form) starts with the prefix (every controller without one), and writes them as
// {"<MAC>": "<secret>"} for the simulator (`npm run simulate -- --secrets secrets.json`). Their old secrets stop
// working. The file holds secrets: it is written readable by its owner only.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { configFromEnv } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/connect.ts';
import { DeviceSecrets } from '../apps/server/src/field/device-secrets.ts';

const { values } = parseArgs({
  options: { out: { type: 'string' }, prefix: { type: 'string', default: '' } },
});
if (!values.out) {
  console.error('usage: npm run devices:commission -- --out secrets.json [--prefix MAC-prefix]');
  process.exit(2);
}
const prefix = values.prefix.toUpperCase().replace(/[^0-9A-F]/g, '');
const config = configFromEnv();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const result = await database.db.execute(sql`
    select c._id from controllers c
    where c.deleted_at is null and c.mac like ${`${prefix}%`}
      and (${prefix} <> '' or not exists (select 1 from device_secrets s where s.controller_id = c._id))`);
  const ids = ((result as { rows?: { _id: unknown }[] }).rows ?? []).map((r) => Number(r._id));
  const issued = await new DeviceSecrets(database.db).issue(ids);
  const secrets = Object.fromEntries([...issued.values()].map((v) => [v.mac, v.secret]));
  fs.writeFileSync(values.out, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  console.log(`issued ${issued.size} secrets into ${values.out}`);
} finally {
  await database.close();
}
