import { sql } from 'drizzle-orm';
import { ENTITIES, snakeCase, type Entity } from '@sl/domain';
import type { Db } from './db-type.ts';

// How many live rows each entity table holds per group, kept by triggers as rows are added, deleted (softly or
// not) or moved between groups. A list page without filters then reads its total from one row instead of
// counting a million, exactly and at once, whichever server process made the change.

/** The group key of rows without a group (and of tables without a group column); ids start at 1. */
const NO_GROUP = 0;
// one installer at a time when several server processes start on the same database
const INSTALL_LOCK = 0x5c_0c0de;

const SHARED = [
  `create table if not exists live_counts (
    table_name text not null, group_key bigint not null, n bigint not null,
    primary key (table_name, group_key))`,
  `create or replace function sl_count_add(t text, g bigint, d bigint) returns void language sql as $$
    insert into live_counts values (t, g, d)
    on conflict (table_name, group_key) do update set n = live_counts.n + excluded.n $$`,
  // statement-level: a bulk insert or delete costs one grouped update of the counts, not one per row
  `create or replace function sl_counts_added() returns trigger language plpgsql as $$ begin
    execute format('select sl_count_add(%L, g, n) from (select coalesce(%s, ${NO_GROUP}) g, count(*) n
      from added where deleted_at is null group by 1) c', TG_TABLE_NAME, coalesce(quote_ident(TG_ARGV[0]), 'null'));
    return null; end $$`,
  `create or replace function sl_counts_removed() returns trigger language plpgsql as $$ begin
    execute format('select sl_count_add(%L, g, -n) from (select coalesce(%s, ${NO_GROUP}) g, count(*) n
      from removed where deleted_at is null group by 1) c', TG_TABLE_NAME, coalesce(quote_ident(TG_ARGV[0]), 'null'));
    return null; end $$`,
  // row-level, and only when a row is deleted, restored or given another group
  `create or replace function sl_counts_moved() returns trigger language plpgsql as $$
    declare
      before_group bigint := coalesce((to_jsonb(old) ->> TG_ARGV[0])::bigint, ${NO_GROUP});
      after_group bigint := coalesce((to_jsonb(new) ->> TG_ARGV[0])::bigint, ${NO_GROUP});
    begin
      if old.deleted_at is null then perform sl_count_add(TG_TABLE_NAME, before_group, -1); end if;
      if new.deleted_at is null then perform sl_count_add(TG_TABLE_NAME, after_group, 1); end if;
      return null;
    end $$`,
  `create or replace function sl_counts_truncated() returns trigger language plpgsql as $$ begin
    delete from live_counts where table_name = TG_TABLE_NAME; return null; end $$`,
];

function triggersOf(e: Entity): string[] {
  const t = `"${e.table}"`;
  const group = e.groupField ? snakeCase(e.groupField) : undefined;
  const arg = group ? `'${group}'` : '';
  const moved = group
    ? `update of deleted_at, "${group}" on ${t} for each row
       when (old.deleted_at is distinct from new.deleted_at or old."${group}" is distinct from new."${group}")`
    : `update of deleted_at on ${t} for each row when (old.deleted_at is distinct from new.deleted_at)`;
  return [
    `delete from live_counts where table_name = '${e.table}'`,
    `insert into live_counts select '${e.table}', coalesce(${group ? `"${group}"` : 'null'}, ${NO_GROUP}), count(*)
      from ${t} where deleted_at is null group by 2`,
    `create or replace trigger sl_counts_added after insert on ${t} referencing new table as added
      for each statement execute function sl_counts_added(${arg})`,
    `create or replace trigger sl_counts_removed after delete on ${t} referencing old table as removed
      for each statement execute function sl_counts_removed(${arg})`,
    `create or replace trigger sl_counts_moved after ${moved} execute function sl_counts_moved(${arg || "'-'"})`,
    `create or replace trigger sl_counts_truncated after truncate on ${t} for each statement execute function sl_counts_truncated()`,
  ];
}

/**
 * Makes the counts and their triggers where they are missing: on a table that has none yet, its rows are
 * counted once, with writes to it held for that moment, and the triggers keep the count from then on.
 */
export async function installLiveCounts(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${INSTALL_LOCK})`);
    for (const statement of SHARED) await tx.execute(sql.raw(statement));
    const result = (await tx.execute(
      sql`select c.relname from pg_trigger g join pg_class c on c.oid = g.tgrelid where g.tgname = 'sl_counts_added'`,
    )) as unknown as { rows: { relname: string }[] };
    const counted = new Set(result.rows.map((r) => r.relname));
    for (const e of ENTITIES) {
      if (counted.has(e.table)) continue;
      await tx.execute(sql.raw(`lock table "${e.table}" in share row exclusive mode`));
      for (const statement of triggersOf(e)) await tx.execute(sql.raw(statement));
    }
  });
}

/** The kept count as a column of another query; `groupId` may be a placeholder. */
export function liveCountColumn(e: Entity, groupId: unknown) {
  return groupId === undefined
    ? sql<string>`(select coalesce(sum(n), 0)::int8 from live_counts where table_name = ${e.table})`
    : sql<string>`(select coalesce(sum(n), 0)::int8 from live_counts
        where table_name = ${e.table} and group_key = ${groupId})`;
}

/** The live rows of an entity's table, in one group or (undefined) in all. */
export async function liveCount(db: Db, e: Entity, groupId: number | undefined): Promise<number> {
  const result = (await db.execute(sql`select ${liveCountColumn(e, groupId)} n`)) as unknown as {
    rows: { n: string | number }[];
  };
  return Number(result.rows[0]?.n ?? 0);
}
