import { sql } from 'drizzle-orm';
import type { Db } from './db-type.ts';
import { triggerFunction } from './trigger-function.ts';

// The socket is the one truth of where a module and a lamp are (issue 28 §3). Whichever statement writes a
// mounting's sockets, its location, district or cabinet, the modules and lamps its sockets hold take from it their
// mounting, location and district; a module its socket's phase, and its cabinet's controller where it names none;
// a lamp its socket's module. One taken out of every socket no longer names the mounting it left. Runs after
// socket_modules is kept (triggers fire by name: sl_socket_modules_* before sl_socket_places_*).
// The changed mountings are joined as rows (unnest), not matched with `= any(changed)`: the function's generic plan
// took that for every row of socket_modules and scanned it all, comparing each row with each id. And no JIT: the
// planner's costs for these statements run into millions on a table that grew since its last analyze, and
// PostgreSQL then spent 0.37 s of a 0.4 s statement compiling it (a write of 1,000 mountings beside 60,000 modules;
// 48 ms without JIT).

const INSTALL_LOCK = 0x5c_91ac;

const number = (x: string, key: string, type: string) =>
  `case when jsonb_typeof(${x}->'${key}') = 'number' then (${x}->>'${key}')::${type} end`;

/** the controller of a mounting's cabinet, named from either side */
const cabinetController = `(select coalesce(k.controller, (select c._id from controllers c
    where c.cabinet = k._id and c.deleted_at is null order by c._id limit 1))
  from cabinets k where k._id = p.cabinet and k.deleted_at is null)`;

const PLACE = `create or replace function sl_place_from_sockets(changed bigint[], left_modules bigint[],
    left_lamps bigint[]) returns void language plpgsql set jit = off as $$ begin
  update luminary_modules m set luminary_support = h.support, phase = coalesce(h.phase, m.phase),
      location_lon = coalesce(h.lon, m.location_lon), location_lat = coalesce(h.lat, m.location_lat),
      district = case when h.lon is null then m.district else h.district end,
      controller = coalesce(m.controller, h.controller)
    from (select distinct on (k.module) k.module, k.support,
        ${number('(p.sockets -> (k.socket - 1))', 'phase', 'int')} as phase,
        case when p.location_lat is not null then p.location_lon end as lon,
        case when p.location_lon is not null then p.location_lat end as lat,
        p.district, ${cabinetController} as controller
      from unnest(changed) c(id) join socket_modules k on k.support = c.id
        join luminary_supports p on p._id = k.support
      order by k.module, k.support, k.socket) h
    where m._id = h.module and (m.luminary_support, m.phase, m.location_lon, m.location_lat, m.district,
      m.controller) is distinct from (h.support, coalesce(h.phase, m.phase), coalesce(h.lon, m.location_lon),
      coalesce(h.lat, m.location_lat), case when h.lon is null then m.district else h.district end,
      coalesce(m.controller, h.controller));
  update luminary_modules m set luminary_support = null
    where m._id = any(left_modules) and m.luminary_support = any(changed)
      and not exists (select 1 from socket_modules k where k.module = m._id);
  update luminaries l set support = h.support, control_module = h.module,
      location_lon = coalesce(h.lon, l.location_lon), location_lat = coalesce(h.lat, l.location_lat),
      district = case when h.lon is null then l.district else h.district end
    from (select distinct on (lamp) ${number('x', 'luminary', 'bigint')} as lamp, p._id as support,
        ${number('x', 'luminaryModule', 'bigint')} as module,
        case when p.location_lat is not null then p.location_lon end as lon,
        case when p.location_lon is not null then p.location_lat end as lat, p.district
      from luminary_supports p cross join lateral jsonb_array_elements(
        case when jsonb_typeof(p.sockets) = 'array' then p.sockets else '[]'::jsonb end) with ordinality s(x, i)
      where p._id = any(changed) and p.deleted_at is null and jsonb_typeof(x->'luminary') = 'number'
      order by lamp, p._id, i) h
    where l._id = h.lamp and (l.support, l.control_module, l.location_lon, l.location_lat, l.district)
      is distinct from (h.support, h.module, coalesce(h.lon, l.location_lon), coalesce(h.lat, l.location_lat),
        case when h.lon is null then l.district else h.district end);
  update luminaries l set support = null
    where l._id = any(left_lamps) and l.support = any(changed) and case
      when exists (select 1 from luminary_supports p where p._id = l.support and p.deleted_at is null
        and p.sockets @> jsonb_build_array(jsonb_build_object('luminary', l._id))) then false
      else not exists (select 1 from luminary_supports p where p.deleted_at is null
        and p.sockets @> jsonb_build_array(jsonb_build_object('luminary', l._id))) end;
end $$`;

/** the ids a key of the sockets of mountings `p` names */
const named = (from: string, key: string) => `array(select (x->>'${key}')::bigint from ${from} p
  cross join lateral jsonb_array_elements(case when jsonb_typeof(p.sockets) = 'array' then p.sockets
    else '[]'::jsonb end) s(x) where jsonb_typeof(x->'${key}') = 'number')`;

/** the mountings of an update whose sockets, place or cabinet changed, before and after */
const moved = (side: 'n' | 'o') => `(select ${side}.* from after n join before o on o._id = n._id
  where n.sockets is distinct from o.sockets or n.deleted_at is distinct from o.deleted_at
    or n.location_lon is distinct from o.location_lon or n.location_lat is distinct from o.location_lat
    or n.district is distinct from o.district or n.cabinet is distinct from o.cabinet)`;

const STATEMENTS = [
  PLACE,
  triggerFunction(
    'sl_socket_places_added',
    `perform sl_place_from_sockets(array(select _id from added), '{}', '{}')`,
  ),
  triggerFunction(
    'sl_socket_places_changed',
    `perform sl_place_from_sockets(array(select _id from ${moved('n')} c),
      ${named(moved('o'), 'luminaryModule')}, ${named(moved('o'), 'luminary')})`,
  ),
  triggerFunction(
    'sl_socket_places_removed',
    `perform sl_place_from_sockets(array(select _id from removed),
      ${named('removed', 'luminaryModule')}, ${named('removed', 'luminary')})`,
  ),
  `create or replace trigger sl_socket_places_added after insert on luminary_supports
    referencing new table as added for each statement execute function sl_socket_places_added()`,
  `create or replace trigger sl_socket_places_changed after update on luminary_supports
    referencing old table as before new table as after for each statement
    execute function sl_socket_places_changed()`,
  `create or replace trigger sl_socket_places_removed after delete on luminary_supports
    referencing old table as removed for each statement execute function sl_socket_places_removed()`,
];

/** Makes (or remakes) the function and its triggers; after socket_modules, which it reads. */
export async function installSocketPlaces(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${INSTALL_LOCK})`);
    for (const statement of STATEMENTS) await tx.execute(sql.raw(statement));
  });
}

/** the entities whose writes move what the sockets hold, and the tables those moves write */
export const SOCKET_PLACED = ['LuminarySupports', 'LuminaryModules', 'Luminaries'];
export const SOCKET_TABLES = ['luminary_supports', 'luminary_modules', 'luminaries'];
