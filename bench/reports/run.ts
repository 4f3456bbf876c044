// bench:reports — a city's energy reports over a year of data (issue 14): a month BY_DAY (goal ≤ 200 ms), a year
// BY_MONTH (≤ 300 ms), and p99 under 20 concurrent users (≤ 1 s), through the HTTP API of the server process on
// PostgreSQL; a district's consumption and the energy saved beside them. The reports read the hourly rollups only,
// so those are what is loaded (by COPY): the group's and one district's pre-summed hours (group_hours,
// district_hours), the meters' own hours (meter_hours, which a cabinet's or a meter's report reads) for that
// district's HOUR_CABINETS cabinets (the demo city has 13 districts), the energy saved of MODULES lamp modules as
// pre-summed (saved_hours), and those modules' days of rises (module_days, which a group control's report reads).
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { machine, writeSection } from '../api/report.ts';
import { recreateDatabase } from '../api/load.ts';
import { ROOT, startNode, stopAll } from '../api/processes.ts';
import { ADMIN_PASSWORD } from '../api/session.ts';
import { call, signIn, type Session } from '../field/dim.ts';
import { loadMeterHours, loadSummedHours } from './load-hours.ts';
import { loadModules } from './load-modules.ts';
import { loadSavedHours } from './load-saved.ts';
import { bucket, consumptionSql } from '../../apps/server/src/energy/report-queries.ts';
import { queryWith } from '../../apps/server/src/db/query-with.ts';
import { box } from '../../apps/server/test/boxes.ts';

const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const CABINETS = Number(process.env.CABINETS ?? 5000);
const DAYS = Number(process.env.DAYS ?? 365);
const DISTRICTS = 13;
const HOUR_CABINETS = Math.min(
  CABINETS,
  Number(process.env.HOUR_CABINETS ?? Math.ceil(CABINETS / DISTRICTS)),
);
const MODULES = Number(process.env.MODULES ?? 100_000);
// one group control's lamps (a long street's), whose own hours its consumption report reads
const GC_MODULES = Number(process.env.GC_MODULES ?? 500);
const USERS = 20;
const CONCURRENT_S = 30;
const DOC = path.join(ROOT, 'docs/benchmarks.md');
const TZ = 'America/New_York';
// the year loaded: from local midnight of 2025-11-01 on
const FROM = new Date('2025-11-01T04:00:00Z');

async function timed(url: string, s: Session, q: string, report = 'consumption') {
  const t0 = performance.now();
  const res = await fetch(`${url}/api/v2/reports/${report}?${q}`, { headers: s.headers });
  const body = (await res.json()) as {
    result?: { total?: { kwh: number }; rows?: { savedKwh?: number }[] };
  };
  if (!res.ok) throw new Error(`${q}: ${res.status} ${JSON.stringify(body)}`);
  const rows = body.result!.rows!;
  const kwh = body.result!.total?.kwh ?? rows.reduce((t, r) => t + (r.savedKwh ?? 0), 0);
  return { ms: performance.now() - t0, kwh, rows: rows.length };
}

const runs = async (times: number, run: () => Promise<{ ms: number; kwh: number; rows: number }>) => {
  await run(); // warm-up
  const out = [];
  for (let i = 0; i < times; i++) out.push(await run());
  return out;
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p99 = (xs: number[]) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.99))]!;

