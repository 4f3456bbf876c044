import type { GroupType } from '@sl/domain/energy';
import { bucket } from './report-queries.ts';

// Energy saved from the lamp modules' hourly rollups: what each lamp would have drawn at its model's full power for
// the hours it burned, against what it drew. Parameters: $1 start, $2 end, $3 group (null: any), $4 time zone.

/** A counter's rise in each hour over its last value before the hour (its first value for a new module). */
const rise = (col: string) => `h.${col}_max - coalesce(lag(h.${col}_max) over w,
  (select b.${col}_max from module_hours b
    where b.mac = h.mac and b.${col}_max is not null and b.hour < date_trunc('hour', $1::timestamptz, 'UTC')
    order by b.hour desc limit 1),
  h.${col}_min)`;

export const BY = { total: `''`, groupControl: `l.profile_group`, profile: `lm.profile_id` } as const;
export type SavedBy = keyof typeof BY;

export const energySavedSql = (g: GroupType, by: SavedBy) => `with d as (
    select h.hour, ${BY[by]}::text as key, coalesce(mo.power, 0) as full_w,
      ${rise('energy')} as wh, ${rise('runh')} as burn_h
    from module_hours h
    join luminary_modules lm on lm.mac = h.mac and lm.deleted_at is null
    join luminaries l on l.control_module = lm._id and l.deleted_at is null
    left join luminary_models mo on mo._id = l.model
    where h.hour >= date_trunc('hour', $1::timestamptz, 'UTC') and h.hour < $2::timestamptz
      and ($3::bigint is null or lm."group" = $3)
    window w as (partition by h.mac order by h.hour))
  select to_char(${bucket(g, 'd.hour', '$4')}, 'YYYY-MM-DD') as first_day, d.key,
    coalesce(sum(d.burn_h), 0)::float8 as burn_h, coalesce(sum(d.wh), 0)::float8 as wh,
    coalesce(sum(d.burn_h * d.full_w), 0)::float8 as full_wh
  from d group by 1, 2 order by 1, 2`;
