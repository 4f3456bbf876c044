import { sql } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';

const TABLES = ['module_readings', 'meter_readings'] as const;
const DAY_MS = 86_400_000;

const dayName = (d: Date) => d.toISOString().slice(0, 10).replace(/-/g, '');

/**
 * Daily partitions of the reading history, from yesterday to `ahead` days on. A partition is made while its
 * day is still empty, so nothing waits in the default partition for it.
 */
export async function ensurePartitions(db: Db, ahead = 2, now = new Date()): Promise<void> {
  const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - DAY_MS;
  for (let i = 0; i <= ahead + 1; i++) {
    const from = new Date(start + i * DAY_MS);
    const to = new Date(start + (i + 1) * DAY_MS);
    for (const table of TABLES) {
      await db.execute(
        sql.raw(
          `create table if not exists ${table}_${dayName(from)} partition of ${table} ` +
            `for values from ('${from.toISOString()}') to ('${to.toISOString()}')`,
        ),
      );
    }
  }
}

/** Keeps partitions ahead of the clock while the server runs. */
export function keepPartitions(db: Db, log: { error(obj: object, msg: string): void }): () => void {
  const timer = setInterval(
    () => void ensurePartitions(db).catch((err: unknown) => log.error({ err }, 'partitions')),
    6 * 3600_000,
  );
  timer.unref();
  return () => clearInterval(timer);
}
