import { isTimeZone } from '@sl/domain/astro';
import type { Db } from '../db/connect.ts';
import { groupZone } from '../db/group-zone.ts';
import { ApiError } from '../http/api-error.ts';

/**
 * A group's calendar is its local days, its weekend its country's: with no time zone on the group or any of its
 * cities it cannot be set up, which only an administrator can mend (spec §8 CalendarSettingsError).
 */
export async function assertCalendarZone(db: Db, group: number | null | undefined): Promise<void> {
  if (group == null) return;
  const zone = await groupZone(db, group);
  if (!zone || !isTimeZone(zone)) throw new ApiError('CalendarSettingsError');
}
