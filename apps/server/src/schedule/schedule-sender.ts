import { createHash } from 'node:crypto';
import { entity } from '@sl/domain';
import { localDay } from '@sl/domain/astro';
import { monthAndNext, scheduleNights, type ScheduleDay } from '@sl/domain/schedule';
import { SYSTEM } from '../auth/caller.ts';
import type { CommandService } from '../field/command.service.ts';
import type { Clock } from '../lighting/program-service.ts';
import { parseListQuery } from '../entities/list-query.ts';
import type { EntityService } from '../entities/entity.service.ts';
import type { ScheduleService } from './schedule.service.ts';

const Cabinets = entity('Cabinets');
const Schedule = entity('ControllerSchedule');
const HOUR = 3_600_000;
const RELAY1_BIT = 5;
type Log = { error(obj: object, msg: string): void };

/**
 * Sends each cabinet controller its power schedule (issue 12) as a `schedule` command, acknowledged and archived
 * like every command: the nights of its current and next local month, when its records change and when a new
 * month begins in its city (checked every hour on the given clock).
 */
export class ScheduleSender {
  /** per controller, the current local month it was last sent for */
  private readonly sentFor = new Map<number, string>();
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly schedules: ScheduleService,
    private readonly service: EntityService,
    private readonly commands: CommandService,
    private readonly clock: Clock,
    private readonly log: Log,
  ) {}

  start() {
    this.timer = setInterval(() => void this.newMonths(), HOUR);
    void this.newMonths();
  }

  stop() {
    clearInterval(this.timer);
  }

  /** A controller's records changed: it gets them now (the answer does not wait for the field). */
  changed(controller: number) {
    this.send(controller).catch((err: unknown) => this.log.error({ err, controller }, 'schedule not sent'));
  }

  /** Every controller with records whose city has begun a month since it was last sent. */
  async newMonths() {
    try {
      const page = await this.service.list(Schedule, SYSTEM, parseListQuery(Schedule, { limit: '1000000' }));
      for (const id of new Set(page.data.map((r) => r.controller as number))) {
        const ctl = await this.schedules.controller(SYSTEM, id);
        const { timeZone } = await this.schedules.site(ctl);
        if (this.sentFor.get(id) !== localDay(this.clock.now(), timeZone).slice(0, 7)) await this.send(id);
      }
    } catch (err) {
      this.log.error({ err }, 'schedules of a new month not sent');
    }
  }

  async send(controllerId: number) {
    const ctl = await this.schedules.controller(SYSTEM, controllerId);
    if (!ctl.mac) return undefined;
    const { timeZone } = await this.schedules.site(ctl);
    const [month, next] = monthAndNext(localDay(this.clock.now(), timeZone));
    const records = await this.schedules.monthsOf(SYSTEM, controllerId, undefined, month, next);
    const nights = scheduleNights(
      [...records].map(([m, r]) => ({ month: m, timeData: (r.timeData ?? []) as ScheduleDay[] })),
      timeZone,
    );
    const cabinets = await this.service.list(
      Cabinets,
      SYSTEM,
      parseListQuery(Cabinets, { controller: String(controllerId), limit: '1' }),
    );
    const inversion = (cabinets.data[0]?.inversion ?? {}) as Partial<Record<'A' | 'B' | 'C', boolean>>;
    const polarity = Number(ctl.polarity ?? 0);
    // the output that lights a phase: high, unless the contactor is wired inverted or the controller's pin is
    const lit = (['A', 'B', 'C'] as const).map(
      (phase, p) => !inversion[phase] === !((polarity >> (RELAY1_BIT + p)) & 1),
    ) as [boolean, boolean, boolean];
    const body = { lit, nights };
    const version = createHash('sha256').update(JSON.stringify(body)).digest('hex').slice(0, 16);
    this.sentFor.set(controllerId, month);
    const caller = { ...SYSTEM, groupId: (ctl.group as number | undefined) ?? undefined };
    return this.commands.run(caller, 'schedule', { controller: controllerId }, { version, ...body }, [
      { controllerMac: String(ctl.mac) },
    ]);
  }
}
