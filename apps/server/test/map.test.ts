import { VectorTile, type VectorTileLayer } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { describe, expect, it } from 'vitest';
import {
  cameraForBounds,
  cameraOnItem,
  ITEM_ZOOM,
  mercatorX,
  mercatorY,
  TILE_PX,
  statusMeaning,
  type Camera,
} from '@sl/domain';
import type { SimulatorHandle } from '@sl/simulator';
import { fieldForSuite, until } from './field-setup.ts';
import { backend, type Client, type TestServer } from './harness.ts';
import { listen } from './live-listener.ts';

// The map's data: SingleRequest/all (spec §7, §9), the summary and vector tiles of every located device, scoped to
// the caller's group, and marker statuses that follow the field live.

let s: TestServer;
let sim: SimulatorHandle;
fieldForSuite(2, (field) => ({ s, sim } = field));

const LAYERS = ['LuminarySupports', 'Controllers', 'Cabinets', 'LuminaryModules'];
const broken = (status: unknown) => statusMeaning(Number(status)) === 'broken';

function tileOf(lon: number, lat: number, z: number) {
  const n = 2 ** z;
  const x = Math.floor(((lon + 180) / 360) * n);
  const sin = Math.sin((lat * Math.PI) / 180);
  const y = Math.floor((0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * n);
  return { z, x, y };
}

async function tile(c: Client, t: { z: number; x: number; y: number }, query = '') {
  const res = await fetch(`${s.url}/api/v2/map/tiles/${t.z}/${t.x}/${t.y}.pbf${query}`, {
    headers: { cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('application/x-protobuf');
  return new VectorTile(new PbfReader(new Uint8Array(await res.arrayBuffer())));
}

const features = (layer: VectorTileLayer | undefined) =>
  Array.from({ length: layer?.length ?? 0 }, (_, i) => layer!.feature(i));

async function firstSupport() {
  const res = await s.call('GET', '/api/v1/LuminarySupports?limit=1&sort=_id');
  return res.body.data[0] as { _id: number; location: { coordinates: [number, number] } };
}

describe(`map data on ${backend}`, () => {
  it('sums up the devices of the caller: bounds around them, a count per layer', async () => {
    const res = await s.call('GET', '/api/v2/map/summary');
    expect(res.status).toBe(200);
    const { bounds, counts } = res.body.result;
    const support = await firstSupport();
    const [lon, lat] = support.location.coordinates;
    expect(lon).toBeGreaterThanOrEqual(bounds[0]);
    expect(lat).toBeGreaterThanOrEqual(bounds[1]);
    expect(lon).toBeLessThanOrEqual(bounds[2]);
    expect(lat).toBeLessThanOrEqual(bounds[3]);
    const modules = sim.city.cabinets.slice(0, 2).reduce((n, c) => n + c.modules.length, 0);
    expect(counts).toMatchObject({ Cabinets: 2, Controllers: 2, LuminaryModules: modules });
    expect(counts.LuminarySupports).toBeGreaterThan(0);
  });

  it('draws every layer in a vector tile, each device with its id and status, clusters when zoomed out', async () => {
    const support = await firstSupport();
    const [lon, lat] = support.location.coordinates;
    const near = await tile(s, tileOf(lon, lat, 18));
    expect(Object.keys(near.layers)).toEqual(expect.arrayContaining(['LuminarySupports']));
    const found = features(near.layers.LuminarySupports).find((f) => f.id === support._id);
    expect(found?.properties).toMatchObject({ unused: 0, broken: 0 });
    expect(typeof found?.properties.status).toBe('number');

    const far = await tile(s, tileOf(lon, lat, 12));
    for (const layer of LAYERS) expect(far.layers[layer], layer).toBeDefined();
    const modules = features(far.layers.LuminaryModules);
    const drawn = modules.reduce((n, f) => n + Number(f.properties.count ?? 1), 0);
    expect(drawn).toBe((await s.call('GET', '/api/v2/map/summary')).body.result.counts.LuminaryModules);
    const controllers = features(far.layers.Controllers);
    expect(controllers.every((f) => f.properties.active === 1)).toBe(true);
  });

  it('gives the first view: the camera that fits the city, each device in view counted once', async () => {
    const size = { width: 1040, height: 736 };
    const res = await s.call('GET', `/api/v2/map/first-view?width=${size.width}&height=${size.height}`);
    expect(res.status).toBe(200);
    const { summary, camera, features } = res.body.result as {
      summary: { bounds: [number, number, number, number]; counts: Record<string, number> };
      camera: Camera;
      features: Record<string, number[][]>;
    };
    // `reported` moves as the simulated field reports, so only what places the devices is compared
    const { bounds, counts } = (await s.call('GET', '/api/v2/map/summary')).body.result;
    expect(summary).toMatchObject({ bounds, counts });
    expect(camera).toEqual(cameraForBounds(summary.bounds, size));
    const world = TILE_PX * 2 ** camera.zoom;
    for (const layer of LAYERS) {
      const found = features[layer]!;
      // the camera fits every device, so the clusters and single devices in view add up to all of them
      expect(
        found.reduce((n, f) => n + f[2]!, 0),
        layer,
      ).toBe(summary.counts[layer]);
      for (const [lon, lat] of found) {
        const x = size.width / 2 + (mercatorX(lon!) - mercatorX(camera.lon)) * world;
        const y = size.height / 2 + (mercatorY(lat!) - mercatorY(camera.lat)) * world;
        expect(x).toBeGreaterThanOrEqual(0);
        expect(x).toBeLessThanOrEqual(size.width);
        expect(y).toBeGreaterThanOrEqual(0);
        expect(y).toBeLessThanOrEqual(size.height);
      }
    }

    const cabinets = await s.call('GET', '/api/v2/map/first-view?width=800&height=600&layers=Cabinets');
    expect(Object.keys(cabinets.body.result.features)).toEqual(['Cabinets']);
    expect(cabinets.body.result.summary.counts).toEqual(summary.counts);
    const broken = await s.call('GET', '/api/v2/map/first-view?width=800&height=600&filter=broken');
    for (const layer of LAYERS)
      for (const f of broken.body.result.features[layer] as number[][])
        expect([4, 4096, 4097], layer).toContain(f[3]);

    for (const bad of [
      'width=0&height=600',
      'width=800',
      'width=800&height=600&layers=Lamps',
      'width=9000&height=1',
    ])
      expect((await s.call('GET', `/api/v2/map/first-view?${bad}`)).body.code, bad).toBe('IsInvalidError');
    expect((await s.anonymous().call('GET', '/api/v2/map/first-view?width=8&height=8')).status).toBe(401);
  });

  it('centres the first view on the current map item, as the map screen centres it', async () => {
    const size = { width: 1040, height: 736 };
    const support = await firstSupport();
    const ask = (c: Client, item: string) =>
      c.call('GET', `/api/v2/map/first-view?width=${size.width}&height=${size.height}&item=${item}`);
    const { summary, camera, features, onItem } = (await ask(s, `LuminarySupports:${support._id}`)).body
      .result as {
      summary: { bounds: [number, number, number, number] };
      camera: Camera;
      onItem: boolean;
      features: Record<string, number[][]>;
    };
    const [lon, lat] = support.location.coordinates;
    expect(onItem).toBe(true);
    expect(camera).toEqual(cameraOnItem({ lon, lat }, cameraForBounds(summary.bounds, size).zoom));
    expect(camera.zoom).toBeGreaterThanOrEqual(ITEM_ZOOM);
    // at street zoom the item itself is in view, as a single device at its own place
    const here = features.LuminarySupports!.filter((f) => f[2] === 1);
    expect(here.some(([x, y]) => Math.abs(x! - lon) < 1e-5 && Math.abs(y! - lat) < 1e-5)).toBe(true);

    // an item that is gone or another group's: the city, as the map screen shows it then
    const city = cameraForBounds(summary.bounds, size);
    for (const [c, item] of [
      [s, 'LuminarySupports:999999999'],
      [await s.adminOfNewGroup('Item elsewhere'), `LuminarySupports:${support._id}`],
    ] as const) {
      const res = (await ask(c, item)).body.result;
      expect(res.onItem, item).toBe(false);
      if (c === s) expect(res.camera).toEqual(city);
    }
    for (const bad of ['Meters:1', 'LuminarySupports:x', 'LuminarySupports:', 'LuminarySupports:1:2'])
      expect((await ask(s, bad)).body.code, bad).toBe('IsInvalidError');
  });

  it('filters the tiles to broken or unused devices', async () => {
    const support = await firstSupport();
    const t = tileOf(...support.location.coordinates, 12);
    const broken = await tile(s, t, '?filter=broken');
    expect(
      features(broken.layers.LuminaryModules).every(
        (f) => f.properties.broken === 1 || Number(f.properties.broken) > 0,
      ),
    ).toBe(true);
    const spare = (
      await s.call('POST', '/api/v1/Controllers', {
        mac: 'AA:BB:CC:DD:EE:77',
        location: { type: 'Point', coordinates: support.location.coordinates },
      })
    ).body;
    const unused = await tile(s, t, '?filter=unused');
    const reserve = features(unused.layers.Controllers);
    expect(reserve.map((f) => f.id)).toEqual([spare._id]);
    expect(reserve[0]!.properties).toMatchObject({ active: 0, unused: 1 });
    await s.call('DELETE', `/api/v1/Controllers/${spare._id}`);
    expect(features((await tile(s, t, '?filter=unused')).layers.Controllers)).toEqual([]);
  });

  it('answers SingleRequest/all nearest first within the radius, v1 bare and v2 in the envelope', async () => {
    const support = await firstSupport();
    const [lon, lat] = support.location.coordinates;
    const v1 = await s.call('GET', `/api/v1/SingleRequest/all?lat=${lat}&lon=${lon}&radius=100&limit=5`);
    expect(v1.status).toBe(200);
    expect(v1.body.LuminarySupports[0]._id).toBe(support._id);
    expect(v1.body.LuminarySupports.length).toBeLessThanOrEqual(5);
    for (const layer of LAYERS) expect(Array.isArray(v1.body[layer]), layer).toBe(true);
    const v2 = await s.call(
      'GET',
      `/api/v2/SingleRequest/all?lat=${lat}&lon=${lon}&radius=5&models=LuminarySupports`,
    );
    expect(v2.body).toMatchObject({ error: false });
    expect(Object.keys(v2.body.result)).toEqual(['LuminarySupports']);
    expect(v2.body.result.LuminarySupports[0]._id).toBe(support._id);
    const far = await s.call('GET', `/api/v1/SingleRequest/all?lat=${lat + 1}&lon=${lon}&radius=500`);
    expect(far.body.LuminarySupports).toEqual([]);
  });

  it('lists the modules mounted nowhere, and the broken ones, with aggregate', async () => {
    const spare = (await s.call('POST', '/api/v1/LuminaryModules', { mac: 'AA:BB:CC:DD:EE:78' })).body;
    const unused = await s.call('GET', '/api/v1/LuminaryModules?aggregate=unused&limit=100');
    expect(unused.body.data.map((m: { _id: number }) => m._id)).toEqual([spare._id]);
    const broken = await s.call('GET', '/api/v2/lamp-modules/search?aggregate=broken&limit=100');
    expect(
      broken.body.result.data.every((m: { cl_status: number }) => [4, 4096, 4097].includes(m.cl_status)),
    ).toBe(true);
    expect((await s.call('GET', '/api/v1/Vendors?aggregate=unused')).body.code).toBe('IsInvalidError');
    await s.call('DELETE', `/api/v1/LuminaryModules/${spare._id}`);
  });

  it('refuses a radius beyond the full load, an unknown model or no place', async () => {
    for (const query of ['lat=42.37&lon=-71.1&radius=60000', 'lat=42.37&lon=-71.1&models=Meters']) {
      const res = await s.call('GET', `/api/v1/SingleRequest/all?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.code).toBe('IsInvalidError');
    }
    expect((await s.anonymous().call('GET', '/api/v2/map/summary')).status).toBe(401);
  });

  it('shows a user of another group none of these devices', async () => {
    const away = await s.adminOfNewGroup('Map elsewhere');
    const summary = (await away.call('GET', '/api/v2/map/summary')).body.result;
    expect(summary.bounds).toBeNull();
    const first = (await away.call('GET', '/api/v2/map/first-view?width=800&height=600')).body.result;
    expect(first).toMatchObject({
      summary: { bounds: null, counts: summary.counts },
      camera: null,
      features: {},
    });
    expect(Object.values(summary.counts).every((n) => n === 0)).toBe(true);
    const support = await firstSupport();
    const t = await tile(away, tileOf(...support.location.coordinates, 12));
    expect(Object.keys(t.layers)).toEqual([]);
    const [lon, lat] = support.location.coordinates;
    const near = await away.call('GET', `/api/v1/SingleRequest/all?lat=${lat}&lon=${lon}&radius=500`);
    expect(near.body.LuminarySupports).toEqual([]);
  });

  it('turns a marker red live when its lamp breaks, on the module and on its support', async () => {
    const before = (await s.call('GET', '/api/v2/map/summary')).body.result.reported as number;
    const stream = await listen(s, s);
    const module = sim.city.cabinets[0]!.modules[0]!;
    const row = (await s.call('GET', `/api/v1/LuminaryModules?mac=${encodeURIComponent(module.mac)}`)).body
      .data[0];
    const zoomedOut = tileOf(...(row.location.coordinates as [number, number]), 10);
    // broken lamps in a zoomed-out tile, whether drawn in clusters or one by one
    const brokenIn = async () =>
      features((await tile(s, zoomedOut)).layers.LuminaryModules).reduce(
        (n, f) =>
          n +
          (f.properties.cluster === 1 ? Number(f.properties.broken) : broken(f.properties.status) ? 1 : 0),
        0,
      );
    const brokenBefore = await brokenIn();
    sim.controllers[0]!.device.lamps.get(module.mac)!.broken = true;
    type Change = { layer: string; _id: number; status: number };
    const changes = () => stream.events.filter((e) => e.event === 'map').flatMap((e) => e.data as Change[]);
    await until(() =>
      changes().some((c) => c.layer === 'LuminaryModules' && c._id === row._id && broken(c.status)),
    );
    await until(() =>
      changes().some(
        (c) => c.layer === 'LuminarySupports' && c._id === row.luminarySupport && broken(c.status),
      ),
    );
    const t = await tile(s, tileOf(...(row.location.coordinates as [number, number]), 18));
    // a simulated lamp fault: 4097 while its module switches it on, 4096 off (spec §4)
    const drawn = features(t.layers.LuminaryModules).find((f) => f.id === row._id)?.properties.status;
    expect([4096, 4097]).toContain(drawn);
    // the summary tells the console that statuses moved, and tiles asked for again count the broken lamp
    expect((await s.call('GET', '/api/v2/map/summary')).body.result.reported).toBeGreaterThan(before);
    expect(await brokenIn()).toBeGreaterThan(brokenBefore);
    stream.stop();
  });
});
