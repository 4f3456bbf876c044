import type { City } from '@sl/simulator';
import type { Place } from '@sl/domain/astro';
import type { Db } from '../db/connect.ts';
import { loadControllers, loadWorld } from '../lighting/program-source.ts';
import { historyClasses, kindDays, matrix, type Lamp, type Placed } from './demo-classes.ts';
import {
  districtHoursSql,
  groupHoursSql,
  meterHoursSql,
  moduleDaysSql,
  placesSql,
  savedHoursSql,
} from './demo-history-sql.ts';
import { nightCurves } from './demo-nights.ts';
import { FULL_POWER_W, GROUP_CONTROL_OF_MODULE, type Raw } from './rollups.ts';

// The demo's past, so its reports, savings and dashboard have a shape on the first visit (issue 28 §8): what its
// lamps and meters would have recorded over the last days under its program. Each night is computed once per kind of
// lamp (demo-nights.ts); the database expands it over the hours and the lamps. Only the rises are written, not the
// counters: the simulated devices start from counters of their own, and a counter here would make their first live
// hour's rise wrong.

export const DEMO_HISTORY_DAYS = 90;
/** hours written per statement, so the field's and the console's statements run between them */
const HOURS_PER_STATEMENT = 240;
const HOUR = 3_600_000;

/** The demo group's lamps as the simulator drives them, each with its kind: the facts its program is chosen by. */
async function kindsOfLamps(db: Db, group: number, city: City) {
  const field = new Map(
    city.cabinets.flatMap((c) => c.modules.map((m) => [m.mac, { m, serial: c.meter.serial }] as const)),
  );
  const kinds = new Map<string, number>();
  const facts: Parameters<typeof nightCurves>[0][number][] = [];
  const lamps: Lamp[] = [];
  for (const c of await loadControllers(db))
    for (const l of c.group === group ? c.lamps : []) {
      const f = field.get(l.mac);
      if (!f) continue;
      const key = JSON.stringify(l.facts);
      if (!kinds.has(key)) kinds.set(key, facts.push(l.facts) - 1);
      lamps.push({ mac: l.mac, k: kinds.get(key)!, watts: f.m.watts, serial: f.serial, phase: f.m.phase });
    }
  return { facts, lamps };
}

/** Each lamp with its group, group control, profile, model power and district, as the rollups count them. */
async function placed(raw: Raw, group: number, lamps: Lamp[]): Promise<Placed[]> {
  const { rows } = (await raw.query(placesSql(GROUP_CONTROL_OF_MODULE, FULL_POWER_W), [group])) as {
    rows: Record<string, unknown>[];
  };
  const num = (v: unknown) => (v == null ? null : Number(v));
  const at = new Map(rows.map((r) => [String(r.mac), r]));
  return lamps.flatMap((l) => {
    const r = at.get(l.mac);
    if (!r) return [];
    const gc = Number(r.gc);
    return [
      {
        ...l,
        group: Number(r.group),
        gc,
        profile: Number(r.profile),
        power: num(r.power),
        district: num(r.district),
      },
    ];
  });
}

/**
 * Writes the demo group's last `days` days up to the start of the current hour. Answers what it wrote and how long
 * the astronomical clock and each part of the database's work took.
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
  const end = new Date(Math.floor(now.getTime() / HOUR) * HOUR);
  const start = new Date(Math.floor(now.getTime() / 86_400_000) * 86_400_000 - days * 86_400_000);
  const world = await loadWorld(db, group);
  const { facts, lamps } = await kindsOfLamps(db, group, city);
  const curves = await nightCurves(facts, world, place, start, end);
  const clockMs = Math.round(performance.now() - started);
  const at = await placed(raw, group, lamps);
  const c = await historyClasses(at);
  const ms = { meters: 0, sums: 0, saved: 0, days: 0 };
  const timed = async (part: keyof typeof ms, text: string, params: unknown[]) => {
    const t = performance.now();
    await raw.query(text, params);
    ms[part] += Math.round(performance.now() - t);
  };
  for (let from = 0; from < curves.hours; from += HOURS_PER_STATEMENT) {
    const to = Math.min(curves.hours, from + HOURS_PER_STATEMENT);
    const first = new Date(start.getTime() + from * HOUR).toISOString();
    const run = [matrix(curves.lvl, from, to), first, to - from];
    await timed('meters', meterHoursSql, [...run, JSON.stringify(c.meters)]);
    await timed('sums', groupHoursSql, [...run, JSON.stringify(c.groups), c.cabinets]);
    await timed('sums', districtHoursSql, [...run, JSON.stringify(c.districts)]);
    await timed('saved', savedHoursSql, [...run, JSON.stringify(c.saved), matrix(curves.lit, from, to)]);
  }
  // a group control's consumption reads module_days; every lamp's would be 570,000 rows, a minute of PGlite
  const controlled = at.filter((l) => l.gc !== 0).map((l) => ({ mac: l.mac, k: l.k, watts: l.watts }));
  const perDay = kindDays(curves);
  for (let d = 0; d < perDay.length; d += HOURS_PER_STATEMENT / 24) {
    const some = perDay.slice(d, d + HOURS_PER_STATEMENT / 24).flat();
    await timed('days', moduleDaysSql, [JSON.stringify(controlled), JSON.stringify(some)]);
  }
  return {
    start,
    end,
    lamps: at.length,
    kinds: facts.length,
    controlled: controlled.length,
    clockMs,
    statementMs: ms,
    ms: Math.round(performance.now() - started),
  };
}
