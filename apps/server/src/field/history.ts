import { sql } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';

const TABLES = ['module_readings', 'meter_readings'] as const;
const DAY_MS = 86_400_000;
/** HISTORY_DAYS when unset */
export const DEFAULT_HISTORY_DAYS = 90;

const dayName = (d: Date) => d.toISOString().slice(0, 10).replace(/-/g, '');
const startOfDay = (d: Date) => Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());

/**
 * Daily partitions of the reading history, from yesterday to `ahead` days on. A partition is made while its
 * day is still empty, so nothing waits in the default partition for it.
 */
export async function ensurePartitions(db: Db, ahead = 2, now = new Date()): Promise<void> {
  const start = startOfDay(now) - DAY_MS;
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

/**
 * Keeps `days` days of history (today included): whole day partitions before that are dropped, which costs no
 * more than dropping a table, and stray old rows in the default partition are deleted. `days` 0 keeps everything.
 * Returns the partitions dropped.
 */
export async function dropOldPartitions(db: Db, days: number, now = new Date()): Promise<string[]> {
  if (days <= 0) return [];
  const cutoff = new Date(startOfDay(now) - (days - 1) * DAY_MS);
  const dropped: string[] = [];
  for (const table of TABLES) {
    const result = await db.execute(sql`
      select c.relname as name from pg_inherits i
        join pg_class c on c.oid = i.inhrelid
        join pg_class p on p.oid = i.inhparent
      where p.relname = ${table}`);
    const names = ((result as { rows?: { name: string }[] }).rows ?? []).map((r) => r.name);
    for (const name of names) {
      const day = new RegExp(`^${table}_(\\d{4})(\\d{2})(\\d{2})$`).exec(name);
      if (!day || Date.UTC(+day[1]!, +day[2]! - 1, +day[3]!) >= cutoff.getTime()) continue;
      await db.execute(sql.raw(`drop table if exists ${name}`));
      dropped.push(name);
    }
    await db.execute(sql`delete from ${sql.raw(`${table}_default`)} where at < ${cutoff.toISOString()}`);
  }
  return dropped;
}

/**
 * Deletes the module hours older than `days` days (0 keeps everything): their rises stay in module_days, which the
 * reports read, and at a year of 100,000 modules they would fill the disk (145 GB). Returns the rows deleted.
 */
export async function trimModuleHours(db: Db, days: number, now = new Date()): Promise<number> {
  if (days <= 0) return 0;
  const cutoff = new Date(startOfDay(now) - (days - 1) * DAY_MS);
  const result = await db.execute(
    sql`with gone as (delete from module_hours where hour < ${cutoff.toISOString()} returning 1)
        select count(*)::int as n from gone`,
  );
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

/** The history's upkeep: partitions made ahead and, past `days`, dropped, with the module hours. */
export async function maintainHistory(db: Db, days: number, now = new Date()): Promise<void> {
  await ensurePartitions(db, 2, now);
  await dropOldPartitions(db, days, now);
  await trimModuleHours(db, days, now);
}

/** Keeps partitions ahead of the clock, and within the retention, while the server runs. */
export function keepPartitions(
  db: Db,
  log: { error(obj: object, msg: string): void },
  days: number = DEFAULT_HISTORY_DAYS,
): () => void {
  const timer = setInterval(
    () => void maintainHistory(db, days).catch((err: unknown) => log.error({ err }, 'partitions')),
    6 * 3600_000,
  );
  timer.unref();
  return () => clearInterval(timer);
}
