import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatorHandle } from '@sl/simulator';
import { startField, until } from './field-setup.ts';
import { backend, type Client, type TestServer } from './harness.ts';

// The map an operator reaches for (issue 28 §5): its search box finds a device by pole id, MAC, name or street;
// a district or an area drawn on the map is dimmed as one command, every controller's answer recorded.

let s: TestServer;
let sim: SimulatorHandle;
let close: () => Promise<void>;
let stranger: Client;
let demo: Client;
let viewer: Client;

type Found = { layer: string; _id: number; field: string; text: string; title: string; lon: number };
type Row = { _id: number; uid: string; street?: string; mac: string; location: { coordinates: number[] } };

const search = (c: Client, q: string, more = '') =>
  c.call('GET', `/api/v2/map/search?q=${encodeURIComponent(q)}${more}`);
/** A ring around a point, ± d degrees, as the map sends it. */
const square = ([lon, lat]: number[], d: number) =>
  [
    [lon! - d, lat! - d],
    [lon! + d, lat! - d],
    [lon! + d, lat! + d],
    [lon! - d, lat! + d],
  ]
    .map(([lon, lat]) => `${lon!.toFixed(6)},${lat!.toFixed(6)}`)
    .join(';');

/** Every result that starts with `typed` comes before every one that only holds it. */
const startingFirst = (found: Found[], typed: string) => {
  const starts = found.map((f) => f.text.toLowerCase().startsWith(typed));
  return starts.indexOf(false) === -1 || starts.lastIndexOf(true) < starts.indexOf(false);
};

