import { readFile } from 'node:fs/promises';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { entity } from '@sl/domain';
import type { Db } from '../db/connect.ts';
import { tableOf } from '../db/tables.ts';
import { DistrictPlacement } from '../entities/district-placement.ts';
import { insertAll } from './demo-city.ts';

// The City of Cambridge's 13 CDD neighbourhoods (PDDL; inventories/README.md).
const NEIGHBOURHOODS = new URL(
  '../../../../inventories/basemap/cambridge/neighborhoods.geojson',
  import.meta.url,
);

type Hood = { properties: { N_HOOD: string; NAME: string }; geometry: unknown };

/**
 * The demo city's districts, once (a city that has districts is left as it is), and every device placed in its
 * own. Answers how many districts were made.
 */
export async function seedDemoDistricts(db: Db, cityId: number): Promise<number> {
  const D = tableOf(entity('Districts'));
  const [existing] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(D)
    .where(and(eq(D.city, cityId), isNull(D.deletedAt)));
  if (existing && existing.n > 0) return 0;
  const hoods = (JSON.parse(await readFile(NEIGHBOURHOODS, 'utf8')) as { features: Hood[] }).features;
  const rows = hoods
    .map((f) => ({ name: f.properties.NAME, code: f.properties.N_HOOD, city: cityId, boundary: f.geometry }))
    .sort((a, b) => Number(a.code) - Number(b.code));
  await insertAll(db, entity('Districts'), rows);
  await new DistrictPlacement(db).placeAll();
  return rows.length;
}
