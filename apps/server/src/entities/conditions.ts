import { and, asc, desc, eq, gte, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Entity } from '@sl/domain';
import { pointColumns, type AnyTable } from '../db/tables.ts';
import { derivedCondition } from './derived-filters.ts';
import type { Filter, ListQuery } from './list-query.ts';

/**
 * Whose rows a caller sees: every group when `groupId` is undefined; then only the group's cities too; and of the
 * work orders, a crew member only their crews' (`crews`, issue 32).
 */
export type Scope = { groupId?: number; cityIds?: number[]; crews?: number[] };

/** Whether the crews of the scope narrow the rows of `e`. */
export const crewScoped = (e: Entity, scope: Scope) => e.name === 'WorkOrders' && scope.crews !== undefined;

/**
 * How a value enters a condition: as itself, or as a placeholder of a prepared statement (the statement is then
 * the same for every value, and lists are one array parameter, whatever their length).
 */
export type Bind = (value: unknown) => unknown;
// a list written into raw SQL must stay one array parameter, not become `($1, $2, …)`
export const inline: Bind = (v) => (Array.isArray(v) ? sql.param(v) : v);

export function scopeCondition(e: Entity, t: AnyTable, scope: Scope, bind: Bind = inline): SQL | undefined {
  const group = groupCondition(e, t, scope, bind);
  if (!crewScoped(e, scope)) return group;
  const crew = sql`${t.crew} = any(${bind(scope.crews)})`;
  return group ? and(group, crew) : crew;
}

function groupCondition(e: Entity, t: AnyTable, scope: Scope, bind: Bind): SQL | undefined {
  if (scope.groupId === undefined) return undefined;
  if (e.name === 'Groups') return eq(t._id, bind(scope.groupId));
  if (e.name === 'Cities') return sql`${t._id} = any(${bind(scope.cityIds ?? [])})`;
  return e.groupField ? eq(t[e.groupField], bind(scope.groupId)) : undefined;
}

const PART_TYPE: Record<string, string> = { bool: 'boolean', int: 'integer', float: 'float8' };

/** A filter's column, or the value inside an object column it names, as its declared type. */
function filterColumn(e: Entity, t: AnyTable, f: Filter): SQL | AnyTable[string] {
  const field = e.fields[f.field];
  if (f.part === undefined || field?.kind !== 'object') return t[f.field];
  const type = PART_TYPE[field.fields[f.part]!.kind] ?? 'text';
  return sql`(${t[f.field]} ->> ${f.part})::${sql.raw(type)}`;
}

function filterCondition(e: Entity, t: AnyTable, f: Filter, bind: Bind): SQL {
  if (f.derived) return derivedCondition(e, t, f, bind);
  const col = filterColumn(e, t, f);
  if (e.fields[f.field]?.kind === 'refs') {
    const ids = f.op === 'in' ? f.value : [f.value];
    return sql`${col} && ${bind(ids)}`;
  }
  if (f.value === null) return isNull(col);
  switch (f.op) {
    case 'eq':
      return eq(col, bind(f.value));
    case 'in':
      return sql`${col} = any(${bind(f.value)})`;
    case 'gte':
      return gte(col, bind(f.value));
    case 'lte':
      return lte(col, bind(f.value));
  }
}

/** What makes two list queries the same statement: everything but the values. */
export function queryShape(e: Entity, scope: Scope, q: ListQuery): string {
  return JSON.stringify([
    e.name,
    scope.groupId === undefined ? 0 : 1,
    crewScoped(e, scope),
    q.deleted,
    q.filters.map((f) => [f.field, f.part, f.op, f.value === null]),
    q.q !== undefined,
    q.bbox?.field,
    q.sort,
    q.inc,
  ]);
}

const escapeLike = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);
const likePattern = (q: string) => `%${escapeLike(q)}%`;

export function listConditions(
  e: Entity,
  t: AnyTable,
  scope: Scope,
  q: ListQuery,
  bind: Bind = inline,
): SQL | undefined {
  const parts: (SQL | undefined)[] = [scopeCondition(e, t, scope, bind)];
  if (q.deleted === 'no') parts.push(isNull(t.deletedAt));
  if (q.deleted === 'only') parts.push(isNotNull(t.deletedAt));
  for (const f of q.filters) parts.push(filterCondition(e, t, f, bind));
  if (q.q !== undefined) {
    const text = q.q;
    const pattern = bind(likePattern(text));
    parts.push(
      or(
        ...e.searchFields.map((name) => {
          const field = e.fields[name]!;
          if (field.kind === 'object') return sql`${t[name]}::text ilike ${pattern}`;
          // a value stored in a canonical form is found by any form of it (a MAC with or without colons)
          const own =
            field.kind === 'text' && field.canonical ? bind(likePattern(field.canonical(text))) : pattern;
          return sql`${t[name]} ilike ${own}`;
        }),
      ),
    );
  }
  if (q.bbox) {
    const p = pointColumns(q.bbox.field);
    parts.push(
      sql`${t[p.lat]} between ${bind(q.bbox.minLat)} and ${bind(q.bbox.maxLat)}`,
      sql`${t[p.lon]} between ${bind(q.bbox.minLon)} and ${bind(q.bbox.maxLon)}`,
    );
  }
  return and(...parts.filter(Boolean));
}

/** The list's order; with a search, exact matches of a search field first, then prefixes, then the rest. */
export function orderBy(e: Entity, t: AnyTable, q: ListQuery, bind: Bind = inline): SQL[] {
  const rank = q.q === undefined ? undefined : searchRank(e, t, q.q, bind);
  const out = rank ? [rank] : [];
  out.push(...q.sort.map((s) => (s.desc ? desc(t[s.field]) : asc(t[s.field]))));
  if (!q.sort.some((s) => s.field === '_id')) out.push(asc(t._id));
  return out;
}

function searchRank(e: Entity, t: AnyTable, text: string, bind: Bind): SQL | undefined {
  const ranked = e.searchFields.filter((name) => e.fields[name]!.kind !== 'object');
  if (!ranked.length) return undefined;
  const as = (name: string) => {
    const field = e.fields[name]!;
    return field.kind === 'text' && field.canonical ? field.canonical(text) : text;
  };
  const exact = ranked.map((name) => sql`lower(${t[name]}) = lower(${bind(as(name))})`);
  const prefix = ranked.map((name) => sql`${t[name]} ilike ${bind(`${escapeLike(as(name))}%`)}`);
  return sql`case when ${or(...exact)} then 0 when ${or(...prefix)} then 1 else 2 end`;
}
