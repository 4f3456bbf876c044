import type { Raw } from '../field/offline-sweep.ts';
import { Open311Error } from './open311-error.ts';

/**
 * The group a call is about. A jurisdiction is a group the console serves to Open311 (one with an application's
 * key), named by its number. With one such group `jurisdiction_id` may be left out, as the standard allows; with
 * several it must be sent, so one city's reports are never listed as another's.
 */
export async function jurisdictionOf(raw: Raw, given: string | undefined): Promise<number | null> {
  const { rows } = await raw.query(
    `select distinct "group" from open311_clients where deleted_at is null and "group" is not null order by 1`,
    [],
  );
  const groups = rows.map((r) => Number(r.group));
  if (given === undefined) {
    if (groups.length > 1) throw new Open311Error(400, 'jurisdiction_id was not provided');
    return groups[0] ?? null;
  }
  const group = /^\d{1,15}$/.test(given) ? Number(given) : NaN;
  if (!groups.includes(group)) throw new Open311Error(404, 'jurisdiction_id was not found');
  return group;
}
