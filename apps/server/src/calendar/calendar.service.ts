import { entity } from '@sl/domain';
import type { Caller } from '../auth/caller.ts';
import type { Db } from '../db/connect.ts';
import type { EntityRepository } from '../entities/entity.repository.ts';
import { EntityService } from '../entities/entity.service.ts';
import { parseListQuery } from '../entities/list-query.ts';
import type { ApiRow } from '../entities/row-mapper.ts';
import { ApiError } from '../http/api-error.ts';
import { calendarGroup } from './calendar-zone.ts';

export const Calendar = entity('CalendarProfiles');

/** One day as the calendar's POST sends it (spec §7): `_id` names the day to change. */
export type CalendarDay = { date: string; type: string; label?: string | null; group?: number; _id?: number };

/**
 * The calendar of day types: one day type per group and date. Saving a date that already has one changes it, so
 * a day is never there twice. Every write goes through the entity service (rights of the caller's group, checks).
 */
export class CalendarService {
  constructor(
    private readonly service: EntityService,
    private readonly repo: EntityRepository,
    private readonly db: Db,
    /** after an upload commits: the calendar changed (the single saves tell through the entity service) */
    private readonly uploaded: () => void,
  ) {}

  async save(caller: Caller, day: CalendarDay): Promise<{ row: ApiRow; created: boolean }> {
    const group = await calendarGroup(this.service, caller, day.group);
    const { _id, ...rest } = day;
    const fields = { ...rest, ...(group !== null && { group }) };
    const id = _id ?? (await this.daysOf(caller, [day.date], group ?? undefined)).get(day.date)?._id;
    if (id !== undefined) return { row: await this.update(caller, id, fields), created: false };
    try {
      return { row: await this.service.create(Calendar, caller, fields), created: true };
    } catch (err) {
      // another save of the same date came first: this one changes it
      const first = (await this.daysOf(caller, [day.date], group ?? undefined)).get(day.date);
      if (!(err instanceof ApiError && err.code === 'AlreadyExistsError') || !first) throw err;
      return { row: await this.update(caller, first._id, fields), created: false };
    }
  }

  /** Every day or none: the days are written in one transaction. */
  async upload(
    caller: Caller,
    days: CalendarDay[],
    /** the group the days are set in (`calendarGroup`): null, the shared days */
    group: number | null = null,
  ): Promise<{ created: number; updated: number }> {
    const counts = await this.db.transaction(async (tx) => {
      const inTx = new EntityService(this.repo.withDb(tx as unknown as Db));
      const existing = await this.daysOf(
        caller,
        days.map((d) => d.date),
        group ?? undefined,
        inTx,
      );
      const updating = days.filter((d) => existing.has(d.date));
      if (updating.length < days.length) need(caller, 'create');
      if (updating.length) need(caller, 'edit');
      for (const day of days) {
        const id = existing.get(day.date)?._id;
        const row = { ...day, ...(group !== null && { group }) };
        if (id === undefined) await inTx.create(Calendar, caller, row);
        else await inTx.update(Calendar, caller, id, row);
      }
      return { created: days.length - updating.length, updated: updating.length };
    });
    this.repo.wrote(Calendar.table);
    this.uploaded();
    return counts;
  }

  private update(caller: Caller, id: number, fields: Omit<CalendarDay, '_id'>) {
    need(caller, 'edit');
    return this.service.update(Calendar, caller, id, fields);
  }

  /**
   * The days already set among `dates` in the group they are saved to: the caller's, else the one named, else
   * everyone's (no group: an administrator's own calendar).
   */
  private async daysOf(caller: Caller, dates: string[], group?: number, service = this.service) {
    const sorted = [...dates].sort();
    const query = parseListQuery(Calendar, {
      date_gte: sorted[0],
      date_lte: sorted.at(-1),
      group: String(caller.groupId ?? group ?? null),
      limit: '1000000',
    });
    const wanted = new Set(dates);
    const page = await service.list(Calendar, caller, query);
    return new Map(page.data.filter((r) => wanted.has(String(r.date))).map((r) => [String(r.date), r]));
  }
}

function need(caller: Caller, flag: 'create' | 'edit') {
  if (!caller.allows(Calendar.area, flag, true)) throw new ApiError('PermissionDeniedError', [flag]);
}
