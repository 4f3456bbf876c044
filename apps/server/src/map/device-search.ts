import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { entity } from '@sl/domain';
import type { Caller } from '../auth/caller.ts';
import type { Db } from '../db/connect.ts';
import { findKey, pointColumns, tableOf } from '../db/tables.ts';
import { MAP_LAYERS, type MapLayer } from './tiles.ts';

export type Found = {
  layer: MapLayer;
  _id: number;
  /** the field whose text starts with what was typed, and that text */
  field: string;
  text: string;
  /** the device's own name (uid, else MAC) */
  title: string;
  lon: number | null;
  lat: number | null;
};

/** Per map layer, the fields the map's search looks in (declared with `find`). */
const FIND = MAP_LAYERS.map((layer) => {
  const e = entity(layer);
  return { layer, e, fields: Object.keys(e.fields).filter((f) => e.fields[f]!.find) };
});

const escapeLike = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The devices whose pole id, MAC, name, street or address starts with `q` (any case), among the layers the caller
 * may see and in its group. One query per field, each walking its index (findKey) from the prefix in order and
 * stopping at `limit`: bounded at any size of the city (docs/benchmarks.md). Exact matches first.
 */
export async function searchDevices(db: Db, caller: Caller, q: string, limit: number): Promise<Found[]> {
  const found = new Map<string, Found & { exact: boolean }>();
  for (const { layer, e, fields } of FIND) {
    if (!caller.allows(e.area, 'view', Boolean(e.groupField))) continue;
    const t = tableOf(e);
    const p = pointColumns('location');
    const scope =
      e.groupField && caller.groupId !== undefined ? eq(t[e.groupField]!, caller.groupId) : undefined;
    for (const field of fields) {
      const def = e.fields[field]!;
      const typed = (def.kind === 'text' && def.canonical ? def.canonical(q) : q).toLowerCase();
      const key = findKey(t[field]!);
      const rows = await db
        .select({
          _id: t._id,
          text: t[field]!,
          uid: t.uid!,
          mac: t.mac ?? sql<null>`null`,
          lon: t[p.lon]!,
          lat: t[p.lat]!,
        })
        .from(t)
        .where(and(isNull(t.deletedAt), sql`${key} like ${`${escapeLike(typed)}%`}`, scope))
        .orderBy(asc(key))
        .limit(limit);
      for (const r of rows as { _id: number; text: string; uid: string | null; mac: string | null }[]) {
        const id = `${layer}:${r._id}`;
        const exact = r.text.toLowerCase() === typed;
        if (found.has(id) && (found.get(id)!.exact || !exact)) continue;
        const { lon, lat } = r as unknown as { lon: number | null; lat: number | null };
        found.set(id, {
          layer,
          _id: r._id,
          field,
          text: r.text,
          title: r.uid ?? r.mac ?? `#${r._id}`,
          lon,
          lat,
          exact,
        });
      }
    }
  }
  return [...found.values()]
    .sort((a, b) => Number(b.exact) - Number(a.exact) || a.text.localeCompare(b.text) || a._id - b._id)
    .slice(0, limit)
    .map(({ exact: _exact, ...f }) => f);
}
