import {
  contactorsClosed,
  entity,
  NO_SOCKETS_STATUS,
  statusMeaning,
  type Entity,
  type Inversion,
} from '@sl/domain';
import { worstStatus } from '../map/status-rank.ts';
import type { Scope } from './conditions.ts';
import type { EntityRepository } from './entity.repository.ts';
import type { ApiRow } from './row-mapper.ts';

// A lamp and a mounting report nothing themselves: their state is their modules', worst first, as the map
// draws them (load-points.ts). Read afresh with every page, so a kept page of mountings never shows a module's old state; each socket mirrors its module likewise.
// A page of some fields only (`inc`) gets the state when it holds what the state is taken from.

type Row = Record<string, unknown>;
type Socket = Row & { luminary?: number | null; luminaryModule?: number | null };
type Derive = (repo: EntityRepository, scope: Scope, rows: readonly ApiRow[]) => Promise<ApiRow[]>;

// ids per query: a page may be a whole export
const CHUNK = 5000;

async function liveById(repo: EntityRepository, e: Entity, scope: Scope, ids: Iterable<unknown>) {
  const wanted = [...new Set([...ids].filter((id): id is number => typeof id === 'number'))];
  const out = new Map<number, ApiRow>();
  for (let i = 0; i < wanted.length; i += CHUNK)
    for (const r of await repo.byIds(e, scope, wanted.slice(i, i + CHUNK)))
      if (r.deletedAt == null) out.set(r._id, r);
  return out;
}

const socketsOf = (row: Row) => (Array.isArray(row.sockets) ? (row.sockets as Socket[]) : []);
const statusOf = (module: ApiRow | undefined) => (module?.cl_status as number | null | undefined) ?? -1;

/** A socket with what its module reports (spec §3 socket: mac, pwm, pow, status, cl_status, updatedAt). */
function mirrored(s: Socket, module: ApiRow | undefined): Socket {
  if (!module) return s;
  return {
    ...s,
    mac: module.mac ?? null,
    pwm: module.pwm ?? null,
    pow: module.pow ?? null,
    status: module.status ?? null,
    cl_status: module.cl_status ?? null,
    updatedAt: module.lastReceivedAt ?? null,
  };
}

const supports: Derive = async (repo, scope, rows) => {
  const modules = await liveById(
    repo,
    entity('LuminaryModules'),
    scope,
    rows.flatMap((r) => socketsOf(r).map((s) => s.luminaryModule)),
  );
  return rows.map((r) => {
    if (!('sockets' in r)) return r;
    const sockets = socketsOf(r);
    const of = (s: Socket) => (s.luminaryModule == null ? undefined : modules.get(s.luminaryModule));
    return {
      ...r,
      sockets: sockets.map((s) => mirrored(s, of(s))),
      cl_status: sockets.length ? worstStatus(sockets.map((s) => statusOf(of(s)))) : NO_SOCKETS_STATUS,
    };
  });
};

const lamps: Derive = async (repo, scope, rows) => {
  const mountings = await liveById(
    repo,
    entity('LuminarySupports'),
    scope,
    rows.map((r) => r.support),
  );
  const moduleIdsOf = (lamp: ApiRow) => {
    const mounting = mountings.get(lamp.support as number);
    const held = mounting ? socketsOf(mounting).filter((s) => s.luminary === lamp._id) : [];
    return [lamp.controlModule, ...held.map((s) => s.luminaryModule)].filter((id) => typeof id === 'number');
  };
  const modules = await liveById(repo, entity('LuminaryModules'), scope, rows.flatMap(moduleIdsOf));
  return rows.map((r) => {
    if (!('support' in r && 'controlModule' in r)) return r;
    const ids = [...new Set(moduleIdsOf(r))] as number[];
    return { ...r, cl_status: worstStatus(ids.map((id) => statusOf(modules.get(id)))) };
  });
};

// what a cabinet's controller reports is kept in the cabinet's row (db/cabinet-io.ts), but for when it was heard
const cabinets: Derive = async (repo, scope, rows) => {
  const controllers = await liveById(
    repo,
    entity('Controllers'),
    scope,
    rows.map((r) => r.controller),
  );
  return rows.map((r) => {
    if (!('controller' in r)) return r;
    const controller = r.controller == null ? undefined : controllers.get(r.controller as number);
    return { ...r, lastReceivedAt: controller?.lastReceivedAt ?? null };
  });
};

const PHASES = ['A', 'B', 'C'] as const;

// a controller's lamps are the modules behind it; its contactors, those of its cabinet its I/O state shows closed;
// its state, what its own status code means
const controllers: Derive = async (repo, scope, rows) => {
  const ids = rows.map((r) => r._id);
  const lamps = await repo.countBy(entity('LuminaryModules'), 'controller', scope, ids);
  const cabinets = await liveById(
    repo,
    entity('Cabinets'),
    scope,
    rows.map((r) => r.cabinet),
  );
  const closed = (r: ApiRow) => {
    if (typeof r.iostate !== 'number') return null;
    const cabinet = r.cabinet == null ? undefined : cabinets.get(r.cabinet as number);
    const shut = contactorsClosed(
      r.iostate,
      Number(r.polarity ?? 0),
      (cabinet?.inversion ?? {}) as Inversion,
    );
    return PHASES.filter((_, i) => shut[i]);
  };
  return rows.map((r) => ({
    ...r,
    lampsCount: lamps.get(r._id) ?? 0,
    ...('iostate' in r && { contactor: closed(r) }),
    ...('cl_status' in r && { state: statusMeaning(r.cl_status as number | null) }),
  }));
};

// a meter reads the secondary side of its transformers: its figures are the primary side's over this ratio
const meters: Derive = async (_repo, _scope, rows) =>
  rows.map((r) =>
    'power_transformation' in r || 'voltage_transformation' in r
      ? {
          ...r,
          transformationRatio: Number(r.power_transformation ?? 1) * Number(r.voltage_transformation ?? 1),
        }
      : r,
  );

const DERIVE: Record<string, Derive> = {
  LuminarySupports: supports,
  Luminaries: lamps,
  Cabinets: cabinets,
  Controllers: controllers,
  Meters: meters,
};

/** The rows with the states they take from the devices they are made of. */
export async function withDerivedStatus(
  repo: EntityRepository,
  e: Entity,
  scope: Scope,
  rows: readonly ApiRow[],
): Promise<ApiRow[]> {
  const derive = DERIVE[e.name];
  return derive && rows.length ? derive(repo, scope, rows) : [...rows];
}
