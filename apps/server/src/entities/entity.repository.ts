import { createHash } from 'node:crypto';
import type { ApiRow } from './row-mapper.ts';
import { and, count, eq, inArray, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { referrersOf, type Entity, type Referrer } from '@sl/domain';
import type { Db } from '../db/connect.ts';
import { tableOf, type AnyTable } from '../db/tables.ts';
import { CountCache, type Total } from './count-cache.ts';
import { PageCache } from './page-cache.ts';
import { everyRow } from './export-rows.ts';
import { slicer } from '../map/sliced-work.ts';
import { TableVersions } from './table-versions.ts';
import {
  crewScoped,
  listConditions,
  orderBy,
  queryShape,
  scopeCondition,
  type Bind,
  type Scope,
} from './conditions.ts';
import type { ListQuery } from './list-query.ts';
import { DERIVED_SOURCES } from './derived-filters.ts';
import { selectedColumns, toApi, toColumns } from './row-mapper.ts';
import { liveCount, liveCountColumn } from '../db/live-counts.ts';
import type { Caller } from '../auth/caller.ts';
import {
  logChange,
  logChanges,
  type ChangeAction,
  type FieldChange,
  type Logged,
} from '../history/change-log.ts';

type Row = Record<string, unknown>;
/** rows written by one statement of a large insert */
export const ROWS_PER_STATEMENT = 250;
type Page = Total & { rows: ApiRow[] };
/** the key of the kept total in a page's rows; no field is named so */
const TOTAL = '__total';

/** Reads and writes any registry entity; every read is limited to the caller's scope. */
export class EntityRepository {
  private readonly statements = new Map<string, unknown>();

  constructor(
    private readonly db: Db,
    /** told of each table this repository wrote to (the server tells its other processes) */
    private readonly written: (table: string) => void = () => {},
    private readonly versions = new TableVersions(),
    private readonly counts = new CountCache(undefined, versions),
    private readonly pages = new PageCache<Page>(undefined, versions),
    /** inside a transaction, which sees its own writes: pages are read afresh and not kept */
    private readonly inTransaction = false,
  ) {}

  /** The same repository working inside a transaction (or on a cursor's connection): pages read afresh, not kept. */
  withDb(db: Db): EntityRepository {
    return new EntityRepository(db, this.written, this.versions, this.counts, this.pages, true);
  }

  /**
   * `work` in one transaction with a repository bound to it (inside the one this repository already works in, if
   * any). Other processes are told of the tables it wrote once it has committed: before, they would read the old rows.
   */
  async atomically<T>(work: (repo: EntityRepository) => Promise<T>): Promise<T> {
    if (this.inTransaction) return work(this);
    const tables = new Set<string>();
    const result = await this.db.transaction((tx) =>
      work(
        new EntityRepository(
          tx as unknown as Db,
          (t) => tables.add(t),
          this.versions,
          this.counts,
          this.pages,
          true,
        ),
      ),
    );
    for (const t of tables) this.wrote(t);
    return result;
  }

  /** An entry of the change log, written by this repository (so inside its transaction). */
  logChange(
    e: Entity,
    caller: Caller,
    action: ChangeAction,
    row: ApiRow,
    changes: Record<string, FieldChange>,
  ) {
    return logChange(this.db, e, caller, action, row, changes);
  }

  logChanges(e: Entity, caller: Caller, action: ChangeAction, entries: Logged[]) {
    return logChanges(this.db, e, caller, action, entries);
  }

  /** A number that moves with every write to `table` this process wrote or heard of. */
  versionOf(table: string): number {
    return this.versions.of(table);
  }

  /** Rows of `table` were written (here or elsewhere): this process's kept totals and pages of it are dropped. */
  changed(table: string) {
    this.versions.bump(table);
  }

  /** This process wrote rows of `table` (also after a transaction commits): dropped here, told elsewhere. */
  wrote(table: string) {
    this.changed(table);
    this.written(table);
  }

  list(e: Entity, scope: Scope, q: ListQuery): Promise<Page> {
    if (this.inTransaction) return this.readPage(e, scope, q);
    // the query as parsed and the caller's scope decide the page entirely
    const key = JSON.stringify([
      e.name,
      scope.groupId ?? null,
      scope.cityIds ?? null,
      crewScoped(e, scope) ? scope.crews : null,
      q,
      this.sourcesRead(q),
    ]);
    return this.pages.get(e.table, key, async () => {
      const page = await this.readPage(e, scope, q);
      // shared by every caller of the page: whoever changed a row would change it for all
      for (const row of page.rows) Object.freeze(row);
      return Object.freeze({ ...page, rows: Object.freeze(page.rows) as ApiRow[] });
    });
  }

  /**
   * A page too large to hold, a batch at a time (never kept); its total is `list`'s, as for any page. Each batch
   * is made ready by `prepare` with a repository on the connection that reads the rows.
   */
  rows<T>(
    e: Entity,
    scope: Scope,
    q: ListQuery,
    prepare: (rows: ApiRow[], reader: EntityRepository) => Promise<T>,
  ): AsyncGenerator<T> {
    return everyRow(this.db, e, scope, q, (rows, db) => prepare(rows, this.withDb(db)), {
      skip: q.skip,
      limit: q.limit,
    });
  }

  private async readPage(e: Entity, scope: Scope, q: ListQuery): Promise<Page> {
    const t = tableOf(e);
    const { bind, values } = placeholders();
    const where = listConditions(e, t, scope, q, bind);
    const order = orderBy(e, t, q, bind);
    const shape = queryShape(e, scope, q);
    const whole = countsEveryLiveRow(e, t, scope, q);
    const groupId = e.groupField ? scope.groupId : undefined;
    const keptTotal = whole && liveCountColumn(e, groupId === undefined ? undefined : bind(groupId));
    const statements = this.prepared(shape, () => ({
      rows: this.db
        .select({
          ...selectedColumns(t, e, q.inc),
          // the kept total rides on the page's own query: one round trip for both
          ...(keptTotal && { [TOTAL]: keptTotal }),
        })
        .from(t)
        .where(where)
        .orderBy(...order)
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('skip'))
        .prepare(statementName('rows', shape)),
      count: this.db.select({ n: count() }).from(t).where(where).prepare(statementName('count', shape)),
    }));
    const pageOf = statements.rows.execute({ ...values, limit: q.limit, skip: q.skip }) as Promise<Row[]>;
    const [rows, total] = await Promise.all([
      pageOf,
      whole
        ? pageOf.then(async (page) => ({
            total: Number(page[0]?.[TOTAL] ?? (await liveCount(this.db, e, groupId))),
          }))
        : this.counts.get(
            e.table,
            shape + JSON.stringify([values, this.sourcesRead(q)]),
            async () => ((await statements.count.execute(values)) as { n: number }[])[0]!.n,
            () =>
              this.estimate(
                this.db
                  .select({ one: sql`1` })
                  .from(t)
                  .where(listConditions(e, t, scope, q)),
              ),
          ),
    ]);
    // a page that ends before its limit tells its total: a late count's estimate is not needed (the planner
    // guesses hundreds of rows in a small table never vacuumed)
    const ended = rows.length < q.limit && (rows.length > 0 || q.skip === 0);
    return { ...(ended ? { total: q.skip + rows.length } : total), rows: rows.map((r) => toApi(e, r)) };
  }

  /** Where a declared filter reads other tables (a mounting's modules): their versions, so a write there counts. */
  private sourcesRead(q: ListQuery) {
    return q.filters.some((f) => f.derived) ? DERIVED_SOURCES.map((t) => this.versions.of(t)) : undefined;
  }

  /** Statements are built once per query shape and reused with new values. */
  private prepared<T>(shape: string, build: () => T): T {
    let found = this.statements.get(shape) as T | undefined;
    if (!found) {
      if (this.statements.size > 2000) this.statements.clear();
      found = build();
      this.statements.set(shape, found);
    }
    return found;
  }

  /** The planner's row estimate for a query: instant, approximate. */
  private async estimate(query: SQLWrapper): Promise<number> {
    const result = (await this.db.execute(sql`explain (format json) ${query}`)) as unknown as
      { rows: Record<string, unknown>[] } | Record<string, unknown>[];
    const rows = Array.isArray(result) ? result : result.rows;
    const plan = Object.values(rows[0] ?? {})[0];
    const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as {
      Plan: { 'Plan Rows': number };
    }[];
    return Math.round(parsed[0]?.Plan['Plan Rows'] ?? 0);
  }

  /** One row, deleted or not; undefined when it does not exist in the caller's scope. */
  async get(e: Entity, scope: Scope, id: number): Promise<ApiRow | undefined> {
    const t = tableOf(e);
    const { bind, values } = placeholders();
    const where = and(eq(t._id, bind(id)), scopeCondition(e, t, scope, bind));
    const shape = JSON.stringify(['get', e.name, scope.groupId === undefined, crewScoped(e, scope)]);
    const statement = this.prepared(shape, () =>
      this.db.select().from(t).where(where).prepare(statementName('get', shape)),
    );
    const [row] = (await statement.execute(values)) as Row[];
    return row ? toApi(e, row) : undefined;
  }

  async byIds(e: Entity, scope: Scope, ids: number[]): Promise<ApiRow[]> {
    if (!ids.length) return [];
    const t = tableOf(e);
    const rows = await this.db
      .select()
      .from(t)
      // one array parameter however many ids: a list of one parameter each stops at 65,535
      .where(
        and(sql`${t._id} = any(${`{${ids.map(Number).join(',')}}`}::bigint[])`, scopeCondition(e, t, scope)),
      );
    return rows.map((r) => toApi(e, r));
  }

  /** How many live rows in scope refer through `field` to each of `ids` (an id none refers to is absent). */
  async countBy(e: Entity, field: string, scope: Scope, ids: number[]): Promise<Map<number, number>> {
    if (!ids.length) return new Map();
    const t = tableOf(e);
    const rows = await this.db
      .select({ id: t[field]!, n: count() })
      .from(t)
      .where(and(inArray(t[field]!, ids), isNull(t.deletedAt), scopeCondition(e, t, scope)))
      .groupBy(t[field]!);
    return new Map(rows.map((r) => [Number(r.id), Number(r.n)]));
  }

  async insert(e: Entity, data: Row, userId?: number): Promise<ApiRow> {
    const t = tableOf(e);
    const values = { ...toColumns(e, data), createdBy: userId ?? null, updatedBy: userId ?? null };
    const [row] = await this.db.insert(t).values(values).returning();
    this.wrote(e.table);
    return toApi(e, row!);
  }

  /** Many records in one statement, in order; for writes already checked as a whole (an inventory import). */
  async insertMany(e: Entity, rows: Row[], userId?: number): Promise<ApiRow[]> {
    if (!rows.length) return [];
    const t = tableOf(e);
    const pause = slicer();
    const inserted: ApiRow[] = [];
    // each statement is built in one turn of the thread (drizzle's builder takes about 0.1 ms a row): a few hundred
    // rows at a time, the thread given back between them, keep other requests answered through a large insert
    for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
      await pause();
      const values = rows.slice(i, i + ROWS_PER_STATEMENT).map((data) => ({
        ...toColumns(e, data),
        createdBy: userId ?? null,
        updatedBy: userId ?? null,
      }));
      const returned = await this.db.insert(t).values(values).returning();
      for (const r of returned) inserted.push(toApi(e, r));
    }
    this.wrote(e.table);
    return inserted;
  }

  async update(e: Entity, id: number, data: Row, userId?: number): Promise<ApiRow> {
    const t = tableOf(e);
    const values = { ...toColumns(e, data), updatedAt: new Date(), updatedBy: userId ?? null };
    const [row] = await this.db.update(t).set(values).where(eq(t._id, id)).returning();
    this.wrote(e.table);
    return toApi(e, row!);
  }

  async softDelete(e: Entity, id: number, userId?: number): Promise<ApiRow> {
    const t = tableOf(e);
    const now = new Date();
    const [row] = await this.db
      .update(t)
      .set({ deletedAt: now, updatedAt: now, updatedBy: userId ?? null })
      .where(and(eq(t._id, id), isNull(t.deletedAt)))
      .returning();
    this.wrote(e.table);
    return toApi(e, row!);
  }

  /** Names of the live records that still point at this one, as `Entity.field`. */
  async usedBy(target: Entity, id: number): Promise<string[]> {
    const found: string[] = [];
    for (const r of referrersOf(target.name)) {
      if (r.entity.name === target.name && r.path.length === 1 && r.path[0] === '_id') continue;
      if (r.entity.history) continue;
      const t = tableOf(r.entity);
      const [hit] = await this.db
        .select({ _id: t._id })
        .from(t)
        .where(and(isNull(t.deletedAt), referenceCondition(t, r, id)))
        .limit(1);
      if (hit) found.push(`${r.entity.name}.${r.path.filter((p) => p !== '[]').join('.')}`);
    }
    return found;
  }
}

