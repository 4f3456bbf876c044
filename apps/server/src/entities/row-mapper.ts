import { getTableColumns } from 'drizzle-orm';
import type { Entity, Field } from '@sl/domain';
import { pointColumns, type AnyTable } from '../db/tables.ts';

// Between the API shape of a record (GeoJSON points, ISO timestamps) and its table columns.

type Row = Record<string, unknown>;
/** A record as the API sends it. */
export type ApiRow = { _id: number } & Record<string, unknown>;

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : (v ?? null));

export function toApi(e: Entity, row: Row): ApiRow {
  const out: ApiRow = { _id: row._id as number };
  for (const [name, field] of Object.entries(e.fields)) {
    if (field.writeOnly) continue;
    if (field.kind === 'point') {
      const p = pointColumns(name);
      if (!(p.lon in row)) continue;
      const lon = row[p.lon];
      const lat = row[p.lat];
      out[name] = lon == null || lat == null ? null : { type: 'Point', coordinates: [lon, lat] };
    } else if (name in row) out[name] = field.kind === 'timestamp' ? iso(row[name]) : (row[name] ?? null);
  }
  for (const key of ['createdAt', 'updatedAt', 'deletedAt'] as const)
    if (key in row) out[key] = iso(row[key]);
  for (const key of ['createdBy', 'updatedBy'] as const) if (key in row) out[key] = row[key] ?? null;
  return out;
}

export function toColumns(e: Entity, data: Row): Row {
  const out: Row = {};
  for (const [name, value] of Object.entries(data)) {
    const field: Field | undefined = Object.hasOwn(e.fields, name) ? e.fields[name] : undefined;
    if (!field) continue;
    if (field.kind === 'point') {
      const p = pointColumns(name);
      const coordinates = (value as { coordinates?: [number, number] } | null)?.coordinates;
      out[p.lon] = coordinates?.[0] ?? null;
      out[p.lat] = coordinates?.[1] ?? null;
    } else if (field.kind === 'timestamp') out[name] = value == null ? null : new Date(value as string);
    else out[name] = value;
  }
  return out;
}

/** The column keys a field occupies (a point has two, a derived one none). */
/** The columns a list reads: all of the table's, or with `inc` only those fields' and `_id`. */
export function selectedColumns(t: AnyTable, e: Entity, inc?: string[]): Record<string, AnyTable[string]> {
  if (!inc) return getTableColumns(t);
  const out: Record<string, AnyTable[string]> = { _id: t._id };
  for (const f of inc) for (const key of columnKeys(f, e.fields[f]!)) out[key] = t[key];
  return out;
}

export function columnKeys(name: string, field: Field): string[] {
  if (field.derived) return [];
  if (field.kind !== 'point') return [name];
  const p = pointColumns(name);
  return [p.lon, p.lat];
}
