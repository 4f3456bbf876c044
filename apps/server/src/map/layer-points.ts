import { statusMeaning } from '@sl/domain';
import { ClusterPyramid, type PyramidBuild } from './cluster-pyramid.ts';
import { mercatorX, mercatorY } from './mercator.ts';
import { runInSlices, runNow, STEP, type Work } from './sliced-work.ts';
import type { MarkerFilter } from './marker-filter.ts';

/** One device as the map needs it. */
export type MapPoint = {
  id: number;
  lon: number;
  lat: number;
  group: number | null;
  status: number;
  unused: boolean;
  /** Controllers: installed in a cabinet (active) rather than kept in reserve. */
  active?: boolean;
  /** Mountings: a socket holds no lamp (spec §4 unused socket), or holds a deleted one (lamp deleted). */
  freeSocket?: boolean;
  deletedLamp?: boolean;
};

// Points are bucketed by the zoom-14 tile they fall in: a tile query visits only its buckets.
const INDEX_ZOOM = 14;
const CELLS = 2 ** INDEX_ZOOM;
const NO_GROUP = -1;
// typed-array positions and the status tallies stay exact well past any city
const MAX_POINTS = 2 ** 24;

/**
 * The devices of one map layer in columns (a million lamps cost tens of megabytes, not a million objects),
 * ordered by zoom-14 bucket so that the points of a tile are found without visiting the rest.
 */
export class LayerPoints {
  readonly ids: Float64Array;
  readonly x: Float64Array;
  readonly y: Float64Array;
  readonly lon: Float64Array;
  readonly lat: Float64Array;
  readonly group: Int32Array;
  readonly status: Int16Array;
  /** bit 0: unused; bit 1: active; bit 2: a free socket; bit 3: a deleted lamp */
  readonly flags: Uint8Array;
  private readonly positionOf: Map<number, number>;
  /** bucket key → [first, end) into the ordered columns */
  private readonly buckets: Map<number, [number, number]>;
  private readonly pyramids = new Map<number | undefined, ClusterPyramid>();
  private readonly pyramidsUnderway = new Map<number | undefined, Promise<ClusterPyramid>>();
  private readonly pyramidBuilds = new Set<PyramidBuild>();
  private readonly perGroup = new Map<number | undefined, { count: number; bounds: Bounds | null }>();

  private constructor(columns: Columns) {
    this.ids = columns.ids;
    this.x = columns.x;
    this.y = columns.y;
    this.lon = columns.lon;
    this.lat = columns.lat;
    this.group = columns.group;
    this.status = columns.status;
    this.flags = columns.flags;
    this.positionOf = columns.positionOf;
    this.buckets = columns.buckets;
  }

  static of(points: MapPoint[]) {
    return new LayerPoints(runNow(arrange(points)));
  }

  /** Built in slices, so that a server keeps answering while a large city is read. */
  static async inSlices(points: MapPoint[]) {
    return new LayerPoints(await runInSlices(arrange(points)));
  }

  get size() {
    return this.ids.length;
  }

  indexOf(id: number) {
    return this.positionOf.get(id);
  }

  /** The clusters a caller scoped to `groupId` sees, made on first use and then kept current. */
  pyramid(groupId: number | undefined, maxZoom: number) {
    let p = this.pyramids.get(groupId);
    if (!p) this.pyramids.set(groupId, (p = runNow(this.buildPyramid(groupId, maxZoom))));
    return p;
  }

  /** As `pyramid`, built in slices when it is not there yet. */
  async pyramidInSlices(groupId: number | undefined, maxZoom: number) {
    const ready = this.pyramids.get(groupId);
    if (ready) return ready;
    let underway = this.pyramidsUnderway.get(groupId);
    if (!underway) {
      underway = runInSlices(this.buildPyramid(groupId, maxZoom)).then((p) => {
        this.pyramids.set(groupId, p);
        return p;
      });
      this.pyramidsUnderway.set(groupId, underway);
      void underway.finally(() => this.pyramidsUnderway.delete(groupId));
    }
    return underway;
  }

  private *buildPyramid(groupId: number | undefined, maxZoom: number): Work<ClusterPyramid> {
    const build: PyramidBuild = { reached: 0, missed: [] };
    this.pyramidBuilds.add(build);
    try {
      const pyramid = yield* ClusterPyramid.build(this, groupId, maxZoom, this.count(groupId), build);
      // statuses that changed after the build had counted them
      for (const [i, before] of build.missed) pyramid.moved(i, before);
      return pyramid;
    } finally {
      this.pyramidBuilds.delete(build);
    }
  }

  setStatus(i: number, status: number) {
    const before = this.status[i]!;
    this.status[i] = status;
    for (const p of this.pyramids.values()) p.moved(i, before);
    for (const build of this.pyramidBuilds) if (i < build.reached) build.missed.push([i, before]);
  }

  unused(i: number) {
    return (this.flags[i]! & 1) === 1;
  }

  active(i: number) {
    return (this.flags[i]! & 2) === 2;
  }

  freeSocket(i: number) {
    return (this.flags[i]! & 4) === 4;
  }

  deletedLamp(i: number) {
    return (this.flags[i]! & 8) === 8;
  }

  /** Whether the map's marker filter shows point i. */
  shows(i: number, filter: MarkerFilter) {
    if (filter === 'unused') return this.unused(i);
    return filter === 'all' || statusMeaning(this.status[i]) === 'broken';
  }

  groupOf(i: number) {
    const g = this.group[i]!;
    return g === NO_GROUP ? null : g;
  }

  /** Whether a caller scoped to `groupId` (undefined: every group) sees point i. */
  visibleTo(i: number, groupId: number | undefined) {
    return groupId === undefined || this.group[i] === groupId;
  }

