import { afterAll, beforeAll } from 'vitest';
import { openDatabase, type Database } from '../src/db/connect.ts';
import { freshDatabase } from './harness.ts';
import { pgliteImage } from './run-database.ts';

/**
 * A migrated database of the suite's own, without a server: PGlite in memory, or with DATABASE_URL a fresh
 * database on that PostgreSQL server, dropped after the suite. Read `database` inside tests.
 */
export function suiteDatabase(): { readonly database: Database } {
  const suite = {} as { database: Database };
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const fresh = process.env.DATABASE_URL ? await freshDatabase(process.env.DATABASE_URL) : undefined;
    drop = fresh?.drop;
    suite.database = await openDatabase({
      databaseUrl: fresh?.url,
      image: fresh ? undefined : await pgliteImage(),
    });
  });
  afterAll(async () => {
    await suite.database?.close();
    await drop?.();
  });
  return suite;
}
