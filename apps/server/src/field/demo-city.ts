import { eq, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { entity, type Entity } from '@sl/domain';
import type { City } from '@sl/simulator';
import type { Db } from '../db/connect.ts';
import { tableOf } from '../db/tables.ts';
import { toColumns } from '../entities/row-mapper.ts';
import { EntityRepository } from '../entities/entity.repository.ts';
import type { Caller } from '../auth/caller.ts';
import { importInventory } from '../import/inventory-import.ts';

type Row = Record<string, unknown>;

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

const columnsOf = (names: string[]) => Object.fromEntries(names.map((n) => [n, n]));

/**
 * The demo group's devices, from the same city model the simulator runs, so every MAC the field speaks of is
 * known. They come in as an operator's inventory files would, through the inventory import, one file per device
 * type in the order their links resolve: cabinets, their controllers and meters (which the cabinets then name),
 * lamp posts, modules on their controller, phase and post, and the lamps, which take their posts' sockets with their
 * modules. Runs once: a group that already has cabinets is left as it is.
 */
/** What the demo city's seeding writes, one inventory file each, in this order. */
export const DEMO_CITY_ENTITIES = [
  'Cabinets',
  'Controllers',
  'Meters',
  'LuminarySupports',
  'LuminaryModules',
  'Luminaries',
] as const;

export async function seedDemoCity(db: Db, groupId: number, cityId: number, city: City): Promise<boolean> {
  const C = tableOf(entity('Cabinets'));
  const [existing] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(C)
    .where(eq(C.group, groupId));
  if (existing && existing.n > 0) return false;
  const deps = { db, repo: new EntityRepository(db) };
  const caller: Caller = { groupId, allows: () => true };
  const file = async (name: string, rows: Row[], city?: number) => {
    const fields = Object.keys(rows[0] ?? {});
    const answer = await importInventory(deps, caller, entity(name), {
      format: 'csv',
      content: Papa.unparse(rows, { columns: fields }),
      columns: columnsOf(fields),
      dryRun: false,
      lang: 'en-us',
      ...(city !== undefined && { defaults: { city } }),
    });
    if (answer.problems.length)
      throw new Error(`the demo's ${name} did not import: ${JSON.stringify(answer.problems.slice(0, 5))}`);
  };
  const at = (p: { lon: number; lat: number }) => ({ 'location.lon': p.lon, 'location.lat': p.lat });

  await file(
    'Cabinets',
    city.cabinets.map((c) => ({ uid: c.uid, address: c.group, ...at(c) })),
    cityId,
  );
  await file(
    'Controllers',
    city.cabinets.map((c) => ({
      uid: c.controller.uid,
      mac: c.controller.mac,
      imei: c.controller.imei,
      cabinet: c.uid,
      ...at(c),
    })),
    cityId,
  );
  await file(
    'Meters',
    city.cabinets.map((c) => ({ serial: c.meter.serial, cabinet: c.uid, controller: c.controller.uid })),
  );
  const supports = new Map(city.supports.map((s) => [s.uid, s]));
  await file(
    'LuminarySupports',
    city.supports.map((s) => ({
      uid: s.uid,
      street: s.street,
      cabinet: s.cabinet,
      socketCount: Math.max(1, s.lamps.length),
      ...at(s),
    })),
    cityId,
  );
  const modules = city.cabinets.flatMap((c) => c.modules.map((m) => ({ m, controller: c.controller.uid })));
  await file(
    'LuminaryModules',
    modules.map(({ m, controller }) => ({
      mac: m.mac,
      controller,
      phase: m.phase,
      luminarySupport: m.support,
      ...at(supports.get(m.support)!),
    })),
    cityId,
  );
  await file(
    'Luminaries',
    modules.map(({ m }) => ({
      uid: m.luminaire,
      support: m.support,
      controlModule: m.mac,
      ...at(supports.get(m.support)!),
    })),
  );
  return true;
}
