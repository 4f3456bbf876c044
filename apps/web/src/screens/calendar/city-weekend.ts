import { storedProfile } from '../../providers/session.ts';
import { weekendOfZone } from '@sl/domain/lighting';

type Zoned = { timezone?: string | null };
// the profile the server signs in with carries the group's time zone and cities (session.ts names only part of it)
type ZonedGroup = Zoned & { cities?: Zoned[] };

/**
 * The ISO weekdays of the weekend in the user's city, by its country's calendar: the zone of their group, else of
 * its first city that has one, else the browser's.
 */
export function cityWeekend(chosen?: Zoned): number[] {
  const group = chosen ?? (storedProfile()?.group as ZonedGroup | null | undefined);
  const zone =
    group?.timezone ||
    (group as ZonedGroup | null | undefined)?.cities?.find((c) => c.timezone)?.timezone ||
    Intl.DateTimeFormat().resolvedOptions().timeZone;
  return weekendOfZone(zone);
}

/** Whether the user's days are their group's; an administrator's are the shared ones every group follows. */
export function keepsGroupDays(): boolean {
  const me = storedProfile();
  return Boolean(me?.group) && me?.type !== 'ADMIN';
}
