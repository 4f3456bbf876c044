import { and, asc, between, eq, inArray, isNull, isNotNull, sql, type SQL } from 'drizzle-orm';
import { areaOf } from '@sl/domain/districts';
import type { Caller } from '../auth/caller.ts';
import type { Db } from '../db/connect.ts';
import { tables } from '../db/tables.ts';
import { ApiError } from '../http/api-error.ts';

const M = tables.LuminaryModules!;
const P = tables.LuminarySupports!;

/** The most modules one command to an area or a district may address (and a list's selection, by ids). */
export const MAX_AREA_MODULES = 1000;
/** Places looked at in an area's bounding box before the exact test; more, and the area is too large anyway. */
const MAX_CANDIDATES = 20 * MAX_AREA_MODULES;

export type Ring = [number, number][];

const tooMany = (field: string) => new ApiError('IsInvalidError', [field], { reason: 'tooManyModules' });

/** The modules mounted in the sockets of live supports that `where` picks, or that name one of them. */
const onSupports = (where: SQL) => sql`(${M._id} in (
  select (s->>'luminaryModule')::bigint from luminary_supports p, jsonb_array_elements(p.sockets) s
  where p.deleted_at is null and ${where}) or ${M.luminarySupport} in (
  select p._id from luminary_supports p where p.deleted_at is null and ${where}))`;

/**
 * The ids of the live modules, within the caller's group, that stand in a district or a drawn area: by their own
 * place, or by the mounting whose socket holds them (or that they name). More than MAX_AREA_MODULES is refused
 * (`IsInvalidError`, reason `tooManyModules`) before any command is sent.
 */
export async function moduleIdsIn(
  db: Db,
  caller: Caller,
  where: { district: number } | { area: Ring },
): Promise<number[]> {
  const scope = (t: typeof M) => (caller.groupId === undefined ? undefined : eq(t.group!, caller.groupId));
  const ids = async (condition: SQL) => {
    const rows = await db
      .select({ _id: M._id })
      .from(M)
      .where(and(isNull(M.deletedAt), scope(M), condition))
      // in id order: the same area answers the same list, also after a dim rewrote the rows (PostgreSQL then
      // returned them in their new places' order)
      .orderBy(asc(M._id))
      .limit(MAX_AREA_MODULES + 1);
    return rows.map((r) => r._id as number);
  };
  const field = 'district' in where ? 'district' : 'area';
  let found: number[];
  if ('district' in where) {
    const d = where.district;
    found = await ids(sql`(${M.district} = ${d} or ${onSupports(sql`p.district = ${d}`)})`);
  } else {
    const { box, contains } = areaOf(where.area);
    const placed = async (t: typeof M) => {
      const rows = await db
        .select({ _id: t._id, lon: t.locationLon!, lat: t.locationLat! })
        .from(t)
        .where(
          and(
            isNull(t.deletedAt),
            scope(t),
            isNotNull(t.locationLat!),
            between(t.locationLat!, box[1], box[3]),
            between(t.locationLon!, box[0], box[2]),
          ),
        )
        .limit(MAX_CANDIDATES + 1);
      if (rows.length > MAX_CANDIDATES) throw tooMany(field);
      return (rows as { _id: number; lon: number; lat: number }[])
        .filter((r) => contains(r.lon, r.lat))
        .map((r) => r._id);
    };
    const own = await placed(M);
    const supports = await placed(P);
    if (own.length > MAX_AREA_MODULES) throw tooMany(field);
    const conditions = [own.length ? inArray(M._id, own) : undefined];
    for (let i = 0; i < supports.length; i += MAX_AREA_MODULES)
      conditions.push(onSupports(sql`p._id in ${supports.slice(i, i + MAX_AREA_MODULES)}`));
    const any = conditions.filter(Boolean) as SQL[];
    found = any.length ? await ids(sql`(${sql.join(any, sql` or `)})`) : [];
  }
  if (found.length > MAX_AREA_MODULES) throw tooMany(field);
  return found;
}
