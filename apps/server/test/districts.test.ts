import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCity } from '@sl/simulator';
import { seedDemoCity } from '../src/field/demo-city.ts';
import { seedDemoDistricts } from '../src/field/demo-districts.ts';
import { backend, startServer, type TestServer } from './harness.ts';

// Districts: areas inside a city; every located device is placed in the district its location lies in.

let s: TestServer;
let city: number;
beforeAll(async () => {
  s = await startServer();
  city = (await s.call('POST', '/api/v1/Cities', { name: { 'en-us': 'Squares' }, lat: 10.5, lon: 10.5 })).body
    ._id;
});
afterAll(() => s?.close());

const square = (w: number, south: number) => ({
  type: 'Polygon',
  coordinates: [
    [
      [w, south],
      [w + 1, south],
      [w + 1, south + 1],
      [w, south + 1],
      [w, south],
    ],
  ],
});
const at = (lon: number, lat: number) => ({ type: 'Point', coordinates: [lon, lat] });
const ids = (body: { data: { _id: number }[] }) => body.data.map((r) => r._id).sort((a, b) => a - b);

describe(`districts on ${backend}`, () => {
  it('refuses a boundary that is not a closed polygon, naming the field', async () => {
    for (const boundary of [
      { type: 'Point', coordinates: [10, 10] },
      {
        type: 'Polygon',
        coordinates: [
          [
            [10, 10],
            [11, 10],
            [11, 11],
          ],
        ],
      },
      'west of the river',
    ]) {
      const res = await s.call('POST', '/api/v1/Districts', { name: 'Bad', city, boundary });
      expect(res.status, JSON.stringify(boundary)).toBe(400);
      expect(res.body).toMatchObject({ code: 'IsInvalidError', fields: ['boundary'] });
    }
    expect((await s.call('GET', '/api/v1/Districts')).body.total).toBe(0);
  });

  it('places devices by location, moves them with it, and filters lists by district', async () => {
    const west = (await s.call('POST', '/api/v1/Districts', { name: 'West', city, boundary: square(10, 10) }))
      .body;
    expect(west._id, JSON.stringify(west)).toBeGreaterThan(0);
    const east = (await s.call('POST', '/api/v1/Districts', { name: 'East', city, boundary: square(11, 10) }))
      .body;

    const inWest = await s.call('POST', '/api/v1/LuminarySupports', {
      uid: 'P-W',
      city,
      location: at(10.5, 10.5),
    });
    expect(inWest.status).toBe(201);
    expect(inWest.body.district).toBe(west._id);
    const cabinet = await s.call('POST', '/api/v1/Cabinets', { uid: 'C-E', location: at(11.5, 10.2) });
    expect(cabinet.body.district).toBe(east._id);
    const nowhere = await s.call('POST', '/api/v1/LuminarySupports', {
      uid: 'P-X',
      city,
      location: at(30, 30),
    });
    expect(nowhere.body.district).toBeNull();

    const listed = await s.call('GET', `/api/v1/LuminarySupports?district=${west._id}`);
    expect(ids(listed.body)).toEqual([inWest.body._id]);

    // a district is placed by the server, never by the caller
    const claimed = await s.call('PATCH', `/api/v1/LuminarySupports/${nowhere.body._id}`, {
      district: west._id,
    });
    expect(claimed.status).toBe(400);

    const moved = await s.call('PATCH', `/api/v1/LuminarySupports/${inWest.body._id}`, {
      location: at(11.2, 10.8),
    });
    expect(moved.body.district).toBe(east._id);
    expect((await s.call('GET', `/api/v1/LuminarySupports?district=${west._id}`)).body.total).toBe(0);
    const inEast = await s.call('GET', `/api/v1/LuminarySupports?district=${east._id}`);
    expect(ids(inEast.body)).toEqual([inWest.body._id]);

    // a new district takes the devices inside it; a moved boundary lets them go
    const far = (
      await s.call('POST', '/api/v1/Districts', { name: 'Far', city, boundary: square(29.5, 29.5) })
    ).body;
    expect((await s.call('GET', `/api/v1/LuminarySupports/${nowhere.body._id}`)).body.district).toBe(far._id);
    await s.call('PATCH', `/api/v1/Districts/${far._id}`, { boundary: square(40, 40) });
    expect((await s.call('GET', `/api/v1/LuminarySupports/${nowhere.body._id}`)).body.district).toBeNull();
  });

  it("gives the demo city its 13 neighbourhoods, each pole in the one the city's file names", async () => {
    const cambridge = await loadCity('cambridge', { controllers: 3 });
    const demo = (await s.call('GET', '/api/v1/Groups?name=Demo')).body.data[0];
    await seedDemoCity(s.db, demo._id, demo.cities[0], cambridge);
    expect(await seedDemoDistricts(s.db, demo.cities[0])).toBe(13);
    expect(await seedDemoDistricts(s.db, demo.cities[0])).toBe(0);
    const districts = (await s.call('GET', `/api/v1/Districts?city=${demo.cities[0]}&limit=50`)).body.data;
    expect(districts.map((d: { name: string }) => d.name)).toContain('The Port');
    expect(districts).toHaveLength(13);
    const placed = await s.sql<{ n: number; none: number }>(
      `select count(*) filter (where district is not null)::int as n, count(*) filter (where district is null)::int as none
       from luminary_supports where "group" = $1`,
      [demo._id],
    );
    expect(placed[0]!.n).toBeGreaterThan(0);
    // a pole on the city limit may sit a metre outside every neighbourhood
    expect(placed[0]!.none).toBeLessThan(placed[0]!.n * 0.02);
    const port = districts.find((d: { name: string }) => d.name === 'The Port');
    const inPort = await s.call('GET', `/api/v1/LuminarySupports?district=${port._id}&limit=1`);
    expect(inPort.body.data[0].district).toBe(port._id);
  });
});
