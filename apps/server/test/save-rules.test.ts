import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, startServer, type TestServer } from './harness.ts';

// Spec §5 save rules and the item-6 error codes, enforced by the server whatever the client sends.

let s: TestServer;
let vendor: number;
beforeAll(async () => {
  s = await startServer();
  vendor = (await s.call('POST', '/api/v1/Vendors', { name: 'Signify' })).body._id;
});
afterAll(() => s?.close());

describe(`save rules on ${backend}`, () => {
  it('stores a linked object by its id only', async () => {
    const m = await s.call('POST', '/api/v1/LuminaryModels', {
      name: 'A',
      vendor: { _id: vendor, name: 'Signify', extra: 1 },
    });
    expect(m.body.vendor).toBe(vendor);
  });

  it('drops empty values and type names', async () => {
    const m = await s.call('POST', '/api/v1/LuminaryModels', {
      name: 'B',
      vendor,
      code: '',
      bodyColor: null,
      __typename: 'LuminaryModel',
    });
    expect(m.status).toBe(201);
    expect(m.body).toMatchObject({ code: null, bodyColor: null });
  });

  it('ignores createdAt, updatedAt and other server-kept fields', async () => {
    const m = await s.call('POST', '/api/v1/LuminaryModels', {
      name: 'C',
      vendor,
      createdAt: '2001-01-01T00:00:00Z',
      updatedAt: '2001-01-01T00:00:00Z',
      _id: 999999,
    });
    expect(m.body._id).not.toBe(999999);
    expect(new Date(m.body.createdAt).getFullYear()).toBeGreaterThan(2020);
    const mod = await s.call('POST', '/api/v1/LuminaryModules', {
      mac: '00:11:22:33:44:55',
      pwm: 80,
      cl_status: 1,
    });
    expect(mod.body).toMatchObject({ pwm: null, cl_status: null });
  });

  it('makes a location a GeoJSON Point rounded to 6 decimals', async () => {
    const c = await s.call('POST', '/api/v1/Cabinets', {
      uid: 'SH-01',
      location: { coordinates: [-71.10941234, 42.37361149] },
    });
    expect(c.body.location).toEqual({ type: 'Point', coordinates: [-71.109412, 42.373611] });
    const d = await s.call('POST', '/api/v1/Cabinets', {
      uid: 'SH-02',
      location: { lat: 42.1234567, lng: -71.7654321 },
    });
    expect(d.body.location).toEqual({ type: 'Point', coordinates: [-71.765432, 42.123457] });
    const bad = await s.call('POST', '/api/v1/Cabinets', {
      uid: 'SH-03',
      location: { coordinates: [200, 42] },
    });
    expect(bad.body).toMatchObject({ code: 'IsInvalidError' });
  });

  it('refuses a socket count below the configured sockets (socketCount)', async () => {
    const p = await s.call('POST', '/api/v1/LuminarySupports', {
      uid: 'P-9',
      socketCount: 2,
      sockets: [{ phase: 1 }, { phase: 2 }],
    });
    const lower = await s.call('PATCH', `/api/v1/LuminarySupports/${p.body._id}`, { socketCount: 1 });
    expect(lower.status).toBe(400);
    expect(lower.body).toMatchObject({
      code: 'socketCount',
      message: 'number of sockets is less than the number already configured',
    });
    const ru = await s.call(
      'PATCH',
      `/api/v1/LuminarySupports/${p.body._id}`,
      { socketCount: 1 },
      { 'accept-language': 'ru-RU,ru;q=0.9' },
    );
    expect(ru.body.message).toBe('количество мест для светильников меньше, чем уже настроено');
  });

  it('answers AlreadyExistsError for a duplicate uid, serial or mac', async () => {
    await s.call('POST', '/api/v1/Meters', { serial: '0471' });
    const dupSerial = await s.call('POST', '/api/v1/Meters', { serial: '0471' });
    expect(dupSerial).toMatchObject({
      status: 409,
      body: { code: 'AlreadyExistsError', fields: ['serial'] },
    });
    await s.call('POST', '/api/v1/Controllers', { mac: 'AA:00:00:00:00:01' });
    const dupMac = await s.call('POST', '/api/v2/Controllers', { mac: 'AA:00:00:00:00:01' });
    expect(dupMac.body).toMatchObject({ error: true, code: 'AlreadyExistsError', fields: ['mac'] });
    const other = await s.call('POST', '/api/v1/Cabinets', { uid: 'SH-77' });
    const clash = await s.call('PATCH', `/api/v1/Cabinets/${other.body._id}`, { uid: 'SH-01' });
    expect(clash.body.code).toBe('AlreadyExistsError');
  });

  it('answers NotFoundError for an unknown id, in a path or a link', async () => {
    expect((await s.call('GET', '/api/v1/Cabinets/424242')).body).toMatchObject({ code: 'NotFoundError' });
    expect((await s.call('PATCH', '/api/v2/Cabinets', { _id: 424242, address: 'x' })).status).toBe(404);
    const link = await s.call('POST', '/api/v1/LuminaryModels', { name: 'D', vendor: 424242 });
    expect(link.body).toMatchObject({ code: 'NotFoundError', fields: ['vendor'] });
  });

  it('answers NoUpdateDataProvidedError for a patch that changes nothing', async () => {
    const c = await s.call('POST', '/api/v1/Cabinets', { uid: 'SH-88' });
    const empty = await s.call('PATCH', `/api/v1/Cabinets/${c.body._id}`, { updatedAt: 'now', address: '' });
    expect(empty).toMatchObject({ status: 400, body: { code: 'NoUpdateDataProvidedError' } });
  });

  it('answers IsInvalidError naming the fields', async () => {
    const r = await s.call('POST', '/api/v1/Controllers', {
      mac: 'not-a-mac',
      polarity: 256,
      sequence: [1, 2],
    });
    expect(r.body.code).toBe('IsInvalidError');
    expect(r.body.fields.sort()).toEqual(['mac', 'polarity', 'sequence']);
  });

  it('defaults socketCount to 1, user type to NORMAL, controller sequence to 0..15', async () => {
    const p = await s.call('POST', '/api/v1/LuminarySupports', { uid: 'P-10' });
    expect(p.body.socketCount).toBe(1);
    const c = await s.call('POST', '/api/v1/Controllers', { mac: 'AA:00:00:00:00:02' });
    expect(c.body.sequence).toEqual([...Array(16).keys()]);
    expect(c.body.polarity).toBe(0);
    const g = await s.call('POST', '/api/v1/Groups', { name: 'Cambridge DPW' });
    const u = await s.call('POST', '/api/v1/Users', {
      login: 'night',
      password: 'Lamp-2026-ok',
      group: g.body._id,
      role: await s.plainRole(),
      email: 'night@example.org',
    });
    expect(u.body.type).toBe('NORMAL');
  });

  it('answers IsUsedError when deleting a record that is still linked', async () => {
    const g = await s.call('POST', '/api/v1/Groups', { name: 'Somerville' });
    await s.call('POST', '/api/v1/Cabinets', { uid: 'SOM-1', group: g.body._id });
    const r = await s.call('DELETE', `/api/v1/Groups/${g.body._id}`);
    expect(r).toMatchObject({ status: 409, body: { code: 'IsUsedError', fields: ['Cabinets.group'] } });
  });

  it('refuses a profile whose times stand out of the order its kind reads them, naming the time', async () => {
    const crossed = await s.call('POST', '/api/v1/Profiles', {
      name: 'Crossed',
      kind: 'symmetrical',
      settings: { time1: '03:00', time2: '01:00', pwm0: 100, pwm1: 50, pwm2: 30 },
    });
    expect(crossed).toMatchObject({
      status: 400,
      body: { code: 'IsInvalidError', fields: ['settings.time2'] },
    });
    // the night's order for linear: 23:00 comes before 01:00
    const night = await s.call('POST', '/api/v1/Profiles', {
      name: 'Through midnight',
      kind: 'linear',
      settings: { time1: '23:00', time2: '01:00', pwm0: 100, pwm1: 50, pwm2: 30 },
    });
    expect(night.status).toBe(201);
    const broken = await s.call('PATCH', `/api/v1/Profiles/${night.body._id}`, {
      settings: { time1: '01:00', time2: '23:00' },
    });
    expect(broken).toMatchObject({
      status: 400,
      body: { code: 'IsInvalidError', fields: ['settings.time2'] },
    });
  });
});
