import { sql } from 'drizzle-orm';
import { entity, type Entity } from '@sl/domain';
import type { Caller } from '../auth/caller.ts';
import type { Db } from '../db/connect.ts';
import { tableOf } from '../db/tables.ts';
import type { ApiRow } from '../entities/row-mapper.ts';
import { logChanges } from '../history/change-log.ts';

const Cabinets = entity('Cabinets');
/** The cabinet's field that names a device of this entity standing in it. */
const CABINET_FIELD: Record<string, string> = { Controllers: 'controller', Meters: 'meter' };

/** Whether an import of this entity links cabinets back to what it brings. */
export const linksCabinets = (e: Entity) => e.name in CABINET_FIELD;

/**
 * A controller or meter file links its cabinet back: a cabinet it names that has no controller (meter) yet takes
 * the new one, so the cabinet's screen and its power schedule find it. A cabinet that has one keeps it. Each
 * cabinet changed has its entry in the change log.
 */
export async function linkCabinets(db: Db, caller: Caller, e: Entity, created: ApiRow[]) {
  const field = CABINET_FIELD[e.name]!;
  const first = new Map<number, number>();
  for (const r of created)
    if (typeof r.cabinet === 'number' && !first.has(r.cabinet)) first.set(r.cabinet, r._id);
  if (!first.size) return;
  const C = tableOf(Cabinets);
  const column = C[field]!;
  const payload = JSON.stringify([...first].map(([cabinet, device]) => ({ cabinet, device })));
  const result = await db.execute(sql`
    update ${C} as c set ${sql.identifier(column.name)} = v.device, updated_at = now(),
      updated_by = ${caller.userId ?? null}
    from jsonb_to_recordset(${payload}::jsonb) as v(cabinet bigint, device bigint)
    where c._id = v.cabinet and c.${sql.identifier(column.name)} is null and c.deleted_at is null
    returning c._id, c."group", v.device`);
  const rows = (result as unknown as { rows: { _id: number; group: number | null; device: number }[] }).rows;
  await logChanges(
    db,
    Cabinets,
    caller,
    'update',
    rows.map((r) => ({
      row: { _id: Number(r._id), group: r.group == null ? null : Number(r.group) } as ApiRow,
      changes: { [field]: { from: null, to: Number(r.device) } },
    })),
  );
}
