import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { canonicalMac, groupBy } from '@sl/domain';
import type { Caller } from '../auth/caller.ts';
import type { Db } from '../db/connect.ts';
import { modulesInGroupControlSql } from '../db/group-control-of.ts';
import { tables } from '../db/tables.ts';
import { moduleIdsIn, type Ring } from './area-modules.ts';

const M = tables.LuminaryModules!;
const C = tables.Controllers!;

export type Target =
  | { by: 'mac'; mac: string }
  | { by: 'id'; id: number }
  | { by: 'ids'; ids: number[] }
  | { by: 'controller'; id: number }
  | { by: 'support'; id: number }
  | { by: 'segment'; segment: number }
  | { by: 'group'; group: number }
  | { by: 'district'; id: number }
  | { by: 'area'; area: Ring };

export type TargetModule = { mac: string; controllerMac: string | null };

/** The lamp modules a lighting command addresses, within the caller's group. */
export async function modulesOf(db: Db, caller: Caller, target: Target): Promise<TargetModule[]> {
  const scope = caller.groupId === undefined ? undefined : eq(M.group, caller.groupId);
  const select = (where: SQL | undefined) =>
    db
      .select({ mac: M.mac, controllerMac: C.mac })
      .from(M)
      .leftJoin(C, and(eq(C._id, M.controller), isNull(C.deletedAt)))
      .where(and(isNull(M.deletedAt), scope, where));
  switch (target.by) {
    case 'mac': {
      const stored = await select(eq(M.mac, canonicalMac(target.mac)));
      if (stored.length) return stored;
      // rows saved before MACs were stored in one form
      return select(sql`upper(replace(replace(${M.mac}, ':', ''), '-', '')) = ${canonicalMac(target.mac)}`);
    }
    case 'id':
      return select(eq(M._id, target.id));
    case 'ids':
      return select(inArray(M._id, target.ids));
    case 'controller':
      return select(eq(M.controller, target.id));
    case 'segment':
      return select(eq(M.segment, target.segment));
    case 'support':
      // the modules that name the support, and those in its sockets: one command for a mounting's lamps
      return select(sql`(${M.luminarySupport} = ${target.id} or ${inSockets(sql`p._id = ${target.id}`)})`);
    case 'group':
      return select(sql`${M._id} in (${modulesInGroupControlSql(target.group)})`);
    case 'district':
    case 'area': {
      const ids = await moduleIdsIn(db, caller, target.by === 'area' ? target : { district: target.id });
      return ids.length ? select(inArray(M._id, ids)) : [];
    }
  }
}

/** The modules mounted in the sockets (`s`) of live supports (`p`) that `where` picks. */
const inSockets = (where: SQL) => sql`${M._id} in (
  select (s->>'luminaryModule')::bigint from luminary_supports p, jsonb_array_elements(p.sockets) s
  where p.deleted_at is null and ${where})`;

/** Controller MAC → the modules it is to dim. */
export function byController(modules: TargetModule[]): Map<string, string[]> {
  return groupBy(
    modules.filter((m) => m.controllerMac),
    (m) => m.controllerMac!,
    (m) => m.mac,
  );
}
