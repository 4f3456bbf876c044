import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { installCabinetIo } from './cabinet-io.ts';
import { installOrderEventsGuard } from './order-events-guard.ts';
import { installLampStarts } from './lamp-starts.ts';
import { installLiveCounts } from './live-counts.ts';
import { installSocketModules } from './socket-modules.ts';
import { installSocketPlaces } from './socket-places.ts';
import { newPool, openReserved } from './reserved-pools.ts';
import { sql } from 'drizzle-orm';
import type { Db } from './db-type.ts';
import pg from 'pg';
import { startPgliteThread } from './pglite-thread.ts';

export const MIGRATIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

export type { Db } from './db-type.ts';

/** The PostgreSQL server's pool under `db`, for what drizzle does not do (COPY, cursors); undefined on PGlite. */
export function serverPool(db: Db): pg.Pool | undefined {
  const client = (db as unknown as { $client: unknown }).$client;
  return client instanceof pg.Pool ? client : undefined;
}

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** the server's address, for connections of their own (LISTEN) */
  url?: string;
  /** connections of their own for the ingest, health and sign-in (undefined on PGlite) */
  reserved?: { ingest: Db; service: Db; detector: Db };
  ping(): Promise<boolean>;
  close(): Promise<void>;
};

/**
 * DATABASE_URL selects a PostgreSQL server; otherwise PGlite in `dataDir` (in memory when dataDir is undefined,
 * starting from `image`, a dumped data directory, when one is given).
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string;
  image?: Blob;
  /** connections of the PostgreSQL pool for requests (PG_POOL_SIZE, 10 unless given) */
  poolSize?: number;
  /** the longest a request waits for one of them (unbounded unless given) */
  poolWaitMs?: number;
}): Promise<Database> {
  const database = opts.databaseUrl
    ? await openPostgres(
        opts.databaseUrl,
        opts.poolSize ?? Number(process.env.PG_POOL_SIZE ?? 10),
        opts.poolWaitMs,
      )
    : await openPglite(opts.dataDir, opts.image);
  return database;
}

/**
 * A statement running, or a transaction held open, this long still counts as a working database; longer, /health
 * asks it again.
 */
const BUSY_IS_ALIVE_MS = 60_000;

/** What the database keeps by its own triggers, made after the migrations, the same on PGlite and PostgreSQL. */
async function installDerived(db: Db) {
  await installLiveCounts(db);
  await installCabinetIo(db);
  await installLampStarts(db);
  await installSocketModules(db);
  await installSocketPlaces(db);
  await installOrderEventsGuard(db);
}

async function openPglite(dataDir?: string, image?: Blob): Promise<Database> {
  const client = await startPgliteThread({ dataDir, image });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const db = drizzlePglite({ client: client as any });
  await migratePglite(db, { migrationsFolder: MIGRATIONS });
  await installDerived(db as unknown as Db);
  const database = opened(db as unknown as Db, 'pglite', () => client.close());
  return {
    ...database,
    // one statement and one transaction at a time: /health would otherwise wait behind a long report or the demo
    // city's import, though nothing is wrong
    ping: async () => {
      const since = client.busySince();
      return since !== undefined && Date.now() - since < BUSY_IS_ALIVE_MS ? true : database.ping();
    },
  };
}

async function openPostgres(url: string, poolSize: number, poolWaitMs?: number): Promise<Database> {
  const pool = newPool(url, poolSize, poolWaitMs);
  const kept = openReserved(url);
  const db = drizzlePg({ client: pool });
  await migratePg(db, { migrationsFolder: MIGRATIONS });
  await installDerived(db as unknown as Db);
  const close = async () => {
    await Promise.all([pool.end(), kept.end()]);
  };
  return { ...opened(db as unknown as Db, 'postgres', close), url, reserved: kept.reserved };
}

const opened = (db: Db, kind: Database['kind'], close: () => Promise<void>): Database => ({
  db,
  kind,
  ping: () => ping(db),
  close,
});

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
