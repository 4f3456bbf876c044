import { slicer } from '../map/sliced-work.ts';
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
import { linkCabinets, linksCabinets } from './import-cabinets.ts';
import { checkModuleSockets, checkSockets, placeInSockets, placeModulesInSockets } from './import-sockets.ts';
import { readRows, type SourceRow } from './inventory-rows.ts';

/** Which column of the file fills which field; `location.lon`/`location.lat` name the coordinate columns. */
export type ColumnMap = Record<string, string>;
export type Problem = { row: number; field?: string; code: ErrorCode; message: string; value?: string };
/** `problems`: the first MAX_PROBLEMS_SHOWN, by row; `moreProblems`: how many more (all of them as CSV, import.routes) */
export type ImportAnswer = {
  rows: number;
  imported: number;
  dryRun: boolean;
  problems: Problem[];
  moreProblems: number;
};
/** How far a large file has come: its rows checked, then written, then the whole saved (committed). */
export type ImportProgress = { stage: 'check' | 'write' | 'save'; done: number; total: number };
/** `service` is told of what was written once it is committed (the map's index, other processes). */
type Deps = { db: Db; repo: EntityRepository; service?: EntityService; placement?: Placement };
type Input = {
  format: SourceFormat;
  content: string;
  columns: ColumnMap;
  dryRun: boolean;
  lang: Language;
  /** the group of every row, for a caller of no group of their own (a caller's own group always wins) */
  group?: number;
  /** values every row takes where its columns give none (the server's own seeding: the city of a demo's devices) */
  defaults?: Record<string, unknown>;
};
type Prepared = { row: number; data: Record<string, unknown> };

/** Rows of one file; a larger one is split (issue 30 item 5: 1.7 million rows took 3 GB). */
export const MAX_IMPORT_ROWS = 100_000;
/**
 * The largest GeoJSON file: its features are parsed one at a time, but what they hold is kept until the import
 * ends (the demo's files take 450 to 700 bytes a street light).
 */
export const MAX_GEOJSON_BYTES = 48 * 1024 * 1024;
/** Problems an answer lists; a file of broken rows once answered 293 MB. */
export const MAX_PROBLEMS_SHOWN = 1000;
/** Rows written per statement, and how often the check reports progress. */
const WRITE_CHUNK = 500;
const CHECK_STEP = 2000;

class Rollback extends Error {}

/** Lets the event loop run: what is written to the progress stream goes out, other requests are served. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Imports one file of one entity, all or nothing. Every row is checked first (references by the linked record's
 * title, e.g. a cabinet by its uid; the declaration's rules; unique values against the file and the database),
 * then all are written in one transaction, kept only when no row had a problem and this is not a dry run. What
 * the file itself gets wrong (a column no import may fill, content that is not CSV or GeoJSON) is refused at once;
 * the answer's `run` does the rest.
 */
export function openImport(deps: Deps, caller: Caller, e: Entity, input: Input) {
  // a column may fill only what an operator may write on import: never the group, a read-only or secret field
  const fillable = new Set(importTargets(e.name as Importable, 'csv'));
  const refused = Object.keys(input.columns).filter((field) => !fillable.has(field));
  if (refused.length) throw new ApiError('IsInvalidError', refused);
  if (input.format === 'geojson' && Buffer.byteLength(input.content) > MAX_GEOJSON_BYTES)
    throw new ApiError('IsInvalidError', ['content'], { reason: 'tooLarge' });
  let rows: SourceRow[] | undefined;
  try {
    rows = readRows(input.format, input.content, MAX_IMPORT_ROWS);
  } catch {
    throw new ApiError('IsInvalidError', ['content']);
  }
  if (!rows) throw new ApiError('IsInvalidError', ['content'], { reason: 'tooManyRows' });
  const read = rows;
  return {
    rows: rows.length,
    /** `all`: every problem in the answer, none left out */
    run: (progress: (p: ImportProgress) => void = () => {}, all = false) =>
      runImport(deps, caller, e, input, read, progress, all),
  };
}

