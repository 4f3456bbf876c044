import { sql } from 'drizzle-orm';
import { entity } from '@sl/domain';
import { CAMBRIDGE_MODELS, type City } from '@sl/simulator';
import type { Db } from '../db/connect.ts';
import { insertAll } from './demo-city.ts';

// The demo city's lamp models with their rated power, so the energy saved has a full power to count from. Their power
// is an estimate: the inventory has none (simulator/city/cambridge-models.ts, inventories/README.md).

const VENDORS = {
  cree: 'Cree (LEDway)',
  unknown: 'Not named in the city’s inventory / Не указан в реестре города',
};

/** Seeds the models once (their codes are unique) and gives each of the city's lamps its model. */
export async function seedDemoModels(db: Db, city: City): Promise<boolean> {
  const models = Object.values(CAMBRIDGE_MODELS);
  const known = await db.execute(
    sql`select 1 from luminary_models where code = ${models[0]!.code} and deleted_at is null`,
  );
  if ((known as unknown as { rows: unknown[] }).rows.length > 0) return false;
  const [cree, unknown] = await insertAll(db, entity('Vendors'), [
    { name: VENDORS.cree },
    { name: VENDORS.unknown },
  ]);
  const ids = await insertAll(
    db,
    entity('LuminaryModels'),
    models.map((m) => ({
      code: m.code,
      name: m.name,
      vendor: m.vendor === 'cree' ? cree : unknown,
      power: m.watts,
      additionalInfo: m.basis,
    })),
  );
  const byCode = new Map(models.map((m, i) => [m.code, ids[i]!]));
  const lamps = city.cabinets
    .flatMap((c) => c.modules)
    .filter((m) => m.model && byCode.has(m.model))
    .map((m) => ({ uid: m.luminaire, model: byCode.get(m.model!) }));
  await db.execute(sql`
    update luminaries l set model = v.model
    from jsonb_to_recordset(${JSON.stringify(lamps)}::jsonb) as v(uid text, model bigint)
    where l.uid = v.uid and l.deleted_at is null`);
  return true;
}