async function main() {
  const benchUrl = Object.assign(new URL(ADMIN_URL), { pathname: '/sl_bench_reports' }).toString();
  await recreateDatabase(ADMIN_URL, benchUrl);
  const env = { DATABASE_URL: benchUrl, MQTT_PORT: '0', LOG_LEVEL: 'warn', DEMO: '0', ADMIN_PASSWORD };
  const pool = new pg.Pool({ connectionString: benchUrl, max: 2 });
  try {
    const server = await startNode('server', 'apps/server/src/main.ts', env, '/health');
    const s = await signIn(server.url, ADMIN_PASSWORD);
    const city = await call<{ _id: number }>(server.url, s, 'POST', '/api/v1/Cities', {
      name: { 'en-us': 'Reports', ru: 'Reports' },
      lat: 42.36,
      lon: -71.06,
      timezone: TZ,
      tariff: 0.2,
      nightTariff: 0.1,
      co2Factor: 400,
    });
    const group = await call<{ _id: number }>(server.url, s, 'POST', '/api/v1/Groups', {
      name: 'Reports',
      cities: [city._id],
    });
    const { rows: meters } = await pool.query<{ _id: number; serial: string }>(
      `insert into meters (serial, "group") select 'R' || lpad(i::text, 6, '0'), $1
      from generate_series(1, $2::int) i returning _id, serial`,
      [group._id, CABINETS],
    );
    const district = await call<{ _id: number }>(server.url, s, 'POST', '/api/v1/Districts', {
      name: 'Bench district',
      city: city._id,
      boundary: box(-71.2, 42.3, -71, 42.4),
    });
    // the district's cabinets, written past the services with the district they stand in, each with its meter
    await pool.query(
      `with k as (
        insert into cabinets (uid, "group", city, district)
        select 'K' || lpad(i::text, 6, '0'), $1, $2, $3 from generate_series(1, $4::int) i returning _id, uid)
      update meters m set cabinet = k._id from k where m.serial = 'R' || substr(k.uid, 2)`,
      [group._id, city._id, district._id, HOUR_CABINETS],
    );
    const t0 = performance.now();
    const groupRows = await loadSummedHours(
      pool,
      'group_hours',
      ['"group"'],
      [group._id],
      CABINETS,
      FROM,
      DAYS * 24,
    );
    await loadSummedHours(
      pool,
      'district_hours',
      ['district', '"group"'],
      [district._id, group._id],
      HOUR_CABINETS,
      FROM,
      DAYS * 24,
    );
    const saved = await loadSavedHours(pool, group._id, MODULES, FROM, DAYS * 24);
    const groupControl = await call<{ _id: number }>(server.url, s, 'POST', '/api/v1/GroupControl', {
      name: 'Bench street',
      id: 1,
      group: group._id,
    });
    const moduleRows = await loadModules(
      pool,
      group._id,
      groupControl._id,
      { modules: MODULES, gcModules: GC_MODULES },
      FROM,
      DAYS * 24,
    );
    const rows = await loadMeterHours(
      pool,
      meters.slice(0, HOUR_CABINETS).map((m) => m.serial),
      FROM,
      DAYS * 24,
    );
    await pool.query('vacuum analyze meter_hours');
    await pool.query('vacuum analyze group_hours');
    await pool.query('vacuum analyze district_hours');
    await pool.query('vacuum analyze saved_hours');
    await pool.query('vacuum analyze module_hours');
    await pool.query('vacuum analyze module_days');
    await pool.query('vacuum analyze luminaries');
    await pool.query('vacuum analyze luminary_modules');
    const loadSeconds = (performance.now() - t0) / 1000;
    const { rows: size } = await pool.query<{
      size: string;
      groupSize: string;
      savedSize: string;
      gcSize: string;
      gcBytes: string;
      daysSize: string;
    }>(
      `select pg_size_pretty(pg_total_relation_size('meter_hours')) as size,
        pg_size_pretty(pg_total_relation_size('group_hours')) as "groupSize",
        pg_size_pretty(pg_total_relation_size('saved_hours')) as "savedSize",
        pg_size_pretty(pg_total_relation_size('module_hours')) as "gcSize",
        pg_total_relation_size('module_hours')::text as "gcBytes",
        pg_size_pretty(pg_total_relation_size('module_days')) as "daysSize"`,
    );
    console.log(
      `loaded ${groupRows} group_hours and ${rows} meter_hours rows (${size[0]!.size}) in ${loadSeconds.toFixed(0)} s`,
    );

    const q = (start: string, end: string, groupType: string) =>
      new URLSearchParams({ start, end, groupType, group: String(group._id) }).toString();
    const month = q('2026-10-01T04:00:00Z', '2026-11-01T04:00:00Z', 'BY_DAY');
    const year = q(
      FROM.toISOString(),
      new Date(FROM.getTime() + DAYS * 86_400_000).toISOString(),
      'BY_MONTH',
    );
    await timed(server.url, s, month); // warm-up
    const monthRuns = [];
    for (let i = 0; i < 5; i++) monthRuns.push(await timed(server.url, s, month));
    const yearRuns = [];
    for (let i = 0; i < 3; i++) yearRuns.push(await timed(server.url, s, year));
    console.log(`month ${JSON.stringify(monthRuns)}\nyear ${JSON.stringify(yearRuns)}`);
    // one cabinet's meter, a month BY_DAY: read from its own hours (no goal in the issue; for the record)
    const meterMonth = new URLSearchParams({
      start: '2026-10-01T04:00:00Z',
      end: '2026-11-01T04:00:00Z',
      groupType: 'BY_DAY',
      meter: String(meters[0]!._id),
    }).toString();
    await timed(server.url, s, meterMonth);
    const meterRuns = [];
    for (let i = 0; i < 5; i++) meterRuns.push(await timed(server.url, s, meterMonth));
    // the district: its pre-summed hours (district_hours)
    const inDistrict = (query: string) => `${query.replace(/&?group=\d+/, '')}&district=${district._id}`;
    const districtMonth = await runs(5, () => timed(server.url, s, inDistrict(month)));
    const districtYear = await runs(3, () => timed(server.url, s, inDistrict(year)));
    // baseline: the same district's year summed from its meters' own hours, as before district_hours (in the database)
    const baselineYear = [];
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      await pool.query(consumptionSql('BY_MONTH'), [
        FROM.toISOString(),
        new Date(FROM.getTime() + DAYS * 86_400_000).toISOString(),
        null,
        null,
        null,
        TZ,
        district._id,
      ]);
      baselineYear.push(performance.now() - t0);
    }
    // energy saved for the whole group: its pre-summed hours (saved_hours)
    const savedMonth = await runs(5, () => timed(server.url, s, month, 'energy-saved'));
    const savedYear = await runs(3, () => timed(server.url, s, year, 'energy-saved'));
    const savedByProfile = await runs(3, () => timed(server.url, s, `${year}&by=profile`, 'energy-saved'));
    console.log(`district ${JSON.stringify(districtYear)}\nsaved ${JSON.stringify(savedYear)}`);
    // the group control: its lamps' days of rises (module_days), summed at request time
    const ofGroupControl = (query: string) => `${query}&groupControl=${groupControl._id}`;
    const gcMonth = await runs(5, () => timed(server.url, s, ofGroupControl(month)));
    const gcYear = await runs(3, () => timed(server.url, s, ofGroupControl(year)));
    console.log(`group control ${JSON.stringify(gcMonth)} ${JSON.stringify(gcYear)}`);
    const gcBaseline = await groupControlFromHours(pool, groupControl._id, DAYS);
    // the same figure both ways, or the timing compares different work
    if (Math.abs(gcBaseline.kwh - gcYear[0]!.kwh) > 0.01)
      throw new Error(
        `group control's year: ${gcYear[0]!.kwh} kWh from its days, ${gcBaseline.kwh} from its hours`,
      );

    // 20 users, each asking one month's report after another (a different month each) for CONCURRENT_S
    const latencies: number[] = [];
    const end = Date.now() + CONCURRENT_S * 1000;
    await Promise.all(
      Array.from({ length: USERS }, async (_, u) => {
        const m = u % 12;
        const start = new Date(Date.UTC(2025, 10 + m, 1, 5)).toISOString();
        const stop = new Date(Date.UTC(2025, 11 + m, 1, 5)).toISOString();
        while (Date.now() < end) latencies.push((await timed(server.url, s, q(start, stop, 'BY_DAY'))).ms);
      }),
    );
    console.log(`concurrent: ${latencies.length} requests, p50 ${median(latencies)}, p99 ${p99(latencies)}`);
    const { rows: version } = await pool.query<{ v: string }>(`select split_part(version(), ' ', 2) as v`);
    await writeSection(
      DOC,
      render({
        rows,
        groupRows,
        size: size[0]!.size,
        groupSize: size[0]!.groupSize,
        meter: meterRuns.map((r) => r.ms),
        meterKwh: meterRuns[0]!.kwh,
        districtMonth: districtMonth.map((r) => r.ms),
        districtMonthKwh: districtMonth[0]!.kwh,
        districtYear: districtYear.map((r) => r.ms),
        baselineYear,
        savedMonth: savedMonth.map((r) => r.ms),
        savedMonthKwh: savedMonth[0]!.kwh,
        savedYear: savedYear.map((r) => r.ms),
        savedByProfile: savedByProfile.map((r) => r.ms),
        savedByProfileRows: savedByProfile[0]!.rows,
        savedRows: saved.rows,
        savedCombos: saved.combos,
        savedSize: size[0]!.savedSize,
        gcRows: moduleRows.hours,
        gcSize: size[0]!.gcSize,
        gcBytes: Number(size[0]!.gcBytes),
        dayRows: moduleRows.days,
        daysSize: size[0]!.daysSize,
        gcBaseline: gcBaseline.ms,
        gcMonth: gcMonth.map((r) => r.ms),
        gcMonthKwh: gcMonth[0]!.kwh,
        gcYear: gcYear.map((r) => r.ms),
        loadSeconds,
        month: monthRuns.map((r) => r.ms),
        monthKwh: monthRuns[0]!.kwh,
        year: yearRuns.map((r) => r.ms),
        yearRows: yearRuns[0]!.rows,
        concurrent: latencies,
        pg: version[0]!.v,
        load: os.loadavg()[0]!,
      }),
    );
  } finally {
    await pool.end();
    await stopAll();
    // BENCH_KEEP_DB=1 leaves the data to look into
    if (!process.env.BENCH_KEEP_DB) {
      const admin = new pg.Client({ connectionString: ADMIN_URL });
      await admin.connect();
      await admin.query('drop database if exists sl_bench_reports with (force)');
      await admin.end();
    }
  }
}

