import type { GroupType } from '@sl/domain/energy';
import { bucket } from './report-queries.ts';

// Energy saved, from the pre-summed hours rollModules keeps (saved_hours): what the lamps would have drawn at their
// models' full power for the hours they burned, against what they drew (only lamps whose model has a rated power:
// another has no full power to save from; the burn hours are every lamp's), each hour under the group, group control
// and profile the lamp had when it burned. Parameters: $1 start, $2 end, $3 group (null: any), $4 time zone.

export const BY = {
  total: `''`,
  groupControl: `nullif(h.group_control, 0)`,
  profile: `nullif(h.profile, 0)`,
} as const;
export type SavedBy = keyof typeof BY;

// Summed per hour first, then bucketed: the hour's local day is worked out once per hour, not once per pre-summed row.
export const energySavedSql = (g: GroupType, by: SavedBy) => `with h as (
    select h.hour, ${BY[by]}::text as key,
      sum(h.burn_h) as burn_h, sum(h.rated_wh) as wh, sum(h.full_wh) as full_wh
    from saved_hours h
    where h.hour >= date_trunc('hour', $1::timestamptz, 'UTC') and h.hour < $2::timestamptz
      and ($3::bigint is null or h."group" = $3)
    group by 1, 2)
  select to_char(${bucket(g, 'h.hour', '$4')}, 'YYYY-MM-DD') as first_day, h.key,
    sum(h.burn_h)::float8 as burn_h, sum(h.wh)::float8 as wh, sum(h.full_wh)::float8 as full_wh
  from h group by 1, 2 order by 1, 2`;
