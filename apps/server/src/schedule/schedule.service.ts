import { entity, type Language } from '@sl/domain';
import type { Place } from '@sl/domain/astro';
import { mergeDays, toMonthRecords, type LocalScheduleDay, type ScheduleDay } from '@sl/domain/schedule';
import { SYSTEM, type Caller } from '../auth/caller.ts';
import type { Db } from '../db/connect.ts';
import type { EntityRepository } from '../entities/entity.repository.ts';
import { EntityService } from '../entities/entity.service.ts';
import { parseListQuery } from '../entities/list-query.ts';
import type { ApiRow } from '../entities/row-mapper.ts';
import { ApiError } from '../http/api-error.ts';

export const Schedule = entity('ControllerSchedule');
const Controllers = entity('Controllers');
const Cities = entity('Cities');

/** One month record as its POST sends it (spec §3, §7): the days' times in UTC. */
export type MonthRecord = { controller: number; month: string; timeData: ScheduleDay[]; group?: number };
/** Where a controller stands: its name and its city's, and the time zone its schedule is read in. */
export type ScheduleSite = { controller: string; city: string; timeZone: string; place: Place };

/**
 * The power schedule of cabinet controllers: one record per controller and month. Saving a month that already
 * has one changes it, so a month is never there twice; the record belongs to its controller's group.
 */
export class ScheduleService {
  constructor(
    private readonly service: EntityService,
    private readonly repo: EntityRepository,
    private readonly db: Db,
    /** after an upload commits (single saves tell through the entity service): the sender hears of it */
    private readonly uploaded: () => void,
  ) {}

  async save(caller: Caller, record: MonthRecord): Promise<{ row: ApiRow; created: boolean }> {
    const controller = await this.service.get(Controllers, caller, record.controller);
    const fields = { ...record, group: record.group ?? (controller.group as number | undefined) };
    return this.upsert(caller, record, fields);
  }

  private async upsert(caller: Caller, record: MonthRecord, fields: MonthRecord) {
    const id = (await this.monthsOf(caller, record.controller)).get(record.month)?._id;
    if (id !== undefined) return { row: await this.update(caller, id, record.timeData), created: false };
    need(caller, 'create');
    try {
      return { row: await this.service.create(Schedule, caller, fields), created: true };
    } catch (err) {
      // another save of the same month came first: this one changes it
      const first = (await this.monthsOf(caller, record.controller)).get(record.month);
      if (!(err instanceof ApiError && err.code === 'AlreadyExistsError') || !first) throw err;
      return { row: await this.update(caller, first._id, record.timeData), created: false };
    }
  }

  /** A file's days merged into their month records in one transaction: every month or none. */
  async upload(caller: Caller, controllerId: number, days: LocalScheduleDay[]) {
    const [one] = await this.uploadMany(caller, [{ controller: controllerId, days }]);
    return one!;
  }

  /** Several controllers' days, each in its own city's time, in one transaction: every month of all or none. */
  async uploadMany(caller: Caller, items: { controller: number; days: LocalScheduleDay[] }[]) {
    const targets: { id: number; group?: number; days: LocalScheduleDay[]; timeZone: string }[] = [];
    for (const { controller: id, days } of items) {
      const controller = await this.service.get(Controllers, caller, id);
      const { timeZone } = await this.site(controller);
      targets.push({ id, group: controller.group as number | undefined, days, timeZone });
    }
    const counts = await this.db.transaction(async (tx) => {
      const inTx = new EntityService(this.repo.withDb(tx as unknown as Db));
      const written = [];
      for (const t of targets) written.push(await this.merge(caller, inTx, t));
      return written;
    });
    this.repo.wrote(Schedule.table);
    this.uploaded();
    return counts.map((c, i) => ({ ...c, days: targets[i]!.days.length, timeZone: targets[i]!.timeZone }));
  }

  private async merge(
    caller: Caller,
    inTx: EntityService,
    t: { id: number; group?: number; days: LocalScheduleDay[]; timeZone: string },
  ) {
    const months = toMonthRecords(t.days, t.timeZone);
    const existing = await this.monthsOf(caller, t.id, inTx);
    const updating = [...months.keys()].filter((m) => existing.has(m));
    if (updating.length < months.size) need(caller, 'create');
    if (updating.length) need(caller, 'edit');
    for (const [month, incoming] of months) {
      const stored = existing.get(month);
      if (stored) {
        const timeData = mergeDays((stored.timeData ?? []) as ScheduleDay[], incoming);
        await inTx.update(Schedule, caller, stored._id, { timeData });
      } else {
        await inTx.create(Schedule, caller, { controller: t.id, month, timeData: incoming, group: t.group });
      }
    }
    return { created: months.size - updating.length, updated: updating.length };
  }

  /** A controller's month records (YYYY-MM → record), optionally within `from`..`to`. */
  async monthsOf(caller: Caller, controller: number, service = this.service, from?: string, to?: string) {
    const query = parseListQuery(Schedule, {
      controller: String(controller),
      ...(from && { month_gte: from }),
      ...(to && { month_lte: to }),
      sort: 'month',
      limit: '1000000',
    });
    const page = await service.list(Schedule, caller, query);
    return new Map(page.data.map((r) => [String(r.month), r]));
  }

  /** The controller's name, city and time zone; a controller with no city has no local time to read a file in. */
  async site(controller: ApiRow, lang: Language = 'en-us'): Promise<ScheduleSite> {
    const cityId = controller.city as number | undefined;
    // the city of a controller the caller sees, even one outside the group's own cities: its zone is no secret
    const city = cityId === undefined ? undefined : await this.service.get(Cities, SYSTEM, cityId);
    const timeZone = city?.timezone as string | undefined;
    if (!city || !timeZone) throw new ApiError('IsInvalidError', ['city'], { reason: 'noTimeZone' });
    const names = (city.name ?? {}) as Partial<Record<string, string>>;
    return {
      controller: String(controller.uid ?? controller.mac ?? controller._id),
      city: names[lang] ?? names.int ?? names['en-us'] ?? String(city._id),
      timeZone,
      place: { lat: Number(city.lat), lon: Number(city.lon) },
    };
  }

  controller(caller: Caller, id: number) {
    return this.service.get(Controllers, caller, id);
  }

  private update(caller: Caller, id: number, timeData: ScheduleDay[]) {
    need(caller, 'edit');
    return this.service.update(Schedule, caller, id, { timeData });
  }
}

function need(caller: Caller, flag: 'create' | 'edit') {
  if (!caller.allows(Schedule.area, flag, true)) throw new ApiError('PermissionDeniedError', [flag]);
}
