import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { STATUS_CODES, type DeviceState, type Entity, type StatusMeaning } from '@sl/domain';
import type { AnyTable } from '../db/tables.ts';
import { MEANING_RANKS } from '../map/status-rank.ts';
/** how a value goes into the statement (conditions.ts's Bind) */
type Bind = (value: unknown) => unknown;
import type { Filter } from './list-query.ts';

// The conditions of the device lists' declared filters (issue 28 §5, the entities' `filters`). A mounting's and a
// lamp's state is the worst of their modules' as derived-status.ts gives it and the map draws it, by the same
// ranks (map/status-rank.ts) and codes (domain status.ts); lit by day is an open DAY_BURNING event of a module.
// Every condition is the same SQL whatever its values (they are parameters): a statement is prepared per shape.

/** `m`, a live module, is one the row is made of (`t`: the row's table). */
type ModulesOf = (t: AnyTable) => SQL;

const modulesOf: Record<string, ModulesOf> = {
  LuminaryModules: (t) => sql`m._id = ${t._id}`,
  // its sockets' modules (socket_modules is kept from the sockets)
  LuminarySupports: (t) => sql`m._id in (select k.module from socket_modules k where k.support = ${t._id})`,
  // its own module and the one of each socket of its mounting that holds it
  Luminaries: (t) => sql`(m._id = ${t.controlModule} or m._id in (
    select k.module from socket_modules k join luminary_supports p on p._id = k.support
    where k.support = ${t.support} and p.sockets -> (k.socket - 1) ->> 'luminary' = ${t._id}::text))`,
  Controllers: (t) => sql`m.controller = ${t._id}`,
};

/** A status code's rank of attention, as worstStatus ranks it (unknown 0). */
const rankOf = (column: SQLWrapper) => {
  const whens = Object.entries(STATUS_CODES).map(
    ([meaning, codes]) =>
      sql`when ${column} in (${sql.raw(codes.join(', '))}) then ${sql.raw(String(MEANING_RANKS[meaning as StatusMeaning]))}`,
  );
  return sql`case ${sql.join(whens, sql` `)} else ${sql.raw(String(MEANING_RANKS.unknown))} end`;
};

const modules = (e: Entity, t: AnyTable, where: SQL) =>
  sql`exists (select 1 from luminary_modules m where m.deleted_at is null and ${modulesOf[e.name]!(t)} and ${where})`;

/** Its state's rank: a controller's own, a device made of modules the worst of theirs (none: unknown). */
function stateRank(e: Entity, t: AnyTable): SQL {
  if (e.name === 'Controllers') return rankOf(t.cl_status!);
  return sql`coalesce((select max(${rankOf(sql`m.cl_status`)}) from luminary_modules m
    where m.deleted_at is null and ${modulesOf[e.name]!(t)}), ${MEANING_RANKS.unknown})`;
}

function stateCondition(e: Entity, t: AnyTable, states: DeviceState[], bind: Bind): SQL {
  const ranks = states.flatMap((s) => (s === 'burningByDay' ? [] : [MEANING_RANKS[s]]));
  const lit = sql`exists (select 1 from important_events ev join luminary_modules m on m._id = ev.module
    where ev.type = 'DAY_BURNING' and ev.status = 'OPEN' and ev.deleted_at is null and m.deleted_at is null
      and ${modulesOf[e.name]!(t)})`;
  return sql`(${stateRank(e, t)} = any(${bind(ranks)}::int[]) or (${bind(states.includes('burningByDay'))}::boolean and ${lit}))`;
}

/** a part of a street or address, any case */
const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The mounting `p` the row is placed on. */
const mountingOf: Record<string, (t: AnyTable) => SQL> = {
  LuminarySupports: (t) => sql`p._id = ${t._id}`,
  Luminaries: (t) => sql`p._id = ${t.support}`,
  LuminaryModules: (t) => sql`p._id = ${t.luminarySupport}`,
};
const mounting = (t: AnyTable, name: string, where: SQL) =>
  sql`exists (select 1 from luminary_supports p where p.deleted_at is null and ${mountingOf[name]!(t)} and ${where})`;
/** a controller's cabinet, named from either side */
const cabinetOfController = (t: AnyTable, where: SQL) =>
  sql`exists (select 1 from cabinets k where k.deleted_at is null
    and (k._id = ${t.cabinet} or k.controller = ${t._id}) and ${where})`;

type Condition = (e: Entity, t: AnyTable, values: unknown[], bind: Bind) => SQL;

const CONDITIONS: Record<string, Condition> = {
  state: (e, t, values, bind) => stateCondition(e, t, values as DeviceState[], bind),
  controller: (e, t, ids, bind) => modules(e, t, sql`m.controller = any(${bind(ids)}::bigint[])`),
  phase: (e, t, phases, bind) => modules(e, t, sql`m.phase = any(${bind(phases)}::int[])`),
  cabinet: (e, t, ids, bind) => {
    const any = sql`any(${bind(ids)}::bigint[])`;
    return e.name === 'Controllers'
      ? cabinetOfController(t, sql`k._id = ${any}`)
      : mounting(t, e.name, sql`p.cabinet = ${any}`);
  },
  street: (e, t, texts, bind) => {
    const patterns = bind(texts.map((v) => like(String(v))));
    if (e.name === 'Controllers')
      return cabinetOfController(t, sql`k.address ilike any(${patterns}::text[])`);
    return mounting(
      t,
      e.name,
      sql`(p.street ilike any(${patterns}::text[]) or p.address ilike any(${patterns}::text[]))`,
    );
  },
};

/** The condition of one of the entity's declared filters. */
export function derivedCondition(e: Entity, t: AnyTable, f: Filter, bind: Bind): SQL {
  return CONDITIONS[f.field]!(e, t, f.value as unknown[], bind);
}

/** Every declared filter has its condition (checked by the registry's test). */
export const undeclaredFilters = (e: Entity) => Object.keys(e.filters ?? {}).filter((f) => !CONDITIONS[f]);

/** The tables a list's declared filters read besides its own: a write to any of them changes what they find. */
export const DERIVED_SOURCES = ['luminary_modules', 'luminary_supports', 'cabinets', 'important_events'];
