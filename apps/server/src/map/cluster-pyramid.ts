import { statusMeaning, type StatusMeaning } from '@sl/domain';
import { STEP, type Work } from './sliced-work.ts';

export const MEANINGS: StatusMeaning[] = ['on', 'off', 'offline', 'broken', 'unknown'];
/** The code a cluster shows for the worst meaning among its members. */
const SHOWN: Record<StatusMeaning, number> = { broken: 4, offline: 3, on: 1, off: 0, unknown: -1 };
const WORST_FIRST = [...MEANINGS].sort((a, b) => SHOWN[b] - SHOWN[a]);
/** Cells per tile side: 16 cells of 32 px on a 512-px tile. */
export const CELLS_PER_TILE_SIDE = 16;

/** The devices of a layer counted per cell, at one zoom. */
class Level {
  readonly index = new Map<number, number>();
  count: Uint32Array;
  sumX: Float64Array;
  sumY: Float64Array;
  unused: Uint32Array;
  first: Int32Array;
  byMeaning: Uint32Array[];

  constructor(
    readonly side: number,
    capacity: number,
  ) {
    this.count = new Uint32Array(capacity);
    this.sumX = new Float64Array(capacity);
    this.sumY = new Float64Array(capacity);
    this.unused = new Uint32Array(capacity);
    this.first = new Int32Array(capacity);
    this.byMeaning = MEANINGS.map(() => new Uint32Array(capacity));
  }

  cellOf(key: number) {
    let c = this.index.get(key);
    if (c === undefined) {
      c = this.index.size;
      this.index.set(key, c);
    }
    return c;
  }

  keyAt(x: number, y: number) {
    const cx = Math.min(this.side - 1, Math.floor(x * this.side));
    const cy = Math.min(this.side - 1, Math.floor(y * this.side));
    return cy * this.side + cx;
  }
}

export type Cell = {
  count: number;
  x: number;
  y: number;
  first: number;
  unused: number;
  counts: Record<StatusMeaning, number>;
  status: number;
};

/** How far a pyramid being built has counted, and the status changes it counted before they happened. */
export type PyramidBuild = { reached: number; missed: [number, number][] };

/** What a pyramid counts of a layer's points (LayerPoints holds them). */
export type PyramidPoints = {
  readonly size: number;
  readonly x: Float64Array;
  readonly y: Float64Array;
  readonly status: Int16Array;
  visibleTo(i: number, groupId: number | undefined): boolean;
  unused(i: number): boolean;
};

/**
 * Per zoom up to `maxZoom`, the devices one caller sees tallied in the 32-px cells of that zoom, each zoom
 * made from the one below. A zoomed-out tile is then 256 look-ups, however many devices it covers.
 */
export class ClusterPyramid {
  private constructor(
    private readonly points: PyramidPoints,
    private readonly groupId: number | undefined,
    private readonly levels: Level[],
  ) {}

  /** Counts the devices `groupId` sees into the cells of `maxZoom`, then each zoom above from the one below. */
  static *build(
    points: PyramidPoints,
    groupId: number | undefined,
    maxZoom: number,
    visible: number,
    progress: PyramidBuild,
  ): Work<ClusterPyramid> {
    const levels: Level[] = [];
    let below = new Level(2 ** maxZoom * CELLS_PER_TILE_SIDE, visible);
    for (let i = 0; i < points.size; i++) {
      if (i % STEP === 0) {
        progress.reached = i;
        yield;
      }
      if (!points.visibleTo(i, groupId)) continue;
      const c = below.cellOf(below.keyAt(points.x[i]!, points.y[i]!));
      if (below.count[c] === 0) below.first[c] = i;
      below.count[c]! += 1;
      below.sumX[c]! += points.x[i]!;
      below.sumY[c]! += points.y[i]!;
      if (points.unused(i)) below.unused[c]! += 1;
      below.byMeaning[MEANINGS.indexOf(statusMeaning(points.status[i]))]![c]! += 1;
    }
    progress.reached = points.size;
    levels[maxZoom] = below;
    for (let z = maxZoom - 1; z >= 0; z--) {
      below = yield* coarser(below);
      levels[z] = below;
    }
    return new ClusterPyramid(points, groupId, levels);
  }

  /** The occupied cells of tile z/x/y and how many devices they hold. */
  cellsOf(z: number, x: number, y: number): { cells: Cell[]; total: number } {
    const level = this.levels[z]!;
    const cells: Cell[] = [];
    let total = 0;
    for (let cy = y * CELLS_PER_TILE_SIDE; cy < (y + 1) * CELLS_PER_TILE_SIDE; cy++)
      for (let cx = x * CELLS_PER_TILE_SIDE; cx < (x + 1) * CELLS_PER_TILE_SIDE; cx++) {
        const c = level.index.get(cy * level.side + cx);
        if (c === undefined || level.count[c] === 0) continue;
        const n = level.count[c]!;
        total += n;
        const counts = Object.fromEntries(MEANINGS.map((m, k) => [m, level.byMeaning[k]![c]!])) as Record<
          StatusMeaning,
          number
        >;
        const worst = WORST_FIRST.find((m) => counts[m] > 0) ?? 'unknown';
        cells.push({
          count: n,
          x: level.sumX[c]! / n,
          y: level.sumY[c]! / n,
          first: level.first[c]!,
          unused: level.unused[c]!,
          counts,
          status: SHOWN[worst],
        });
      }
    return { cells, total };
  }

  /** Device i changed from status `before` to its current one. */
  moved(i: number, before: number) {
    if (!this.points.visibleTo(i, this.groupId)) return;
    const from = MEANINGS.indexOf(statusMeaning(before));
    const to = MEANINGS.indexOf(statusMeaning(this.points.status[i]));
    if (from === to) return;
    for (const level of this.levels) {
      const c = level.index.get(level.keyAt(this.points.x[i]!, this.points.y[i]!))!;
      level.byMeaning[from]![c]! -= 1;
      level.byMeaning[to]![c]! += 1;
    }
  }
}

function* coarser(fine: Level): Work<Level> {
  const level = new Level(fine.side / 2, fine.index.size);
  let n = 0;
  for (const [key, f] of fine.index) {
    if (++n % STEP === 0) yield;
    const cy = Math.floor(key / fine.side);
    const cx = key - cy * fine.side;
    const c = level.cellOf((cy >> 1) * level.side + (cx >> 1));
    if (level.count[c] === 0) level.first[c] = fine.first[f]!;
    level.count[c]! += fine.count[f]!;
    level.sumX[c]! += fine.sumX[f]!;
    level.sumY[c]! += fine.sumY[f]!;
    level.unused[c]! += fine.unused[f]!;
    for (let m = 0; m < MEANINGS.length; m++) level.byMeaning[m]![c]! += fine.byMeaning[m]![f]!;
  }
  return level;
}
