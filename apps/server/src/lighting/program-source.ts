import { sql, type SQL } from 'drizzle-orm';
import { isTimeZone } from '@sl/domain/astro';
import {
  dayTypeOf,
  orderPolitics,
  weekendOf,
  weekendOfZone,
  levelRangeOf,
  type DayCategory,
  type LampFacts,
  type Politic,
  type ProfileProgram,
  type ProgramLamp,
  type ProgramWorld,
} from '@sl/domain/lighting';
import type { Db } from '../db/connect.ts';
import { groupControlOf } from '../db/group-control-of.ts';
import { groupZone } from '../db/group-zone.ts';

// What the lighting programs of a group are made of, read from the registry: its politics, profiles, group
// controls, calendar and categories (a row with no group is everyone's), and each controller's lamps with what the
// rules ask about them. A lamp is a module: its mounting is the one whose socket holds it, else the one it names.

type Row = Record<string, unknown>;
const num = (v: unknown) => (v == null ? null : Number(v));
const rowsOf = (result: unknown) => (result as { rows?: Row[] }).rows ?? [];

export type PlacedController = {
  id: number;
  mac: string;
  group: number | null;
  /** a TALQ gateway: its program goes out as TALQ control programs and calendars */
  talq?: true;
  place?: { lat: number; lon: number; tz: string; city: number };
  /**
   * each lamp with its module, the mounting it stands on and the luminaire naming the module, whose model and group
   * control it takes (a change to any of them touches this controller)
   */
  lamps: (ProgramLamp & { moduleId: number; supportId: number | null; lampId: number | null })[];
};

const ofGroup = (group: number | null) =>
  group === null ? sql`"group" is null` : sql`("group" = ${group} or "group" is null)`;

/**
 * The weekend of a group's country, from its time zone, else its first city's that has one (as the calendar screen
 * shows it); Saturday and Sunday for rows of no group.
 */
async function groupWeekend(db: Db, group: number | null): Promise<number[]> {
  if (group === null) return weekendOf();
  return weekendOfZone(await groupZone(db, group));
}

export async function loadWorld(db: Db, group: number | null, weekend?: number[]): Promise<ProgramWorld> {
  weekend ??= await groupWeekend(db, group);
  // a date column as its text: the drivers would make it a Date at the server's local midnight
  const live = (table: string, where: SQL) =>
    db
      .execute(
        sql`select *, ${sql.raw(table === 'calendar_profiles' || table === 'categories' ? 'date::text' : 'null')} as day
        from ${sql.raw(`"${table}"`)} where deleted_at is null and ${where}`,
      )
      .then(rowsOf);
  const [politics, profiles, calendar, categories] = await Promise.all([
    live('politics', ofGroup(group)),
    live('profiles', ofGroup(group)),
    live('calendar_profiles', ofGroup(group)),
    live('categories', ofGroup(group)),
  ]);
  const profileMap = new Map<number, ProfileProgram>(
    profiles.map((p) => [
      Number(p._id),
      {
        kind: (p.kind as ProfileProgram['kind']) ?? 'symmetrical',
        twilightMethod: (p.twilight_method as ProfileProgram['twilightMethod']) ?? undefined,
        settings: (p.settings as ProfileProgram['settings']) ?? null,
      },
    ]),
  );
  const groupControlProfiles = new Map<number, number>();
  for (const p of [...profiles].sort((a, b) => Number(a._id) - Number(b._id)))
    if (p.group_control != null && !groupControlProfiles.has(Number(p.group_control)))
      groupControlProfiles.set(Number(p.group_control), Number(p._id));
  const days = new Map(calendar.map((c) => [String(c.day), String(c.type)]));
  const dayCategories = new Map(
    categories.map((c) => {
      const s = (c.settings ?? {}) as { profile?: unknown; twil?: unknown };
      return [String(c.day), { profile: num(s.profile), twil: num(s.twil) ?? undefined } as DayCategory];
    }),
  );
  return {
    profiles: profileMap,
    groupControlProfiles,
    politics: orderPolitics(
      politics.map((p): Politic => ({
        id: Number(p._id),
        name: String(p.name),
        cities: ((p.cities as unknown[] | null) ?? []).map(Number),
        profile: num(p.profile),
        rules: (p.rules as Politic['rules']) ?? [],
      })),
    ),
    dayOf: (day) => ({ dayType: dayTypeOf(day, days, weekend), category: dayCategories.get(day) ?? null }),
  };
}

