import { randomUUID } from 'node:crypto';
import type { Db } from '../db/connect.ts';
import type { LiveEvent, LiveHub } from '../live/live-hub.ts';
import { LayerPoints } from './layer-points.ts';
import { loadPoints } from './load-points.ts';
import { cameraForBounds, cameraOnItem, groupBy, tilesInView, type Camera, type Size } from '@sl/domain';
import { degreesAround, latOf, lonOf, mercatorX, mercatorY, metresBetween } from './mercator.ts';
import { EXTENT } from './mvt-writer.ts';
import { worstStatus } from './status-rank.ts';
import {
  buildTile,
  tileFeatures,
  CLUSTER_MAX_ZOOM,
  MAP_LAYERS,
  type MapLayer,
  type MarkerFilter,
  type TileRequest,
} from './tiles.ts';

export type MarkerChange = { layer: MapLayer; _id: number; status: number };
export type Summary = Awaited<ReturnType<MapIndex['summary']>>;
/** Per layer, each device or cluster as [lon, lat, count, status, active (controllers; 1 otherwise)]. */
export type FirstView = {
  summary: Summary;
  camera: Camera | null;
  features: Partial<Record<MapLayer, [number, number, number, number, number][]>>;
  /** centred on the current map item asked for, rather than fitting the city */
  onItem: boolean;
};
export type Nearby = { layer: MapLayer; id: number; metres: number };

const TILE_CACHE_SIZE = 2000;
// below this many devices a rebuild takes well under a second, so a question after a write waits for it
const WAIT_FOR_REBUILD_BELOW = 100_000;
// cached tiles carry statuses; open maps get changes live, and a tile asked for again is rebuilt after this
const TILE_CACHE_MS = 5_000;

/**
 * Every located device of every group in memory, for map tiles and radius queries. Built on first use, rebuilt
 * after a write through the API of any server process on the database (announced through the live hub), and kept
 * current from the live stream as devices report.
 */
export class MapIndex {
  private layers?: Map<MapLayer, LayerPoints>;
  private supportModules = new Map<number, number[]>();
  private moduleSupports = new Map<number, number[]>();
  private controllerCabinets = new Map<number, number[]>();
  private building?: Promise<void>;
  /** Device reports heard while a build reads the database, applied to the new index once it is in place. */
  private heardWhileBuilding?: LiveEvent[];
  private stale = true;
  private readonly tiles = new Map<string, { at: number; bytes: Uint8Array }>();
  version = 0;
  /** Moves with every batch of status changes the live stream brought: tiles asked for with it are drawn anew. */
  reported = 0;
  /** names this process in its announcements of written devices */
  private readonly origin = randomUUID();

  constructor(
    private readonly db: Db,
    private readonly hub: LiveHub,
  ) {
    hub.subscribe({ send: (e) => this.follow(e) });
  }

  /** Devices were written through this process: the next question rebuilds, here and in every other process. */
  invalidate() {
    this.stale = true;
    this.hub.publish({ type: 'devices', data: { from: this.origin } }).catch(() => undefined);
  }

  /** Reads every device now rather than on the first question. */
  async prepare() {
    await this.fresh();
  }

  private async fresh(): Promise<Map<MapLayer, LayerPoints>> {
    while (this.stale || !this.layers) {
      if (!this.building) {
        this.building = this.build().finally(() => (this.building = undefined));
        // behind the answers of a large city its failure is nobody's to hear: the next question reads again
        this.building.catch(() => undefined);
      }
      // a large city is rebuilt behind the scenes: maps keep the devices they had for the seconds it takes
      if (this.layers && this.size > WAIT_FOR_REBUILD_BELOW) return this.layers;
      await this.building;
    }
    return this.layers;
  }

  private get size() {
    let n = 0;
    for (const points of this.layers?.values() ?? []) n += points.size;
    return n;
  }

  /** Whether tiles can be answered without waiting for the first read of every device. */
  get state() {
    return { ready: this.layers !== undefined, version: this.version, devices: this.size };
  }