type Result = {
  rows: number;
  groupRows: number;
  size: string;
  groupSize: string;
  meter: number[];
  meterKwh: number;
  districtMonth: number[];
  districtMonthKwh: number;
  districtYear: number[];
  baselineYear: number[];
  savedMonth: number[];
  savedMonthKwh: number;
  savedYear: number[];
  savedByProfile: number[];
  savedByProfileRows: number;
  savedRows: number;
  savedCombos: number;
  savedSize: string;
  gcRows: number;
  gcSize: string;
  gcBytes: number;
  dayRows: number;
  daysSize: string;
  gcBaseline: number[];
  gcMonth: number[];
  gcMonthKwh: number;
  gcYear: number[];
  loadSeconds: number;
  month: number[];
  monthKwh: number;
  year: number[];
  yearRows: number;
  concurrent: number[];
  pg: string;
  load: number;
};

/**
 * The group control's year BY_MONTH as its report read it before module_days: its lamps' hours summed per hour out of
 * module_hours (by index, not JIT-compiled, as the server ran it), in the database alone. Three runs.
 */
async function groupControlFromHours(pool: pg.Pool, groupControl: number, days: number) {
  const ms: number[] = [];
  let kwh = 0;
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    const { rows } = await queryWith(
      pool,
      { enable_seqscan: 'off', jit: 'off' },
      `select to_char(${bucket('BY_MONTH', 'h.hour', '$3')}, 'YYYY-MM-DD') as first_day, sum(h.wh)::float8 as wh
      from (
        select h.hour, sum(h.wh) as wh
        from module_hours h
        join luminary_modules m on m.mac = h.mac and m.deleted_at is null
        join luminaries l on l.control_module = m._id and l.deleted_at is null and l.profile_group = $4
        where h.hour >= $1 and h.hour < $2 and h.wh is not null
        group by h.hour) h
      group by 1 order by 1`,
      [FROM.toISOString(), new Date(FROM.getTime() + days * 86_400_000).toISOString(), TZ, groupControl],
    );
    ms.push(performance.now() - t0);
    kwh = rows.reduce((t, r) => t + Number(r.wh), 0) / 1000;
  }
  return { ms, kwh };
}

