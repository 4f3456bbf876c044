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

describe(`SingleRequest/all for a user of a group, on ${backend}`, () => {
  it("finds a device moved into the user's group, and its raw data only with viewRawData", async () => {
    const group = (await s.call('POST', '/api/v1/Groups', { name: 'Moved into' })).body._id;
    const role = async (name: string, raw: boolean) =>
      (
        await s.call('POST', '/api/v1/Roles', {
          name,
          accessRights: {
            SingleRequest: { view: true },
            LuminaryModules: { view: true, list: true, ...(raw && { viewRawData: true }) },
            Controllers: { view: true, list: true },
          },
        })
      ).body._id as number;
    const user = async (login: string, roleId: number) => {
      const res = await s.call('POST', '/api/v1/Users', {
        login,
        password: 'Lamps-2026',
        email: `${login}@example.org`,
        group,
        role: roleId,
        type: 'NORMAL',
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return s.signIn(login, 'Lamps-2026');
    };
    const seer = await user('raw-seer', await role('Map with raw', true));
    const plain = await user('raw-blind', await role('Map without raw', false));
    // the module is on the map (and in the index) before it moves
    expect(idsOf((await near('models=LuminaryModules')).body.LuminaryModules)).toContain(ids.here);
    await s.sql(`update luminary_modules set raw = '{"rssi": -70}' where _id = $1`, [ids.here]);
    const before = (await s.call('GET', `/api/v1/LuminaryModules/${ids.here}`)).body.group;
    const moved = await s.call('PATCH', `/api/v1/LuminaryModules/${ids.here}`, { group });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((await plain.call('GET', `/api/v1/LuminaryModules/${ids.here}`)).status).toBe(200);

    const ask = (c: typeof plain) =>
      c.call('GET', `/api/v1/SingleRequest/all?lat=${LAT}&lon=${LON}&models=LuminaryModules`);
    const withRaw = await ask(seer);
    expect(withRaw.status, JSON.stringify(withRaw.body)).toBe(200);
    expect(idsOf(withRaw.body.LuminaryModules)).toEqual([ids.here]);
    expect(withRaw.body.LuminaryModules[0].raw).toEqual({ rssi: -70 });
    const without = await ask(plain);
    expect(idsOf(without.body.LuminaryModules)).toEqual([ids.here]);
    expect(without.body.LuminaryModules[0]).not.toHaveProperty('raw');

    // out and in again, the second time while the database fails the map's read once (as when a connection is
    // lost): the next question reads again rather than keep the devices as they were
    const back = await s.call('PATCH', `/api/v1/LuminaryModules/${ids.here}`, { group: before });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect((await ask(plain)).body.LuminaryModules).toEqual([]);
    expect((await s.call('PATCH', `/api/v1/LuminaryModules/${ids.here}`, { group })).status).toBe(200);
    await s.sql('alter table cabinets rename to cabinets_away');
    try {
      expect((await ask(plain)).status).not.toBe(200);
    } finally {
      await s.sql('alter table cabinets_away rename to cabinets');
    }
    expect(idsOf((await ask(plain)).body.LuminaryModules)).toEqual([ids.here]);
  });
});
