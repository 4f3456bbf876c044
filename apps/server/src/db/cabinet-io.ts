import { sql } from 'drizzle-orm';
import { CABINET_DOOR, CABINET_MODES, IO_BITS } from '@sl/domain';
import type { Db } from './db-type.ts';

// A cabinet reports nothing itself: its door, mode, breakers and contactors are its controller's I/O as wired
// (io-state.ts: the polarity applied, and the cabinet's own inversion for the contactors), and its status is its
// controller's. They are kept in the cabinet's row by triggers, whichever process or statement changed the
// controller or the cabinet, so cabinets filter and sort on them like on any field.

// one installer at a time when several server processes start on the same database
const INSTALL_LOCK = 0x5c_0ca8;
const PHASES = ['A', 'B', 'C'] as const;
const [OPEN, CLOSED] = CABINET_DOOR;
const [AUTO, MANUAL] = CABINET_MODES;

const on = (value: string, bit: number) => `(((${value} >> ${bit}) & 1) = 1)`;
const phases = (of: (p: number, phase: string) => string) =>
  `jsonb_build_object(${PHASES.map((phase, p) => `'${phase}', ${of(p, phase)}`).join(', ')})`;
// the output that lights a phase is high unless the contactor or the controller's pin is inverted, not both
const lit = (p: number, phase: string) =>
  `(not coalesce((new.inversion ->> '${phase}')::boolean, false)) = (not ${on('c.polarity', IO_BITS.relay1 + p)})`;

const STATEMENTS = [
  `create or replace function sl_cabinet_io() returns trigger language plpgsql as $$
    declare c record; wired int;
    begin
      select k.iostate, coalesce(k.polarity, 0) as polarity, k.cl_status into c
        from controllers k where k._id = new.controller and k.deleted_at is null;
      new.cl_status := case when new.controller is null then null else coalesce(c.cl_status, -1) end;
      if c.iostate is null then
        new.door := null; new.mode := null; new.breakers_on := null; new.lamps_fed := null;
        return new;
      end if;
      wired := c.iostate # c.polarity;
      new.door := case when ${on('wired', IO_BITS.door)} then '${OPEN}' else '${CLOSED}' end;
      new.mode := case when ${on('wired', IO_BITS.mode)} then '${AUTO}' else '${MANUAL}' end;
      new.breakers_on := ${phases((p) => on('wired', IO_BITS.breaker1 + p))};
      new.lamps_fed := ${phases((p, phase) => `${on('c.iostate', IO_BITS.relay1 + p)} = (${lit(p, phase)})`)};
      return new;
    end $$`,
  `create or replace trigger sl_cabinet_io before insert or update of controller, inversion on cabinets
    for each row execute function sl_cabinet_io()`,
  // naming the controller again is enough: the trigger above reads it afresh
  `create or replace function sl_controller_io() returns trigger language plpgsql as $$ begin
      update cabinets set controller = controller where controller = new._id;
      return null;
    end $$`,
  `create or replace trigger sl_controller_io after update of iostate, polarity, cl_status, deleted_at
    on controllers for each row
    when (old.iostate is distinct from new.iostate or old.polarity is distinct from new.polarity
      or old.cl_status is distinct from new.cl_status or old.deleted_at is distinct from new.deleted_at)
    execute function sl_controller_io()`,
];

/** Makes the triggers; the first time, fills every cabinet's I/O from its controller. */
export async function installCabinetIo(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${INSTALL_LOCK})`);
    const found = (await tx.execute(
      sql`select 1 from pg_trigger where tgname = 'sl_controller_io'`,
    )) as unknown as { rows: unknown[] };
    const first = found.rows.length === 0;
    for (const statement of STATEMENTS) await tx.execute(sql.raw(statement));
    if (first)
      await tx.execute(sql`update cabinets set controller = controller where controller is not null`);
  });
}