function render(r: Result): string {
  const m = machine(`PostgreSQL ${r.pg}`);
  const n = (x: number) => Math.round(x).toLocaleString('en-US');
  const ms = (x: number) => `${n(x)} ms`;
  const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const full = CABINETS === 5000 && DAYS >= 365;
  return [
    '## Energy reports (bench:reports)',
    'Written by `bench/reports/run.ts`; rerunning replaces this section.',
    [
      `- Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      `- Command: \`${CABINETS === 5000 && DAYS === 365 ? '' : `CABINETS=${CABINETS} DAYS=${DAYS} `}npm run bench:reports\``,
      `- Machine: ${m.cores} cores (\`nproc\`), ${m.memory} memory, ${m.cpu}; Node ${m.node}; ${m.postgres}; one-minute load average at the end ${r.load.toFixed(1)}. anything else running on the machine makes the numbers noisy (see the load); the numbers are one run.`,
      `- Data: ${n(CABINETS)} cabinets' meters, three phases, ${DAYS} days, as the hourly rollups keep them, loaded by COPY in ${r.loadSeconds.toFixed(0)} s: the group's pre-summed hours (\`group_hours\`, what \`rollMeters\` leaves for all ${n(CABINETS)} meters; all that a whole group's consumption reads): ${n(r.groupRows)} rows, ${r.groupSize}; and the meters' own hours (\`meter_hours\`, what four 15-minute readings an hour leave, with each hour's rise) **for the first ${n(HOUR_CABINETS)} meters only**, the meters of the cabinets of one district (${n(CABINETS)} ÷ ${DISTRICTS}; what a cabinet's or a meter's report reads): ${n(r.rows)} rows, ${r.size}, with that district's pre-summed hours (\`district_hours\`, all a district's consumption reads); and the energy saved of ${n(MODULES)} lamp modules as \`rollModules\` pre-sums it (\`saved_hours\`, per hour, group control and profile: ${r.savedCombos} of them; all the energy-saved report reads): ${n(r.savedRows)} rows, ${r.savedSize}; and the ${n(MODULES)} modules' rises a day to a row (\`module_days\`, what \`rollModules\` keeps and a group control's consumption reads: the lamps now in it; ${n(GC_MODULES)} of them registered in one group control): ${n(r.dayRows)} rows, ${r.daysSize}; and, for the baseline, the group control's ${n(GC_MODULES)} modules' own hours (\`module_hours\`, kept for HISTORY_DAYS only): ${n(r.gcRows)} rows, ${r.gcSize}.${full ? '' : ` **Not the issue's size** (5,000 cabinets, a year).`} The raw 15-minute readings, the other meters' hours and the other modules' own hours (\`module_hours\` for ${n(MODULES)} modules for ${DAYS} days would be about ${n((MODULES / GC_MODULES) * r.gcRows)} rows, ${n(((MODULES / GC_MODULES) * r.gcBytes) / 2 ** 30)} GB: more than this machine's free disk, which is why the days are kept a row each) were not loaded: no report reads them but a cabinet's or a meter's, timed here on the rows loaded.`,
      '- Requests: `GET /api/v2/reports/consumption` for the whole group (an admin with `group=`; one meter with `meter=`; the district with `district=`; the group control with `groupControl=`) and `GET /api/v2/reports/energy-saved` for the whole group, through the server process (`apps/server/src/main.ts`), on 127.0.0.1.',
    ].join('\n'),
    [
      '| measure | runs | median | goal |\n| --- | --- | --: | --: |',
      `| a month BY_DAY (${n(r.monthKwh)} kWh) | ${r.month.map(ms).join(', ')} | **${ms(median(r.month))}** | 200 ms |`,
      `| a year BY_MONTH (${r.yearRows} rows) | ${r.year.map(ms).join(', ')} | **${ms(median(r.year))}** | 300 ms |`,
      `| one meter, a month BY_DAY (${n(r.meterKwh)} kWh) | ${r.meter.map(ms).join(', ')} | **${ms(median(r.meter))}** | – |`,
      `| a district of ${n(HOUR_CABINETS)} cabinets, a month BY_DAY (${n(r.districtMonthKwh)} kWh) | ${r.districtMonth.map(ms).join(', ')} | **${ms(median(r.districtMonth))}** | – |`,
      `| a district of ${n(HOUR_CABINETS)} cabinets, a year BY_MONTH | ${r.districtYear.map(ms).join(', ')} | **${ms(median(r.districtYear))}** | – |`,
      `| baseline: the same district's year summed from its ${n(HOUR_CABINETS)} meters' own hours at request time (the query before \`district_hours\`, in the database alone) | ${r.baselineYear.map(ms).join(', ')} | **${ms(median(r.baselineYear))}** | – |`,
      `| a group control of ${n(GC_MODULES)} lamps, a month BY_DAY (${n(r.gcMonthKwh)} kWh) | ${r.gcMonth.map(ms).join(', ')} | **${ms(median(r.gcMonth))}** | – |`,
      `| a group control of ${n(GC_MODULES)} lamps, a year BY_MONTH | ${r.gcYear.map(ms).join(', ')} | **${ms(median(r.gcYear))}** | – |`,
      `| baseline: the same group control's year summed from its lamps' own hours (\`module_hours\`, the query before \`module_days\`, in the database alone) | ${r.gcBaseline.map(ms).join(', ')} | **${ms(median(r.gcBaseline))}** | – |`,
      `| energy saved, ${n(MODULES)} lamps, a month BY_DAY (${n(r.savedMonthKwh)} kWh saved) | ${r.savedMonth.map(ms).join(', ')} | **${ms(median(r.savedMonth))}** | – |`,
      `| energy saved, a year BY_MONTH | ${r.savedYear.map(ms).join(', ')} | **${ms(median(r.savedYear))}** | – |`,
      `| energy saved, a year BY_MONTH by profile (${n(r.savedByProfileRows)} rows) | ${r.savedByProfile.map(ms).join(', ')} | **${ms(median(r.savedByProfile))}** | – |`,
      `| ${USERS} users, a month BY_DAY each, ${CONCURRENT_S} s | ${n(r.concurrent.length)} requests, p50 ${ms(median(r.concurrent))} | p99 **${ms(p99(r.concurrent))}** | p99 1,000 ms |`,
    ].join('\n'),
    [
      `- **Month BY_DAY ≤ 200 ms: ${met(median(r.month) <= 200)}. Year BY_MONTH ≤ 300 ms: ${met(median(r.year) <= 300)}. p99 under ${USERS} users ≤ 1 s: ${met(p99(r.concurrent) <= 1000)}.**`,
    ].join('\n'),
  ].join('\n\n');
}

await main();
