import { sql } from 'drizzle-orm';
import type { Db } from './db-type.ts';
import { triggerFunction } from './trigger-function.ts';

// Which mounting socket holds a module, by the module: one index lookup. The sockets' JSON index answers the same
// question only where the planner trusts it, and on a small table (a demo city, PGlite, which never gathers
// statistics) it scans every mounting once per module instead: 50 s for the demo city's 6,312 modules, with the
// database held the while. Kept by triggers from the mountings' sockets, whichever process or statement wrote them.

// one installer at a time when several server processes start on the same database
const INSTALL_LOCK = 0x5c_50c7;

/** The socket rows of the live mountings `p` that meet `where`. */
const rowsOf = (from: string, where = 'true') => `
  insert into socket_modules (module, support, socket, group_control)
  select (x->>'luminaryModule')::bigint, p._id, i::int, (x->>'groupControl')::bigint
  from ${from} p cross join lateral jsonb_array_elements(
    case when jsonb_typeof(p.sockets) = 'array' then p.sockets else '[]'::jsonb end) with ordinality s(x, i)
  where p.deleted_at is null and jsonb_typeof(x->'luminaryModule') = 'number' and ${where}
  on conflict do nothing`;

/** the mountings of an update whose sockets or removal changed */
const CHANGED = `(select n.* from after n join before o on o._id = n._id
  where n.sockets is distinct from o.sockets or n.deleted_at is distinct from o.deleted_at)`;

// a group control's lamps (db/group-control-of.ts); made apart too, for the tables made before it
const GROUP_CONTROL_INDEX = `create index if not exists socket_modules_group_control on socket_modules (group_control)`;

const STATEMENTS = [
  `create table if not exists socket_modules (
    module bigint not null, support bigint not null, socket int not null, group_control bigint,
    primary key (module, support, socket))`,
  `create index if not exists socket_modules_support on socket_modules (support)`,
  GROUP_CONTROL_INDEX,
  triggerFunction('sl_socket_modules_added', rowsOf('added')),
  triggerFunction(
    'sl_socket_modules_removed',
    'delete from socket_modules where support in (select _id from removed)',
  ),
  triggerFunction(
    'sl_socket_modules_changed',
    `delete from socket_modules where support in (select _id from ${CHANGED} c)`,
    rowsOf(CHANGED),
  ),
  triggerFunction('sl_socket_modules_truncated', 'delete from socket_modules'),
  `create or replace trigger sl_socket_modules_added after insert on luminary_supports
    referencing new table as added for each statement execute function sl_socket_modules_added()`,
  `create or replace trigger sl_socket_modules_removed after delete on luminary_supports
    referencing old table as removed for each statement execute function sl_socket_modules_removed()`,
  `create or replace trigger sl_socket_modules_changed after update on luminary_supports
    referencing old table as before new table as after for each statement
    execute function sl_socket_modules_changed()`,
  `create or replace trigger sl_socket_modules_truncated after truncate on luminary_supports
    for each statement execute function sl_socket_modules_truncated()`,
];

/** Makes the table and its triggers; the first time, reads every mounting's sockets once. */
export async function installSocketModules(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${INSTALL_LOCK})`);
    const found = (await tx.execute(
      sql`select to_regclass('socket_modules') as t, to_regclass('socket_modules_group_control') as i`,
    )) as unknown as { rows: { t: string | null; i: string | null }[] };
    if (found.rows[0]?.t) {
      if (!found.rows[0].i) await tx.execute(sql.raw(GROUP_CONTROL_INDEX));
      return;
    }
    for (const statement of STATEMENTS) await tx.execute(sql.raw(statement));
    await tx.execute(sql.raw('lock table luminary_supports in share row exclusive mode'));
    await tx.execute(sql.raw(rowsOf('luminary_supports')));
  });
}
