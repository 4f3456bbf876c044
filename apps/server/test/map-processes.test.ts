import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, startServer, type TestServer } from './harness.ts';
import { startServerProcess } from './server-process.ts';

// The map index of every server process follows the devices written through any of them (announced through the
// database, as the kept pages are): two processes on one PostgreSQL server.

let s: TestServer;
beforeAll(async () => {
  if (backend === 'postgres') s = await startServer();
});
afterAll(() => s?.close());

const SEEN_WITHIN_MS = 2000;

describe.runIf(backend === 'postgres')('the map index between two server processes', () => {
  it('shows a cabinet created through one process on the map of another within 2 s', async () => {
    const other = await startServerProcess({ DATABASE_URL: s.databaseUrl! });
    try {
      const cabinets = async () =>
        (await other.call('GET', '/api/v2/map/summary')).body.result.counts.Cabinets as number;
      // the other process has read every device once: without the announcement it keeps what it read
      const before = await cabinets();
      const created = await s.call('POST', '/api/v1/Cabinets', {
        uid: 'MAP-ELSEWHERE-1',
        location: { coordinates: [-71.1, 42.37] },
      });
      expect(created.status).toBe(201);
      const written = Date.now();
      while ((await cabinets()) !== before + 1) {
        expect(Date.now() - written).toBeLessThan(SEEN_WITHIN_MS);
        await new Promise((r) => setTimeout(r, 50));
      }
      // and its tiles and radius queries with it
      const near = await other.call(
        'GET',
        '/api/v2/SingleRequest/all?lat=42.37&lon=-71.1&radius=50&models=Cabinets',
      );
      expect(JSON.stringify(near.body)).toContain('MAP-ELSEWHERE-1');
    } finally {
      await other.stop();
    }
  }, 90_000);
});
