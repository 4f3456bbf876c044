import { ClusterPyramid } from './cluster-pyramid.ts';
import { mercatorX, mercatorY } from './mercator.ts';

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
};

// Points are bucketed by the zoom-14 tile they fall in: a tile query visits only its buckets.
const INDEX_ZOOM = 14;
const CELLS = 2 ** INDEX_ZOOM;
const NO_GROUP = -1;
// bucket keys stay below 2^28, so 2^24 positions keep key × POSITIONS + position exact in a double
const POSITIONS = 2 ** 24;

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
  /** bit 0: unused; bit 1: active */
  readonly flags: Uint8Array;
  private readonly positionOf = new Map<number, number>();
  private readonly pyramids = new Map<number | undefined, ClusterPyramid>();
  /** bucket key → [first, end) into the ordered columns */
  private readonly buckets = new Map<number, [number, number]>();

  constructor(points: MapPoint[]) {
    const n = points.length;
    if (n > POSITIONS) throw new Error(`a map layer holds at most ${POSITIONS} devices`);
    this.ids = new Float64Array(n);
    this.x = new Float64Array(n);
    this.y = new Float64Array(n);
    this.lon = new Float64Array(n);
    this.lat = new Float64Array(n);
    this.group = new Int32Array(n);
    this.status = new Int16Array(n);
    this.flags = new Uint8Array(n);
    const keys = new Float64Array(n);
    const xs = new Float64Array(n);
    const ys = new Float64Array(n);
    // bucket and position in one number, so that a plain numeric sort orders them (a comparator is 20× slower)
    const order = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const p = points[i]!;
      xs[i] = mercatorX(p.lon);
      ys[i] = mercatorY(p.lat);
      keys[i] = bucketKey(xs[i]!, ys[i]!);
      order[i] = keys[i]! * POSITIONS + i;
    }
    order.sort();
    for (let i = 0; i < n; i++) {
      const from = order[i]! % POSITIONS;
      const p = points[from]!;
      this.ids[i] = p.id;
      this.x[i] = xs[from]!;
      this.y[i] = ys[from]!;
      this.lon[i] = p.lon;
      this.lat[i] = p.lat;
      this.group[i] = p.group ?? NO_GROUP;
      this.status[i] = p.status;
      this.flags[i] = (p.unused ? 1 : 0) | (p.active ? 2 : 0);
      this.positionOf.set(p.id, i);
      const key = keys[from]!;
      const bucket = this.buckets.get(key);
      if (bucket) bucket[1] = i + 1;
      else this.buckets.set(key, [i, i + 1]);
    }
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
    if (!p) this.pyramids.set(groupId, (p = new ClusterPyramid(this, groupId, maxZoom)));
    return p;
  }

  setStatus(i: number, status: number) {
    const before = this.status[i]!;
    this.status[i] = status;
    for (const p of this.pyramids.values()) p.moved(i, before);
  }

  unused(i: number) {
    return (this.flags[i]! & 1) === 1;
  }

  active(i: number) {
    return (this.flags[i]! & 2) === 2;
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
  bounds(groupId: number | undefined): [number, number, number, number] | null {
    let w = Infinity;
    let s = Infinity;
    let e = -Infinity;
    let n = -Infinity;
    for (let i = 0; i < this.size; i++) {
      if (!this.visibleTo(i, groupId)) continue;
      w = Math.min(w, this.lon[i]!);
      e = Math.max(e, this.lon[i]!);
      s = Math.min(s, this.lat[i]!);
      n = Math.max(n, this.lat[i]!);
    }
    return w === Infinity ? null : [w, s, e, n];
  }

  count(groupId: number | undefined) {
    if (groupId === undefined) return this.size;
    let c = 0;
    for (let i = 0; i < this.size; i++) if (this.group[i] === groupId) c++;
    return c;
  }
}

function bucketKey(x: number, y: number) {
  const cx = Math.min(CELLS - 1, Math.max(0, Math.floor(x * CELLS)));
  const cy = Math.min(CELLS - 1, Math.max(0, Math.floor(y * CELLS)));
  return cy * CELLS + cx;
}
