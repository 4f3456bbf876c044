import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { describe, expect, it } from 'vitest';
import { LayerPoints, type MapPoint } from './layer-points.ts';
import { buildTile, CLUSTER_MAX_ZOOM } from './tiles.ts';

// 1,000 lamps on a 100 m grid around Cambridge City Hall: the first three broken, every tenth unused
const LON = -71.1056;
const LAT = 42.3671;
const lamps: MapPoint[] = Array.from({ length: 1000 }, (_, i) => ({
  id: i + 1,
  lon: LON + (i % 40) * 0.0012,
  lat: LAT + Math.floor(i / 40) * 0.0009,
  group: i < 500 ? 1 : 2,
  status: i < 3 ? 4 : 1,
  unused: i % 10 === 0,
}));
const points = LayerPoints.of(lamps);
const layers = new Map([['LuminaryModules' as const, points]]);

function decode(z: number, filter: 'all' | 'unused' | 'broken' = 'all', groupId?: number, scan = false) {
  const n = 2 ** z;
  const x = Math.floor(((LON + 180) / 360) * n);
  const sin = Math.sin((LAT * Math.PI) / 180);
  const y = Math.floor((0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * n);
  const tile = new VectorTile(new PbfReader(buildTile(layers, { z, x, y, filter, groupId, scan })));
  const layer = tile.layers.LuminaryModules;
  return Array.from({ length: layer?.length ?? 0 }, (_, i) => layer!.feature(i));
}
const total = (fs: ReturnType<typeof decode>) => fs.reduce((n, f) => n + Number(f.properties.count ?? 1), 0);

describe('map tiles', () => {
  it('clusters a crowded tile, every lamp counted once, a cluster as bad as its worst lamp', () => {
    const fs = decode(10);
    expect(total(fs)).toBe(1000);
    const clusters = fs.filter((f) => f.properties.cluster === 1);
    expect(clusters.length).toBeGreaterThan(0);
    expect(clusters.length).toBeLessThan(256);
    const withBroken = clusters.filter((f) => Number(f.properties.broken) > 0);
    expect(withBroken.reduce((n, f) => n + Number(f.properties.broken), 0)).toBe(3);
    for (const f of withBroken) expect(f.properties.status).toBe(4);
    for (const f of clusters)
      expect(Number(f.properties.on) + Number(f.properties.broken)).toBe(f.properties.count);
  });

  it('draws every lamp by itself beyond the clustering zoom, with its id', () => {
    const fs = decode(CLUSTER_MAX_ZOOM + 1);
    expect(fs.length).toBeGreaterThan(0);
    expect(fs.every((f) => f.properties.cluster === undefined && typeof f.id === 'number')).toBe(true);
  });

  it('keeps only what the filter and the group ask for', () => {
    expect(total(decode(10, 'broken'))).toBe(3);
    expect(total(decode(10, 'unused'))).toBe(100);
    expect(total(decode(10, 'all', 2))).toBe(500);
    expect(decode(10, 'all', 3)).toEqual([]);
  });

  it('keeps the clusters current as devices report', () => {
    const brokenIn = () => decode(10).reduce((n, f) => n + Number(f.properties.broken ?? 0), 0);
    expect(brokenIn()).toBe(3);
    points.setStatus(points.indexOf(500)!, 4096);
    expect(brokenIn()).toBe(4);
    points.setStatus(points.indexOf(500)!, 1);
    expect(brokenIn()).toBe(3);
  });

  it('draws the same clusters from the tallies as from the devices themselves', () => {
    const fromTallies = decode(11);
    const fromDevices = decode(11, 'all', undefined, true);
    expect(fromTallies.map((f) => f.properties)).toEqual(fromDevices.map((f) => f.properties));
  });
});

describe('an index built in slices', () => {
  // 40,000 lamps: ten slices of work at least, so reports arrive while the tallies are half counted
  const many: MapPoint[] = Array.from({ length: 40_000 }, (_, i) => ({
    id: i + 1,
    lon: LON + (i % 200) * 0.0003,
    lat: LAT + Math.floor(i / 200) * 0.0002,
    group: 1,
    status: 1,
    unused: false,
  }));

  it('orders the devices as the one built at once, and keeps the reports heard meanwhile', async () => {
    const sliced = await LayerPoints.inSlices(many);
    const atOnce = LayerPoints.of(many);
    expect(Array.from(sliced.ids)).toEqual(Array.from(atOnce.ids));

    const building = sliced.pyramidInSlices(undefined, CLUSTER_MAX_ZOOM);
    let turns = 0;
    const broken: number[] = [];
    // a lamp early in the order and one late, each time: some counted before their report, some after
    while (turns < 50) {
      await new Promise((r) => setImmediate(r));
      for (const i of [turns, sliced.size - 1 - turns]) {
        sliced.setStatus(i, 4);
        broken.push(i);
      }
      turns++;
    }
    const pyramid = await building;
    for (const i of broken) atOnce.setStatus(i, 4);
    const cells = (p: typeof pyramid) => p.cellsOf(9, 154, 189).cells.map((c) => c.counts);
    expect(cells(pyramid)).toEqual(cells(atOnce.pyramid(undefined, CLUSTER_MAX_ZOOM)));
    expect(cells(pyramid).reduce((n, c) => n + c.broken, 0)).toBe(100);
  });
});