  /** Calls `visit` for every point inside the unit-square box [x0, x1) × [y0, y1). */
  forEachIn(x0: number, y0: number, x1: number, y1: number, visit: (i: number) => void) {
    const cx0 = Math.max(0, Math.floor(x0 * CELLS));
    const cy0 = Math.max(0, Math.floor(y0 * CELLS));
    const cx1 = Math.min(CELLS - 1, Math.floor(x1 * CELLS));
    const cy1 = Math.min(CELLS - 1, Math.floor(y1 * CELLS));
    const visitBucket = ([first, end]: [number, number]) => {
      for (let i = first; i < end; i++) {
        const x = this.x[i]!;
        const y = this.y[i]!;
        if (x >= x0 && x < x1 && y >= y0 && y < y1) visit(i);
      }
    };
    // a wide box visits the occupied buckets rather than every cell it spans
    if ((cx1 - cx0 + 1) * (cy1 - cy0 + 1) > this.buckets.size) {
      for (const [key, bucket] of this.buckets) {
        const cy = Math.floor(key / CELLS);
        const cx = key - cy * CELLS;
        if (cx >= cx0 && cx <= cx1 && cy >= cy0 && cy <= cy1) visitBucket(bucket);
      }
      return;
    }
    for (let cy = cy0; cy <= cy1; cy++)
      for (let cx = cx0; cx <= cx1; cx++) {
        const bucket = this.buckets.get(cy * CELLS + cx);
        if (bucket) visitBucket(bucket);
      }
  }

  /** West, south, east, north of every point, or null when there are none. */
  bounds(groupId: number | undefined): Bounds | null {
    return this.ofGroup(groupId).bounds;
  }

  count(groupId: number | undefined) {
    return this.ofGroup(groupId).count;
  }

  /** The points a caller scoped to `groupId` sees through the marker filter. */
  countShown(groupId: number | undefined, filter: MarkerFilter) {
    if (filter === 'all') return this.count(groupId);
    let n = 0;
    for (let i = 0; i < this.size; i++) if (this.visibleTo(i, groupId) && this.shows(i, filter)) n++;
    return n;
  }

  // positions and groups never change in a built index, so what a group holds is worked out once
  private ofGroup(groupId: number | undefined) {
    let found = this.perGroup.get(groupId);
    if (found) return found;
    let w = Infinity;
    let s = Infinity;
    let e = -Infinity;
    let n = -Infinity;
    let count = 0;
    for (let i = 0; i < this.size; i++) {
      if (!this.visibleTo(i, groupId)) continue;
      count++;
      w = Math.min(w, this.lon[i]!);
      e = Math.max(e, this.lon[i]!);
      s = Math.min(s, this.lat[i]!);
      n = Math.max(n, this.lat[i]!);
    }
    found = { count, bounds: count === 0 ? null : [w, s, e, n] };
    this.perGroup.set(groupId, found);
    return found;
  }
}

type Bounds = [number, number, number, number];

type Columns = Pick<LayerPoints, 'ids' | 'x' | 'y' | 'lon' | 'lat' | 'group' | 'status' | 'flags'> & {
  positionOf: Map<number, number>;
  buckets: Map<number, [number, number]>;
};

/** The points in columns, ordered by bucket (a counting sort: two passes, no comparisons). */
function* arrange(points: MapPoint[]): Work<Columns> {
  const n = points.length;
  if (n > MAX_POINTS) throw new Error(`a map layer holds at most ${MAX_POINTS} devices`);
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  const keys = new Uint32Array(n);
  const sizes = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    if (i % STEP === 0) yield;
    const p = points[i]!;
    xs[i] = mercatorX(p.lon);
    ys[i] = mercatorY(p.lat);
    const key = bucketKey(xs[i]!, ys[i]!);
    keys[i] = key;
    sizes.set(key, (sizes.get(key) ?? 0) + 1);
  }
  const buckets = new Map<number, [number, number]>();
  const next = new Map<number, number>();
  let first = 0;
  for (const key of Float64Array.from(sizes.keys()).sort()) {
    const end = first + sizes.get(key)!;
    buckets.set(key, [first, end]);
    next.set(key, first);
    first = end;
  }
  const columns: Columns = {
    ids: new Float64Array(n),
    x: new Float64Array(n),
    y: new Float64Array(n),
    lon: new Float64Array(n),
    lat: new Float64Array(n),
    group: new Int32Array(n),
    status: new Int16Array(n),
    flags: new Uint8Array(n),
    positionOf: new Map(),
    buckets,
  };
  for (let i = 0; i < n; i++) {
    if (i % STEP === 0) yield;
    const p = points[i]!;
    const at = next.get(keys[i]!)!;
    next.set(keys[i]!, at + 1);
    columns.ids[at] = p.id;
    columns.x[at] = xs[i]!;
    columns.y[at] = ys[i]!;
    columns.lon[at] = p.lon;
    columns.lat[at] = p.lat;
    columns.group[at] = p.group ?? NO_GROUP;
    columns.status[at] = p.status;
    columns.flags[at] =
      (p.unused ? 1 : 0) | (p.active ? 2 : 0) | (p.freeSocket ? 4 : 0) | (p.deletedLamp ? 8 : 0);
    columns.positionOf.set(p.id, at);
  }
  return columns;
}

function bucketKey(x: number, y: number) {
  const cx = Math.min(CELLS - 1, Math.max(0, Math.floor(x * CELLS)));
  const cy = Math.min(CELLS - 1, Math.max(0, Math.floor(y * CELLS)));
  return cy * CELLS + cx;
}
