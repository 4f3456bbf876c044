import type { Entity } from '@sl/domain';
import type { Caller } from '../auth/caller.ts';

type Row = Record<string, unknown>;

/** The rows without the fields of raw device data, unless the caller's role may view them (spec §3, §6). */
export function withoutRawData<T extends Row>(e: Entity, caller: Caller, rows: T[]): T[] {
  const hidden = Object.keys(e.fields).filter((name) => e.fields[name]!.rawData);
  if (!hidden.length || caller.allows(e.area, 'viewRawData')) return rows;
  return rows.map((row) => {
    const out: Row = { ...row };
    for (const name of hidden) delete out[name];
    return out as T;
  });
}
