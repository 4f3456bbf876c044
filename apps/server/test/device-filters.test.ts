import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITIES } from '@sl/domain';
import { undeclaredFilters } from '../src/entities/derived-filters.ts';
import { backend, startServer, type TestServer } from './harness.ts';

// Issue 28 §5: the lists of mountings, lamps, modules and controllers filter by state (as the map shows it, or lit
// by day), controller, cabinet, phase and street, each worked out from the modules a device is made of and the
// mounting or cabinet it is placed on.

let s: TestServer;
const id = async (path: string, body: object) => {
  const res = await s.call('POST', `/api/v1/${path}`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body._id as number;
};
// device state arrives from the field, never through the API
const report = (table: string, _id: number, status: number) =>
  s.sql(`update ${table} set cl_status = $1 where _id = $2`, [status, _id]);

type Made = 'K1' | 'K2' | 'C1' | 'C2' | 'M1' | 'M2' | 'M3' | 'L1' | 'L2' | 'L3' | 'S1' | 'S2' | 'S3';
const my = {} as Record<Made, number>;
beforeAll(async () => {
  // no detection pass of its own: the test writes the one DAY_BURNING event it needs
  s = await startServer({ offlineSweepMs: 3_600_000 });
  my.K1 = await id('Cabinets', { uid: 'K-1', address: '1 Main Street' });
  my.K2 = await id('Cabinets', { uid: 'K-2', address: 'Oak Avenue depot' });
  my.C1 = await id('Controllers', { uid: 'C-1', mac: 'C1:00:00:00:00:01', cabinet: my.K1 });
  my.C2 = await id('Controllers', { uid: 'C-2', mac: 'C1:00:00:00:00:02' });
  // the second cabinet names its controller from its side
  await s.call('PATCH', `/api/v1/Cabinets/${my.K2}`, { controller: my.C2 });
  my.M1 = await id('LuminaryModules', { mac: 'A1:00:00:00:00:01', controller: my.C1, phase: 1 });
  my.M2 = await id('LuminaryModules', { mac: 'A1:00:00:00:00:02', controller: my.C1, phase: 2 });
  my.M3 = await id('LuminaryModules', { mac: 'A1:00:00:00:00:03', controller: my.C2, phase: 3 });
  my.L1 = await id('Luminaries', { uid: 'L-1' });
  my.L2 = await id('Luminaries', { uid: 'L-2' });
  my.L3 = await id('Luminaries', { uid: 'L-3' });
  my.S1 = await id('LuminarySupports', {
    uid: 'S-main',
    street: 'Main Street',
    cabinet: my.K1,
    socketCount: 2,
    sockets: [
      { luminary: my.L1, luminaryModule: my.M1 },
      { luminary: my.L2, luminaryModule: my.M2 },
    ],
  });
  my.S2 = await id('LuminarySupports', {
    uid: 'S-oak',
    address: '12 Oak Avenue',
    cabinet: my.K2,
    sockets: [{ luminary: my.L3, luminaryModule: my.M3 }],
  });
  my.S3 = await id('LuminarySupports', { uid: 'S-bare', street: 'Elm Street' });
  await report('luminary_modules', my.M1, 1);
  await report('luminary_modules', my.M2, 4096);
  await report('luminary_modules', my.M3, 3);
  await report('controllers', my.C2, 3);
  await s.events.detect();
  // the module lit by day, as detection opens it against its program
  await s.sql(
    `insert into important_events (type, status, open_date, module, device, "group")
     select 'DAY_BURNING', 'OPEN', now(), _id, 'module:' || _id, "group" from luminary_modules where _id = $1`,
    [my.M1],
  );
});
afterAll(() => s?.close());

/** The uids (MACs of modules) a list answers for the query. */
async function found(list: string, query: string) {
  const res = await s.call('GET', `/api/v1/${list}?${query}&limit=100`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const rows = res.body.data as Record<string, string>[];
  expect(res.body.total).toBe(rows.length);
  return rows.map((r) => r.uid ?? r.mac).sort();
}

describe(`device list filters on ${backend}`, () => {
  it('declares no filter the server cannot work out', () => {
    expect(ENTITIES.flatMap(undeclaredFilters)).toEqual([]);
  });

  it("filters by state as the map shows it: a mounting's and a lamp's the worst of their modules'", async () => {
    expect(await found('LuminarySupports', 'state=broken')).toEqual(['S-main']);
    expect(await found('LuminarySupports', 'state=offline')).toEqual(['S-oak']);
    expect(await found('LuminarySupports', 'state=unknown')).toEqual(['S-bare']);
    // the lit module is outranked by its broken neighbour
    expect(await found('LuminarySupports', 'state=on')).toEqual([]);
    expect(await found('LuminarySupports', 'state=offline&state=unknown')).toEqual(['S-bare', 'S-oak']);
    expect(await found('Luminaries', 'state=on')).toEqual(['L-1']);
    expect(await found('Luminaries', 'state=broken')).toEqual(['L-2']);
    expect(await found('LuminaryModules', 'state=offline')).toEqual(['A10000000003']);
    expect(await found('Controllers', 'state=offline')).toEqual(['C-2']);
    // each list's row carries the state it was found by
    const row = (await s.call('GET', '/api/v1/LuminarySupports?state=broken')).body.data[0];
    expect(row.cl_status).toBe(4096);
  });

  it('filters the lamps lit by day: an open DAY_BURNING event of their module', async () => {
    expect(await found('LuminaryModules', 'state=burningByDay')).toEqual(['A10000000001']);
    expect(await found('Luminaries', 'state=burningByDay')).toEqual(['L-1']);
    expect(await found('LuminarySupports', 'state=burningByDay')).toEqual(['S-main']);
    expect(await found('Controllers', 'state=burningByDay')).toEqual(['C-1']);
    expect(await found('LuminarySupports', 'state=burningByDay&state=offline')).toEqual(['S-main', 'S-oak']);
    await s.sql(`update important_events set status = 'SOLVED' where type = 'DAY_BURNING'`);
    // a write no server made shows once the kept page is a second old
    await expect.poll(() => found('Luminaries', 'state=burningByDay'), { timeout: 5000 }).toEqual([]);
  });

  it("follows a module's state as the field writes it", async () => {
    await report('luminary_modules', my.M3, 1);
    await expect.poll(() => found('LuminarySupports', 'state=on'), { timeout: 5000 }).toEqual(['S-oak']);
    await report('luminary_modules', my.M3, 3);
    await expect.poll(() => found('LuminarySupports', 'state=offline'), { timeout: 5000 }).toEqual(['S-oak']);
  });

  it('filters by controller, cabinet and phase through the modules and the mounting', async () => {
    expect(await found('LuminarySupports', `controller=${my.C2}`)).toEqual(['S-oak']);
    expect(await found('Luminaries', `controller=${my.C1}`)).toEqual(['L-1', 'L-2']);
    expect(await found('LuminaryModules', `controller=${my.C1}`)).toEqual(['A10000000001', 'A10000000002']);
    expect(await found('LuminarySupports', 'phase=2')).toEqual(['S-main']);
    expect(await found('Luminaries', 'phase=2')).toEqual(['L-2']);
    expect(await found('Luminaries', 'phase=3&phase=1')).toEqual(['L-1', 'L-3']);
    expect(await found('LuminarySupports', `cabinet=${my.K2}`)).toEqual(['S-oak']);
    expect(await found('Luminaries', `cabinet=${my.K1}`)).toEqual(['L-1', 'L-2']);
    expect(await found('LuminaryModules', `cabinet=${my.K2}`)).toEqual(['A10000000003']);
    // a controller's cabinet named from either side
    expect(await found('Controllers', `cabinet=${my.K1}`)).toEqual(['C-1']);
    expect(await found('Controllers', `cabinet=${my.K2}`)).toEqual(['C-2']);
  });

  it("filters by a part of the street, any case: the mounting's street or address, a controller's cabinet's", async () => {
    expect(await found('LuminarySupports', 'street=main%20st')).toEqual(['S-main']);
    expect(await found('LuminarySupports', 'street=OAK')).toEqual(['S-oak']);
    expect(await found('LuminarySupports', 'street=street')).toEqual(['S-bare', 'S-main']);
    expect(await found('Luminaries', 'street=oak')).toEqual(['L-3']);
    expect(await found('LuminaryModules', 'street=Main')).toEqual(['A10000000001', 'A10000000002']);
    expect(await found('Controllers', 'street=oak')).toEqual(['C-2']);
    // a percent sign is a character, not a wildcard
    expect(await found('LuminarySupports', 'street=%25')).toEqual([]);
    // with the others: broken on Main Street
    expect(await found('Luminaries', 'street=main&state=broken')).toEqual(['L-2']);
  });

  it('refuses a bad value naming the filter, never a 500', async () => {
    for (const [list, query, field] of [
      ['LuminarySupports', 'state=lit', 'state'],
      ['Luminaries', 'state=null', 'state'],
      ['LuminaryModules', 'cabinet=abc', 'cabinet'],
      ['Luminaries', 'controller=0', 'controller'],
      ['LuminarySupports', 'phase=4', 'phase'],
      ['Controllers', `street=${'x'.repeat(201)}`, 'street'],
      ['Luminaries', 'street=%20', 'street'],
      ['Controllers', 'phase=1', 'phase'],
    ] as const) {
      const res = await s.call('GET', `/api/v1/${list}?${query}`);
      expect(res.status, `${list}?${query}`).toBe(400);
      expect(res.body, `${list}?${query}`).toMatchObject({ code: 'IsInvalidError', fields: [field] });
    }
  });
});
