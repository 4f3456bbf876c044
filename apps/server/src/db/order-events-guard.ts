import { sql } from 'drizzle-orm';
import { OPEN_WORK_ORDER_STATUSES } from '@sl/domain';
import type { Db } from './db-type.ts';

// An event is in one open work order at most, whichever process orders it: the events of open orders are kept in a
// table of their own whose key is the event, so the database itself refuses a second order of the same event (a
// check before the insert could not: two processes may each check before either writes). Kept by statement
// triggers, one statement of many orders at a time.

const INSTALL_LOCK = 0x5c_0ca9;
/** the name the entity service turns into AlreadyExistsError on `events` (db-errors.ts) */
export const ORDER_EVENTS_CONSTRAINT = 'work_orders_events_unique';
const OPEN = `array[${OPEN_WORK_ORDER_STATUSES.map((s) => `'${s}'`).join(', ')}]::text[]`;
const opened = (table: string) =>
  `insert into work_order_open_events (event, work_order)
    select distinct e, n._id from ${table} n, unnest(n.events) e
    where n.deleted_at is null and n.status = any(${OPEN})`;

const STATEMENTS = [
  `create table if not exists work_order_open_events (
    event bigint not null,
    work_order bigint not null,
    constraint ${ORDER_EVENTS_CONSTRAINT} primary key (event)
  )`,
  `create index if not exists work_order_open_events_order on work_order_open_events (work_order)`,
  `create or replace function sl_order_events_added() returns trigger language plpgsql as $$ begin
      ${opened('added')};
      return null;
    end $$`,
  `create or replace function sl_order_events_changed() returns trigger language plpgsql as $$ begin
      delete from work_order_open_events where work_order in (
        select n._id from changed n join gone o on o._id = n._id
        where n.events is distinct from o.events or n.status is distinct from o.status
          or n.deleted_at is distinct from o.deleted_at);
      ${opened(`(select n.* from changed n join gone o on o._id = n._id
        where n.events is distinct from o.events or n.status is distinct from o.status
          or n.deleted_at is distinct from o.deleted_at)`)};
      return null;
    end $$`,
  `create or replace function sl_order_events_removed() returns trigger language plpgsql as $$ begin
      delete from work_order_open_events where work_order in (select _id from gone);
      return null;
    end $$`,
  `create or replace trigger sl_order_events_added after insert on work_orders
    referencing new table as added for each statement execute function sl_order_events_added()`,
  `create or replace trigger sl_order_events_changed after update on work_orders
    referencing old table as gone new table as changed for each statement execute function sl_order_events_changed()`,
  `create or replace trigger sl_order_events_removed after delete on work_orders
    referencing old table as gone for each statement execute function sl_order_events_removed()`,
];

/** Makes the table and its triggers; the first time, fills it from the open orders there are. */
export async function installOrderEventsGuard(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${INSTALL_LOCK})`);
    const found = (await tx.execute(
      sql`select 1 from pg_trigger where tgname = 'sl_order_events_added'`,
    )) as unknown as { rows: unknown[] };
    for (const statement of STATEMENTS) await tx.execute(sql.raw(statement));
    // orders made before the guard: an event twice in them stays with the first
    if (found.rows.length === 0)
      await tx.execute(
        sql.raw(`${opened('(select * from work_orders order by _id)')} on conflict do nothing`),
      );
  });
}
