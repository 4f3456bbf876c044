import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, startServer, type TestServer } from './harness.ts';
import { startServerProcess } from './server-process.ts';

// List pages are kept for a moment and shared (entities/page-cache.ts). A write through the API must show in the
// very next page, also in another server process on the same database (it is told through the database), and a
// write no server made (SQL by hand) within the moment.

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s?.close());

const KEPT_MS = 1000;

describe(`kept list pages on ${backend}`, () => {
  it('shows each write through the API in the next page asked for', async () => {
    const all = async () => (await s.call('GET', '/api/v1/Vendors?limit=100&sort=_id')).body;
    const found = async () => (await s.call('GET', '/api/v2/vendors/search?q=Kept')).body.result;
    const before = await all();
    expect((await found()).total).toBe(0);

    const created = (await s.call('POST', '/api/v1/Vendors', { name: 'Kept page' })).body;
    expect((await all()).total).toBe(before.total + 1);
    expect((await found()).data.map((r: { name: string }) => r.name)).toEqual(['Kept page']);

    await s.call('PATCH', `/api/v1/Vendors/${created._id}`, { name: 'Kept and renamed' });
    expect((await found()).data.map((r: { name: string }) => r.name)).toEqual(['Kept and renamed']);

    await s.call('DELETE', `/api/v1/Vendors/${created._id}`);
    expect((await found()).total).toBe(0);
    expect((await all()).total).toBe(before.total);
  });

  it('shows a write made outside the server within the moment a page is kept', async () => {
    const created = (await s.call('POST', '/api/v1/Vendors', { name: 'Written by hand' })).body;
    const name = async () => (await s.call('GET', `/api/v1/Vendors?_id=${created._id}`)).body.data[0].name;
    expect(await name()).toBe('Written by hand');
    await s.sql('update vendors set name = $1 where _id = $2', ['Rewritten by hand', created._id]);
    const written = Date.now();
    while ((await name()) !== 'Rewritten by hand') {
      // usually just over KEPT_MS; never a page older than twice that, whatever the machine's load
      expect(Date.now() - written).toBeLessThan(2 * KEPT_MS);
      await new Promise((r) => setTimeout(r, 50));
    }
  });
  it.runIf(backend === 'postgres')(
    'shows a write through one server process in the pages another one kept, well within the moment',
    async () => {
      const other = await startServerProcess({ DATABASE_URL: s.databaseUrl! });
      try {
        const created = (await s.call('POST', '/api/v1/Vendors', { name: 'Seen elsewhere' })).body;
        const there = async () =>
          (await other.call('GET', `/api/v1/Vendors?_id=${created._id}`)).body.data[0].name as string;
        // the other process keeps this page from now on: without the announcement it answers the old name
        // until at least KEPT_MS from here, so seeing the new name sooner proves the announcement
        const keptFrom = Date.now();
        expect(await there()).toBe('Seen elsewhere');
        await s.call('PATCH', `/api/v1/Vendors/${created._id}`, { name: 'Renamed here' });
        while ((await there()) !== 'Renamed here') {
          expect(Date.now() - keptFrom).toBeLessThan(KEPT_MS);
          await new Promise((r) => setTimeout(r, 20));
        }
      } finally {
        await other.stop();
      }
    },
    90_000,
  );
});
