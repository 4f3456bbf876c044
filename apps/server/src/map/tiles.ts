import { statusMeaning, type StatusMeaning } from '@sl/domain';
import type { LayerPoints } from './layer-points.ts';
import type { MarkerFilter } from './marker-filter.ts';
import { encodeTile, EXTENT, type TileLayer, type TilePoint } from './mvt-writer.ts';
import { attentionRank } from './status-rank.ts';

export const MAP_LAYERS = ['LuminarySupports', 'Controllers', 'Cabinets', 'LuminaryModules'] as const;
export type MapLayer = (typeof MAP_LAYERS)[number];
export type { MarkerFilter } from './marker-filter.ts';

/** Above this zoom every device is drawn by itself. */
export const CLUSTER_MAX_ZOOM = 16;
// a tile of 512 px split into 16 × 16 cells of 32 px; a layer with fewer points in a tile is not clustered
const CELLS_PER_SIDE = 16;
const CELLS = CELLS_PER_SIDE * CELLS_PER_SIDE;
const CLUSTER_ABOVE = 256;
// points this far outside the tile are drawn too, so that circles at an edge are not cut in half
const BUFFER = 64 / EXTENT;
const MEANINGS: StatusMeaning[] = ['on', 'off', 'offline', 'broken', 'unknown'];

export type TileRequest = {
  z: number;
  x: number;
  y: number;
  filter: MarkerFilter;
  groupId?: number;
  /** count the devices themselves rather than the kept tallies (tests compare the two) */
  scan?: boolean;
};

/** What a tile shows of each layer, in tile coordinates: devices by themselves, or clusters of them. */
export function tileFeatures(layers: Map<MapLayer, LayerPoints>, req: TileRequest): TileLayer[] {
  const out: TileLayer[] = [];
  for (const [name, points] of layers) out.push({ name, points: layerTile(name, points, req) });
  return out;
}

export const buildTile = (layers: Map<MapLayer, LayerPoints>, req: TileRequest): Uint8Array =>
  encodeTile(tileFeatures(layers, req));

/** Per cell of the tile: how many devices, where on average, how many of each status. Columns, not objects. */
class CellTally {
  readonly count = new Uint32Array(CELLS);
  readonly sumX = new Float64Array(CELLS);
  readonly sumY = new Float64Array(CELLS);
  readonly unused = new Uint32Array(CELLS);
  readonly worst = new Int16Array(CELLS).fill(-1);
  readonly first = new Int32Array(CELLS);
  readonly byMeaning = Object.fromEntries(MEANINGS.map((m) => [m, new Uint32Array(CELLS)])) as Record<
    StatusMeaning,
    Uint32Array
  >;

  add(cell: number, i: number, x: number, y: number, status: number, unused: boolean) {
    if (this.count[cell] === 0) this.first[cell] = i;
    this.count[cell]! += 1;
    this.sumX[cell]! += x;
    this.sumY[cell]! += y;
    if (unused) this.unused[cell]! += 1;
    this.byMeaning[statusMeaning(status)][cell]! += 1;
    // a cluster takes the colour of the member that needs attention first
    if (attentionRank(status) > attentionRank(this.worst[cell]!)) this.worst[cell] = status;
  }

  cluster(cell: number): TilePoint {
    const n = this.count[cell]!;
    return {
      x: this.sumX[cell]! / n,
      y: this.sumY[cell]! / n,
      properties: {
        cluster: 1,
        count: n,
        ...Object.fromEntries(MEANINGS.map((m) => [m, this.byMeaning[m][cell]!])),
        unused: this.unused[cell]!,
        status: this.worst[cell]!,
      },
    };
  }
}

function layerTile(name: MapLayer, points: LayerPoints, { z, x, y, filter, groupId, scan }: TileRequest) {
  const scale = 2 ** z;
  const tileX = (i: number) => (points.x[i]! * scale - x) * EXTENT;
  const tileY = (i: number) => (points.y[i]! * scale - y) * EXTENT;
  const single = (i: number): TilePoint => ({
    id: points.ids[i]!,
    x: tileX(i),
    y: tileY(i),
    properties: {
      status: points.status[i]!,
      unused: points.unused(i) ? 1 : 0,
      broken: statusMeaning(points.status[i]) === 'broken' ? 1 : 0,
      ...(name === 'Controllers' && { active: points.active(i) ? 1 : 0 }),
      ...(name === 'LuminarySupports' && {
        freeSocket: points.freeSocket(i) ? 1 : 0,
        deletedLamp: points.deletedLamp(i) ? 1 : 0,
      }),
    },
  });

  const clustering = z <= CLUSTER_MAX_ZOOM;
  if (clustering && filter === 'all' && !scan) {
    const { cells, total } = points.pyramid(groupId, CLUSTER_MAX_ZOOM).cellsOf(z, x, y);
    if (total > CLUSTER_ABOVE)
      return cells.map((c): TilePoint =>
        c.count === 1
          ? single(c.first)
          : {
              x: (c.x * scale - x) * EXTENT,
              y: (c.y * scale - y) * EXTENT,
              properties: { cluster: 1, count: c.count, ...c.counts, unused: c.unused, status: c.status },
            },
      );
  }
  const few: number[] = [];
  const tally = clustering ? new CellTally() : undefined;
  let inside = 0;
  const margin = BUFFER / scale;
  points.forEachIn(
    x / scale - margin,
    y / scale - margin,
    (x + 1) / scale + margin,
    (y + 1) / scale + margin,
    (i) => {
      if (!points.visibleTo(i, groupId)) return;
      if (!points.shows(i, filter)) return;
      const status = points.status[i]!;
      if (!tally || few.length <= CLUSTER_ABOVE) few.push(i);
      const tx = tileX(i);
      const ty = tileY(i);
      // the buffer belongs to the neighbouring tile's clusters
      if (!tally || tx < 0 || ty < 0 || tx >= EXTENT || ty >= EXTENT) return;
      inside += 1;
      const cell =
        Math.floor((ty / EXTENT) * CELLS_PER_SIDE) * CELLS_PER_SIDE +
        Math.floor((tx / EXTENT) * CELLS_PER_SIDE);
      tally.add(cell, i, tx, ty, status, points.unused(i));
    },
  );
  if (!tally || few.length <= CLUSTER_ABOVE) return few.map(single);
  const out: TilePoint[] = [];
  for (let cell = 0; cell < CELLS && inside > 0; cell++) {
    const n = tally.count[cell]!;
    if (n) out.push(n === 1 ? single(tally.first[cell]!) : tally.cluster(cell));
  }
  return out;
}