beforeAll(async () => {
  ({ s, sim, close } = await startField(2));
  stranger = await s.adminOfNewGroup('Elsewhere');
  demo = await s.demo();
  const demoGroup = (await s.call('GET', '/api/v1/Groups?name=Demo')).body.data[0]._id;
  // sees the map and the modules, may not command them
  const role = (
    await s.call('POST', '/api/v1/Roles', {
      name: 'Map viewer',
      accessRights: { SingleRequest: { view: true }, LuminaryModules: { view: true, list: true } },
    })
  ).body._id;
  const made = await s.call('POST', '/api/v1/Users', {
    login: 'map-viewer',
    password: 'Lamps-2026',
    email: 'map-viewer@example.org',
    type: 'NORMAL',
    group: demoGroup,
    role,
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  viewer = await s.signIn('map-viewer', 'Lamps-2026');
}, 120_000);
afterAll(() => close?.());

describe(`map search on ${backend}`, () => {
  it('finds a mounting by its pole id and its street, a module by its MAC in any form, exact first', async () => {
    const poles = (await s.call('GET', '/api/v1/LuminarySupports?limit=200')).body.data as Row[];
    const pole = poles[0]!;
    const byId = (await search(s, pole.uid.toLowerCase())).body.result as Found[];
    expect(byId[0]).toMatchObject({
      layer: 'LuminarySupports',
      _id: pole._id,
      field: 'uid',
      title: pole.uid,
    });
    expect(byId[0]!.lon).toBeCloseTo(pole.location.coordinates[0]!, 6);

    const street = poles.find((p) => p.street && p.street.length >= 4)!;
    const byStreet = (await search(s, street.street!.slice(0, 4).toUpperCase(), '&limit=50')).body
      .result as Found[];
    expect(byStreet.length).toBeGreaterThan(0);
    expect(byStreet.length).toBeLessThanOrEqual(50);
    const typed = street.street!.slice(0, 4).toLowerCase();
    for (const f of byStreet) expect(f.text.toLowerCase()).toContain(typed);
    expect(startingFirst(byStreet, typed)).toBe(true);
    expect(byStreet.some((f) => f._id === street._id && f.field === 'street')).toBe(true);

    const mac = sim.city.cabinets[0]!.modules[0]!.mac;
    const colons = mac.match(/.{2}/g)!.join(':').toLowerCase();
    const byMac = (await search(s, colons)).body.result as Found[];
    expect(byMac[0]).toMatchObject({ layer: 'LuminaryModules', field: 'mac', text: mac });
    const controller = sim.city.cabinets[1]!.controller.mac;
    const prefix = (await search(s, controller.slice(0, 6), '&limit=3')).body.result as Found[];
    expect(prefix.length).toBeLessThanOrEqual(3);
    expect(prefix.every((f) => f.text.startsWith(controller.slice(0, 6)))).toBe(true);
    // a wildcard is a character like any other
    expect((await search(s, '%')).body.result).toEqual([]);
  });

  it('finds a part inside a word (pole id, street, MAC), those that start with it first', async () => {
    const poles = (await s.call('GET', '/api/v1/LuminarySupports?limit=200')).body.data as Row[];
    const pole = poles.find((p) => p.uid.length >= 6)!;
    const inner = pole.uid.slice(2, 6).toLowerCase();
    const byInner = (await search(s, inner.toUpperCase(), '&limit=50')).body.result as Found[];
    expect(byInner.some((f) => f._id === pole._id && f.field === 'uid')).toBe(true);
    for (const f of byInner) expect(f.text.toLowerCase()).toContain(inner);
    expect(startingFirst(byInner, inner)).toBe(true);

    const street = poles.find((p) => p.street && p.street.length >= 8)!;
    const part = street.street!.slice(3, 7);
    const byPart = (await search(s, part, '&limit=50')).body.result as Found[];
    expect(byPart.length).toBeGreaterThan(0);
    for (const f of byPart) expect(f.text.toLowerCase()).toContain(part.toLowerCase());
    expect(startingFirst(byPart, part.toLowerCase())).toBe(true);

    const mac = sim.city.cabinets[0]!.modules[1]!.mac;
    const byMac = (await search(s, mac.slice(4, 10), '&limit=50')).body.result as Found[];
    expect(byMac.some((f) => f.layer === 'LuminaryModules' && f.text === mac)).toBe(true);

    // a poles's whole id and a part of it: the prefix and exact matches come before those holding it inside
    const both = (await search(s, pole.uid.slice(0, 3), '&limit=50')).body.result as Found[];
    expect(startingFirst(both, pole.uid.slice(0, 3).toLowerCase())).toBe(true);
    // two characters are a prefix only (a trigram needs three)
    const two = (await search(s, pole.uid.slice(2, 4), '&limit=50')).body.result as Found[];
    for (const f of two)
      expect(f.text.toLowerCase().startsWith(pole.uid.slice(2, 4).toLowerCase())).toBe(true);
  });

  it("shows a group's devices to that group only, and the map's viewers", async () => {
    const uid = (await s.call('GET', '/api/v1/LuminarySupports?limit=1')).body.data[0].uid as string;
    expect((await search(stranger, uid)).body).toEqual({ error: false, result: [] });
    expect((await search(demo, uid)).body.result[0]).toMatchObject({ title: uid });
    // the viewer sees the map's modules, not its mountings
    const found = (await search(viewer, uid)).body.result as Found[];
    expect(found.every((f) => f.layer === 'LuminaryModules')).toBe(true);
    expect((await search(s.anonymous(), uid)).status).toBe(401);
  });

  it('answers bad input with the catalogue error naming the field', async () => {
    for (const [query, field] of [
      ['', 'q'],
      ['?q=', 'q'],
      [`?q=${'x'.repeat(101)}`, 'q'],
      ['?q=a&limit=51', 'limit'],
      ['?q=a&limit=0', 'limit'],
      ['?q=a&where=1', undefined],
    ] as const) {
      const res = await s.call('GET', `/api/v2/map/search${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.code, query).toBe('IsInvalidError');
      if (field) expect(res.body.fields, query).toContain(field);
    }
  });
});

describe(`an area or a district dimmed from the map on ${backend}`, () => {
  const dim = (c: Client, query: string) => c.call('GET', `/api/v1/control/lighting?${query}`);
  const pwmOf = async (id: number) => (await s.call('GET', `/api/v1/LuminaryModules/${id}`)).body.pwm;

  it('dims the modules inside a drawn area as one command, each controller acknowledged', async () => {
    const first = sim.city.cabinets[0]!.modules[0]!;
    const row = (await s.call('GET', `/api/v1/LuminaryModules?mac=${first.mac}`)).body.data[0];
    const area = square(row.location.coordinates, 0.0008);
    const inside = (await s.call('GET', `/api/v2/map/area?area=${area}`)).body.result;
    expect(inside.modules).toContain(row._id);
    expect(inside.max).toBe(1000);
    const all = (await s.call('GET', '/api/v1/LuminaryModules?limit=1000&inc=mac')).body.total as number;
    expect(inside.modules.length).toBeLessThan(all);

    const res = await dim(s, `by=area&area=${area}&raw=33`);
    expect(res.body).toMatchObject({ code: 0, counts: { modules: inside.modules.length, failed: 0 } });
    expect(res.body.counts.acknowledged).toBe(res.body.counts.controllers);
    for (const id of inside.modules) await until(async () => (await pwmOf(id)) === 33);
    const archived = (await s.call('GET', `/api/v2/commands/${res.body.commandId}`)).body.result;
    expect(archived).toMatchObject({ type: 'dim', payload: { pwm: 33 }, target: { by: 'area' } });
    expect(archived.devices.every((d: { state: string }) => d.state === 'acknowledged')).toBe(true);
    const outside = (await s.call('GET', '/api/v1/LuminaryModules?limit=1000')).body.data.find(
      (m: { _id: number }) => !inside.modules.includes(m._id),
    );
    expect(outside.pwm).not.toBe(33);

    // another group's administrator finds nothing there, and dims nothing
    expect((await stranger.call('GET', `/api/v2/map/area?area=${area}`)).body.result.modules).toEqual([]);
    expect((await dim(stranger, `by=area&area=${area}&raw=5`)).body).toMatchObject({ code: 3 });
    // the right to command is asked for, and the demo user writes nothing
    expect((await viewer.call('GET', `/api/v2/map/area?area=${area}`)).body.result.modules).toEqual(
      inside.modules,
    );
    expect((await dim(viewer, `by=area&area=${area}&raw=5`)).status).toBe(403);
    expect((await dim(demo, `by=area&area=${area}&raw=5`)).status).toBe(403);
  });

  it('dims the modules of a district chosen on the map', async () => {
    const second = sim.city.cabinets[1]!.modules[2]!;
    const row = (await s.call('GET', `/api/v1/LuminaryModules?mac=${second.mac}`)).body.data[0];
    const city = (await s.call('GET', '/api/v1/Groups?name=Demo')).body.data[0].cities[0];
    const ring = square(row.location.coordinates, 0.001)
      .split(';')
      .map((p) => p.split(',').map(Number));
    const district = (
      await s.call('POST', '/api/v1/Districts', {
        name: 'Lamp square',
        city,
        boundary: { type: 'Polygon', coordinates: [[...ring, ring[0]]] },
      })
    ).body;
    expect(district._id).toBeGreaterThan(0);
    const inside = (await s.call('GET', `/api/v2/map/area?district=${district._id}`)).body.result;
    expect(inside.modules).toContain(row._id);
    const res = await dim(s, `by=district&id=${district._id}&raw=44`);
    expect(res.body).toMatchObject({ code: 0, counts: { modules: inside.modules.length, failed: 0 } });
    await until(async () => (await pwmOf(row._id)) === 44);
    const archived = (await s.call('GET', `/api/v2/commands/${res.body.commandId}`)).body.result;
    expect(archived).toMatchObject({
      target: { by: 'district', id: district._id },
      targetName: 'Lamp square',
    });
    expect((await dim(s, 'by=district&raw=44')).body).toMatchObject({
      code: 'IsInvalidError',
      fields: ['id'],
    });
  });

  it('refuses an area of more modules than one command takes, sending nothing', async () => {
    await s.sql(
      `insert into luminary_modules (mac, location_lon, location_lat)
       select lpad(to_hex(g), 12, '0'), 40 + g * 0.00001, 40 from generate_series(1, 1001) g`,
    );
    const area = square([40.005, 40], 0.01);
    const before = (await s.call('GET', '/api/v2/commands?limit=1')).body.result.total;
    for (const res of [
      await s.call('GET', `/api/v2/map/area?area=${area}`),
      await dim(s, `by=area&area=${area}&raw=50`),
    ]) {
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'IsInvalidError', fields: ['area'], reason: 'tooManyModules' });
    }
    expect((await s.call('GET', '/api/v2/commands?limit=1')).body.result.total).toBe(before);
    for (const bad of ['1,2;3,4', '1,2;3,4;x,y', '1,2;3,4;500,1', '']) {
      const res = await dim(s, `by=area&area=${bad}&raw=50`);
      expect(res.status, bad).toBe(400);
      expect(res.body, bad).toMatchObject({ code: 'IsInvalidError', fields: ['area'] });
    }
    expect((await s.call('GET', '/api/v2/map/area')).body).toMatchObject({ code: 'IsInvalidError' });
  });
});
