import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@sl/domain';
import { backend, startServer, type TestServer } from './harness.ts';

// Issue 30 §1: a request that finds every connection of the PostgreSQL pool taken waits PG_POOL_WAIT_S for one,
// then is answered 503, rather than hanging for as long as others hold the pool. Here two edits waiting on a row
// another client holds locked hold a pool of two.

const WAIT_MS = 1500;

let s: TestServer;
let support: number;
beforeAll(async () => {
  s = await startServer({}, { pool: { size: 2, waitMs: WAIT_MS } });
  support = (await s.call('POST', '/api/v1/LuminarySupports', { uid: 'P-WAIT' })).body._id;
}, 120_000);
afterAll(() => s?.close());

async function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

describe.runIf(backend === 'postgres')('a request that finds the pool taken, on PostgreSQL', () => {
  it('is answered 503 ServiceConnectionError after the wait, and served again once a connection is free', async () => {
    const locker = new pg.Client({ connectionString: s.databaseUrl });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('select 1 from luminary_supports where _id = $1 for update', [support]);
      const edits = ['A St', 'B St'].map((street) =>
        s.call('PATCH', `/api/v1/LuminarySupports/${support}`, { street }),
      );
      // both edits have their connections and wait on the lock
      for (let i = 0; i < 100; i++) {
        const { rows } = await locker.query(
          `select count(*)::int as n from pg_stat_activity
           where datname = current_database() and wait_event_type = 'Lock'`,
        );
        if (rows[0].n >= 2) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      const started = Date.now();
      const page = await within(WAIT_MS + 6000, s.raw('GET', '/api/v1/Controllers?limit=5'));
      expect(Date.now() - started).toBeGreaterThanOrEqual(WAIT_MS - 100);
      expect(page).toEqual({
        status: 503,
        body: {
          error: true,
          code: 'ServiceConnectionError',
          message: ERRORS.ServiceConnectionError['en-us'],
          reason: 'databaseBusy',
        },
      });
      const answer = await fetch(s.url + '/api/v1/Controllers?limit=5', {
        headers: { cookie: [...s.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      expect(answer.status).toBe(503);
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
      await answer.arrayBuffer();
      // health and sign-in keep connections of their own
      expect((await within(3000, s.call('GET', '/health'))).status).toBe(200);

      await locker.query('commit');
      expect((await within(10_000, Promise.all(edits))).map((e) => e.status)).toEqual([200, 200]);
      expect((await within(10_000, s.call('GET', '/api/v1/Controllers?limit=5'))).status).toBe(200);
    } finally {
      await locker.end();
    }
  }, 60_000);
});
