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

// Issue 28 §5: a list's filters saved under a name, kept with the user's preferences.
describe(`saved list views on ${backend}`, () => {
  const views = '/api/v2/views/LuminarySupports';
  const names = (body: { result: { name: string }[] }) => body.result.map((v) => v.name);

  it('saves a view by name, replaces one so named, follows the user and is deleted', async () => {
    expect((await s.call('GET', views)).body).toEqual({ error: false, result: [] });
    const saved = await s.call('POST', views, { name: ' Broken on Main ', filter: { state: 'broken' } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.result).toEqual([{ name: 'Broken on Main', filter: { state: 'broken' } }]);
    await s.call('POST', views, { name: 'Dark west', filter: { state: ['offline', 'broken'], district: 3 } });
    const replaced = await s.call('POST', views, {
      name: 'Broken on Main',
      filter: { state: 'broken', street: 'Main' },
    });
    expect(replaced.body.result).toEqual([
      { name: 'Dark west', filter: { state: ['offline', 'broken'], district: 3 } },
      { name: 'Broken on Main', filter: { state: 'broken', street: 'Main' } },
    ]);
    // another browser of the same user has them; another list and another user have none
    const again = await s.signIn('admin', ADMIN_PASSWORD);
    expect(names((await again.call('GET', views)).body)).toEqual(['Dark west', 'Broken on Main']);
    expect((await s.call('GET', '/api/v2/views/Luminaries')).body.result).toEqual([]);
    const other = await s.adminOfNewGroup('Views other');
    expect((await other.call('GET', views)).body.result).toEqual([]);

    const left = await s.call('DELETE', `${views}/${encodeURIComponent('Dark west')}`);
    expect(left.status).toBe(200);
    expect(names(left.body)).toEqual(['Broken on Main']);
    const gone = await s.call('DELETE', `${views}/${encodeURIComponent('Dark west')}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ code: 'NotFoundError' });
  });

  it('refuses a view without a name, with a name too long or with a filter the list refuses', async () => {
    for (const [body, field, reason] of [
      [{ filter: { state: 'on' } }, 'name', 'required'],
      [{ name: '   ', filter: { state: 'on' } }, 'name', 'required'],
      [{ name: 'x'.repeat(61), filter: { state: 'on' } }, 'name', 'tooLong'],
      [{ name: 'Lit', filter: { state: 'lit' } }, 'state', undefined],
      [{ name: 'Odd', filter: { nonsense: '1' } }, 'nonsense', undefined],
    ] as const) {
      const res = await s.call('POST', views, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ code: 'IsInvalidError', fields: [field] });
      expect(res.body.reason).toBe(reason);
      expect(typeof res.body.message).toBe('string');
    }
    // text PostgreSQL cannot hold is refused, not a 500
    for (const name of ['nul\u0000', 'half\ud800'])
      expect((await s.call('POST', views, { name, filter: {} })).body).toMatchObject({
        code: 'IsInvalidError',
        fields: ['name'],
      });
    expect(names((await s.call('GET', views)).body)).toEqual(['Broken on Main']);
    expect((await s.anonymous().call('GET', views)).status).toBe(401);
    expect((await s.call('GET', '/api/v2/views/Nonsense')).body).toMatchObject({ code: 'NotFoundError' });
  });
});
