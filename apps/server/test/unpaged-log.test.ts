import { getTableName, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entity } from '@sl/domain';
import { tableOf } from '../src/db/tables.ts';
import { until } from './field-setup.ts';
import { backend, startServer, type TestServer } from './harness.ts';

// Issue 30 §7: the review found about 60 "Reply was already sent" warnings in the server's log after unpaged
// lists. A streamed answer is sent once, whether its client reads it to the end or goes away in the middle.

// far more than the kernel's buffers take on loopback, so a client that leaves does so mid-stream
const ROWS = 8_000;
const PATHS = [
  '/api/v1/LuminarySupports?limit=1000000&type=all',
  '/api/v2/LuminarySupports?limit=1000000',
  '/api/v2/luminarysupports/search?limit=1000000',
];

let s: TestServer;
const log: string[] = [];
beforeAll(async () => {
  s = await startServer({}, { log });
  const group = (await s.call('GET', '/auth/me')).body.group?._id ?? null;
  await s.db.execute(
    sql.raw(`insert into ${getTableName(tableOf(entity('LuminarySupports')))} (uid, comment, "group")
      select 'S-' || i, repeat('a long comment ', 40), ${group} from generate_series(1, ${ROWS}) i`),
  );
}, 120_000);
afterAll(() => s?.close());

const cookie = () => [...s.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
const open = () => fetch(s.url + '/health').then((r) => r.json());
const alreadySent = () => log.filter((l) => /already sent/i.test(l));
/** errors (pino level 50 and above): a second answer written after the stream was one */
const errors = () => log.filter((l) => (JSON.parse(l) as { level: number }).level >= 50);

describe(`the log of unpaged lists on ${backend}`, () => {
  it('holds no "Reply was already sent" after lists read whole and lists left mid-stream', async () => {
    for (const path of PATHS) {
      const whole = await fetch(s.url + path, { headers: { cookie: cookie() } });
      expect(whole.status).toBe(200);
      expect(((await whole.json()) as { error?: boolean }).error).not.toBe(true);

      const left = new AbortController();
      const res = await fetch(s.url + path, { headers: { cookie: cookie() }, signal: left.signal });
      expect(res.status).toBe(200);
      await res.body!.getReader().read();
      left.abort();
    }
    // the streams of the clients that left are closed: both of this user's slots are free again
    await until(async () => {
      const [a, b] = await Promise.all(
        [0, 1].map(() => fetch(s.url + PATHS[0]!, { headers: { cookie: cookie() } })),
      );
      await Promise.all([a!.arrayBuffer(), b!.arrayBuffer()]);
      return (a!.status === 200 && b!.status === 200) || undefined;
    }, 15_000);
    await open();
    expect(alreadySent()).toEqual([]);
    expect(errors()).toEqual([]);
  }, 120_000);
});
