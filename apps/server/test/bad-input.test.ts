import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITIES, ERRORS } from '@sl/domain';
import { backend, startServer, type Answer, type TestServer } from './harness.ts';

// Bad input of every kind gets a catalogue error and a 4xx, never a 500.

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s?.close());

const names = ENTITIES.map((e) => e.name);
const codes = Object.keys(ERRORS);

function expectCatalogueError(res: Answer, status?: number) {
  expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400);
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
  if (status) expect(res.status).toBe(status);
  expect(res.body.error).toBe(true);
  expect(codes).toContain(res.body.code);
  expect(typeof res.body.message).toBe('string');
}

describe(`bad input on ${backend}`, () => {
  it('never fails with 5xx on random bodies sent to any entity', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...names),
        fc.constantFrom('POST', 'PATCH'),
        fc.dictionary(
          fc.oneof(
            fc.constantFrom(
              'name',
              'uid',
              'mac',
              'location',
              'sockets',
              'group',
              'vendor',
              'socketCount',
              'settings',
              '_id',
            ),
            fc.string(),
          ),
          fc.jsonValue({ maxDepth: 3 }),
          { maxKeys: 6 },
        ),
        async (name, method, body) => {
          const res =
            method === 'POST'
              ? await s.call('POST', `/api/v1/${name}`, body)
              : await s.call('PATCH', `/api/v2/${name}`, body);
          if (res.status < 300) return;
          expectCatalogueError(res);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('never fails with 5xx on random query strings', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...names),
        fc.dictionary(
          fc.oneof(
            fc.constantFrom(
              'skip',
              'limit',
              'sort',
              'inc',
              'q',
              'deleted',
              'type',
              'bbox',
              'id',
              'group',
              'uid',
              'createdAt_gte',
              'location',
            ),
            fc.string(),
          ),
          fc.string(),
          { maxKeys: 4 },
        ),
        async (name, query) => {
          const res = await s.call('GET', `/api/v2/${name}?${new URLSearchParams(query)}`);
          if (res.status < 300) return;
          expectCatalogueError(res);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses wrong types', async () => {
    const res = await s.call('POST', '/api/v1/LuminarySupports', {
      uid: 7,
      socketCount: '2',
      location: 'here',
      sockets: {},
    });
    expectCatalogueError(res, 400);
    expect(res.body.fields.sort()).toEqual(['location', 'socketCount', 'sockets', 'uid']);
  });

  it('refuses huge limits, negative skip and unknown parameters', async () => {
    for (const q of [
      'limit=1000001',
      'limit=0',
      'limit=1e9',
      'skip=-1',
      'skip=abc',
      'color=red',
      'sort=password',
      'inc=password',
      'deleted=maybe',
      // names every object answers to, which no entity declares (found by the fuzzer: sort=__proto__ gave 500)
      'sort=__proto__',
      'sort=constructor',
      'inc=__proto__',
      'inc=toString',
      'constructor=1',
      'hasOwnProperty_gte=1',
    ]) {
      expectCatalogueError(await s.call('GET', `/api/v1/Users?${q}`), 400);
      expectCatalogueError(await s.call('GET', `/api/v1/Groups?${q}`), 400);
    }
    // the query parser drops a `__proto__` key before the route sees it: nothing to refuse, and nothing breaks
    expect((await s.call('GET', '/api/v1/Groups?__proto__=1')).status).toBe(200);
  });

  it('refuses malformed ids', async () => {
    for (const id of ['abc', '-1', '0', '1.5', '99999999999999999999', "1'or'1"]) {
      expectCatalogueError(await s.call('GET', `/api/v1/Cabinets/${encodeURIComponent(id)}`), 400);
      expectCatalogueError(await s.call('DELETE', `/api/v2/Cabinets/${encodeURIComponent(id)}`), 400);
    }
    expectCatalogueError(await s.call('GET', '/api/v2/Cabinets?id=x'), 400);
    expectCatalogueError(await s.call('PATCH', '/api/v2/Cabinets', { address: 'no id' }), 400);
  });

  it('refuses invalid JSON, a non-object body, and other content types', async () => {
    expectCatalogueError(await s.raw('POST', '/api/v1/Vendors', '{"name":'), 400);
    expectCatalogueError(await s.raw('POST', '/api/v1/Vendors', '[1,2]'), 400);
    expectCatalogueError(await s.raw('POST', '/api/v1/Vendors', '"text"'), 400);
    expectCatalogueError(
      await s.raw('POST', '/api/v1/Vendors', 'name=x', {
        'content-type': 'application/x-www-form-urlencoded',
      }),
      415,
    );
  });

  it('refuses values the database cannot hold', async () => {
    expectCatalogueError(await s.call('POST', '/api/v1/Vendors', { name: 'nul\u0000byte' }), 400);
    expectCatalogueError(await s.call('POST', '/api/v1/Luminaries', { uid: 'L', maxLumen: 2 ** 40 }), 400);
    expectCatalogueError(await s.call('POST', '/api/v1/Vendors', { name: 'x'.repeat(501) }), 400);
    expectCatalogueError(
      await s.call('POST', '/api/v1/LuminarySupports', { uid: 'P', sockets: Array(17).fill({}) }),
      400,
    );
  });

  it('refuses an oversized body', async () => {
    expectCatalogueError(
      await s.call('POST', '/api/v1/Vendors', { name: 'x', pad: 'y'.repeat(6 * 1024 * 1024) }),
      413,
    );
  });

  it('refuses a NUL in a search, a filter or an export query, naming the parameter', async () => {
    for (const path of [
      '/api/v1/LuminaryModules?q=%00',
      '/api/v1/LuminaryModules?mac=AB%00CD',
      '/api/v2/lamp-modules/search?q=x%00',
      '/api/v2/LuminaryModules/export?q=%00',
    ]) {
      const r = await s.call('GET', path);
      expect([r.status, r.body.code], path).toEqual([400, 'IsInvalidError']);
      expect(r.body.fields.length, path).toBe(1);
    }
  });

  it('answers unknown API paths with NotFoundError', async () => {
    expectCatalogueError(await s.call('GET', '/api/v1/Nothing'), 404);
    expectCatalogueError(await s.call('PUT', '/api/v1/Vendors/1', {}), 404);
  });
});
