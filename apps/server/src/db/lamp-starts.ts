import { sql } from 'drizzle-orm';
import type { Db } from './db-type.ts';
import { triggerFunction } from './trigger-function.ts';

// The analytics' availability without joining a million lamps to their modules on every request. A lamp is a live
// luminaire with a live control module, and counts from its installation date (a local date, made an instant in
// the report's city's zone) or, without one, from when it was entered. Two tables are kept by triggers as lamps and
// modules are added, removed (softly or not), moved between groups, re-dated or re-linked, whichever process or
// statement did it:
// - lamp_starts: how many lamps count from each start, per group: a few rows (one per group, installation date and
//   import), all the lamp-hours are read from;
// - lamp_modules: each module's lamps per group (how many, and the earliest start): what an outage event of the
//   module is joined to, one narrow row instead of the module's and the lamp's.

// one installer at a time when several server processes start on the same database
const INSTALL_LOCK = 0x5c_1a3b;
/** The group key of lamps without a group; ids start at 1. */
const NO_GROUP = 0;

/** Adds `sign` × the live lamps `l` of `from` (that meet `also`) to their starts. */
const add = (from: string, sign: string, also = 'true') => `
  insert into lamp_starts as s ("group", installed_on, entered_at, n)
  select coalesce(l."group", ${NO_GROUP}), l.installation_date,
    case when l.installation_date is null then l.created_at end, ${sign} * count(*)
  from ${from}
  where l.deleted_at is null and ${also}
  group by 1, 2, 3
  on conflict ("group", installed_on, entered_at) do update set n = s.n + excluded.n`;
/** Lamps `lamps` with their live modules among `modules` (tables or transition tables): the lamps that count. */
const lampsOn = (lamps = 'luminaries', modules = 'luminary_modules') =>
  `${lamps} l join ${modules} m on m._id = l.control_module and m.deleted_at is null`;
/** The lamp_modules rows of the lamps `l` that meet `where`, counted from the lamps. */
const recount = (where: string) => `
  insert into lamp_modules (module, "group", installed_on, entered_at, n)
  select l.control_module, coalesce(l."group", ${NO_GROUP}), min(l.installation_date),
    min(l.created_at) filter (where l.installation_date is null), count(*)
  from ${lampsOn()}
  where l.deleted_at is null and ${where}
  group by 1, 2`;
/** Each of `modules` (a query of module ids) counted afresh into lamp_modules. */
const refresh = (modules: string) => `
  delete from lamp_modules where module in (${modules});
  ${recount(`l.control_module in (${modules})`)}`;
// rows whose lamps all went: statement-level triggers sweep them (a row-level one would scan the table per row)
const SWEEP = 'delete from lamp_starts where n = 0';

const STATEMENTS = [
  `create table if not exists lamp_starts (
    "group" bigint not null, installed_on date, entered_at timestamptz, n bigint not null,
    constraint lamp_starts_key unique nulls not distinct ("group", installed_on, entered_at))`,
  `create table if not exists lamp_modules (
    module bigint not null, "group" bigint not null, installed_on date, entered_at timestamptz, n bigint not null,
    primary key (module, "group") include (installed_on, entered_at, n))`,
  triggerFunction(
    'sl_lamp_starts_added',
    add(lampsOn('added'), '1'),
    refresh('select control_module from added'),
  ),
  triggerFunction(
    'sl_lamp_starts_removed',
    add(lampsOn('removed'), '-1'),
    SWEEP,
    refresh('select control_module from removed'),
  ),
  triggerFunction(
    'sl_lamp_starts_changed',
    add(lampsOn('(select (old).*) '), '-1'),
    add(lampsOn('(select (new).*) '), '1'),
    refresh('values (old.control_module), (new.control_module)'),
  ),
  triggerFunction(
    'sl_lamp_starts_modules_added',
    add(lampsOn('luminaries', 'added'), '1'),
    refresh('select _id from added'),
  ),
  triggerFunction(
    'sl_lamp_starts_modules_removed',
    add(lampsOn('luminaries', 'removed'), '-1'),
    SWEEP,
    refresh('select _id from removed'),
  ),
  // a module removed softly takes its lamps out of the count, and restored brings them back
  triggerFunction(
    'sl_lamp_starts_module_changed',
    add('luminaries l', 'case when new.deleted_at is null then 1 else -1 end', 'l.control_module = new._id'),
    refresh('values (new._id)'),
  ),
  triggerFunction('sl_lamp_starts_truncated', 'delete from lamp_starts', 'delete from lamp_modules'),
  `create or replace trigger sl_lamp_starts_added after insert on luminaries
    referencing new table as added for each statement execute function sl_lamp_starts_added()`,
  `create or replace trigger sl_lamp_starts_removed after delete on luminaries
    referencing old table as removed for each statement execute function sl_lamp_starts_removed()`,
  `create or replace trigger sl_lamp_starts_changed
    after update of deleted_at, "group", installation_date, control_module on luminaries for each row
    when (old.deleted_at is distinct from new.deleted_at or old."group" is distinct from new."group"
      or old.installation_date is distinct from new.installation_date
      or old.control_module is distinct from new.control_module)
    execute function sl_lamp_starts_changed()`,
  `create or replace trigger sl_lamp_starts_modules_added after insert on luminary_modules
    referencing new table as added for each statement execute function sl_lamp_starts_modules_added()`,
  `create or replace trigger sl_lamp_starts_modules_removed after delete on luminary_modules
    referencing old table as removed for each statement execute function sl_lamp_starts_modules_removed()`,
  `create or replace trigger sl_lamp_starts_module_changed after update of deleted_at on luminary_modules
    for each row when (old.deleted_at is distinct from new.deleted_at)
    execute function sl_lamp_starts_module_changed()`,
  `create or replace trigger sl_lamp_starts_truncated after truncate on luminaries
    for each statement execute function sl_lamp_starts_truncated()`,
  `create or replace trigger sl_lamp_starts_modules_truncated after truncate on luminary_modules
    for each statement execute function sl_lamp_starts_truncated()`,
];

/** Makes the tables and their triggers; the first time, counts every lamp once, with writes held for that moment. */
export async function installLampStarts(db: Db): Promise<void> {
  const made = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${INSTALL_LOCK})`);
    const found = (await tx.execute(sql`select to_regclass('lamp_modules') as t`)) as unknown as {
      rows: { t: string | null }[];
    };
    if (found.rows[0]?.t) return false;
    for (const statement of STATEMENTS) await tx.execute(sql.raw(statement));
    return true;
  });
  if (made) await recountLamps(db);
}

/**
 * Counts every lamp afresh into both tables, with writes to lamps and modules held meanwhile: the repair for a count
 * two concurrent transactions left wrong (a module removed while a lamp was linked to it); returns the lamps counted.
 */
export async function recountLamps(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw('lock table luminaries, luminary_modules in share row exclusive mode'));
    await tx.execute(sql.raw('delete from lamp_starts'));
    await tx.execute(sql.raw('delete from lamp_modules'));
    await tx.execute(sql.raw(add(lampsOn(), '1')));
    await tx.execute(sql.raw(recount('true')));
    const result = (await tx.execute(
      sql.raw('select coalesce(sum(n), 0)::int8 as n from lamp_starts'),
    )) as unknown as {
      rows: { n: string | number }[];
    };
    return Number(result.rows[0]?.n ?? 0);
  });
}