/**
 * The lamps' query, never JIT-compiled (that costs more than it saves here: 2 s of 3.4 s for 100,000 lamps, and
 * seconds for a few controllers, whose index lookups the planner prices as scans). Over the whole city its sorts
 * stay in memory rather than on disk, and nested loops are refused: the planner's guess for the sockets' rows is far
 * too low.
 */
async function readCity(db: Db, whole: boolean, query: SQL) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    if (whole) {
      await tx.execute(sql`set local work_mem = '256MB'`);
      await tx.execute(sql`set local enable_nestloop = off`);
    }
    return tx.execute(query);
  });
}

/** The controllers (all, or those named) with their place, without their lamps. */
export async function loadPlaces(db: Db, only?: number[]): Promise<PlacedController[]> {
  const which = only ? sql`and c._id = any(${`{${only.join(',')}}`}::bigint[])` : sql``;
  const controllers = rowsOf(
    await db.execute(sql`
      select c._id, c.mac, c."group", c.city, c.protocol, ci.lat, ci.lon, ci.timezone
      from controllers c left join cities ci on ci._id = c.city and ci.deleted_at is null
      where c.deleted_at is null ${which}`),
  );
  return controllers.map((c) => {
    const city = num(c.city);
    const tz = typeof c.timezone === 'string' && isTimeZone(c.timezone) ? c.timezone : 'UTC';
    return {
      id: Number(c._id),
      mac: String(c.mac),
      group: num(c.group),
      ...(c.protocol === 'TALQ' && { talq: true }),
      ...(city !== null && c.lat != null && { place: { lat: Number(c.lat), lon: Number(c.lon), tz, city } }),
      lamps: [],
    };
  });
}

/** The controllers (all, or those named) with their place and their lamps' facts. */
export async function loadControllers(db: Db, only?: number[]): Promise<PlacedController[]> {
  const byId = new Map((await loadPlaces(db, only)).map((c) => [c.id, c]));
  // each in one pass and joined by hash: a lateral lookup per module scans every mounting's sockets each time
  const lamps = rowsOf(
    await readCity(
      db,
      !only,
      sql`
      with mods as (
        select * from luminary_modules m where m.deleted_at is null and m.controller is not null
          ${only ? sql`and m.controller = any(${`{${only.join(',')}}`}::bigint[])` : sql``}
      ), held as (${
        only
          ? // a few controllers: each module's mounting found by the module (socket_modules)
            sql`
        select distinct on (m._id) m._id as mid, p._id as support, p.sockets -> (k.socket - 1) as sock
        from mods m
        join socket_modules k on k.module = m._id
        join luminary_supports p on p._id = k.support and p.deleted_at is null
        order by m._id, p._id`
          : sql`
        select distinct on (k.mid) k.mid, p._id as support, x as sock
        from luminary_supports p
        cross join lateral jsonb_array_elements(
          case when jsonb_typeof(p.sockets) = 'array' then p.sockets else '[]'::jsonb end) x
        cross join lateral (select (x->>'luminaryModule')::bigint as mid) k
        where p.deleted_at is null and k.mid is not null
        order by k.mid, p._id`
      }
      ), lit as (
        select distinct on (control_module) control_module, _id, model, profile_group, min_power_level,
          max_power_level from luminaries
        where deleted_at is null and control_module is not null
          ${only ? sql`and control_module in (select _id from mods)` : sql``}
        order by control_module, _id
      )
      select m._id, m.mac, m.controller, m.profile_id, coalesce(m.city, s.city) as city, s._id as support,
        s.road_class, s.support_category, s.type as support_type,
        ${sql.raw(groupControlOf('m._id', 'lit.profile_group'))} as group_control,
        (held.sock->>'groupProfile')::bigint as group_profile, lit._id as lamp,
        coalesce(l.model, lit.model) as model,
        case when l._id is not null then l.min_power_level else lit.min_power_level end as min_level,
        case when l._id is not null then l.max_power_level else lit.max_power_level end as max_level
      from mods m
      left join held on held.mid = m._id
      left join luminary_supports s on s._id = coalesce(held.support, m.luminary_support) and s.deleted_at is null
      left join luminaries l on l._id = (held.sock->>'luminary')::bigint and l.deleted_at is null
      left join lit on lit.control_module = m._id
      order by m._id`,
    ),
  );
  for (const m of lamps) {
    const facts: LampFacts = {
      city: num(m.city),
      luminaryModel: num(m.model),
      roadClass: num(m.road_class),
      supportCategory: num(m.support_category),
      supportType: num(m.support_type),
      groupControl: num(m.group_control),
      ownProfile: num(m.profile_id) ?? num(m.group_profile),
    };
    byId.get(Number(m.controller))?.lamps.push({
      moduleId: Number(m._id),
      supportId: num(m.support),
      lampId: num(m.lamp),
      mac: String(m.mac),
      facts,
      range: levelRangeOf(num(m.min_level), num(m.max_level)),
    });
  }
  return [...byId.values()];
}

