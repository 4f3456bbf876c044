import { entity } from '@sl/domain';
import { isTimeZone } from '@sl/domain/astro';
import type { Caller } from '../auth/caller.ts';
import type { Db } from '../db/connect.ts';
import type { EntityService } from '../entities/entity.service.ts';
import { groupZone } from '../db/group-zone.ts';
import { ApiError } from '../http/api-error.ts';

const Groups = entity('Groups');

/**
 * A group's calendar is its local days, its weekend its country's: with no time zone on the group or any of its
 * cities it cannot be set up, which only an administrator can mend (spec §8 CalendarSettingsError).
 */
export async function assertCalendarZone(db: Db, group: number | null | undefined): Promise<void> {
  if (group == null) return;
  const zone = await groupZone(db, group);
  if (!zone || !isTimeZone(zone)) throw new ApiError('CalendarSettingsError');
}

/**
 * Whose calendar a call reads or writes (issue 28 §5): a group's user their own group's; a user of no group (an
 * administrator, who sees every group) the group they name, else the shared days (null). A group the caller may
 * not see is not found, as its rows are: the caller's scope decides, in the data layer.
 */
export async function calendarGroup(
  service: EntityService,
  caller: Caller,
  named: unknown,
): Promise<number | null> {
  const id = named === undefined || named === null || named === 'null' || named === '' ? null : Number(named);
  if (id !== null && !(Number.isSafeInteger(id) && id > 0)) throw new ApiError('IsInvalidError', ['group']);
  if (caller.groupId !== undefined) {
    if (id !== null && id !== caller.groupId) throw new ApiError('NotFoundError', ['group']);
    return caller.groupId;
  }
  if (id === null) return null;
  await service.get(Groups, caller, id).catch((err: unknown) => {
    throw err instanceof ApiError && err.code === 'NotFoundError'
      ? new ApiError('NotFoundError', ['group'])
      : err;
  });
  return id;
}
