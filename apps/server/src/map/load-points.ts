import { sql } from 'drizzle-orm';
import { serverPool, type Db } from '../db/connect.ts';
import type { MapPoint } from './layer-points.ts';
import { runInSlices, STEP, type Work } from './sliced-work.ts';
import { worstStatus } from './status-rank.ts';
import { MAP_LAYERS, type MapLayer } from './tiles.ts';

type Row = Record<string, unknown>;
const num = (v: unknown) => (v == null ? null : Number(v));
// rows per fetch from a server: parsing one batch holds the event loop for a few milliseconds
const BATCH = 5000;

const MODULES = `
  select _id, location_lon lon, location_lat lat, "group" g, cl_status, luminary_support
  from luminary_modules where deleted_at is null`;
const CONTROLLERS = `
  select c._id, c.location_lon lon, c.location_lat lat, c."group" g, c.cl_status,
    (c.cabinet is not null or exists (
      select 1 from cabinets k where k.controller = c._id and k.deleted_at is null)) active
  from controllers c where c.deleted_at is null`;
const CABINETS = `
  select _id, location_lon lon, location_lat lat, "group" g, cl_status, controller
  from cabinets where deleted_at is null and location_lon is not null`;
const SUPPORTS = `
  select _id, location_lon lon, location_lat lat, "group" g,
    coalesce(jsonb_array_length(sockets), 0) sockets,
    not coalesce(sockets @? '$[*].luminary', false) unused,
    coalesce(socket_count, 1) > (
      select count(*) from jsonb_array_elements(coalesce(sockets, '[]')) socket
      where coalesce(socket->'luminary', 'null') <> 'null') free_socket,
    exists (
      select 1 from jsonb_array_elements(coalesce(sockets, '[]')) socket
      join luminaries l on l._id = (socket->>'luminary')::bigint
      where l.deleted_at is not null) deleted_lamp,
    nullif(jsonb_path_query_array(sockets, '$[*].luminaryModule'), '[]') modules
  from luminary_supports where deleted_at is null and location_lon is not null`;

/** The entities whose rows the map is drawn from: a write to any of them makes the index stale. */
export const MAP_SOURCES: readonly string[] = [...MAP_LAYERS, 'Luminaries'];

/**
 * What the map needs of every located, live device; supports take their status from their sockets' modules.
 * Modules are read before supports and controllers before cabinets, whose statuses follow theirs.
 */
export async function loadPoints(db: Db) {
  const into = new PointsFound();
  for (const [query, take] of [
    [MODULES, (rows: Row[]) => into.modules(rows)],
    [CONTROLLERS, (rows: Row[]) => into.controllers(rows)],
    [CABINETS, (rows: Row[]) => into.cabinets(rows)],
    [SUPPORTS, (rows: Row[]) => into.supports(rows)],
  ] as const)
    await readInBatches(db, query, (rows) => runInSlices(take(rows)));
  return into;
}

/**
 * A server's rows come through a cursor, a batch at a time, so that a million of them are never parsed in one
 * go or held at once; PGlite is one connection that a held cursor would block, and holds small cities.
 */
async function readInBatches(db: Db, query: string, take: (rows: Row[]) => Promise<void>) {
  const pool = serverPool(db);
  if (!pool) {
    const result = (await db.execute(sql.raw(query))) as unknown as { rows: Row[] };
    return take(result.rows);
  }
  const connection = await pool.connect();
  try {
    await connection.query('begin read only');
    await connection.query(`declare map_points no scroll cursor for ${query}`);
    for (;;) {
      const { rows } = await connection.query<Row>(`fetch forward ${BATCH} from map_points`);
      if (rows.length) await take(rows);
      if (rows.length < BATCH) break;
    }
    await connection.query('commit');
  } catch (err) {
    await connection.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    connection.release();
  }
}

class PointsFound {
  points: Record<MapLayer, MapPoint[]> = {
    LuminaryModules: [],
    Controllers: [],
    Cabinets: [],
    LuminarySupports: [],
  };
  readonly supportModules = new Map<number, number[]>();
  readonly cabinetController = new Map<number, number>();
  private readonly moduleStatus = new Map<number, number>();
  private readonly controllerStatus = new Map<number, number>();

  *modules(rows: Row[]): Work<void> {
    for (let i = 0; i < rows.length; i++) {
      if (i % STEP === 0) yield;
      const r = rows[i]!;
      const status = num(r.cl_status) ?? -1;
      this.moduleStatus.set(Number(r._id), status);
      if (located(r))
        this.points.LuminaryModules.push({ ...base(r), status, unused: r.luminary_support == null });
    }
  }

  *controllers(rows: Row[]): Work<void> {
    for (let i = 0; i < rows.length; i++) {
      if (i % STEP === 0) yield;
      const r = rows[i]!;
      const status = num(r.cl_status) ?? -1;
      this.controllerStatus.set(Number(r._id), status);
      if (located(r))
        this.points.Controllers.push({ ...base(r), status, unused: !r.active, active: Boolean(r.active) });
    }
  }

  *cabinets(rows: Row[]): Work<void> {
    for (let i = 0; i < rows.length; i++) {
      if (i % STEP === 0) yield;
      const r = rows[i]!;
      const controller = num(r.controller);
      // a cabinet that reports nothing itself shows its controller's state
      if (r.cl_status == null && controller != null) this.cabinetController.set(Number(r._id), controller);
      this.points.Cabinets.push({
        ...base(r),
        status: num(r.cl_status) ?? (controller != null ? (this.controllerStatus.get(controller) ?? -1) : -1),
        unused: controller == null,
      });
    }
  }

  *supports(rows: Row[]): Work<void> {
    for (let i = 0; i < rows.length; i++) {
      if (i % STEP === 0) yield;
      const r = rows[i]!;
      const ids = ((r.modules as unknown[] | null) ?? []).map(Number);
      if (ids.length) this.supportModules.set(Number(r._id), ids);
      this.points.LuminarySupports.push({
        ...base(r),
        status: Number(r.sockets) === 0 ? -1 : worstStatus(ids.map((m) => this.moduleStatus.get(m) ?? -1)),
        unused: Boolean(r.unused),
        freeSocket: Boolean(r.free_socket),
        deletedLamp: Boolean(r.deleted_lamp),
      });
    }
  }
}

const located = (r: Row) => r.lon != null && r.lat != null;
const base = (r: Row) => ({ id: Number(r._id), lon: Number(r.lon), lat: Number(r.lat), group: num(r.g) });
