import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, startServer, type TestServer } from './harness.ts';

// Security headers (helmet) on every answer: a content security policy the console and MapLibre work under
// (apps/web/e2e/csp.test.ts shows them working), no framing, no sniffing, and API answers never cached.

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s?.close());

async function headersOf(path: string, init: RequestInit = {}) {
  const res = await fetch(s.url + path, init);
  await res.arrayBuffer();
  return { status: res.status, get: (name: string) => res.headers.get(name) };
}

/** The policy's directives by name. */
const directives = (csp: string | null) =>
  Object.fromEntries(
    (csp ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name, values]),
  );

describe(`security headers on ${backend}`, () => {
  it('sends a content security policy that allows only what the console and MapLibre use', async () => {
    const { get } = await headersOf('/');
    const csp = directives(get('content-security-policy'));
    expect(csp).toMatchObject({
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'frame-ancestors': ["'none'"],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
    });
    expect(csp['worker-src']).toEqual(expect.arrayContaining(["'self'", 'blob:']));
    expect(csp['img-src']).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']));
    // no inline or evaluated script anywhere
    expect(JSON.stringify(csp['script-src'])).not.toMatch(/unsafe/);
    // the console is served over plain HTTP on a city's own network too
    expect(csp['upgrade-insecure-requests']).toBeUndefined();
    expect(get('x-content-type-options')).toBe('nosniff');
    expect(get('x-frame-options')).toBe('DENY');
  });

  it('marks every API answer no-store, errors and sign-in included', async () => {
    for (const [path, init, status] of [
      ['/api/v1/Vendors', { headers: { cookie: `sid=${s.cookies.get('sid')}` } }, 200],
      ['/api/v1/Vendors', {}, 401],
      ['/api/v1/Nothing', {}, 404],
      ['/health', {}, 200],
      [
        '/auth/sign-in',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ login: 'nobody', password: 'Lamps-2026' }),
        },
        401,
      ],
    ] as const) {
      const res = await headersOf(path, init);
      expect([path, res.status, res.get('cache-control')]).toEqual([path, status, 'no-store']);
      expect(res.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
    }
  });
});
