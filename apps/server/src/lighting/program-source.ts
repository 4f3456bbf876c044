import { sql, type SQL } from 'drizzle-orm';
import { isTimeZone } from '@sl/domain/astro';
import {
  dayTypeOf,
  orderPolitics,
  weekendOf,
  weekendOfZone,
  type DayCategory,
  type LampFacts,
  type Politic,
  type ProfileProgram,
  type ProgramLamp,
  type ProgramWorld,
} from '@sl/domain/lighting';
import type { Db } from '../db/connect.ts';

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
  place?: { lat: number; lon: number; tz: string; city: number };
  lamps: (ProgramLamp & { moduleId: number })[];
};

const ofGroup = (group: number | null) =>
  group === null ? sql`"group" is null` : sql`("group" = ${group} or "group" is null)`;

/**
 * The weekend of a group's country, from its time zone, else its first city's that has one (as the calendar screen
 * shows it); Saturday and Sunday for rows of no group.
 */
async function groupWeekend(db: Db, group: number | null): Promise<number[]> {
  if (group === null) return weekendOf();
  const [row] = rowsOf(
    await db.execute(sql`
      select coalesce(nullif(g.timezone, ''), (
        select ci.timezone from cities ci, unnest(g.cities) with ordinality as c(id, n)
        where ci._id = c.id and ci.deleted_at is null and coalesce(ci.timezone, '') <> '' order by c.n limit 1)) as zone
      from groups g where g._id = ${group}`),
  );
  return weekendOfZone(typeof row?.zone === 'string' ? row.zone : undefined);
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
 * A query over the whole city: its sorts in memory rather than on disk, and no JIT compilation, which costs more
 * than it saves here (2 s of 3.4 s for 100,000 lamps). The planner's guess for the sockets' rows is far too low,
 * so nested loops are refused too.
 */
async function readCity(db: Db, whole: boolean, query: SQL) {
  if (!whole) return db.execute(query);
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local work_mem = '256MB'`);
    await tx.execute(sql`set local jit = off`);
    await tx.execute(sql`set local enable_nestloop = off`);
    return tx.execute(query);
  });
}

/** The controllers (all, or those named) with their place and their lamps' facts. */
export async function loadControllers(db: Db, only?: number[]): Promise<PlacedController[]> {
  const which = only ? sql`and c._id = any(${`{${only.join(',')}}`}::bigint[])` : sql``;
  const controllers = rowsOf(
    await db.execute(sql`
      select c._id, c.mac, c."group", c.city, ci.lat, ci.lon, ci.timezone
      from controllers c left join cities ci on ci._id = c.city and ci.deleted_at is null
      where c.deleted_at is null ${which}`),
  );
  // each in one pass and joined by hash: a lateral lookup per module scans every mounting's sockets each time
  const lamps = rowsOf(
    await readCity(
      db,
      !only,
      sql`
      with mods as (
        select * from luminary_modules m where m.deleted_at is null and m.controller is not null
          ${only ? sql`and m.controller = any(${`{${only.join(',')}}`}::bigint[])` : sql``}
      ), held as (
        select distinct on (k.mid) k.mid, p._id as support, x as sock
        from luminary_supports p
        cross join lateral jsonb_array_elements(
          case when jsonb_typeof(p.sockets) = 'array' then p.sockets else '[]'::jsonb end) x
        cross join lateral (select (x->>'luminaryModule')::bigint as mid) k
        where p.deleted_at is null and k.mid is not null ${only ? sql`and k.mid in (select _id from mods)` : sql``}
        order by k.mid, p._id
      ), lit as (
        select distinct on (control_module) control_module, model from luminaries
        where deleted_at is null and control_module is not null
          ${only ? sql`and control_module in (select _id from mods)` : sql``}
        order by control_module, _id
      )
      select m._id, m.mac, m.controller, m.profile_id, coalesce(m.city, s.city) as city,
        s.road_class, s.support_category, s.type as support_type,
        (held.sock->>'groupControl')::bigint as group_control, (held.sock->>'groupProfile')::bigint as group_profile,
        coalesce(l.model, lit.model) as model
      from mods m
      left join held on held.mid = m._id
      left join luminary_supports s on s._id = coalesce(held.support, m.luminary_support) and s.deleted_at is null
      left join luminaries l on l._id = (held.sock->>'luminary')::bigint and l.deleted_at is null
      left join lit on lit.control_module = m._id
      order by m._id`,
    ),
  );
  const byId = new Map<number, PlacedController>();
  for (const c of controllers) {
    const city = num(c.city);
    const tz = typeof c.timezone === 'string' && isTimeZone(c.timezone) ? c.timezone : 'UTC';
    byId.set(Number(c._id), {
      id: Number(c._id),
      mac: String(c.mac),
      group: num(c.group),
      ...(city !== null && c.lat != null && { place: { lat: Number(c.lat), lon: Number(c.lon), tz, city } }),
      lamps: [],
    });
  }
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
    byId.get(Number(m.controller))?.lamps.push({ moduleId: Number(m._id), mac: String(m.mac), facts });
  }
  return [...byId.values()];
}
