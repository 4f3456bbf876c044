import { and, asc, gt, isNull, sql } from 'drizzle-orm';
import { ENTITIES, entity, type Entity } from '@sl/domain';
import { districtFinder, type DistrictArea } from '@sl/domain/districts';
import type { Db } from '../db/connect.ts';
import { tableOf } from '../db/tables.ts';
import type { ApiRow } from './row-mapper.ts';

type Row = Record<string, unknown>;
type Finder = ReturnType<typeof districtFinder>;
type Located = {
  _id: number;
  lon: number | null;
  lat: number | null;
  city: number | null;
  district: number | null;
};
type Point = { coordinates?: [number, number] } | null | undefined;

const BATCH = 5000;
/** The entities whose rows are placed in a district by their location. */
export const PLACED: readonly Entity[] = ENTITIES.filter(
  (e) => e.fields.district?.kind === 'ref' && e.fields.location?.kind === 'point',
);

/** Puts each located device in the district its location lies in (of its city, when it has one). */
export class DistrictPlacement {
  private finder?: Promise<Finder>;

  constructor(
    private readonly db: Db,
    private readonly wrote: (table: string) => void = () => {},
  ) {}

  /** Sets `data.district` on a create, or on an update that moves the device or changes its city. */
  async place(e: Entity, data: Row, current?: ApiRow): Promise<void> {
    if (!PLACED.includes(e)) return;
    if (current && !('location' in data) && !('city' in data)) return;
    const at = ('location' in data ? data.location : current?.location) as Point;
    const city = ('city' in data ? data.city : current?.city) as number | null | undefined;
    const find = await this.districts();
    data.district = at?.coordinates ? find(at.coordinates[0], at.coordinates[1], city) : null;
  }

  /** After a write: a changed district moves every device to where it now belongs. */
  async written(e: Entity): Promise<void> {
    if (e.name !== 'Districts') return;
    this.finder = undefined;
    await this.placeAll();
  }

  /** Places every located device again; answers how many changed district. */
  async placeAll(): Promise<number> {
    const find = await this.districts();
    let changed = 0;
    for (const e of PLACED) {
      const t = tableOf(e);
      const moves: { id: number; d: number | null }[] = [];
      for (let after = 0; ;) {
        const rows = await this.db
          .select({
            _id: t._id,
            lon: t.locationLon,
            lat: t.locationLat,
            district: t.district,
            ...(t.city && { city: t.city }),
          })
          .from(t)
          .where(and(gt(t._id, after), isNull(t.deletedAt)))
          .orderBy(asc(t._id))
          .limit(BATCH);
        for (const r of rows as Located[]) {
          const d = r.lon == null || r.lat == null ? null : find(r.lon, r.lat, r.city);
          if (d !== r.district) moves.push({ id: r._id, d });
        }
        if (rows.length < BATCH) break;
        after = rows[rows.length - 1]!._id as number;
      }
      // one statement for all of a batch's districts: the mountings' socket triggers then run once, not per district
      for (let i = 0; i < moves.length; i += BATCH) {
        const chunk = moves.slice(i, i + BATCH);
        await this.db.execute(sql`update ${t} set district = v.d
          from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as v(id bigint, d bigint) where ${t._id} = v.id`);
        changed += chunk.length;
      }
      if (moves.length) this.wrote(e.table);
    }
    return changed;
  }

  private districts(): Promise<Finder> {
    const t = tableOf(entity('Districts'));
    this.finder ??= this.db
      .select({ _id: t._id, city: t.city, boundary: t.boundary })
      .from(t)
      .where(isNull(t.deletedAt))
      .orderBy(asc(t._id))
      .then((rows) => districtFinder(rows as { _id: number; city: number | null; boundary: DistrictArea }[]));
    this.finder.catch(() => (this.finder = undefined));
    return this.finder;
  }
}
