import type { ApiRow } from './row-mapper.ts';
import { entity, groupBy, type Entity, type Field } from '@sl/domain';
import { ApiError } from '../http/api-error.ts';
import type { Scope } from './conditions.ts';
import type { EntityRepository } from './entity.repository.ts';
import type { Caller } from '../auth/caller.ts';
import { withoutRawData } from './raw-data.ts';

type Row = Record<string, unknown>;
type Link = { entity: string; id: number; path: string };

/** Every reference id held in a record, with where it sits. */
export function collectLinks(fields: Record<string, Field>, data: Row, prefix = ''): Link[] {
  const out: Link[] = [];
  const visit = (field: Field, value: unknown, path: string) => {
    if (value == null) return;
    if (field.kind === 'ref' && typeof value === 'number')
      out.push({ entity: field.entity, id: value, path });
    else if (field.kind === 'refs' && Array.isArray(value))
      for (const id of value) if (typeof id === 'number') out.push({ entity: field.entity, id, path });
    if (field.kind === 'object' && typeof value === 'object')
      for (const [k, f] of Object.entries(field.fields)) visit(f, (value as Row)[k], `${path}.${k}`);
    if (field.kind === 'list' && Array.isArray(value))
      value.forEach((v, i) => visit(field.of, v, `${path}.${i}`));
  };
  for (const [name, field] of Object.entries(fields)) visit(field, data[name], prefix + name);
  return out;
}

/** Refuses a write that links to a record missing, deleted, or outside the caller's scope. */
export async function assertLinksExist(
  repo: EntityRepository,
  e: Entity,
  scope: Scope,
  data: Row,
): Promise<void> {
  const links = collectLinks(e.fields, data);
  const missing: string[] = [];
  for (const [name, group] of linksByEntity(links)) {
    const found = await repo.byIds(entity(name), scope, [...new Set(group.map((l) => l.id))]);
    const live = new Set(found.filter((r) => r.deletedAt == null).map((r) => r._id));
    for (const l of group) if (!live.has(l.id)) missing.push(l.path);
  }
  if (missing.length) throw new ApiError('NotFoundError', missing);
}

/** `?type=all`: each reference id replaced by the linked record (one level deep). */
export async function resolveLinks(
  repo: EntityRepository,
  e: Entity,
  caller: Caller,
  rows: ApiRow[],
): Promise<ApiRow[]> {
  const links = rows.flatMap((r) => collectLinks(e.fields, r));
  const byEntity = new Map<string, Map<number, Row>>();
  for (const [name, group] of linksByEntity(links)) {
    const linked = entity(name);
    const found = withoutRawData(
      linked,
      caller,
      await repo.byIds(linked, caller, [...new Set(group.map((l) => l.id))]),
    );
    byEntity.set(name, new Map(found.map((r) => [r._id as number, r])));
  }
  const replace = (field: Field, value: unknown): unknown => {
    if (value == null) return value;
    if (field.kind === 'ref') return byEntity.get(field.entity)?.get(value as number) ?? value;
    if (field.kind === 'refs' && Array.isArray(value))
      return value.map((id) => byEntity.get(field.entity)?.get(id as number) ?? id);
    if (field.kind === 'object' && typeof value === 'object') return replaceAll(field.fields, value as Row);
    if (field.kind === 'list' && Array.isArray(value)) return value.map((v) => replace(field.of, v));
    return value;
  };
  const replaceAll = (fields: Record<string, Field>, row: Row): Row => {
    const out: Row = { ...row };
    for (const [k, f] of Object.entries(fields)) if (k in out) out[k] = replace(f, out[k]);
    return out;
  };
  return rows.map((r) => replaceAll(e.fields, r) as ApiRow);
}

const linksByEntity = (links: Link[]) => groupBy(links, (l) => l.entity);
