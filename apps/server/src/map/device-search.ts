import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { entity } from '@sl/domain';
import type { Caller } from '../auth/caller.ts';
import type { Db } from '../db/connect.ts';
import { findKey, pointColumns, tableOf } from '../db/tables.ts';
import { MAP_LAYERS, type MapLayer } from './tiles.ts';

export type Found = {
  layer: MapLayer;
  _id: number;
  /** the field whose text starts with (or holds) what was typed, and that text */
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

/** A part inside a word is looked for from this many characters typed (a trigram's length). */
const INSIDE_FROM = 3;

const escapeLike = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The devices whose pole id, MAC, name, street or address starts with `q` (any case), or holds it inside a word
 * (from three characters), among the layers the caller may see and in its group. Per field one query walks its
 * index (findKey) from the prefix in order and stops at `limit`; when that leaves room, one more finds the rest
 * through the field's trigram index: bounded at any size of the city (docs/benchmarks.md). Exact matches first,
 * then those that start with `q`, then those that hold it.
 */
export async function searchDevices(db: Db, caller: Caller, q: string, limit: number): Promise<Found[]> {
  // 0 exact, 1 starts with what was typed, 2 holds it inside
  const found = new Map<string, Found & { order: number }>();
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
      const columns = {
        _id: t._id,
        text: t[field]!,
        uid: t.uid!,
        mac: t.mac ?? sql<null>`null`,
        lon: t[p.lon]!,
        lat: t[p.lat]!,
      };
      const live = and(isNull(t.deletedAt), scope);
      const prefix = `${escapeLike(typed)}%`;
      const starting = await db
        .select(columns)
        .from(t)
        .where(and(live, sql`${key} like ${prefix}`))
        .orderBy(asc(key))
        .limit(limit);
      // a part inside a word, through the trigram index (pg_trgm): from three characters, as a trigram needs;
      // unordered, so that the scan stops at the limit; the prefix matches are ranked before these
      const inside =
        typed.length >= INSIDE_FROM && starting.length < limit
          ? await db.transaction(async (tx) => {
              // the trigram index's bitmap, never a scan of the table or of a btree: with a limit the planner
              // hopes a scan meets enough matches early, and a rare text read a million rows (2.4 s)
              await tx.execute(sql`set local enable_seqscan = off`);
              await tx.execute(sql`set local enable_indexscan = off`);
              return tx
                .select(columns)
                .from(t)
                .where(
                  and(live, sql`${key} like ${`%${escapeLike(typed)}%`}`, sql`${key} not like ${prefix}`),
                )
                .limit(limit - starting.length);
            })
          : [];
      for (const [rank, rows] of [
        [0, starting],
        [1, inside],
      ] as const)
        for (const r of rows as { _id: number; text: string; uid: string | null; mac: string | null }[]) {
          const id = `${layer}:${r._id}`;
          const exact = r.text.toLowerCase() === typed;
          const order = exact ? 0 : rank + 1;
          if (found.has(id) && found.get(id)!.order <= order) continue;
          const { lon, lat } = r as unknown as { lon: number | null; lat: number | null };
          found.set(id, {
            layer,
            _id: r._id,
            field,
            text: r.text,
            title: r.uid ?? r.mac ?? `#${r._id}`,
            lon,
            lat,
            order,
          });
        }
    }
  }
  return [...found.values()]
    .sort((a, b) => a.order - b.order || a.text.localeCompare(b.text) || a._id - b._id)
    .slice(0, limit)
    .map(({ order: _order, ...f }) => f);
}
