import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from './field-setup.ts';
import { backend, startServer, type TestServer } from './harness.ts';

// SingleRequest/all (spec §7, §8, §9): 5 m around a module's place when modules alone are asked for, 500 m
// otherwise; mountings with the state of their modules as the lists give it; CoordinatesIsNull without a place.

let s: TestServer;
const LON = -71.1;
const LAT = 42.37;
// about 20 m north
const NORTH = LAT + 0.00018;
const at = (lat: number) => ({ type: 'Point', coordinates: [LON, lat] });
const ids = {} as Record<'here' | 'north' | 'mounting', number>;

beforeAll(async () => {
  s = await startServer();
  const make = async (path: string, body: object) => {
    const res = await s.call('POST', `/api/v1/${path}`, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body._id as number;
  };
  ids.here = await make('LuminaryModules', { mac: 'A1:00:00:00:00:05', location: at(LAT) });
  ids.north = await make('LuminaryModules', { mac: 'A1:00:00:00:00:06', location: at(NORTH) });
  ids.mounting = await make('LuminarySupports', {
    uid: 'S-radius',
    location: at(LAT),
    sockets: [{ luminaryModule: ids.here }],
  });
  // device state arrives from the field, never through the API
  await s.sql('update luminary_modules set cl_status = 4097 where _id = $1', [ids.here]);
});
afterAll(() => s?.close());

const near = (query: string) => s.call('GET', `/api/v1/SingleRequest/all?lat=${LAT}&lon=${LON}&${query}`);
const idsOf = (rows: { _id: number }[]) => rows.map((r) => r._id);

describe(`SingleRequest/all on ${backend}`, () => {
  it('asked for modules alone, looks 5 m around the place; with other types, 500 m', async () => {
    const modules = await until(async () => {
      const res = await near('models=LuminaryModules');
      return res.body.LuminaryModules?.length ? res.body.LuminaryModules : undefined;
    });
    expect(idsOf(modules)).toEqual([ids.here]);
    const wider = await near('models=LuminaryModules,LuminarySupports');
    expect(idsOf(wider.body.LuminaryModules)).toEqual([ids.here, ids.north]);
    expect(idsOf((await near('models=LuminaryModules&radius=50')).body.LuminaryModules)).toHaveLength(2);
  });

  it("gives a mounting its modules' state, as the lists do", async () => {
    const res = await near('models=LuminarySupports&radius=5');
    const mounting = res.body.LuminarySupports.find((r: { _id: number }) => r._id === ids.mounting);
    expect(mounting).toMatchObject({ cl_status: 4097 });
    expect(mounting.sockets[0]).toMatchObject({ cl_status: 4097 });
    const listed = await s.call('GET', `/api/v1/LuminarySupports/${ids.mounting}`);
    expect(listed.body.cl_status).toBe(mounting.cl_status);
  });

  it('answers CoordinatesIsNull without a place, in both languages', async () => {
    for (const query of ['radius=5', `lat=${LAT}&radius=5`, 'models=LuminaryModules']) {
      const res = await s.call('GET', `/api/v2/SingleRequest/all?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body).toMatchObject({ code: 'CoordinatesIsNull', message: 'Coordinates is null' });
    }
    const ru = await s.call('GET', '/api/v1/SingleRequest/all?radius=5', undefined, {
      'accept-language': 'ru',
    });
    expect(ru.body.message).toBe('Координаты не заданы');
  });
});
