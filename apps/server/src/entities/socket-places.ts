import { sql } from 'drizzle-orm';
import { entity } from '@sl/domain';
import type { Caller } from '../auth/caller.ts';
import type { Db } from '../db/connect.ts';
import { ApiError } from '../http/api-error.ts';
import type { EntityRepository } from './entity.repository.ts';
import type { EntityHooks, EntityService } from './entity.service.ts';
import type { ApiRow } from './row-mapper.ts';

type Row = Record<string, unknown>;
type Socket = Row & { luminary?: number | null; luminaryModule?: number | null; phase?: number | null };
type Mounting = { _id: number; sockets: Socket[]; socketCount: number };
/** the key of a socket naming the device, and the device's field naming its mounting */
type Kind = { key: 'luminaryModule' | 'luminary'; field: 'luminarySupport' | 'support' };

const Supports = entity('LuminarySupports');
const MODULE: Kind = { key: 'luminaryModule', field: 'luminarySupport' };
const LAMP: Kind = { key: 'luminary', field: 'support' };

/**
 * A module or lamp form naming a mounting puts the device in a socket of it (issue 28 §3): the socket it is in
 * already, else the first of the mounting's socket count that holds none of its kind (a lamp prefers one holding
 * its own module, then one with no module); none free answers IsUsedError on the field. Naming no mounting takes
 * it out of its socket. The sockets stay the one truth: the device's mounting, phase and place follow from them
 * (db/socket-places.ts). A module's phase written while it sits in a socket becomes the socket's phase.
 */
export function socketPlaceHooks(db: Db, repo: EntityRepository, service: () => EntityService) {
  const mounting = async (kind: Kind, caller: Caller, id: number): Promise<Mounting> => {
    const row = await repo.get(Supports, caller, id);
    if (!row || row.deletedAt) throw new ApiError('NotFoundError', [kind.field]);
    const sockets = Array.isArray(row.sockets) ? (row.sockets as Socket[]) : [];
    return { _id: id, sockets, socketCount: Math.max(Number(row.socketCount ?? 1), sockets.length) };
  };
  /** the live mountings of the caller's scope whose sockets name the device */
  const holders = async (kind: Kind, caller: Caller, id: number) => {
    const group = caller.groupId === undefined ? sql`true` : sql`p."group" = ${caller.groupId}`;
    const found = (await db.execute(sql`select p._id from luminary_supports p where p.deleted_at is null
      and ${group} and p.sockets @> ${JSON.stringify([{ [kind.key]: id }])}::jsonb order by p._id`)) as unknown as {
      rows: { _id: number | string }[];
    };
    return found.rows.map((r) => Number(r._id));
  };
  const freeSocket = (kind: Kind, m: Mounting, device: Row, id?: number) => {
    const taken = (i: number) =>
      typeof m.sockets[i]?.[kind.key] === 'number' && m.sockets[i]![kind.key] !== id;
    const all = [...Array(m.socketCount).keys()].filter((i) => !taken(i));
    if (kind === MODULE) return all[0];
    const module = device.controlModule;
    const own = m.sockets.findIndex((s) => typeof module === 'number' && s?.luminaryModule === module);
    if (own >= 0 && !taken(own)) return own;
    return all.find((i) => typeof m.sockets[i]?.luminaryModule !== 'number') ?? all[0];
  };
  const write = (caller: Caller, m: Mounting, sockets: Socket[]) =>
    service().update(Supports, caller, m._id, { sockets });

  const check = async (kind: Kind, caller: Caller, device: Row, id?: number) => {
    const target = device[kind.field];
    if (typeof target !== 'number') return;
    if (id !== undefined && (await holders(kind, caller, id)).includes(target)) return;
    if (freeSocket(kind, await mounting(kind, caller, target), device, id) === undefined)
      throw new ApiError('IsUsedError', [kind.field]);
  };

  const place = async (kind: Kind, caller: Caller, row: ApiRow, phaseChanged: boolean) => {
    const id = row._id as number;
    const target = typeof row[kind.field] === 'number' ? (row[kind.field] as number) : undefined;
    for (const old of await holders(kind, caller, id)) {
      const m = await mounting(kind, caller, old);
      const sockets = m.sockets.map((s) => {
        if (s?.[kind.key] !== id) return s;
        // a lamp's module sits on the lamp: it leaves with it
        const along = kind === LAMP && s.luminaryModule === row.controlModule ? { luminaryModule: null } : {};
        if (old !== target) return { ...s, [kind.key]: null, ...along };
        return phaseChanged ? { ...s, phase: row.phase as number | null } : s;
      });
      if (old !== target || phaseChanged) await write(caller, m, sockets);
      if (old === target) return;
    }
    if (target === undefined) return;
    const m = await mounting(kind, caller, target);
    const i = freeSocket(kind, m, row, id);
    if (i === undefined) throw new ApiError('IsUsedError', [kind.field]);
    const sockets = [...m.sockets];
    while (sockets.length <= i) sockets.push({});
    const socket: Socket = { ...sockets[i], [kind.key]: id };
    if (kind === MODULE && socket.phase == null && typeof row.phase === 'number') socket.phase = row.phase;
    if (kind === LAMP && socket.luminaryModule == null && typeof row.controlModule === 'number')
      socket.luminaryModule = row.controlModule;
    sockets[i] = socket;
    await write(caller, m, sockets);
  };

  const hooks = (kind: Kind): EntityHooks => ({
    beforeCreate: (caller, data) => check(kind, caller, data),
    afterCreate: (caller, row) => place(kind, caller, row, false),
    beforeUpdate: (caller, current, patch) =>
      kind.field in patch ? check(kind, caller, { ...current, ...patch }, current._id as number) : undefined,
    afterUpdate: async (caller, row, patch, before) => {
      const phaseChanged = kind === MODULE && 'phase' in patch && patch.phase !== before.phase;
      if (kind.field in patch || phaseChanged) await place(kind, caller, row, phaseChanged);
    },
  });
  return { LuminaryModules: hooks(MODULE), Luminaries: hooks(LAMP) };
}
