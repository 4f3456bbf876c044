import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, backend, startServer, type TestServer } from './harness.ts';

// Issue 15: a user's console preferences live on the server, so they follow the user to another browser.

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s?.close());

describe(`user preferences on ${backend}`, () => {
  it('starts empty, keeps each key set, and forgets one set to null', async () => {
    expect((await s.call('GET', '/api/v2/preferences')).body).toEqual({ error: false, result: {} });
    await s.call('PUT', '/api/v2/preferences/LuminaryModules.columns', { value: ['mac', 'pwm'] });
    const put = await s.call('PUT', '/api/v2/preferences/LuminaryModules.perPage', { value: 50 });
    expect(put.status).toBe(200);
    expect(put.body.result).toEqual({
      'LuminaryModules.columns': ['mac', 'pwm'],
      'LuminaryModules.perPage': 50,
    });
    await s.call('PUT', '/api/v2/preferences/LuminaryModules.perPage', { value: null });
    expect((await s.call('GET', '/api/v2/preferences')).body.result).toEqual({
      'LuminaryModules.columns': ['mac', 'pwm'],
    });
  });

  it('follows the user to another session, and no one else sees them', async () => {
    await s.call('PUT', '/api/v2/preferences/Cabinets.hidden', { value: ['comment'] });
    const again = await s.signIn('admin', ADMIN_PASSWORD);
    expect((await again.call('GET', '/api/v2/preferences')).body.result['Cabinets.hidden']).toEqual([
      'comment',
    ]);
    const other = await s.adminOfNewGroup('Prefs other');
    expect((await other.call('GET', '/api/v2/preferences')).body.result).toEqual({});
    await other.call('PUT', '/api/v2/preferences/Cabinets.hidden', { value: ['uid'] });
    expect((await s.call('GET', '/api/v2/preferences')).body.result['Cabinets.hidden']).toEqual(['comment']);
  });

  it('refuses a visitor, an odd key and an oversized value', async () => {
    expect((await s.anonymous().call('GET', '/api/v2/preferences')).status).toBe(401);
    expect((await s.call('PUT', '/api/v2/preferences/a%20b', { value: 1 })).status).toBe(400);
    const big = await s.call('PUT', '/api/v2/preferences/big', { value: 'x'.repeat(9000) });
    expect(big.status).toBe(400);
    expect(big.body.code).toBe('IsInvalidError');
  });
});