  private async build() {
    this.stale = false;
    this.heardWhileBuilding = [];
    try {
      const loaded = await loadPoints(this.db);
      const layers = new Map<MapLayer, LayerPoints>();
      for (const name of MAP_LAYERS) {
        layers.set(name, await LayerPoints.inSlices(loaded.points[name]));
        // a million points as objects make every later collection slow; the columns hold them now
        loaded.points[name] = [];
      }
      // an administrator's first map should not wait for the clusters of a large city
      for (const points of layers.values()) await points.pyramidInSlices(undefined, CLUSTER_MAX_ZOOM);
      this.layers = layers;
      this.supportModules = loaded.supportModules;
      this.moduleSupports = invert(loaded.supportModules);
      this.controllerCabinets = invert(
        new Map([...loaded.cabinetController].map(([cabinet, controller]) => [cabinet, [controller]])),
      );
      this.tiles.clear();
      this.version += 1;
    } catch (err) {
      // a read that failed (a connection lost) leaves the devices as they were: the next question reads again
      this.stale = true;
      throw err;
    } finally {
      const heard = this.heardWhileBuilding;
      this.heardWhileBuilding = undefined;
      for (const event of heard) this.follow(event);
    }
  }

  /** Bounds around every device the caller sees, and counts of those the marker filter shows. */
  async summary(groupId: number | undefined, layers: readonly MapLayer[], filter: MarkerFilter = 'all') {
    const all = await this.fresh();
    const bounds = layers
      .map((l) => all.get(l)!.bounds(groupId))
      .filter((b) => b !== null)
      .reduce<[number, number, number, number] | null>(
        (acc, b) =>
          acc
            ? [Math.min(acc[0], b[0]), Math.min(acc[1], b[1]), Math.max(acc[2], b[2]), Math.max(acc[3], b[3])]
            : b,
        null,
      );
    const counts = Object.fromEntries(layers.map((l) => [l, all.get(l)!.countShown(groupId, filter)]));
    return { bounds, counts, version: this.version, reported: this.reported };
  }

  /** The layers a tile is drawn from, with the caller's clusters counted. */
  private async tileLayers(req: TileRequest, layers: readonly MapLayer[]) {
    const all = await this.fresh();
    if (req.filter === 'all' && !req.scan)
      await Promise.all(layers.map((l) => all.get(l)!.pyramidInSlices(req.groupId, CLUSTER_MAX_ZOOM)));
    return new Map(layers.map((l) => [l, all.get(l)!]));
  }

  async tile(req: TileRequest, layers: readonly MapLayer[]): Promise<Uint8Array> {
    const drawn = await this.tileLayers(req, layers);
    const version = `${this.version}.${this.reported}`;
    const key = [version, req.groupId ?? '*', layers.join(','), req.filter, req.z, req.x, req.y].join('/');
    const cached = this.tiles.get(key);
    if (cached && Date.now() - cached.at < TILE_CACHE_MS) return cached.bytes;
    const bytes = buildTile(drawn, req);
    if (this.tiles.size >= TILE_CACHE_SIZE) this.tiles.delete(this.tiles.keys().next().value!);
    this.tiles.set(key, { at: Date.now(), bytes });
    return bytes;
  }

  /**
   * The city as the map first shows it in a `size` of screen: the summary, the camera that fits the devices,
   * and what the tiles of that view hold, as places. The console draws it before its map is ready.
   */
  async firstView(
    groupId: number | undefined,
    layers: { counted: readonly MapLayer[]; shown: readonly MapLayer[] },
    filter: MarkerFilter,
    size: Size,
    /** the current map item's place: the view is centred on it as the map screen will centre it */
    item?: { lon: number; lat: number },
  ): Promise<FirstView> {
    const summary = await this.summary(groupId, layers.counted, filter);
    if (!summary.bounds) return { summary, camera: null, features: {}, onItem: false };
    const city = cameraForBounds(summary.bounds, size);
    const camera = item ? cameraOnItem(item, city.zoom) : city;
    const { z, x0, x1, y0, y1 } = tilesInView(camera, size);
    const n = 2 ** z;
    const features: FirstView['features'] = Object.fromEntries(layers.shown.map((l) => [l, []]));
    const drawn = await this.tileLayers({ z, x: x0, y: y0, filter, groupId }, layers.shown);
    for (let x = x0; x <= x1; x++)
      for (let y = y0; y <= y1; y++)
        for (const { name, points } of tileFeatures(drawn, { z, x, y, filter, groupId }))
          for (const p of points) {
            // what lies in a tile's buffer belongs to its neighbour: each device is counted once
            if (p.x < 0 || p.y < 0 || p.x >= EXTENT || p.y >= EXTENT) continue;
            const { count = 1, status, active = 1 } = p.properties;
            features[name as MapLayer]!.push([
              round6(lonOf((x + p.x / EXTENT) / n)),
              round6(latOf((y + p.y / EXTENT) / n)),
              count,
              status!,
              active,
            ]);
          }
    return { summary, camera, features, onItem: Boolean(item) };
  }

