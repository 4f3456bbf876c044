import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, startServer, type TestServer } from './harness.ts';

// A MAC written as aa:bb:…, AA-BB-… or AABB… is one MAC: stored in the form the field speaks (bare, upper-case),
// unique in that form, and found by any of them.

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s?.close());

describe(`MAC normalisation on ${backend}`, () => {
  it('stores every accepted form as bare upper-case hex, on create and on update', async () => {
    const c = await s.call('POST', '/api/v1/Controllers', { mac: 'aa:bb:cc:dd:ee:01' });
    expect(c.status).toBe(201);
    expect(c.body.mac).toBe('AABBCCDDEE01');
    const m = await s.call('POST', '/api/v2/LuminaryModules', {
      mac: 'AA-BB-CC-DD-EE-FF-00-01',
      controller: c.body._id,
    });
    expect(m.body.result.mac).toBe('AABBCCDDEEFF0001');
    const bare = await s.call('POST', '/api/v1/LuminaryModules', { mac: 'aabbccddeeff0002' });
    expect(bare.body.mac).toBe('AABBCCDDEEFF0002');
    const patched = await s.call('PATCH', `/api/v1/LuminaryModules/${bare.body._id}`, {
      mac: 'aa:bb:cc:dd:ee:ff:00:03',
    });
    expect(patched.body.mac).toBe('AABBCCDDEEFF0003');
    const [row] = await s.sql<{ mac: string }>('select mac from luminary_modules where _id = $1', [
      bare.body._id,
    ]);
    expect(row!.mac).toBe('AABBCCDDEEFF0003');
  });

  it('refuses the same MAC written another way as a duplicate, and a malformed one as invalid', async () => {
    const dup = await s.call('POST', '/api/v1/Controllers', { mac: 'AA-BB-CC-DD-EE-01' });
    expect(dup.body.code).toBe('AlreadyExistsError');
    const bad = await s.call('POST', '/api/v1/Controllers', { mac: 'zz:bb:cc:dd:ee:01' });
    expect(bad.body).toMatchObject({ code: 'IsInvalidError', fields: ['mac'] });
  });

  it('finds a device by any form of its MAC', async () => {
    for (const form of ['aa:bb:cc:dd:ee:ff:00:01', 'AA-BB-CC-DD-EE-FF-00-01', 'AABBCCDDEEFF0001']) {
      const v1 = await s.call('GET', `/api/v1/LuminaryModules?mac=${form}`);
      expect(v1.body.total, form).toBe(1);
      const v2 = await s.call('GET', `/api/v2/lamp-modules/search?mac=${form}`);
      expect(v2.body.result.total, form).toBe(1);
      // dimming finds it (code 3 would be "module not found"); its controller is not on the broker, so TimeOut
      const dim = await s.call('GET', `/api/v1/control/lighting?by=mac&mac=${form}&raw=40`);
      expect(dim.body, form).toMatchObject({ code: 1, raw: { mac: 'AABBCCDDEEFF0001', pwm: 40 } });
    }
    const c = await s.call('GET', '/api/v1/Controllers?mac=aa-bb-cc-dd-ee-01');
    expect(c.body.total).toBe(1);
  });

  it('finds a device when the search box holds part of its MAC in any form', async () => {
    for (const part of ['ee:ff:00', 'EE-FF-00-01', 'eeff00']) {
      const found = await s.call('GET', `/api/v1/LuminaryModules?q=${encodeURIComponent(part)}`);
      expect(
        found.body.data.map((r: { mac: string }) => r.mac),
        part,
      ).toContain('AABBCCDDEEFF0001');
    }
  });
});
