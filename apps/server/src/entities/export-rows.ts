import type { Column } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Entity } from '@sl/domain';
import { serverPool, type Db } from '../db/connect.ts';
import { tableOf, type AnyTable } from '../db/tables.ts';
import { listConditions, orderBy, type Scope } from './conditions.ts';
import type { ListQuery } from './list-query.ts';
import { selectedColumns, toApi, type ApiRow } from './row-mapper.ts';

// rows per fetch: one batch is formatted and written before the next is read, so memory stays flat
export const EXPORT_BATCH = 2000;

// as drizzle reads them: times and dates as the server writes them, which the columns then map
const AS_TEXT = new Set([1082, 1114, 1184, 1186, 1115, 1182, 1185, 1187, 1231]);
const types = {
  getTypeParser: (oid: number, format?: string) =>
    AS_TEXT.has(oid) ? (v: string) => v : pg.types.getTypeParser(oid, format as 'text'),
};

/**
 * What a batch of rows becomes (states, names, links read with `db`). On a server `db` is the cursor's own
 * connection: a request holds one connection, and one that waited for a second while holding its cursor could
 * wait for ever once every connection is held so.
 */
export type Prepare<T> = (rows: ApiRow[], db: Db) => Promise<T>;

/**
 * Every row a list query matches, in the list's order, a batch at a time, each made into a `T` by `prepare`; with
 * `range`, only those from `skip` on, at most `limit` of them (the query's own skip and limit are a page's, which
 * an export does not ask for).
 */
export async function* everyRow<T>(
  db: Db,
  e: Entity,
  scope: Scope,
  q: ListQuery,
  prepare: Prepare<T>,
  range: { skip: number; limit: number } = { skip: 0, limit: Infinity },
): AsyncGenerator<T> {
  const t = tableOf(e);
  const columns = selectedColumns(t, e, q.inc);
  const select = () =>
    db
      .select(columns)
      .from(t)
      .where(listConditions(e, t, scope, q))
      .orderBy(...orderBy(e, t, q))
      .$dynamic();
  const pool = serverPool(db);
  if (pool) {
    const query = select();
    if (Number.isFinite(range.limit)) query.limit(range.limit);
    if (range.skip) query.offset(range.skip);
    return yield* throughCursor(pool, columns, e, query.toSQL(), prepare);
  }
  // PGlite is one connection, which a held cursor would block for everyone; it holds small cities
  for (let done = 0; done < range.limit; done += EXPORT_BATCH) {
    const size = Math.min(EXPORT_BATCH, range.limit - done);
    const rows = await select()
      .limit(size)
      .offset(range.skip + done);
    if (rows.length)
      yield await prepare(
        rows.map((r) => toApi(e, r)),
        db,
      );
    if (rows.length < size) return;
  }
}

async function* throughCursor<T>(
  pool: pg.Pool,
  selected: Record<string, AnyTable[string]>,
  e: Entity,
  query: { sql: string; params: unknown[] },
  prepare: Prepare<T>,
): AsyncGenerator<T> {
  // the select lists these columns in this order
  const columns = Object.entries(selected) as [string, Column][];
  const connection = await pool.connect();
  const sameConnection = drizzle({ client: connection }) as unknown as Db;
  let closed = false;
  try {
    await connection.query('begin read only');
    await connection.query(`declare export_rows no scroll cursor for ${query.sql}`, query.params);
    for (;;) {
      const { rows } = await connection.query<unknown[]>({
        text: `fetch forward ${EXPORT_BATCH} from export_rows`,
        rowMode: 'array',
        types,
      });
      if (rows.length) {
        const batch = rows.map((values) => {
          const row: Record<string, unknown> = {};
          columns.forEach(([key, column], i) => {
            const v = values[i];
            row[key] = v == null ? null : column.mapFromDriverValue(v);
          });
          return toApi(e, row);
        });
        yield await prepare(batch, sameConnection);
      }
      if (rows.length < EXPORT_BATCH) break;
    }
    await connection.query('commit');
    closed = true;
  } finally {
    // a download the client left ends here too, inside the transaction
    if (!closed) await connection.query('rollback').catch(() => undefined);
    connection.release();
  }
}
