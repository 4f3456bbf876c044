import { and, eq, inArray, isNull } from 'drizzle-orm';
import {
  applySaveRules,
  createSchema,
  entity,
  errorMessage,
  importTargets,
  type Entity,
  type Importable,
  type ErrorCode,
  type Language,
  type SourceFormat,
} from '@sl/domain';
import type { Caller } from '../auth/caller.ts';
import type { Db } from '../db/connect.ts';
import { tableOf } from '../db/tables.ts';
import { ApiError } from '../http/api-error.ts';
import type { EntityRepository } from '../entities/entity.repository.ts';
import { EntityService, type Placement } from '../entities/entity.service.ts';
import { readRows, type SourceRow } from './inventory-rows.ts';

/** Which column of the file fills which field; `location.lon`/`location.lat` name the coordinate columns. */
export type ColumnMap = Record<string, string>;
export type Problem = { row: number; field?: string; code: ErrorCode; message: string; value?: string };
export type ImportAnswer = { rows: number; imported: number; dryRun: boolean; problems: Problem[] };

class Rollback extends Error {}

/**
 * Imports one file of one entity, all or nothing: every row is written in one transaction (a savepoint each, so
 * that every row's problems are found), and the transaction is kept only when no row had a problem and this is
 * not a dry run. References name the linked record by its title field (a cabinet by its uid).
 */
export async function importInventory(
  deps: { db: Db; repo: EntityRepository; placement?: Placement },
  caller: Caller,
  e: Entity,
  input: { format: SourceFormat; content: string; columns: ColumnMap; dryRun: boolean; lang: Language },
): Promise<ImportAnswer> {
  // a column may fill only what an operator may write on import: never the group, a read-only or secret field
  const fillable = new Set(importTargets(e.name as Importable, 'csv'));
  const refused = Object.keys(input.columns).filter((field) => !fillable.has(field));
  if (refused.length) throw new ApiError('IsInvalidError', refused);
  let rows: SourceRow[];
  try {
    rows = readRows(input.format, input.content);
  } catch {
    throw new ApiError('IsInvalidError', ['content']);
  }
  const problems: Problem[] = [];
  const say = (row: number, code: ErrorCode, field?: string, value?: string) =>
    problems.push({
      row,
      code,
      message: errorMessage(code, input.lang),
      ...(field && { field }),
      ...(value !== undefined && { value }),
    });
  const refs = await referenceIds(deps.db, caller, e, rows, input.columns);
  const bodies = rows.map((r, i) =>
    toBody(e, r, input.columns, refs, (code, field, value) => say(i + 1, code, field, value)),
  );
  let imported = 0;
  await deps.db
    .transaction(async (tx) => {
      const service = new EntityService(deps.repo.withDb(tx as unknown as Db), {}, () => {}, deps.placement);
      for (const [i, body] of bodies.entries()) {
        if (!body) continue;
        const parsed = createSchema(e).safeParse(applySaveRules(e, body, 'create'));
        if (!parsed.success) {
          for (const issue of parsed.error.issues) say(i + 1, 'IsInvalidError', issue.path.join('.'));
          continue;
        }
        try {
          await tx.transaction(() => service.create(e, caller, parsed.data as Record<string, unknown>));
          imported += 1;
        } catch (err) {
          if (!(err instanceof ApiError)) throw err;
          for (const field of err.fields ?? [undefined]) say(i + 1, err.code, field);
        }
      }
      if (input.dryRun || problems.length) throw new Rollback();
    })
    .catch((err: unknown) => {
      if (!(err instanceof Rollback)) throw err;
    });
  if (!input.dryRun && !problems.length) deps.repo.wrote(e.table);
  return {
    rows: rows.length,
    imported: input.dryRun || problems.length ? 0 : imported,
    dryRun: input.dryRun,
    problems,
  };
}

type Refs = Map<string, Map<string, number>>;

/** The ids of the records the file's reference columns name, by their title, in the caller's reach. */
async function referenceIds(
  db: Db,
  caller: Caller,
  e: Entity,
  rows: SourceRow[],
  columns: ColumnMap,
): Promise<Refs> {
  const out: Refs = new Map();
  for (const [field, column] of Object.entries(columns)) {
    const f = e.fields[field];
    if (f?.kind !== 'ref') continue;
    const target = entity(f.entity);
    const t = tableOf(target);
    const titles = [...new Set(rows.map((r) => r.values[column]?.trim()).filter((v): v is string => !!v))];
    const key = t[target.titleField!]!;
    const scope =
      target.groupField && caller.groupId !== undefined
        ? eq(t[target.groupField]!, caller.groupId)
        : undefined;
    const found = new Map<string, number>();
    for (let i = 0; i < titles.length; i += 5000) {
      const chunk = titles.slice(i, i + 5000);
      const got = await db
        .select({ _id: t._id, title: key })
        .from(t)
        .where(and(inArray(key, chunk), isNull(t.deletedAt), scope));
      for (const g of got as { _id: number; title: string }[]) found.set(String(g.title), g._id);
    }
    out.set(field, found);
  }
  return out;
}

type Say = (code: ErrorCode, field?: string, value?: string) => void;

/** A create body from one row, or undefined when its references or coordinates are already wrong. */
function toBody(
  e: Entity,
  row: SourceRow,
  columns: ColumnMap,
  refs: Refs,
  say: Say,
): Record<string, unknown> | undefined {
  const body: Record<string, unknown> = {};
  let broken = false;
  for (const [field, column] of Object.entries(columns)) {
    if (field.startsWith('location.')) continue;
    const f = e.fields[field];
    if (!f) {
      say('IsInvalidError', field);
      broken = true;
      continue;
    }
    const raw = row.values[column]?.trim() ?? '';
    if (raw === '') continue;
    if (f.kind === 'ref') {
      const id = refs.get(field)?.get(raw);
      if (id === undefined) {
        say('NotFoundError', field, raw);
        broken = true;
      } else body[field] = id;
    } else if (f.kind === 'int' || f.kind === 'float') body[field] = Number(raw);
    else if (f.kind === 'bool') body[field] = ['1', 'true', 'yes'].includes(raw.toLowerCase());
    else body[field] = raw;
  }
  const lon = columns['location.lon'] ? Number(row.values[columns['location.lon']]) : row.lon;
  const lat = columns['location.lat'] ? Number(row.values[columns['location.lat']]) : row.lat;
  if (e.fields.location && (lon !== undefined || lat !== undefined)) {
    const good = (v: number | undefined, max: number) =>
      v !== undefined && Number.isFinite(v) && Math.abs(v) <= max;
    if (good(lon, 180) && good(lat, 90)) body.location = { type: 'Point', coordinates: [lon, lat] };
    else {
      say(
        'IsInvalidError',
        'location',
        `${row.values[columns['location.lon'] ?? ''] ?? lon ?? ''} ${row.values[columns['location.lat'] ?? ''] ?? lat ?? ''}`.trim(),
      );
      broken = true;
    }
  }
  return broken ? undefined : body;
}