/** `path` is a field path from the registry; `[]` steps into a list. Nested refs are found by jsonb containment. */
function referenceCondition(t: AnyTable, r: Referrer, id: number): SQL {
  const [column, ...rest] = r.path as [string, ...string[]];
  if (!rest.length) return r.many ? sql`${id} = any(${t[column]})` : eq(t[column], id);
  let shape: unknown = r.many ? [id] : id;
  for (const step of [...rest].reverse()) shape = step === '[]' ? [shape] : { [step]: shape };
  return sql`${t[column]} @> ${JSON.stringify(shape)}::jsonb`;
}

function placeholders(): { bind: Bind; values: Record<string, unknown> } {
  const values: Record<string, unknown> = {};
  let n = 0;
  const bind: Bind = (value) => {
    const name = `p${n++}`;
    values[name] = value;
    return sql.placeholder(name);
  };
  return { bind, values };
}

const statementName = (kind: string, shape: string) =>
  `${kind}_${createHash('sha1').update(shape).digest('hex').slice(0, 20)}`;

/** A list of every live row in the caller's scope: its total is kept by the database (`live_counts`). */
function countsEveryLiveRow(e: Entity, t: AnyTable, scope: Scope, q: ListQuery) {
  // groups and cities are scoped by id rather than by a group column, and are few; a crew's orders are its own
  if ((!e.groupField && scopeCondition(e, t, scope)) || crewScoped(e, scope)) return false;
  return q.filters.length === 0 && q.q === undefined && !q.bbox && q.deleted === 'no';
}
