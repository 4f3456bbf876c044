import { sql } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import type { MapPoint } from './layer-points.ts';
import { runInSlices, STEP } from './sliced-work.ts';
import { worstStatus } from './status-rank.ts';
import type { MapLayer } from './tiles.ts';

type Rows = { rows: Record<string, unknown>[] };
const num = (v: unknown) => (v == null ? null : Number(v));

/** What the map needs of every located, live device; supports take their status from their sockets' modules. */
export async function loadPoints(db: Db) {
  const [modules, controllers, cabinets, supports] = (await Promise.all([
    db.execute(sql`
      select _id, location_lon lon, location_lat lat, "group" g, cl_status, luminary_support
      from luminary_modules where deleted_at is null`),
    db.execute(sql`
      select c._id, c.location_lon lon, c.location_lat lat, c."group" g, c.cl_status,
        (c.cabinet is not null or exists (
          select 1 from cabinets k where k.controller = c._id and k.deleted_at is null)) active
      from controllers c where c.deleted_at is null`),
    db.execute(sql`
      select _id, location_lon lon, location_lat lat, "group" g, cl_status, controller
      from cabinets where deleted_at is null and location_lon is not null`),
    db.execute(sql`
      select _id, location_lon lon, location_lat lat, "group" g,
        coalesce(jsonb_array_length(sockets), 0) sockets,
        not exists (select 1 from jsonb_array_elements(coalesce(sockets, '[]')) x where x ? 'luminary') unused,
        (select array_agg((x->>'luminaryModule')::bigint) from jsonb_array_elements(coalesce(sockets, '[]')) x
          where x ? 'luminaryModule') modules
      from luminary_supports where deleted_at is null and location_lon is not null`),
  ])) as unknown as Rows[];

  return runInSlices(toPoints(modules!.rows, controllers!.rows, cabinets!.rows, supports!.rows));
}

type Row = Record<string, unknown>;

function* toPoints(modules: Row[], controllers: Row[], cabinets: Row[], supports: Row[]) {
  const moduleStatus = new Map<number, number>();
  const controllerStatus = new Map<number, number>();
  const located = (r: Row) => r.lon != null && r.lat != null;
  const base = (r: Row) => ({ id: Number(r._id), lon: Number(r.lon), lat: Number(r.lat), group: num(r.g) });
  const supportModules = new Map<number, number[]>();
  const cabinetController = new Map<number, number>();
  const points: Record<MapLayer, MapPoint[]> = {
    LuminaryModules: [],
    Controllers: [],
    Cabinets: [],
    LuminarySupports: [],
  };
  let n = 0;
  for (const r of modules) {
    if (++n % STEP === 0) yield;
    const status = num(r.cl_status) ?? -1;
    moduleStatus.set(Number(r._id), status);
    if (located(r)) points.LuminaryModules.push({ ...base(r), status, unused: r.luminary_support == null });
  }
  for (const r of controllers) {
    if (++n % STEP === 0) yield;
    const status = num(r.cl_status) ?? -1;
    controllerStatus.set(Number(r._id), status);
    if (located(r))
      points.Controllers.push({ ...base(r), status, unused: !r.active, active: Boolean(r.active) });
  }
  for (const r of cabinets) {
    if (++n % STEP === 0) yield;
    const controller = num(r.controller);
    // a cabinet that reports nothing itself shows its controller's state
    if (r.cl_status == null && controller != null) cabinetController.set(Number(r._id), controller);
    points.Cabinets.push({
      ...base(r),
      status: num(r.cl_status) ?? (controller != null ? (controllerStatus.get(controller) ?? -1) : -1),
      unused: controller == null,
    });
  }
  for (const r of supports) {
    if (++n % STEP === 0) yield;
    const ids = ((r.modules as unknown[] | null) ?? []).map(Number);
    if (ids.length) supportModules.set(Number(r._id), ids);
    points.LuminarySupports.push({
      ...base(r),
      status: Number(r.sockets) === 0 ? -1 : worstStatus(ids.map((m) => moduleStatus.get(m) ?? -1)),
      unused: Boolean(r.unused),
    });
  }
  return { points, supportModules, cabinetController };
}
