import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyInto } from '../src/field/copy-rows.ts';
import { backend, freshDatabase } from './harness.ts';

// The reading history goes into PostgreSQL by COPY: every value must come back as it went in, nulls and
// characters that COPY's text format escapes included.

describe.runIf(backend === 'postgres')('rows written by COPY', () => {
  let pool: pg.Pool;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const fresh = await freshDatabase(process.env.DATABASE_URL!);
    drop = fresh.drop;
    pool = new pg.Pool({ connectionString: fresh.url });
    await pool.query('create table probe (at timestamptz, mac text, pwm int, pow float8)');
  });
  afterAll(async () => {
    await pool?.end();
    await drop?.();
  });

  it('come back exactly, nulls and escaped characters included', async () => {
    const rows = [
      { at: '2026-11-22T18:00:00.123Z', mac: 'AABBCCDDEEFF0001', pwm: 40, pow: 12.5 },
      { at: '2026-11-22T18:00:01.000Z', mac: 'tab\there\\back\nline\rreturn', pwm: null, pow: -0.25 },
      { at: '2026-11-22T18:00:02.000Z', mac: null, pwm: 0, pow: null },
    ];
    await copyInto(pool, 'probe', ['at', 'mac', 'pwm', 'pow'], rows);
    const back = await pool.query(
      `select to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') at, mac, pwm, pow from probe order by at`,
    );
    expect(back.rows).toEqual(rows);
  });

  it('refuses a batch with a value its column cannot hold, and stores none of it', async () => {
    const rows = [
      { at: '2026-11-22T19:00:00Z', mac: 'A', pwm: 1, pow: 1 },
      { at: '2026-11-22T19:00:01Z', mac: 'B', pwm: 1.5, pow: 1 },
    ];
    await expect(copyInto(pool, 'probe', ['at', 'mac', 'pwm', 'pow'], rows)).rejects.toThrow();
    expect(
      (await pool.query(`select count(*)::int n from probe where at >= '2026-11-22T19:00:00Z'`)).rows[0].n,
    ).toBe(0);
  });
});
