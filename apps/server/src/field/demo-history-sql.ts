// The statements that write the demo's past (demo-history.ts). Each expands classes of lamps (those of one kind, so
// one curve, and one place: meter phase, group, district, group control) over generate_series of a run of hours:
// $1 the kinds' level-hours (kind × hour, float8[][]), $2 the first hour, $3 how many hours, $4 the classes (JSON: k
// the kind from 0, n lamps, w their rated watts summed). A class's wh in hour i is
// n × STANDBY + w × level-hours, as the simulator draws.

export const STANDBY_W = 0.4;
const CONTROLLER_W = 6;
const PHASE_V = 120;
/** a meter reads once a minute: the instant values' sums of an hour */
const READINGS = 60;

const hourOf = (i: string) => `$2::timestamptz + make_interval(hours => ${i} - 1)`;
const lvl = (k: string, i: string) => `($1::float8[])[${k} + 1][${i}]`;
const lit = (k: string, i: string) => `($5::float8[])[${k} + 1][${i}]`;
const wh = (c: string, i: string) => `${c}.n * ${STANDBY_W} + ${c}.w * ${lvl(`${c}.k`, i)}`;
const classes = (columns: string) =>
  `jsonb_to_recordset($4::jsonb) as c(k int, n int, w float8, ${columns}) cross join generate_series(1, $3::int) i`;

/** Each meter phase's hours (and its controller's on phase 1), with instant values to match; no registers. */
export const meterHoursSql = `with drawn as (
    select c.serial, c.phase, i, sum(${wh('c', 'i')}) + case when c.phase = 1 then ${CONTROLLER_W} else 0 end as w
    from ${classes('serial text, phase int')} group by 1, 2, 3)
  insert into meter_hours (serial, phase, hour, power_sum, power_max, voltage_sum, current_sum, readings, wh)
  select serial, phase, ${hourOf('i')}, w * 100 * ${READINGS}, round(w * 100), ${PHASE_V * 100 * READINGS},
    w / ${PHASE_V} * 1000 * ${READINGS}, ${READINGS}, round(w)
  from drawn order by 1, 2, 3
  on conflict do nothing`;

/** The group's hours: its meters' sum (controllers included, $5 how many). */
export const groupHoursSql = `insert into group_hours as g ("group", hour, wh)
  select c."group", ${hourOf('i')}, sum(${wh('c', 'i')}) + $5::int * ${CONTROLLER_W}
  from ${classes('"group" bigint')} group by c."group", i order by 1, 2
  on conflict ("group", hour) do update set wh = g.wh + excluded.wh`;

/** The districts' hours: their cabinets' meters (c.ctl controllers of the district's cabinets). */
export const districtHoursSql = `insert into district_hours as d (district, "group", hour, wh)
  select c.district, c."group", ${hourOf('i')}, sum(${wh('c', 'i')} + c.ctl * ${CONTROLLER_W})
  from ${classes('district bigint, "group" bigint, ctl int')} group by 1, 2, i order by 1, 3, 2
  on conflict (district, hour, "group") do update set wh = d.wh + excluded.wh`;

/** The energy saved ($5 the kinds' burning hours, as $1): np of the class's lamps have a model with a power (wp their watts, pp their models' power). */
export const savedHoursSql = `insert into saved_hours as s ("group", hour, group_control, profile, burn_h, wh, rated_wh, full_wh)
  select c."group", ${hourOf('i')}, c.gc, c.profile, sum(c.n * ${lit('c.k', 'i')}), sum(${wh('c', 'i')}),
    sum(c.np * ${STANDBY_W} + c.wp * ${lvl('c.k', 'i')}), sum(c.pp * ${lit('c.k', 'i')})
  from ${classes('"group" bigint, gc bigint, profile bigint, np int, wp float8, pp float8')}
  group by 1, i, 3, 4 order by 1, 2, 3, 4
  on conflict ("group", hour, group_control, profile) do update set
    burn_h = s.burn_h + excluded.burn_h, wh = s.wh + excluded.wh, rated_wh = s.rated_wh + excluded.rated_wh,
    full_wh = s.full_wh + excluded.full_wh`;

/**
 * The days of the lamps in a group control (what its consumption report reads): $1 the lamps (mac, k, watts), $2
 * their kinds' days (k, day, lit and lvl of 24 hours, null outside the range); the live hours of a day already there
 * are kept.
 */
export const moduleDaysSql = `insert into module_days as d (mac, day, wh, burn_h)
  select l.mac, x.day,
    array(select case when u.v is null then null else ${STANDBY_W} + l.watts * u.v end
      from unnest(x.lvl) with ordinality as u(v, i) order by u.i), x.lit
  from jsonb_to_recordset($1::jsonb) as l(mac text, k int, watts float8)
  join jsonb_to_recordset($2::jsonb) as x(k int, day date, lit float8[], lvl float8[]) on x.k = l.k
  order by 1, 2
  on conflict (mac, day) do update set
    wh = array(select coalesce(o, n) from unnest(d.wh, excluded.wh) with ordinality as u(o, n, i) order by i),
    burn_h = array(select coalesce(o, n) from unnest(d.burn_h, excluded.burn_h) with ordinality as u(o, n, i) order by i)`;

/**
 * Where each of the demo's lamps stands: its group, group control, profile, undimmed power (`fullPower`, W) and
 * cabinet's district.
 */
export const placesSql = (groupControlOfModule: string, fullPower: string) => `select lm.mac,
    coalesce(lm."group", 0) as "group", ${groupControlOfModule} as gc, coalesce(lm.profile_id, 0) as profile,
    ${fullPower} as power, k.district
  from luminary_modules lm
  join luminaries l on l.control_module = lm._id and l.deleted_at is null
  left join luminary_models mo on mo._id = l.model
  left join controllers ct on ct._id = lm.controller
  left join cabinets k on k._id = ct.cabinet and k.deleted_at is null
  where lm.deleted_at is null and lm."group" = $1`;
