import {
  and,
  arrayContains,
  asc,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Entity } from '@sl/domain';
import { pointColumns, type AnyTable } from '../db/tables.ts';
import type { Filter, ListQuery } from './list-query.ts';

/** Whose rows a caller sees: every group when `groupId` is undefined; then only the group's cities too. */
export type Scope = { groupId?: number; cityIds?: number[] };

export function scopeCondition(e: Entity, t: AnyTable, scope: Scope): SQL | undefined {
  if (scope.groupId === undefined) return undefined;
  if (e.name === 'Groups') return eq(t._id, scope.groupId);
  if (e.name === 'Cities') return scope.cityIds?.length ? inArray(t._id, scope.cityIds) : sql`false`;
  return e.groupField ? eq(t[e.groupField], scope.groupId) : undefined;
}

function filterCondition(e: Entity, t: AnyTable, f: Filter): SQL {
  const col = t[f.field];
  if (e.fields[f.field]?.kind === 'refs') {
    const ids = (f.op === 'in' ? f.value : [f.value]) as number[];
    return or(...ids.map((id) => arrayContains(col, [id])))!;
  }
  if (f.value === null) return isNull(col);
  switch (f.op) {
    case 'eq':
      return eq(col, f.value);
    case 'in':
      return inArray(col, f.value as unknown[]);
    case 'gte':
      return gte(col, f.value);
    case 'lte':
      return lte(col, f.value);
  }
}

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function listConditions(e: Entity, t: AnyTable, scope: Scope, q: ListQuery): SQL | undefined {
  const parts: (SQL | undefined)[] = [scopeCondition(e, t, scope)];
  if (q.deleted === 'no') parts.push(isNull(t.deletedAt));
  if (q.deleted === 'only') parts.push(isNotNull(t.deletedAt));
  for (const f of q.filters) parts.push(filterCondition(e, t, f));
  if (q.q !== undefined) {
    const pattern = likePattern(q.q);
    parts.push(
      or(
        ...e.searchFields.map((name) =>
          e.fields[name]!.kind === 'object'
            ? sql`${t[name]}::text ilike ${pattern}`
            : sql`${t[name]} ilike ${pattern}`,
        ),
      ),
    );
  }
  if (q.bbox) {
    const p = pointColumns(q.bbox.field);
    parts.push(
      sql`${t[p.lat]} between ${q.bbox.minLat} and ${q.bbox.maxLat}`,
      sql`${t[p.lon]} between ${q.bbox.minLon} and ${q.bbox.maxLon}`,
    );
  }
  return and(...parts.filter(Boolean));
}

export function orderBy(t: AnyTable, q: ListQuery): SQL[] {
  const out = q.sort.map((s) => (s.desc ? desc(t[s.field]) : asc(t[s.field])));
  if (!q.sort.some((s) => s.field === '_id')) out.push(asc(t._id));
  return out;
}
