import { sql } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import { ApiError } from '../http/api-error.ts';
import type { EntityHooks } from './entity.service.ts';

type Row = Record<string, unknown>;
type Socket = { luminaryModule?: number | null };
/** a socket that holds a module: its mounting and its number there, from 1 */
export type Holder = { module: number; support: number; uid: string | null; socket: number };

const socketsOf = (data: Row) => (Array.isArray(data.sockets) ? (data.sockets as Socket[]) : undefined);
const at = (i: number) => `sockets.${i}.luminaryModule`;

/**
 * One module sits in one socket at most (issue 15): a mounting's sockets may not name a module twice, nor one that
 * a socket of another mounting holds. Moving a module is two saves, the old socket freed first, so it is never in
 * two at once. Checked across every group: a module is in one place whoever may see that place.
 */
export function socketHooks(db: Db): EntityHooks {
  const check = async (data: Row, self?: number) => {
    const sockets = socketsOf(data);
    if (!sockets) return;
    const seen = new Map<number, number>();
    const twice: string[] = [];
    sockets.forEach((s, i) => {
      const id = s?.luminaryModule;
      if (typeof id !== 'number') return;
      if (seen.has(id)) twice.push(at(i));
      else seen.set(id, i);
    });
    if (twice.length) throw new ApiError('IsUsedError', twice);
    const held = await moduleHolders(db, [...seen.keys()], { except: self });
    if (held.length)
      throw new ApiError('IsUsedError', [...new Set(held.map((h) => at(seen.get(h.module)!)))]);
  };
  return {
    beforeCreate: (_caller, data) => check(data),
    beforeUpdate: (_caller, current, patch) => check(patch, current._id),
  };
}

/** The sockets of live mountings that hold these modules, but `except`'s; with `groupId`, that group's only. */
export async function moduleHolders(
  db: Db,
  modules: number[],
  opts: { except?: number; groupId?: number } = {},
): Promise<Holder[]> {
  if (!modules.length) return [];
  const group = opts.groupId === undefined ? sql`true` : sql`p."group" = ${opts.groupId}`;
  const result = await db.execute(sql`
    select (s.value->>'luminaryModule')::bigint as module, p._id as support, p.uid, s.ordinality as socket
    from luminary_supports p, jsonb_array_elements(coalesce(p.sockets, '[]'::jsonb)) with ordinality s
    where p.deleted_at is null and p._id <> ${opts.except ?? -1} and ${group}
      and jsonb_typeof(s.value->'luminaryModule') = 'number'
      and (s.value->>'luminaryModule')::bigint = any(${`{${modules.join(',')}}`}::bigint[])
    order by 1, 2, 4`);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows.map((r) => ({
    module: Number(r.module),
    support: Number(r.support),
    uid: (r.uid as string | null) ?? null,
    socket: Number(r.socket),
  }));
}
