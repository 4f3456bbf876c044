import { eq, sql } from 'drizzle-orm';
import { entity, type Entity } from '@sl/domain';
import type { City } from '@sl/simulator';
import type { Db } from '../db/connect.ts';
import { tableOf } from '../db/tables.ts';
import { toColumns } from '../entities/row-mapper.ts';

type Row = Record<string, unknown>;
const point = (lon: number, lat: number) => ({ type: 'Point', coordinates: [lon, lat] });

/** Inserts rows in chunks; returns their ids in order. Only for seeding, where every row is known to be valid. */
export async function insertAll(db: Db, e: Entity, rows: Row[]): Promise<number[]> {
  const t = tableOf(e);
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000).map((r) => toColumns(e, r));
    const inserted = await db.insert(t).values(chunk).returning({ _id: t._id });
    ids.push(...inserted.map((r) => r._id as number));
  }
  return ids;
}

/**
 * The demo group's devices, from the same city model the simulator runs, so every MAC the field speaks of is
 * known. Runs once: a group that already has cabinets is left as it is.
 */
export async function seedDemoCity(db: Db, groupId: number, cityId: number, city: City): Promise<boolean> {
  const C = tableOf(entity('Cabinets'));
  const [existing] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(C)
    .where(eq(C.group, groupId));
  if (existing && existing.n > 0) return false;
  const group = groupId;
  const base = { group, city: cityId };

  const cabinetIds = await insertAll(
    db,
    entity('Cabinets'),
    city.cabinets.map((c) => ({ ...base, uid: c.uid, address: c.group, location: point(c.lon, c.lat) })),
  );
  const cabinetOf = new Map(city.cabinets.map((c, i) => [c.uid, cabinetIds[i]!]));
  const controllerIds = await insertAll(
    db,
    entity('Controllers'),
    city.cabinets.map((c, i) => ({
      ...base,
      uid: c.controller.uid,
      mac: c.controller.mac,
      imei: c.controller.imei,
      cabinet: cabinetIds[i],
      location: point(c.lon, c.lat),
    })),
  );
  const meterIds = await insertAll(
    db,
    entity('Meters'),
    city.cabinets.map((c, i) => ({
      group,
      serial: c.meter.serial,
      cabinet: cabinetIds[i],
      controller: controllerIds[i],
    })),
  );
  for (let i = 0; i < cabinetIds.length; i++) {
    await db
      .update(C)
      .set({ controller: controllerIds[i], meter: meterIds[i] })
      .where(eq(C._id, cabinetIds[i]!));
  }

  const supportIds = await insertAll(
    db,
    entity('LuminarySupports'),
    city.supports.map((s) => ({
      ...base,
      uid: s.uid,
      street: s.street,
      cabinet: cabinetOf.get(s.cabinet),
      location: point(s.lon, s.lat),
      socketCount: Math.max(1, s.lamps.length),
      sockets: [],
    })),
  );
  const supportOf = new Map(city.supports.map((s, i) => [s.uid, { id: supportIds[i]!, s }]));
  const modules = city.cabinets.flatMap((c, i) =>
    c.modules.map((m) => ({ m, controller: controllerIds[i]! })),
  );
  const moduleIds = await insertAll(
    db,
    entity('LuminaryModules'),
    modules.map(({ m, controller }) => {
      const s = supportOf.get(m.support)!;
      return {
        ...base,
        mac: m.mac,
        controller,
        phase: m.phase,
        luminarySupport: s.id,
        location: point(s.s.lon, s.s.lat),
      };
    }),
  );
  const lampIds = await insertAll(
    db,
    entity('Luminaries'),
    modules.map(({ m }, i) => {
      const s = supportOf.get(m.support)!;
      return {
        group,
        uid: m.luminaire,
        support: s.id,
        controlModule: moduleIds[i],
        location: point(s.s.lon, s.s.lat),
      };
    }),
  );

  const sockets = new Map<number, Row[]>();
  modules.forEach(({ m }, i) => {
    const id = supportOf.get(m.support)!.id;
    sockets.set(id, [
      ...(sockets.get(id) ?? []),
      { luminary: lampIds[i], luminaryModule: moduleIds[i], phase: m.phase },
    ]);
  });
  const S = tableOf(entity('LuminarySupports'));
  const payload = JSON.stringify([...sockets].map(([id, list]) => ({ id, sockets: list })));
  await db.execute(sql`
    update ${S} as s set sockets = v.sockets, socket_count = greatest(s.socket_count, jsonb_array_length(v.sockets))
    from jsonb_to_recordset(${payload}::jsonb) as v(id bigint, sockets jsonb) where s._id = v.id`);
  return true;
}
