import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OfflineSweep, type Raw } from '../src/field/offline-sweep.ts';
import { backend, startServer, type TestServer } from './harness.ts';

// Issue 30 §3: the offline sweep takes its rows in id order, as the ingest does, and a statement the database rolled
// back for another process's sake (a deadlock) is made again instead of failing the whole sweep. The deadlock is
// made here by the test: the database's first answer to each statement of the sweep is PostgreSQL's 40P01.

let s: TestServer;
const CONTROLLER = '0243CC000001';
const MODULES = ['024DCC0000000001', '024DCC0000000002'];

beforeAll(async () => {
  s = await startServer();
  const c = await s.call('POST', '/api/v1/Controllers', { mac: CONTROLLER });
  for (const mac of MODULES) await s.call('POST', '/api/v1/LuminaryModules', { mac, controller: c.body._id });
  const long = new Date(Date.now() - 3_600_000).toISOString();
  await s.sql(
    'update controllers set connected = true, cl_status = 1, last_received_at = $1 where mac = $2',
    [long, CONTROLLER],
  );
  await s.sql('update luminary_modules set cl_status = 1, last_received_at = $1 where mac = any($2)', [
    long,
    MODULES,
  ]);
});
afterAll(() => s?.close());

/** The server's own database client, whose first answer to each kind of statement is a deadlock. */
function deadlockingOnce(): { raw: Raw; refused: number } {
  const real = (s.db as unknown as { $client: Raw }).$client;
  const seen = new Set<string>();
  const state = {
    refused: 0,
    raw: {
      query: async (text: string, params: unknown[]) => {
        const kind = text.trim().slice(0, 60);
        if (!seen.has(kind)) {
          seen.add(kind);
          state.refused += 1;
          throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
        }
        return real.query(text, params);
      },
    },
  };
  return state;
}

describe(`the offline sweep on ${backend}`, () => {
  it('makes a statement the database rolled back again, and finds every silent device', async () => {
    const db = deadlockingOnce();
    const failures: object[] = [];
    const sweep = new OfflineSweep(
      db.raw,
      { now: () => new Date() },
      60_000,
      () => {},
      () => {},
      { error: (obj) => failures.push(obj) },
    );
    const found = await sweep.sweep();
    expect(failures).toEqual([]);
    expect(db.refused).toBeGreaterThanOrEqual(2);
    expect(found).toEqual({ controllers: 1, modules: 2 });
    const [c] = await s.sql<{ connected: boolean }>('select connected from controllers where mac = $1', [
      CONTROLLER,
    ]);
    expect(c?.connected).toBe(false);
    const modules = await s.sql<{ cl_status: number }>(
      'select cl_status from luminary_modules where mac = any($1)',
      [MODULES],
    );
    expect(modules.map((m) => m.cl_status)).toEqual([3, 3]);
  });
});
