import type { City } from '@sl/simulator';
import type { Place } from '@sl/domain/astro';
import type { Db } from '../db/connect.ts';
import { loadControllers, loadWorld } from '../lighting/program-source.ts';
import { nightCurves, type DayCurve } from './demo-nights.ts';
import { GROUP_CONTROL_OF_MODULE, hourOfElement, METER_RATIO, type Raw } from './rollups.ts';

// The demo's past, so its reports, savings and dashboard have a shape on the first visit (issue 28 §8): what its
// lamps and meters would have recorded over the last days under its program, written by the database from each kind
// of lamp's nights (demo-nights.ts). Only the rises are written, not the counters: the simulated devices start from
// counters of their own, and a counter value here would make their first live hour's rise wrong.

export const DEMO_HISTORY_DAYS = 90;
/** what a module draws for itself, lit or not, and a controller on its cabinet's first phase (as the simulator) */
const STANDBY_W = 0.4;
const CONTROLLER_W = 6;
const PHASE_V = 120;
/** a meter reads once a minute: the instant values' sums of an hour */
const READINGS = 60;
/** days written per statement, so the field's and the console's statements run between them */
const DAYS_PER_STATEMENT = 10;

const LAMPS = `lamp as (
    select v.mac, v.k, v.watts, v.serial, v.phase from jsonb_to_recordset($2::jsonb)
      as v(mac text, k int, watts float8, serial text, phase int))`;
const CURVES = `curve as (select * from jsonb_to_recordset($1::jsonb) as c(k int, day date, lit float8[], lvl float8[]))`;
/** each curve's hours as rows: hour, burning hours and level-hours */
const HOURS = `hours as (
    select c.k, ${hourOfElement('c.day', 'u.i')} as hour, u.lit, u.lvl
    from curve c cross join lateral unnest(c.lit, c.lvl) with ordinality as u(lit, lvl, i) where u.lvl is not null)`;

/** Each lamp's days: the wh and burn_h arrays of its kind and power, the live hours of a day already there kept. */
const moduleDaysSql = `with ${CURVES}, ${LAMPS},
  kinds as (select distinct k, watts from lamp),
  days as (
    select s.k, s.watts, c.day, c.lit,
      array(select case when u.l is null then null else ${STANDBY_W} + s.watts * u.l end
        from unnest(c.lvl) with ordinality as u(l, i) order by u.i) as wh
    from kinds s join curve c on c.k = s.k)
  insert into module_days as d (mac, day, wh, burn_h)
  select l.mac, x.day, x.wh, x.lit from lamp l join days x on x.k = l.k and x.watts = l.watts
  order by 1, 2
  on conflict (mac, day) do update set
    wh = array(select coalesce(o, n) from unnest(d.wh, excluded.wh) with ordinality as u(o, n, i) order by i),
    burn_h = array(select coalesce(o, n) from unnest(d.burn_h, excluded.burn_h) with ordinality as u(o, n, i) order by i)`;

/** Each meter phase's hours: its lamps' sum (and the controller's on phase 1), with instant values to match. */
const meterHoursSql = `with ${CURVES}, ${LAMPS}, ${HOURS},
  counts as (select serial, phase, k, count(*) as n, sum(watts) as watts from lamp group by 1, 2, 3),
  drawn as (
    select n.serial, n.phase, h.hour,
      sum(n.n * ${STANDBY_W} + n.watts * h.lvl) + case when n.phase = 1 then ${CONTROLLER_W} else 0 end as w
    from counts n join hours h on h.k = n.k group by 1, 2, 3)
  insert into meter_hours (serial, phase, hour, power_sum, power_max, voltage_sum, current_sum, readings, wh)
  select serial, phase, hour, w * 100 * ${READINGS}, round(w * 100), ${PHASE_V * 100 * READINGS},
    w / ${PHASE_V} * 1000 * ${READINGS}, ${READINGS}, round(w)
  from drawn order by 1, 2, 3
  on conflict do nothing`;

/** The group's and the districts' hours of the written meter hours ($1, $2: the range). */
const groupHoursSql = `insert into group_hours as g ("group", hour, wh)
  select m."group", h.hour, sum(h.wh * ${METER_RATIO}) from meter_hours h
  join meters m on m.serial = h.serial and m.deleted_at is null and m."group" is not null
  where h.hour >= $1::timestamptz and h.hour < $2::timestamptz and h.energy_max is null and h.wh is not null
  group by 1, 2 order by 1, 2
  on conflict ("group", hour) do update set wh = g.wh + excluded.wh`;
