import { and, inArray, isNull, sql } from 'drizzle-orm';
import { entity, MAX_SOCKETS, type ErrorCode } from '@sl/domain';
import type { Caller } from '../auth/caller.ts';
import type { Db } from '../db/connect.ts';
import { tableOf } from '../db/tables.ts';
import { moduleHolders } from '../entities/socket-rules.ts';
import type { ApiRow } from '../entities/row-mapper.ts';
import { logChanges } from '../history/change-log.ts';

type Row = Record<string, unknown>;
type Socket = Row & { luminary?: number; luminaryModule?: number; phase?: number };
type Mounting = {
  _id: number;
  group: number | null;
  sockets: Socket[] | null;
  socketCount: number | null;
  maxSockets: number | null;
};
type Lamp = { row: number; data: Row };
type Say = (row: number, code: ErrorCode, field: string, value?: string) => void;

const Supports = entity('LuminarySupports');
const Modules = entity('LuminaryModules');

/** The distinct ids a field of these records names. */
const ids = (records: Row[], field: string) => [
  ...new Set(records.map((r) => r[field]).filter((v): v is number => typeof v === 'number')),
];

async function mountings(db: Db, supportIds: number[]): Promise<Map<number, Mounting>> {
  const t = tableOf(Supports);
  const out = new Map<number, Mounting>();
  for (let i = 0; i < supportIds.length; i += 5000) {
    const rows = await db
      .select({
        _id: t._id,
        group: t.group,
        sockets: t.sockets,
        socketCount: t.socketCount,
        maxSockets: t.maxSockets,
      })
      .from(t)
      .where(and(inArray(t._id, supportIds.slice(i, i + 5000)), isNull(t.deletedAt)));
    for (const r of rows as Mounting[]) out.set(r._id, r);
  }
  return out;
}

/**
 * A lamp file links post → socket → lamp → module: a lamp with a mounting takes a socket of it, with its module
 * and that module's phase (the socket holding its module already, when that is one of its mounting's without a
 * lamp). Refused before anything is written: a module two lamps of the file name, or one another socket holds
 * (one module, one socket), and a mounting that would need more sockets than it takes (its
 * maxSockets, or MAX_SOCKETS).
 */
export async function checkSockets(db: Db, caller: Caller, lamps: Lamp[], say: Say) {
  const first = new Map<number, Lamp>();
  for (const l of lamps) {
    const m = l.data.controlModule;
    if (typeof m !== 'number') continue;
    if (first.has(m)) say(l.row, 'IsUsedError', 'controlModule');
    else first.set(m, l);
  }
  const held = await mountings(
    db,
    ids(
      lamps.map((l) => l.data),
      'support',
    ),
  );
  // the mounting is named only to whom it is visible: a module may sit in another group's mounting
  const visible = new Set(
    (await moduleHolders(db, [...first.keys()], { groupId: caller.groupId })).map((h) => h.support),
  );
  const joining = new Set<Lamp>();
  for (const h of await moduleHolders(db, [...first.keys()])) {
    const lamp = first.get(h.module)!;
    if (joinsItsModule(lamp, h, held)) joining.add(lamp);
    else
      say(
        lamp.row,
        'IsUsedError',
        'controlModule',
        visible.has(h.support) ? (h.uid ?? undefined) : undefined,
      );
  }
  const adding = new Map<number, number>();
  for (const l of lamps) {
    const s = l.data.support;
    if (typeof s !== 'number' || joining.has(l)) continue;
    const n = (adding.get(s) ?? 0) + 1;
    adding.set(s, n);
    const mounting = held.get(s);
    if ((mounting?.sockets?.length ?? 0) + n > (mounting?.maxSockets ?? MAX_SOCKETS))
      say(l.row, 'IsInvalidError', 'support');
  }
}

/** a lamp naming the mounting whose socket holds its module, without a lamp yet, goes into that socket */
const joinsItsModule = (lamp: Lamp, h: { support: number; socket: number }, held: Map<number, Mounting>) =>
  lamp.data.support === h.support &&
  typeof held.get(h.support)?.sockets?.[h.socket - 1]?.luminary !== 'number';

/**
 * After the lamps are written (in the same transaction): each takes the next socket of its mounting, which grows
 * its socket count when full; every mounting changed has its entry in the change log.
 */
