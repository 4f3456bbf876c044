import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { loadCity, type City } from '@sl/simulator';
import { seedDemoCity } from '../src/field/demo-city.ts';
import { seedDemoDistricts } from '../src/field/demo-districts.ts';
import { seedDemoModels } from '../src/field/demo-models.ts';
import { seedDemoProgram } from '../src/field/demo-program.ts';
import { generateDemoHistory } from '../src/field/demo-history.ts';
import { backend, startServer, type TestServer } from './harness.ts';

// The demo city's numbers on a fresh start (issue 28 §8): lamp models with a rated power, Massachusetts' tariff and
// grid factor, and 90 days of past nights written by the database, so the reports are not empty on the first visit.

const NOW = new Date('2026-11-27T12:30:00Z');
let s: TestServer;
let group: number;
let city: City;
let took: Awaited<ReturnType<typeof generateDemoHistory>>;

const rows = async (q: ReturnType<typeof sql>) =>
  ((await s.db.execute(q)) as unknown as { rows: Record<string, unknown>[] }).rows;

beforeAll(async () => {
  s = await startServer();
  const demo = (await s.call('GET', '/api/v1/Groups?name=Demo')).body.data[0];
  group = demo._id;
  city = await loadCity('cambridge', { controllers: 6 });
  await seedDemoCity(s.db, group, demo.cities[0], city);
  await seedDemoDistricts(s.db, demo.cities[0]);
  await seedDemoModels(s.db, city);
  await seedDemoProgram(s.db, group, demo.cities[0], [2026, 2027]);
  const c = (await s.call('GET', `/api/v1/Cities/${demo.cities[0]}`)).body;
  took = await generateDemoHistory(s.db, group, city, { lat: c.lat, lon: c.lon, tz: c.timezone }, NOW);
}, 120_000);
afterAll(() => s?.close());

const report = (kind: string, q: Record<string, string | number>) =>
  s.call(
    'GET',
    `/api/v2/reports/${kind}?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]))}`,
  );

describe(`the demo's numbers on ${backend}`, () => {
  it('gives every lamp a model with a rated power, and the city a tariff and an emission factor', async () => {
    const models = (await s.call('GET', '/api/v1/LuminaryModels?limit=100')).body.data;
    expect(models.length).toBe(8);
    for (const m of models) expect(m.power, m.code).toBeGreaterThan(0);
    const [lamps] = await rows(
      sql`select count(*)::int as n, count(model)::int as with_model from luminaries`,
    );
    expect(lamps!.n).toBeGreaterThan(500);
    expect(lamps!.with_model).toBe(lamps!.n);
    const demoCity = (await s.call('GET', `/api/v1/Groups/${group}`)).body.cities[0];
    const c = (await s.call('GET', `/api/v1/Cities/${demoCity}`)).body;
    expect([c.tariff, c.currency, c.co2Factor]).toEqual([0.22, 'USD', 245]);
  });

  it('writes 90 days of nights whose length follows the sky', async () => {
    console.log(`demo history on ${backend}: ${JSON.stringify(took)}`);
    const hours = await rows(sql`select count(*)::int as n,
      to_char(min(hour) at time zone 'UTC', 'YYYY-MM-DD HH24') as first from group_hours`);
    expect(hours[0]).toEqual({ n: 90 * 24 + 12, first: '2026-08-29 00' });
    const controlled = await rows(sql`select count(distinct day)::int as n from module_days`);
    expect(controlled[0]!.n).toBe(91);
    // every lamp burns from dusk to dawn (at one level or another): a night's burning hours per lamp
    const lamps = took.lamps;
    const night = async (evening: string) => {
      const [r] = await rows(sql`
        select sum(burn_h) as h from saved_hours
        where hour between ((${evening}::date + interval '12 hours') at time zone 'America/New_York')
          and ((${evening}::date + interval '36 hours') at time zone 'America/New_York')`);
      return Number(r!.h) / lamps;
    };
    // Boston's sunset and sunrise (USNO): 1 Sep about 19:21 to 06:22 EDT, 26 Nov about 16:14 to 06:50 EST
    const september = await night('2026-09-01');
    const november = await night('2026-11-26');
    expect(september).toBeGreaterThan(10.6);
    expect(september).toBeLessThan(11.6);
    expect(november).toBeGreaterThan(14.2);
    expect(november).toBeLessThan(15.1);
  });

  it('answers the reports with energy, money, CO2 and savings', async () => {
    const range = { start: '2026-08-29T00:00:00Z', end: '2026-11-27T12:00:00Z', group };
    const used = (await report('consumption', { ...range, groupType: 'BY_MONTH' })).body.result;
    expect(used.total.kwh).toBeGreaterThan(1000);
    expect(used.total.cost).toBeCloseTo(used.total.kwh * 0.22, 0);
    expect(used.total.co2Kg).toBeCloseTo(used.total.kwh * 0.245, 0);
    expect(used.rows.map((r: { period: string }) => r.period)).toEqual([
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
    const saved = (await report('energy-saved', { ...range, groupType: 'BY_PERIOD' })).body.result.rows[0];
    expect(saved.savedKwh).toBeGreaterThan(0);
    expect(saved.fullKwh).toBeGreaterThan(saved.drawnKwh);
    const districts = await rows(sql`select count(distinct district)::int as n from district_hours`);
    expect(districts[0]!.n).toBeGreaterThan(0);
    const values = (await report('instant-values', { ...range, groupType: 'BY_PERIOD' })).body.result.rows;
    expect(values.length).toBe(6);
  });
});