/**
 * The controllers whose lamps may have changed since `since` (the database's clock): those now holding a module,
 * mounting, lamp or controller written since. The caller adds those that held them before, from what it last read.
 */
export async function touchedSince(
  db: Db,
  since: string,
  many = MANY_WRITTEN,
): Promise<
  { controllers: number[]; modules: number[]; supports: number[]; lamps: number[]; cities: boolean } | 'many'
> {
  if (await writtenSince(db, since, many)) return 'many';
  const [row] = rowsOf(
    await readCity(
      db,
      false,
      sql`
      with modules as (
        select _id, controller from luminary_modules where updated_at > ${since}::timestamptz
      ), supports as (
        select _id, sockets from luminary_supports where updated_at > ${since}::timestamptz
      ), lamps as (
        select _id, control_module from luminaries where updated_at > ${since}::timestamptz
      ), held as (
        select (x->>'luminaryModule')::bigint as module from supports s
          cross join lateral jsonb_array_elements(
            case when jsonb_typeof(s.sockets) = 'array' then s.sockets else '[]'::jsonb end) x
        union
        select m._id from luminary_modules m join supports s on m.luminary_support = s._id
        union
        select control_module from lamps where control_module is not null
        union
        select (x->>'luminaryModule')::bigint from lamps l
          cross join lateral (
            select p.sockets from luminary_supports p
            where p.sockets @> jsonb_build_array(jsonb_build_object('luminary', l._id)) offset 0) p
          cross join lateral jsonb_array_elements(p.sockets) x
          where (x->>'luminary')::bigint = l._id
      )
      select
        array(select distinct controller from (
          select controller from modules
          union select m.controller from luminary_modules m join held h on h.module = m._id
          union select _id from controllers where updated_at > ${since}::timestamptz
        ) t where controller is not null) as controllers,
        array(select _id from modules union select module from held where module is not null) as modules,
        array(select _id from supports) as supports,
        array(select _id from lamps) as lamps,
        exists(select 1 from cities where updated_at > ${since}::timestamptz) as cities`,
    ),
  );
  const ids = (v: unknown) => ((v as unknown[] | null) ?? []).map(Number);
  return {
    controllers: ids(row?.controllers),
    modules: ids(row?.modules),
    supports: ids(row?.supports),
    lamps: ids(row?.lamps),
    cities: Boolean(row?.cities),
  };
}

/**
 * Lamp-side rows written since the last read past which reading every lamp is quicker than following them (an
 * import, a seeder): at a million lamps following 40,000 rows took 0.8 s and reading their 800 controllers 1.2 s,
 * while following a million had not ended after 10 minutes and reading every lamp takes some 10 s. The caller
 * lowers it to the number of lamps it holds: in the demo city (6,117 lamps on PGlite) following its 18,000 seeded
 * rows took two minutes.
 */
export const MANY_WRITTEN = 20_000;

/** Whether more than `limit` modules, mountings and lamps were written since `since`. */
async function writtenSince(db: Db, since: string, limit: number): Promise<boolean> {
  const count = (table: string) =>
    sql`(select count(*) from (select 1 from ${sql.raw(table)} where updated_at > ${since}::timestamptz
      limit ${limit + 1}) w)`;
  const [row] = rowsOf(
    await db.execute(
      sql`select ${count('luminary_modules')} + ${count('luminary_supports')} + ${count('luminaries')} as n`,
    ),
  );
  return Number(row?.n ?? 0) > limit;
}

/** The ids of the controllers with these MACs. */
export async function controllerIds(db: Db, macs: string[]): Promise<number[]> {
  // MACs as the registry stores them (letters, digits and separators), so the array literal needs no quoting
  const list = macs.filter((mac) => /^[0-9A-Za-z:._-]+$/.test(mac));
  if (!list.length) return [];
  return rowsOf(
    await db.execute(sql`select _id from controllers where mac = any(${`{${list.join(',')}}`}::text[])`),
  ).map((r) => Number(r._id));
}
