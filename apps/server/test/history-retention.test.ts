import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../src/config.ts';
import { ensurePartitions, maintainHistory } from '../src/field/history.ts';
import { backend, startServer, type TestServer } from './harness.ts';

// Day partitions of the reading history older than HISTORY_DAYS are dropped by the upkeep that makes new ones.

const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);
const name = (table: string, d: Date) => `${table}_${d.toISOString().slice(0, 10).replace(/-/g, '')}`;

let s: TestServer;
beforeAll(async () => {
  s = await startServer({ historyDays: 3 });
});
afterAll(() => s?.close());

const partitions = async (table: string) =>
  (
    await s.sql<{ name: string }>(
      `select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
       join pg_class p on p.oid = i.inhparent where p.relname = $1 order by 1`,
      [table],
    )
  ).map((r) => r.name);

async function reading(at: Date, mac: string) {
  await s.sql(`insert into module_readings (at, mac, pwm) values ($1, $2, 50)`, [at.toISOString(), mac]);
  await s.sql(
    `insert into meter_readings (at, serial, phase, voltage, current, power, energy) values ($1, $2, 1, 1, 1, 1, 1)`,
    [at.toISOString(), mac],
  );
}

describe(`history retention on ${backend}`, () => {
  it('reads HISTORY_DAYS, 90 by default', () => {
    expect(configFromEnv({}).historyDays).toBe(90);
    expect(configFromEnv({ HISTORY_DAYS: '7' }).historyDays).toBe(7);
    expect(() => configFromEnv({ HISTORY_DAYS: 'forever' })).toThrow(/HISTORY_DAYS/);
  });

  it('drops whole days past the retention, keeps the rest and every day ahead', async () => {
    // a server that ran ten days ago left its partitions, with readings in them
    await ensurePartitions(s.db, 2, daysAgo(10));
    await reading(daysAgo(10), 'OLD');
    await reading(daysAgo(40), 'STRAY'); // outside every day partition: the default one holds it
    await reading(new Date(), 'NOW');
    await reading(daysAgo(2), 'KEPT'); // within the retention, in the default partition: kept
    for (const table of ['module_readings', 'meter_readings'])
      expect(await partitions(table)).toContain(name(table, daysAgo(10)));

    await maintainHistory(s.db, 3);

    for (const table of ['module_readings', 'meter_readings']) {
      const left = await partitions(table);
      for (const gone of [11, 10, 9, 8, 7, 3]) expect(left).not.toContain(name(table, daysAgo(gone)));
      for (const kept of [1, 0, -1, -2]) expect(left).toContain(name(table, daysAgo(kept)));
      expect(left).toContain(`${table}_default`);
    }
    const macs = (await s.sql<{ mac: string }>('select mac from module_readings order by mac')).map(
      (r) => r.mac,
    );
    expect(macs).toEqual(['KEPT', 'NOW']);
    const serials = (
      await s.sql<{ serial: string }>('select serial from meter_readings order by serial')
    ).map((r) => r.serial);
    expect(serials).toEqual(['KEPT', 'NOW']);
  });

  it('deletes the module hours past the retention and keeps their days', async () => {
    for (const [mac, ago] of [
      ['OLD', 10],
      ['KEPT', 2],
    ] as const) {
      const hour = new Date(Math.floor(daysAgo(ago).getTime() / 3_600_000) * 3_600_000).toISOString();
      await s.sql(
        `insert into module_hours (mac, hour, energy_min, energy_max, pow_sum, readings, wh) values ($1, $2, 1, 2, 0, 1, 1)`,
        [mac, hour],
      );
      await s.sql(`insert into module_days (mac, day, wh, burn_h) values ($1, $2::date, '{1}', '{0}')`, [
        mac,
        hour.slice(0, 10),
      ]);
    }
    await maintainHistory(s.db, 3);
    const left = async (table: string) =>
      (await s.sql<{ mac: string }>(`select mac from ${table} order by mac`)).map((r) => r.mac);
    expect(await left('module_hours')).toEqual(['KEPT']);
    expect(await left('module_days')).toEqual(['KEPT', 'OLD']);
  });

  it('keeps everything when HISTORY_DAYS is 0', async () => {
    await ensurePartitions(s.db, 0, daysAgo(20));
    await maintainHistory(s.db, 0);
    expect(await partitions('module_readings')).toContain(name('module_readings', daysAgo(20)));
  });
});