  /** Devices within `metres` of a place, nearest first. */
  async near(
    at: { lon: number; lat: number },
    metres: number,
    opts: { layers: readonly MapLayer[]; groupId?: number; filter: MarkerFilter; limit: number },
  ): Promise<Nearby[]> {
    const all = await this.fresh();
    const { dLat, dLon } = degreesAround(at.lat, metres);
    const found: Nearby[] = [];
    for (const layer of opts.layers) {
      const points = all.get(layer)!;
      const [x0, x1] = [mercatorX(at.lon - dLon), mercatorX(at.lon + dLon)];
      const [y0, y1] = [mercatorY(at.lat + dLat), mercatorY(at.lat - dLat)];
      points.forEachIn(x0, y0, x1, y1, (i) => {
        if (!points.visibleTo(i, opts.groupId)) return;
        if (!points.shows(i, opts.filter)) return;
        const d = metresBetween(at.lon, at.lat, points.lon[i]!, points.lat[i]!);
        if (d <= metres) found.push({ layer, id: points.ids[i]!, metres: d });
      });
    }
    return found.sort((a, b) => a.metres - b.metres).slice(0, opts.limit);
  }

  /** Device reports from the live stream move the markers' statuses, and open maps hear of it. */
  private follow(event: LiveEvent) {
    // another process wrote devices (this one knew at once)
    if (event.type === 'devices' && (event.data as { from?: string }).from !== this.origin) this.stale = true;
    if (event.type !== 'modules' && event.type !== 'controllers') return;
    this.heardWhileBuilding?.push(event);
    if (!this.layers) return;
    const changes: (MarkerChange & { group: number | null })[] = [];
    const set = (layer: MapLayer, id: number, status: number) => {
      const points = this.layers!.get(layer)!;
      const i = points.indexOf(id);
      if (i === undefined || points.status[i] === status) return;
      points.setStatus(i, status);
      changes.push({ layer, _id: id, status, group: points.groupOf(i) });
    };
    const statusOf = (layer: MapLayer, id: number) => {
      const points = this.layers!.get(layer)!;
      const i = points.indexOf(id);
      return i === undefined ? -1 : points.status[i]!;
    };
    for (const row of event.data as { _id: number; cl_status?: number | null }[]) {
      const status = row.cl_status ?? -1;
      if (event.type === 'modules') {
        set('LuminaryModules', row._id, status);
        for (const support of this.moduleSupports.get(row._id) ?? [])
          set(
            'LuminarySupports',
            support,
            worstStatus((this.supportModules.get(support) ?? []).map((m) => statusOf('LuminaryModules', m))),
          );
      } else {
        set('Controllers', row._id, status);
        for (const cabinet of this.controllerCabinets.get(row._id) ?? []) set('Cabinets', cabinet, status);
      }
    }
    if (changes.length) this.reported += 1;
    const byGroup = groupBy(
      changes,
      (c) => c.group,
      ({ group: _, ...change }): MarkerChange => change,
    );
    // every server process follows the same stream, so each tells only its own listeners
    for (const [groupId, data] of byGroup) this.hub.deliverLocal({ type: 'map', groupId, data });
  }
}

const round6 = (v: number) => Math.round(v * 1e6) / 1e6;

function invert(links: Map<number, number[]>) {
  const pairs = [...links].flatMap(([from, tos]) => tos.map((to) => [to, from] as const));
  return groupBy(
    pairs,
    ([to]) => to,
    ([, from]) => from,
  );
}
