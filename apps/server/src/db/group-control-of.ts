import { sql, type SQL } from 'drizzle-orm';

// Which group control a lamp is in, one rule for its lighting program, the group dim, the group control's lamps and
// its energy reports: the one its module's mounting socket names (socket_modules), else the one the lamp names
// itself (luminaries.profile_group). Text for the raw queries of the rollups and reports, drizzle's SQL beside it.

const firstLampGroup = (module: string) => `(select l.profile_group from luminaries l
  where l.control_module = ${module} and l.deleted_at is null order by l._id limit 1)`;

/**
 * The group control of the lamp module `module` (an SQL expression of its id), null for none. `lampGroup` is its
 * lamp's profile group where the query holds the lamp already; else that of the first live lamp naming the module.
 */
export const groupControlOf = (module: string, lampGroup = firstLampGroup(module)) => `coalesce(
  (select max(k.group_control) from socket_modules k where k.module = ${module}), ${lampGroup})`;

/**
 * The ids of the lamp modules in group control `group` (an SQL expression): the candidates found by the indexes (a
 * socket or a lamp naming it), kept where the rule agrees (a socket's group control outranks its lamp's).
 */
export const modulesInGroupControl = (group: string) => `select c.module from (
    select k.module from socket_modules k where k.group_control = ${group}
    union
    select l.control_module from luminaries l where l.profile_group = ${group} and l.deleted_at is null) c
  where ${groupControlOf('c.module')} = ${group}`;

/** The same for drizzle, the group control's id a parameter. */
export const modulesInGroupControlSql = (group: number): SQL =>
  sql`select x.module from (select ${group}::bigint as id) w
    cross join lateral (${sql.raw(modulesInGroupControl('w.id'))}) x`;
