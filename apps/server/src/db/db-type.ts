import type { PgDatabase } from 'drizzle-orm/pg-core';

/** drizzle over PGlite or the PostgreSQL server: the queries are the same on both. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Db = PgDatabase<any, any, any>;