const districtHoursSql = `insert into district_hours as d (district, "group", hour, wh)
  select k.district, coalesce(m."group", 0), h.hour, sum(h.wh * ${METER_RATIO}) from meter_hours h
  join meters m on m.serial = h.serial and m.deleted_at is null
  join cabinets k on k._id = m.cabinet and k.deleted_at is null and k.district is not null
  where h.hour >= $1::timestamptz and h.hour < $2::timestamptz and h.energy_max is null and h.wh is not null
  group by 1, 2, 3 order by 1, 3, 2
  on conflict (district, hour, "group") do update set wh = d.wh + excluded.wh`;

/** The energy saved: the lamps' burn hours at their models' power against what they drew, by kind of lamp. */
const savedHoursSql = `with ${CURVES}, ${LAMPS}, ${HOURS},
  placed as (
    select v.k, v.watts, coalesce(lm."group", 0) as "group", ${GROUP_CONTROL_OF_MODULE} as group_control,
      coalesce(lm.profile_id, 0) as profile, mo.power
    from lamp v join luminary_modules lm on lm.mac = v.mac and lm.deleted_at is null
    join luminaries l on l.control_module = lm._id and l.deleted_at is null
    left join luminary_models mo on mo._id = l.model),
  counts as (select k, watts, "group", group_control, profile, power, count(*) as n from placed group by 1, 2, 3, 4, 5, 6)
  insert into saved_hours as s ("group", hour, group_control, profile, burn_h, wh, rated_wh, full_wh)
  select c."group", h.hour, c.group_control, c.profile, sum(c.n * h.lit), sum(c.n * (${STANDBY_W} + c.watts * h.lvl)),
    coalesce(sum(c.n * (${STANDBY_W} + c.watts * h.lvl)) filter (where c.power > 0), 0),
    coalesce(sum(c.n * h.lit * c.power) filter (where c.power > 0), 0)
  from counts c join hours h on h.k = c.k
  group by 1, 2, 3, 4 order by 1, 2, 3, 4
  on conflict ("group", hour, group_control, profile) do update set
    burn_h = s.burn_h + excluded.burn_h, wh = s.wh + excluded.wh, rated_wh = s.rated_wh + excluded.rated_wh,
    full_wh = s.full_wh + excluded.full_wh`;

const factsKey = (f: object) => JSON.stringify(f);

/**
 * Writes the demo group's last `days` days up to the start of the current hour. Answers what it wrote and how long
 * the astronomical clock and the database took.
 */
export async function generateDemoHistory(
  db: Db,
  group: number,
  city: City,
  place: Place & { tz: string },
  now = new Date(),
  days = DEMO_HISTORY_DAYS,
) {
  const raw = (db as unknown as { $client: Raw }).$client;
  const started = performance.now();
  const end = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000);
  const start = new Date(Math.floor(now.getTime() / 86_400_000) * 86_400_000 - days * 86_400_000);
  const world = await loadWorld(db, group);
  const controllers = (await loadControllers(db)).filter((c) => c.group === group);
  const modules = new Map(
    city.cabinets.flatMap((c) => c.modules.map((m) => [m.mac, { m, serial: c.meter.serial }] as const)),
  );
  const kinds = new Map<string, number>();
  const lamps = controllers.flatMap((c) =>
    c.lamps.flatMap((l) => {
      const field = modules.get(l.mac);
      if (!field) return [];
      const key = factsKey(l.facts);
      if (!kinds.has(key)) kinds.set(key, kinds.size);
      return [
        { mac: l.mac, k: kinds.get(key)!, watts: field.m.watts, serial: field.serial, phase: field.m.phase },
      ];
    }),
  );
  const facts = [...kinds.keys()].map((k) => JSON.parse(k) as Parameters<typeof nightCurves>[0][number]);
  const curves = await nightCurves(facts, world, place, start, end);
  const clockMs = performance.now() - started;
  const lampsJson = JSON.stringify(lamps);
  // a group control's consumption reads module_days; every lamp's would be 570,000 rows, a minute of PGlite
  const controlled = JSON.stringify(lamps.filter((l) => facts[l.k]!.groupControl != null));
  const byDay = new Map<string, DayCurve[]>();
  for (const c of curves) byDay.set(c.day, [...(byDay.get(c.day) ?? []), c]);
  const dayList = [...byDay.keys()];
  for (let i = 0; i < dayList.length; i += DAYS_PER_STATEMENT) {
    const some = JSON.stringify(dayList.slice(i, i + DAYS_PER_STATEMENT).flatMap((d) => byDay.get(d)!));
    await raw.query(meterHoursSql, [some, lampsJson]);
    await raw.query(moduleDaysSql, [some, controlled]);
  }
  const range = [start.toISOString(), end.toISOString()];
  await raw.query(groupHoursSql, range);
  await raw.query(districtHoursSql, range);
  await raw.query(savedHoursSql, [JSON.stringify(curves), lampsJson]);
  return {
    start,
    end,
    lamps: lamps.length,
    kinds: kinds.size,
    clockMs: Math.round(clockMs),
    ms: Math.round(performance.now() - started),
  };
}