export async function importInventory(deps: Deps, caller: Caller, e: Entity, input: Input) {
  return openImport(deps, caller, e, input).run();
}

async function runImport(
  deps: Deps,
  caller: Caller,
  e: Entity,
  input: Input,
  rows: SourceRow[],
  progress: (p: ImportProgress) => void,
  all: boolean,
): Promise<ImportAnswer> {
  const problems: Problem[] = [];
  const say = (row: number, code: ErrorCode, field?: string, value?: string) =>
    problems.push({
      row,
      code,
      message: errorMessage(code, input.lang),
      ...(field && { field }),
      ...(value !== undefined && { value }),
    });
  const total = rows.length;
  const refs = await referenceIds(deps.db, caller, e, rows, input.columns);
  const service = new EntityService(deps.repo, {}, () => {}, deps.placement);
  const prepared: Prepared[] = [];
  // every row's values, problem or not, so that a row's every problem is named (a uid taken as well as a bad link)
  const candidates: Prepared[] = [];
  const schema = createSchema(e);
  // the check is all in memory: other requests, and the progress line itself, go out between its slices
  const breathe = slicer();
  for (const [i, r] of rows.entries()) {
    if (i % CHECK_STEP === 0) progress({ stage: 'check', done: i, total });
    await breathe();
    const named = new Set<string>();
    const { body, broken } = toBody(e, r, input.columns, refs, (code, field, value) => {
      if (field) named.add(field);
      say(i + 1, code, field, value);
    });
    for (const [field, value] of Object.entries(input.defaults ?? {})) body[field] ??= value;
    if (e.groupField && input.group !== undefined) body[e.groupField] = input.group;
    const saved = applySaveRules(e, body, 'create');
    const candidate = { row: i + 1, data: saved };
    candidates.push(candidate);
    const parsed = schema.safeParse(saved);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path.join('.');
        // a field left out as its value was already refused is not missing besides
        if (!named.has(field.split('.')[0]!)) say(i + 1, 'IsInvalidError', field);
      }
      continue;
    }
    if (broken) continue;
    try {
      candidate.data = await service.prepareCreate(e, caller, parsed.data, false);
      prepared.push(candidate);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      for (const field of err.fields ?? [undefined]) say(i + 1, err.code, field);
    }
  }
  progress({ stage: 'check', done: total, total });
  await findTaken(deps.db, e, candidates, say);
  const lamps = e.name === 'Luminaries';
  const modules = e.name === 'LuminaryModules';
  if (lamps) await checkSockets(deps.db, caller, prepared, say);
  if (modules) await checkModuleSockets(deps.db, prepared, say);
  const answer = (imported: number) => {
    const shown = all ? problems.length : MAX_PROBLEMS_SHOWN;
    return {
      rows: total,
      imported,
      dryRun: input.dryRun,
      problems: problems.sort((a, b) => a.row - b.row).slice(0, shown),
      moreProblems: Math.max(0, problems.length - shown),
    };
  };
  if (problems.length) return answer(0);

  let imported = 0;
  try {
    await deps.db.transaction(async (tx) => {
      const inTx = new EntityService(deps.repo.withDb(tx as unknown as Db), {}, () => {}, deps.placement);
      for (let i = 0; i < prepared.length; i += WRITE_CHUNK) {
        const chunk = prepared.slice(i, i + WRITE_CHUNK);
        const created = await inTx.createMany(
          e,
          caller,
          chunk.map((p) => p.data),
        );
        if (lamps) await placeInSockets(tx as unknown as Db, caller, created);
        if (modules) await placeModulesInSockets(tx as unknown as Db, caller, created);
        if (linksCabinets(e)) await linkCabinets(tx as unknown as Db, caller, e, created);
        imported += created.length;
        progress({ stage: 'write', done: imported, total });
        await nextTurn();
      }
      if (input.dryRun) throw new Rollback();
      // the commit of a large file takes a while of its own (minutes for 100,000 rows on PGlite)
      progress({ stage: 'save', done: imported, total });
      await nextTurn();
    });
  } catch (err) {
    if (err instanceof Rollback) return answer(0);
    if (!(err instanceof ApiError)) throw err;
    // a rule only the database knows refused the file: each row again on its own finds which
    await findRefusedRows(deps, caller, e, prepared, say);
    if (!problems.length) throw err;
    return answer(0);
  }
  const also = lamps || modules ? [entity('LuminarySupports')] : linksCabinets(e) ? [entity('Cabinets')] : [];
  for (const written of [e, ...also]) {
    deps.repo.wrote(written.table);
    deps.service?.announceWritten(written);
  }
  return answer(imported);
}