export async function placeInSockets(db: Db, caller: Caller, lamps: ApiRow[]) {
  const placed = lamps.filter((l) => typeof l.support === 'number');
  if (!placed.length) return;
  const M = tableOf(Modules);
  const phases = new Map<number, number | null>();
  const moduleIds = ids(placed, 'controlModule');
  for (let i = 0; i < moduleIds.length; i += 5000) {
    const rows = await db
      .select({ _id: M._id, phase: M.phase })
      .from(M)
      .where(inArray(M._id, moduleIds.slice(i, i + 5000)));
    for (const r of rows as { _id: number; phase: number | null }[]) phases.set(r._id, r.phase);
  }
  const held = await mountings(
    db,
    placed.map((l) => l.support as number),
  );
  const after = new Map<number, Socket[]>();
  for (const l of placed) {
    const id = l.support as number;
    const sockets = after.get(id) ?? [...(held.get(id)?.sockets ?? [])];
    after.set(id, sockets);
    const module = typeof l.controlModule === 'number' ? l.controlModule : undefined;
    const own = sockets.findIndex(
      (k) => module !== undefined && k?.luminaryModule === module && typeof k.luminary !== 'number',
    );
    if (own >= 0) {
      sockets[own] = { ...sockets[own], luminary: l._id as number };
      continue;
    }
    const phase = module === undefined ? undefined : phases.get(module);
    sockets.push({
      luminary: l._id,
      ...(module !== undefined && { luminaryModule: module }),
      ...(phase != null && { phase }),
    });
    after.set(id, sockets);
  }
  await writeSockets(db, caller, held, after);
}

/** The mountings' new sockets (their count grown to hold them), each change in the change log. */
async function writeSockets(
  db: Db,
  caller: Caller,
  held: Map<number, Mounting>,
  after: Map<number, Socket[]>,
) {
  const S = tableOf(Supports);
  const entries = [...after].map(([id, sockets]) => ({ id, sockets }));
  for (let i = 0; i < entries.length; i += 2000) {
    const payload = JSON.stringify(entries.slice(i, i + 2000));
    await db.execute(sql`
      update ${S} as s set sockets = v.sockets,
        socket_count = greatest(s.socket_count, jsonb_array_length(v.sockets)), updated_at = now(),
        updated_by = ${caller.userId ?? null}
      from jsonb_to_recordset(${payload}::jsonb) as v(id bigint, sockets jsonb) where s._id = v.id`);
  }
  await logChanges(
    db,
    Supports,
    caller,
    'update',
    entries.map(({ id, sockets }) => {
      const before = held.get(id)!;
      const count = Math.max(before.socketCount ?? 1, sockets.length);
      return {
        row: { _id: id, group: before.group } as ApiRow,
        changes: {
          sockets: { from: before.sockets ?? [], to: sockets },
          ...(count !== before.socketCount && { socketCount: { from: before.socketCount, to: count } }),
        },
      };
    }),
  );
}

/** The sockets of a mounting once these modules take, in turn, the first socket holding no module. */
function withModules(m: Mounting | undefined, modules: { id: number; phase: unknown }[]): Socket[] {
  const sockets: Socket[] = [...(m?.sockets ?? [])];
  for (const { id, phase } of modules) {
    const count = Math.max(m?.socketCount ?? 1, sockets.length);
    let i = [...Array(count).keys()].find((k) => typeof sockets[k]?.luminaryModule !== 'number');
    if (i === undefined) i = count;
    while (sockets.length < i) sockets.push({});
    sockets[i] = { ...sockets[i], luminaryModule: id, ...(typeof phase === 'number' && { phase }) };
  }
  return sockets;
}

const byMounting = (rows: Row[]) => {
  const out = new Map<number, Row[]>();
  for (const r of rows)
    if (typeof r.luminarySupport === 'number')
      out.set(r.luminarySupport, [...(out.get(r.luminarySupport) ?? []), r]);
  return out;
};

/**
 * A module file naming mountings: each module takes the first socket of its mounting that holds no module (a
 * lamp's socket without one first), the socket count growing past its end. Refused before anything is written: a
 * mounting that would need more sockets than it takes (its maxSockets, or MAX_SOCKETS).
 */
export async function checkModuleSockets(db: Db, modules: Lamp[], say: Say) {
  const named = byMounting(modules.map((m) => ({ ...m.data, row: m.row })));
  const held = await mountings(db, [...named.keys()]);
  for (const [id, rows] of named) {
    const m = held.get(id);
    const most = m?.maxSockets ?? MAX_SOCKETS;
    // stand-in ids (below zero) tell which socket each row would take
    const sockets = withModules(
      m,
      rows.map((r, i) => ({ id: -1 - i, phase: r.phase })),
    );
    rows.forEach((r, i) => {
      if (sockets.findIndex((k) => k.luminaryModule === -1 - i) >= most)
        say(r.row as number, 'IsInvalidError', 'luminarySupport');
    });
  }
}

/** After the modules are written (in the same transaction): each in its socket, as checkModuleSockets found. */
export async function placeModulesInSockets(db: Db, caller: Caller, modules: ApiRow[]) {
  const named = byMounting(modules);
  if (!named.size) return;
  const held = await mountings(db, [...named.keys()]);
  const after = new Map<number, Socket[]>();
  for (const [id, rows] of named)
    if (held.has(id))
      after.set(
        id,
        withModules(
          held.get(id),
          rows.map((r) => ({ id: r._id as number, phase: r.phase })),
        ),
      );
  await writeSockets(db, caller, held, after);
}
