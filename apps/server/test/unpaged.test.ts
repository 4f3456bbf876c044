import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, startServer, type TestServer } from './harness.ts';

// The spec's unpaged lists (`limit=1000000`, often with `type=all`) are written as they are read, a batch of rows
// at a time, rather than built whole in memory first: the same answer as a page, sent in chunks.

let s: TestServer;
let controller: number;
beforeAll(async () => {
  s = await startServer();
  controller = (await s.call('POST', '/api/v1/Controllers', { mac: '02:43:AB:00:00:01' })).body._id;
  for (let i = 0; i < 30; i++) {
    const made = await s.call('POST', '/api/v1/LuminaryModules', {
      mac: `02:4D:AB:00:00:00:00:${String(i).padStart(2, '0')}`,
      controller,
    });
    expect(made.status).toBe(201);
  }
});
afterAll(() => s?.close());

const cookie = () => [...s.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
async function get(path: string) {
  const res = await fetch(s.url + path, { headers: { cookie: cookie() } });
  return { res, body: (await res.json()) as Record<string, unknown> };
}

describe(`unpaged lists on ${backend}`, () => {
  it.each([
    ['/api/v1/LuminaryModules', (b: Record<string, unknown>) => b],
    ['/api/v2/LuminaryModules', (b: Record<string, unknown>) => b.result as Record<string, unknown>],
    ['/api/v2/luminarymodules/search', (b: Record<string, unknown>) => b.result as Record<string, unknown>],
  ])('streams %s?limit=1000000&type=all, answering as a page would', async (path, pageOf) => {
    for (const rest of [
      '&type=all&sort=_id',
      '&sort=-_id&skip=4',
      `&type=all&sort=_id&controller=${controller}`,
      // the spec's name lists (`inc={field}&limit=100000`): only those fields, streamed as well
      '&inc=mac,location&sort=-mac',
    ]) {
      const whole = await get(`${path}?limit=1000000${rest}`);
      expect(whole.res.status, JSON.stringify(whole.body)).toBe(200);
      expect(whole.res.headers.get('content-type')).toContain('application/json');
      // written as it is read: no length known beforehand
      expect(whole.res.headers.get('transfer-encoding')).toBe('chunked');
      expect(whole.res.headers.get('content-length')).toBeNull();
      const paged = await get(`${path}?limit=5000${rest}`);
      expect(paged.res.headers.get('content-length')).not.toBeNull();
      // the same answer but for the limit asked for
      const asPaged = path.includes('v2')
        ? { ...whole.body, result: { ...pageOf(whole.body), limit: 5000 } }
        : { ...whole.body, limit: 5000 };
      expect(asPaged).toEqual(paged.body);
      expect(pageOf(whole.body).limit).toBe(1000000);
    }
    const names = pageOf((await get(`${path}?limit=100000&inc=mac`)).body).data as Record<string, unknown>[];
    expect(names.length).toBeGreaterThanOrEqual(30);
    for (const row of names) expect(Object.keys(row).sort()).toEqual(['_id', 'mac']);
    const all = pageOf((await get(`${path}?limit=1000000&type=all&sort=_id`)).body);
    expect((all.data as unknown[]).length).toBe(all.total);
    expect(all.total).toBeGreaterThanOrEqual(30);
    // links resolved, as `type=all` asks
    expect((all.data as { controller: unknown }[]).find((m) => m.controller)?.controller).toMatchObject({
      mac: expect.any(String),
    });
  });
});