/** Rows whose unique values (a uid, a MAC) another row of the file, or a record already stored, holds. */
async function findTaken(
  db: Db,
  e: Entity,
  prepared: Prepared[],
  say: (row: number, code: ErrorCode, field: string, value: string) => void,
) {
  const t = tableOf(e);
  for (const [name, field] of Object.entries(e.fields)) {
    if (!field.unique) continue;
    const first = new Map<string, number>();
    for (const p of prepared) {
      const v = p.data[name];
      if (v == null || v === '') continue;
      const key = String(v);
      // text the database cannot hold is stored nowhere (and may not be asked for): that row is refused besides
      if (key.includes('\u0000')) continue;
      if (first.has(key)) say(p.row, 'AlreadyExistsError', name, key);
      else first.set(key, p.row);
    }
    const values = [...first.keys()];
    for (let i = 0; i < values.length; i += 5000) {
      const got = await db
        .select({ v: t[name]! })
        .from(t)
        .where(and(inArray(t[name]!, values.slice(i, i + 5000)), isNull(t.deletedAt)));
      for (const g of got as { v: unknown }[])
        say(first.get(String(g.v))!, 'AlreadyExistsError', name, String(g.v));
    }
  }
}

/** Each row written on its own (a savepoint each) in a transaction that is never kept: the rows the database refuses. */
async function findRefusedRows(
  deps: Deps,
  caller: Caller,
  e: Entity,
  prepared: Prepared[],
  say: (row: number, code: ErrorCode, field?: string) => void,
) {
  await deps.db
    .transaction(async (tx) => {
      const inTx = new EntityService(deps.repo.withDb(tx as unknown as Db), {}, () => {}, deps.placement);
      for (const p of prepared) {
        try {
          await tx.transaction(() => inTx.createMany(e, caller, [p.data]));
        } catch (err) {
          if (!(err instanceof ApiError)) throw err;
          for (const field of err.fields ?? [undefined]) say(p.row, err.code, field);
        }
      }
      throw new Rollback();
    })
    .catch((err: unknown) => {
      if (!(err instanceof Rollback)) throw err;
    });
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
    const raw = [...new Set(rows.map((r) => r.values[column]?.trim()).filter((v): v is string => !!v))];
    // a title is looked for in the form it is stored in (a MAC written either way)
    const title = target.fields[target.titleField!]!;
    const canonical = (v: string) => ('canonical' in title && title.canonical ? title.canonical(v) : v);
    const titles = [...new Set(raw.map(canonical))];
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
    out.set(
      field,
      new Map(raw.flatMap((r) => (found.has(canonical(r)) ? [[r, found.get(canonical(r))!] as const] : []))),
    );
  }
  return out;
}

type Say = (code: ErrorCode, field?: string, value?: string) => void;

/** A create body from one row, without the references or coordinates it got wrong (`broken`, each said). */
function toBody(
  e: Entity,
  row: SourceRow,
  columns: ColumnMap,
  refs: Refs,
  say: Say,
): { body: Record<string, unknown>; broken: boolean } {
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
    } else if (f.kind === 'int' || f.kind === 'intEnum' || f.kind === 'float') body[field] = Number(raw);
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
  return { body, broken };
}
