import { sql } from 'drizzle-orm';
import { METER_NO_VALUE, type MeterReading } from '@sl/protocol';
import { chunks, type FieldWrites } from './field-writes.ts';
import {
  METER_READING_COLUMNS,
  PHASE_ROW_TYPES,
  PHASE_ROW_VALUES,
  rollMeters,
  type PhaseRow,
} from './rollups.ts';

const zero = (v: number) => (v === METER_NO_VALUE ? 0 : v);
/** the registers only a four-quadrant meter has: empty rather than 0 when missing, where 0 is a real count */
const register = (v: number | undefined) => (v === undefined || v === METER_NO_VALUE ? null : v);
const bySerial = (p: { serial: string }) => p.serial;

/** One row per phase of each reading; a meter's 65535 (no value) is stored as 0 (spec §5). */
const phaseRows = (meters: MeterReading[]): PhaseRow[] =>
  meters.flatMap((m) =>
    m.phases.map((p) => ({
      at: m.at,
      serial: m.serial,
      phase: p.phase,
      voltage: zero(p.voltage),
      current: zero(p.current),
      power: zero(p.power),
      energy: zero(p.energy),
      energyExport: register(p.energyExport),
      reactiveImport: register(p.reactiveImport),
      reactiveExport: register(p.reactiveExport),
    })),
  );

/** Every meter reading into the history, the meters' hourly rollups (when kept) and each meter's latest registers. */
export async function writeMeters(w: FieldWrites, meters: MeterReading[], rollups: boolean) {
  const phases = phaseRows(meters);
  for (const chunk of chunks(phases))
    await w.tolerant(chunk, bySerial, (rows) =>
      w.db.execute(sql`
        insert into meter_readings (${sql.raw(METER_READING_COLUMNS)})
        select ${sql.raw(PHASE_ROW_VALUES)}
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(${sql.raw(PHASE_ROW_TYPES)})`),
    );
  for (const chunk of rollups ? chunks(phases) : [])
    await w.tolerant(chunk, bySerial, (rows) => rollMeters(w.raw, rows));
  const latest = new Map(meters.map((m) => [m.serial, m]));
  if (!latest.size) return;
  const rows = [...latest.values()].map((m) => ({
    serial: m.serial,
    at: m.at,
    phases: phases.filter((p) => p.serial === m.serial && p.at === m.at),
  }));
  await w.tolerant(rows, bySerial, async (batch) => {
    const json = JSON.stringify(batch);
    // locked in the order of their ids, as every writer of meters locks them: two processes never crosswise
    const result = await w.db.execute(sql`
      with locked as (select _id from meters
        where serial in (select v.serial from jsonb_to_recordset(${json}::jsonb) as v(serial text))
          and deleted_at is null
        order by _id for update)
      update meters as m set energy_data = v.phases, last_received_at = v.at
      from jsonb_to_recordset(${json}::jsonb) as v(serial text, at timestamptz, phases jsonb), locked
      where m.serial = v.serial and m.deleted_at is null and locked._id = m._id
        and (m.last_received_at is null or m.last_received_at <= v.at)
      returning m._id, m."group", v.at as "lastReceivedAt", true as changed`);
    w.written('meters', batch.length, result);
    // an open meter screen shows the latest registers: it asks again when its meter is named here
    w.announce('meters', result);
  });
}
