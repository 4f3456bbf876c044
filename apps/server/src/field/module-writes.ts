import type { ModuleReading } from '@sl/protocol';
import { saidGoodbye } from '../db/controller-goodbye.table.ts';
import { copyInto } from './copy-rows.ts';
import { moduleStatusFromCode } from './field-status-sql.ts';
import { chunks, type FieldWrites } from './field-writes.ts';
import {
  COLUMN_COUNT,
  COLUMN_NAMES,
  columnsOf,
  NAMES,
  rawOf,
  SET,
  STATE_UNNEST,
  UNNEST,
} from './reading-columns.ts';
import { lockedInOrder } from './locked-in-order.ts';
import { moduleHours, rollModules } from './rollups.ts';

/**
 * A module's power is announced when it moves by more than this: a lamp settles at its new level one reading
 * after the level itself changed, and the readings' own noise (about 1 %) must not flood the live streams.
 */
const POWER_STEP = { watts: 1, share: 0.05 };
const MODULE_STATUS = moduleStatusFromCode('v.cl_status', 'm.status');
const byMac = (r: ModuleReading) => r.mac;

/**
 * The newest reading of each module into its current state; not of one behind a controller that said goodbye (its
 * readings from before are history, not now).
 */
export async function writeModules(w: FieldWrites, modules: ModuleReading[], heardAt: string) {
  await w.inParallel(chunks(modules, w.chunk), (chunk) =>
    w.tolerant(chunk, byMac, (rows) => writeModuleRows(w, rows, heardAt)),
  );
}

async function writeModuleRows(w: FieldWrites, rows: ModuleReading[], heardAt: string) {
  const result = await w.raw.query(
    `with ${lockedInOrder('luminary_modules', '$2::text[]')}
    update luminary_modules as m set ${SET}, raw = v.raw, status = ${MODULE_STATUS},
      last_received_at = $${COLUMN_COUNT + 2}::timestamptz
    from ${STATE_UNNEST}, luminary_modules as before, locked
    where m.mac = v.mac and m.deleted_at is null and before._id = m._id and locked._id = m._id
      and not ${saidGoodbye('m.controller')}
    returning m._id, m.mac, m."group", m.cl_status, m.pwm, m.pow,
      (before.cl_status is distinct from m.cl_status or before.pwm is distinct from m.pwm
        or abs(coalesce(m.pow, 0) - coalesce(before.pow, 0))
          > greatest(${POWER_STEP.watts}, ${POWER_STEP.share} * abs(coalesce(before.pow, 0)))) as changed`,
    [...columnsOf(rows), rows.map(rawOf), heardAt],
  );
  w.written('luminary_modules', rows.length, result);
  w.announce('modules', result);
}

/** Every module reading into the day-partitioned history. */
export async function writeModuleHistory(w: FieldWrites, history: ModuleReading[]) {
  const pool = w.pool;
  await w.inParallel(chunks(history, w.chunk), (chunk) =>
    w.tolerant(chunk, byMac, (rows) =>
      pool
        ? copyInto(pool, 'module_readings', COLUMN_NAMES, rows)
        : w.raw.query(
            `insert into module_readings (${NAMES}) select ${NAMES} from ${UNNEST}`,
            columnsOf(rows),
          ),
    ),
  );
}

/**
 * The readings' hourly rollups, one row per module and hour, in order, one chunk at a time: two at once could lock
 * the same rows crosswise.
 */
export async function writeModuleHours(w: FieldWrites, history: ModuleReading[]) {
  for (const chunk of chunks(moduleHours(history), w.chunk))
    await w.tolerant(
      chunk,
      (h) => h.mac,
      (rows) => rollModules(w.raw, rows),
    );
}
