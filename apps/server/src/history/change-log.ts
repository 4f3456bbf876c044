import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { entity, type Entity } from '@sl/domain';
import type { Caller } from '../auth/caller.ts';
import type { Db } from '../db/connect.ts';
import { changeLog } from '../db/change-log.table.ts';
import { tableOf } from '../db/tables.ts';
import type { ApiRow } from '../entities/row-mapper.ts';
import { heldEntries } from './held-changes.ts';
import { slicer } from '../map/sliced-work.ts';

type Row = Record<string, unknown>;
export type ChangeAction = 'create' | 'update' | 'delete';
/** A field's change; a write-only field (a password) is named without its values. */
export type FieldChange = { from?: unknown; to?: unknown };

const Users = tableOf(entity('Users'));
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const empty = (v: unknown) => v == null || v === '' || (Array.isArray(v) && !v.length);

/**
 * The fields a write changed, from what to what. Only what a user writes is compared: the values a device reports
 * or the server derives (a status) change without anyone's doing and are not part of this log.
 */
export function fieldChanges(
  e: Entity,
  before: Row | undefined,
  after: Row,
  asked: Row,
): Record<string, FieldChange> {
  const changes: Record<string, FieldChange> = {};
  for (const [name, field] of Object.entries(e.fields)) {
    if (field.writeOnly) {
      if (asked[name] !== undefined) changes[name] = {};
      continue;
    }
    if (field.readOnly && !(name in asked)) continue;
    if (!before) {
      if (!empty(after[name])) changes[name] = { from: null, to: after[name] };
    } else if (!same(before[name], after[name]))
      changes[name] = { from: before[name] ?? null, to: after[name] ?? null };
  }
  return changes;
}

/** The group a record belongs to (a group is its own), or none for the records every group shares. */
function groupOf(e: Entity, row: ApiRow): number | null {
  if (e.name === 'Groups') return row._id;
  const g = e.groupField ? row[e.groupField] : undefined;
  return typeof g === 'number' ? g : null;
}

export type Logged = { row: ApiRow; changes: Record<string, FieldChange> };

/** One entry of the log, written with the change (inside its transaction). */
export function logChange(
  db: Db,
  e: Entity,
  caller: Caller,
  action: ChangeAction,
  row: ApiRow,
  changes: Record<string, FieldChange>,
) {
  return logChanges(db, e, caller, action, [{ row, changes }]);
}

/**
 * An entry per record of one write that changed many (an import), in one statement; with an entry of its own for
 * each record a holder took in or let go (a module placed in a mounting's socket, or taken out).
 */
const ENTRIES_PER_STATEMENT = 250;

export async function logChanges(db: Db, e: Entity, caller: Caller, action: ChangeAction, entries: Logged[]) {
  if (!entries.length) return;
  const userId = caller.userId ?? null;
  const group = (row: ApiRow) => groupOf(e, row);
  const values = [
    ...entries.map(({ row, changes }) => ({
      entity: e.name,
      recordId: row._id,
      groupId: group(row),
      userId,
      action,
      changes,
    })),
    ...heldEntries(e, action === 'delete', entries, group).map((h) => ({
      entity: h.entity.name,
      recordId: h.recordId,
      groupId: h.groupId,
      userId,
      action: 'update' as const,
      changes: h.changes,
    })),
  ];
  // a statement's parameters are at most 65,535 (six to an entry), and each is built in one turn of the thread:
  // a few hundred at a time, the thread given back between them
  const pause = slicer();
  for (let i = 0; i < values.length; i += ENTRIES_PER_STATEMENT) {
    await pause();
    await db.insert(changeLog).values(values.slice(i, i + ENTRIES_PER_STATEMENT));
  }
}

/**
 * A record's log, newest first. The caller has already been shown the record (their scope); a group's user sees
 * only the entries written while the record was their group's (or shared by every group).
 */
export async function readChanges(
  db: Db,
  e: Entity,
  caller: Caller,
  id: number,
  limit: number,
  skip: number,
) {
  const where = and(
    eq(changeLog.entity, e.name),
    eq(changeLog.recordId, id),
    caller.groupId === undefined
      ? undefined
      : or(eq(changeLog.groupId, caller.groupId), isNull(changeLog.groupId)),
  );
  const rows = await db
    .select({
      id: changeLog.id,
      action: changeLog.action,
      changes: changeLog.changes,
      at: changeLog.at,
      userId: changeLog.userId,
      login: Users.login,
    })
    .from(changeLog)
    .leftJoin(Users, eq(Users._id, changeLog.userId))
    .where(where)
    .orderBy(desc(changeLog.id))
    .limit(limit)
    .offset(skip);
  const [total] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(changeLog)
    .where(where);
  return {
    total: total!.n,
    data: rows.map((r) => ({
      ...r,
      login: r.login as string | null,
      changes: r.changes as Record<string, FieldChange>,
      at: r.at.toISOString(),
    })),
  };
}
