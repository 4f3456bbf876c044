import type { Raw } from '../field/offline-sweep.ts';

type Row = Record<string, unknown>;

/** The devices an order names, by kind. */
export type OrderRefs = {
  supports: number[];
  luminaries: number[];
  modules: number[];
  cabinets: number[];
  events: number[];
};

const ids = (v: unknown): number[] => (Array.isArray(v) ? v.map(Number) : []);
export const refsOf = (order: Row): OrderRefs => ({
  supports: ids(order.supports),
  luminaries: ids(order.luminaries),
  modules: ids(order.modules),
  cabinets: ids(order.cabinets),
  events: ids(order.events),
});

const union = (refs: OrderRefs[], key: keyof OrderRefs) => [...new Set(refs.flatMap((r) => r[key]))];
const num = (v: unknown) => (v == null ? null : Number(v));
const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());

// The lamp modules of orders: those named, those of the lamps named, and those on the mountings named (a mounting's
// modules name it: the sockets' triggers keep luminary_support, db/socket-places.ts). Within a group when given.
const MODULES = `
  select m._id, m.mac, m.pwm, m.pow, m.lux, m.temp, m.runh, m.cl_status, m.status, m.last_received_at,
    m.luminary_support, m.controller, c.mac as controller_mac
  from luminary_modules m
  left join controllers c on c._id = m.controller and c.deleted_at is null
  where m.deleted_at is null and ($4::bigint is null or m."group" = $4) and (
    m._id = any($1::bigint[]) or m.luminary_support = any($3::bigint[])
    or m._id in (select l.control_module from luminaries l where l._id = any($2::bigint[]) and l.deleted_at is null))
  order by m._id`;

const SUPPORTS = `
  select _id, uid, street, address, location_lon, location_lat from luminary_supports
  where deleted_at is null and _id = any($1::bigint[]) and ($2::bigint is null or "group" = $2)`;

const LAMPS = `
  select l._id, l.uid, l.name, l.support, l.control_module, mo.name as model
  from luminaries l left join luminary_models mo on mo._id = l.model
  where l.deleted_at is null and ($4::bigint is null or l."group" = $4)
    and (l._id = any($1::bigint[]) or l.support = any($2::bigint[]) or l.control_module = any($3::bigint[]))
  order by l._id`;

const CABINETS = `
  select _id, uid, address, location_lon, location_lat from cabinets
  where deleted_at is null and _id = any($1::bigint[]) and ($2::bigint is null or "group" = $2)`;

// the order's own events and every event open on its devices
const EVENTS = `
  select _id, type, status, open_date, module, support, cabinet from important_events
  where deleted_at is null and ($5::bigint is null or "group" = $5) and (
    _id = any($1::bigint[]) or (status = 'OPEN' and (
      module = any($2::bigint[]) or support = any($3::bigint[]) or cabinet = any($4::bigint[]))))
  order by open_date desc`;

export type OrderModule = {
  _id: number;
  mac: string;
  controller: number | null;
  controllerMac: string | null;
  support: number | null;
  pwm: number | null;
  pow: number | null;
  lux: number | null;
  temp: number | null;
  runh: number | null;
  cl_status: number | null;
  status: string | null;
  lastReceivedAt: string | null;
};

const moduleOf = (r: Row): OrderModule => ({
  _id: Number(r._id),
  mac: String(r.mac),
  controller: r.controller_mac == null ? null : num(r.controller),
  controllerMac: r.controller_mac == null ? null : String(r.controller_mac),
  support: num(r.luminary_support),
  pwm: num(r.pwm),
  pow: num(r.pow),
  lux: num(r.lux),
  temp: num(r.temp),
  runh: num(r.runh),
  cl_status: num(r.cl_status),
  status: r.status == null ? null : String(r.status),
  lastReceivedAt: iso(r.last_received_at),
});

/** The lamp modules of orders (all of them together), within `group` when given. */
export async function modulesOfOrders(raw: Raw, group: number | undefined, refs: OrderRefs[]) {
  const lamps = union(refs, 'luminaries');
  const { rows } = await raw.query(MODULES, [
    union(refs, 'modules'),
    lamps,
    union(refs, 'supports'),
    group ?? null,
  ]);
  return rows.map(moduleOf);
}

type Place = { lon: number; lat: number } | null;
const placeOf = (r: Row): Place =>
  r.location_lon == null || r.location_lat == null
    ? null
    : { lon: Number(r.location_lon), lat: Number(r.location_lat) };

/** What a crew member is shown of each order's devices: its mountings, lamps, modules, cabinets and open events. */
export async function devicesOfOrders(raw: Raw, group: number | undefined, refs: OrderRefs[]) {
  const g = group ?? null;
  const modules = await modulesOfOrders(raw, group, refs);
  const moduleIds = modules.map((m) => m._id);
  const supportIds = union(refs, 'supports');
  const [supports, lamps, cabinets, events] = await Promise.all([
    raw.query(SUPPORTS, [supportIds, g]),
    raw.query(LAMPS, [union(refs, 'luminaries'), supportIds, moduleIds, g]),
    raw.query(CABINETS, [union(refs, 'cabinets'), g]),
    raw.query(EVENTS, [union(refs, 'events'), moduleIds, supportIds, union(refs, 'cabinets'), g]),
  ]);
  return {
    modules,
    supports: supports.rows.map((r) => ({
      _id: Number(r._id),
      uid: String(r.uid),
      street: (r.street as string | null) ?? null,
      address: (r.address as string | null) ?? null,
      location: placeOf(r),
    })),
    lamps: lamps.rows.map((r) => ({
      _id: Number(r._id),
      uid: String(r.uid),
      name: (r.name as string | null) ?? null,
      model: (r.model as string | null) ?? null,
      support: num(r.support),
      module: num(r.control_module),
    })),
    cabinets: cabinets.rows.map((r) => ({
      _id: Number(r._id),
      uid: String(r.uid),
      address: (r.address as string | null) ?? null,
      location: placeOf(r),
    })),
    events: events.rows.map((r) => ({
      _id: Number(r._id),
      type: String(r.type),
      status: String(r.status),
      openDate: iso(r.open_date),
      module: num(r.module),
      support: num(r.support),
      cabinet: num(r.cabinet),
    })),
  };
}

export type OrderDevices = Awaited<ReturnType<typeof devicesOfOrders>>;

/** One order's part of the devices read for several. */
export function devicesOfOrder(all: OrderDevices, refs: OrderRefs) {
  const has = (list: number[], id: number | null) => id != null && list.includes(id);
  const lampModules = all.lamps.filter((l) => refs.luminaries.includes(l._id)).map((l) => l.module);
  const modules = all.modules.filter(
    (m) => refs.modules.includes(m._id) || has(refs.supports, m.support) || lampModules.includes(m._id),
  );
  const moduleIds = modules.map((m) => m._id);
  return {
    supports: all.supports.filter((s) => refs.supports.includes(s._id)),
    lamps: all.lamps.filter(
      (l) => refs.luminaries.includes(l._id) || has(refs.supports, l.support) || has(moduleIds, l.module),
    ),
    modules,
    cabinets: all.cabinets.filter((c) => refs.cabinets.includes(c._id)),
    events: all.events.filter(
      (e) =>
        refs.events.includes(e._id) ||
        (e.status === 'OPEN' &&
          (has(moduleIds, e.module) || has(refs.supports, e.support) || has(refs.cabinets, e.cabinet))),
    ),
  };
}
