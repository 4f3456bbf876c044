import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { entity, litOutputs, type Inversion } from '@sl/domain';
import { localDay } from '@sl/domain/astro';
import { monthAndNext, scheduleNights, type ScheduleDay } from '@sl/domain/schedule';
import { SYSTEM } from '../auth/caller.ts';
import type { Db } from '../db/connect.ts';
import type { CommandService } from '../field/command.service.ts';
import { SYSTEM_CLOCK, type Clock } from '../lighting/program-service.ts';
import { ALONE, type SenderLease } from '../lighting/sender-lease.ts';
import { parseListQuery } from '../entities/list-query.ts';
import type { EntityService } from '../entities/entity.service.ts';
import type { ApiRow } from '../entities/row-mapper.ts';
import type { ScheduleService } from './schedule.service.ts';

const Cabinets = entity('Cabinets');
const Schedule = entity('ControllerSchedule');
const HOUR = 3_600_000;
/** the registry entities a schedule command is made of */
export const SCHEDULE_SOURCES = new Set(['ControllerSchedule', 'Controllers', 'Cabinets', 'Cities']);
type Log = { info(obj: object, msg: string): void; error(obj: object, msg: string): void };

export type ScheduleSenderOptions = {
  clock?: Clock;
  log?: Log;
  lease?: SenderLease;
  /** how long the records must stay unchanged before they go out */
  settleMs?: number;
  /** how often it looks whether a city has begun a month (on the clock: the nights sent then change) */
  tickMs?: number;
  /** how soon a schedule a controller did not acknowledge is sent again */
  retryMs?: number;
};

type Due = { controller: number; mac: string; group?: number; version: string; body: object };

/**
 * Sends each cabinet controller its power schedule (issue 12) as a `schedule` command, acknowledged and archived
 * like every command: the nights of its current and next local month with the contactor output that lights each
 * phase. What it sends is named by a version (a hash of the body); a controller gets the body again whenever the
 * version it last acknowledged differs: its records, cabinet or city changed (heard from any server process), its
 * city began a month, it came back online having missed one, or it did not answer (retried every `retryMs`).
 * Among server processes on one database only the holder of the `lease` sends, and a new sender starts from the
 * versions the archive says were acknowledged, so each schedule is sent once.
 */
export class ScheduleSender {
  /** controller id → the version it acknowledged last, and its MAC */
  private readonly acknowledged = new Map<number, { mac: string; version: string }>();
  /** MACs of controllers with a schedule they have not acknowledged */
  private readonly pending = new Set<string>();
  /** MAC → the version that found its controller offline: not sent again until it is back */
  private readonly missed = new Map<string, string>();
  /** MAC → when it was last seen connected (real time) */
  private readonly seenOnline = new Map<string, number>();
  /** MAC → the version its controller did not answer, and when (real time): sent again after `retryMs` */
  private readonly unanswered = new Map<string, { version: string; at: number }>();
  private timer?: NodeJS.Timeout;
  private tick?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private stopped = false;
  private leading = false;

  constructor(
    private readonly db: Db,
    private readonly schedules: ScheduleService,
    private readonly service: EntityService,
    private readonly commands: CommandService,
    private readonly opts: ScheduleSenderOptions = {},
  ) {}

  private get clock() {
    return this.opts.clock ?? SYSTEM_CLOCK;
  }

  private get retryMs() {
    return this.opts.retryMs ?? 60_000;
  }

  private get lease() {
    return this.opts.lease ?? ALONE;
  }

  start() {
    this.tick = setInterval(() => void this.sync(), this.opts.tickMs ?? HOUR);
    this.tick.unref();
    this.soon(0);
  }

  stop() {
    this.stopped = true;
    clearInterval(this.tick);
    clearTimeout(this.timer);
    return Promise.resolve(this.running).finally(() => this.lease.close());
  }

  /** A registry entity was written, by any server process. */
  changed(entityName: string) {
    if (SCHEDULE_SOURCES.has(entityName)) this.soon(this.opts.settleMs ?? 1000);
  }

  /** Controllers seen connected (by any process): one that missed its schedule gets it within a second. */
  online(macs: string[]) {
    for (const mac of macs) this.seenOnline.set(mac, Date.now());
    const back = macs.filter((mac) => this.pending.has(mac));
    for (const mac of back) {
      this.missed.delete(mac);
      this.unanswered.delete(mac);
    }
    if (back.length) this.soon(1000);
  }

  /** Sends every schedule whose version its controller has not acknowledged; waits for the answers. */
  sync(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.sendAll()
      .catch((err: unknown) => this.opts.log?.error({ err }, 'power schedules'))
      .finally(() => {
        this.running = undefined;
        if (this.again && !this.stopped) {
          this.again = false;
          void this.sync();
        }
      });
    return this.running;
  }

  private soon(ms: number) {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.sync(), ms);
    this.timer.unref();
  }

  private async sendAll() {
    if (this.stopped) return;
    if (!(await this.lease.held())) {
      this.leading = false;
      this.pending.clear();
      return;
    }
    if (!this.leading) await this.recallAcknowledged();
    this.leading = true;
    const due: Due[] = [];
    for (const [controller, months] of await this.recordsNearNow()) {
      const one = await this.dueOf(controller, months).catch((err: unknown) => {
        this.opts.log?.error({ err, controller }, 'power schedule not made');
        return undefined;
      });
      if (!one || this.acknowledged.get(controller)?.version === one.version) continue;
      const failed = this.unanswered.get(one.mac);
      const waiting = failed?.version === one.version && Date.now() - failed.at < this.retryMs;
      if (this.missed.get(one.mac) === one.version || waiting) this.pending.add(one.mac);
      else due.push(one);
    }
    for (const d of due) this.pending.delete(d.mac);
    const answers = await Promise.all(due.map((d) => this.send(d)));
    if (due.length) this.opts.log?.info({ sent: due.length }, 'power schedules sent');
    if (answers.includes(false)) this.soon(this.retryMs);
  }

  private async send(d: Due): Promise<boolean> {
    const started = Date.now();
    const { devices } = await this.commands.run(
      { ...SYSTEM, groupId: d.group },
      'schedule',
      { controller: d.controller },
      { version: d.version, ...d.body },
      [{ controllerMac: d.mac }],
    );
    const state = devices[0]?.state;
    this.unanswered.delete(d.mac);
    if (state === 'acknowledged') {
      this.acknowledged.set(d.controller, { mac: d.mac, version: d.version });
      return true;
    }
    this.pending.add(d.mac);
    // one known offline is sent it when it comes back; one that did not answer, after `retryMs`
    // back while it was being sent: it is not waited for again
    if (state === 'disconnected' && (this.seenOnline.get(d.mac) ?? 0) >= started) this.soon(1000);
    else if (state === 'disconnected') this.missed.set(d.mac, d.version);
    else this.unanswered.set(d.mac, { version: d.version, at: Date.now() });
    return state === 'disconnected';
  }

  /**
   * Per controller with records (or with a schedule it acknowledged: it is told when they are gone), its records
   * of the months some city may be in now or next: a month either side of the UTC month covers every zone.
   */
  private async recordsNearNow() {
    const now = this.clock.now();
    const month = (by: number) =>
      new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + by, 1)).toISOString().slice(0, 7);
    const query = parseListQuery(Schedule, { month_gte: month(-1), month_lte: month(2), limit: '1000000' });
    const page = await this.service.list(Schedule, SYSTEM, query);
    const byController = new Map<number, Map<string, ApiRow>>();
    for (const id of this.acknowledged.keys()) byController.set(id, new Map());
    for (const r of page.data) {
      const id = r.controller as number;
      const months = byController.get(id) ?? new Map<string, ApiRow>();
      byController.set(id, months.set(String(r.month), r));
    }
    return byController;
  }

  private async dueOf(controllerId: number, records: Map<string, ApiRow>): Promise<Due | undefined> {
    const ctl = await this.schedules.controller(SYSTEM, controllerId);
    if (!ctl.mac) return undefined;
    const { timeZone } = await this.schedules.site(ctl);
    const months = monthAndNext(localDay(this.clock.now(), timeZone));
    const nights = scheduleNights(
      months.flatMap((m) => {
        const r = records.get(m);
        return r ? [{ month: m, timeData: (r.timeData ?? []) as ScheduleDay[] }] : [];
      }),
      timeZone,
    );
    const body = { lit: await this.litOf(ctl), nights };
    const version = createHash('sha256').update(JSON.stringify(body)).digest('hex').slice(0, 16);
    const group = (ctl.group as number | undefined) ?? undefined;
    return { controller: controllerId, mac: String(ctl.mac), group, version, body };
  }

  /** Per phase, the output that lights it, as the cabinet and the controller are wired. */
  private async litOf(ctl: ApiRow): Promise<[boolean, boolean, boolean]> {
    return litOutputs(Number(ctl.polarity ?? 0), await inversionOf(this.service, ctl));
  }

  /** The version each controller last acknowledged, by whichever process sent it (the answer names it). */
  private async recallAcknowledged() {
    const result = await this.db.execute(sql`
      select distinct on (d.controller_mac) d.controller_mac as mac, c.target->>'controller' as controller,
        d.result->>'version' as version
      from commands c join command_devices d on d.command_id = c.id
      where c.type = 'schedule' and d.state = 'acknowledged'
      order by d.controller_mac, d.answered_at desc`);
    this.acknowledged.clear();
    for (const row of (result as { rows?: { mac: string; controller: string; version: string | null }[] })
      .rows ?? [])
      if (row.version && row.controller)
        this.acknowledged.set(Number(row.controller), { mac: row.mac, version: row.version });
  }
}

/** The inversion of the cabinet a controller serves, named from either side (none: no contactor is inverted). */
export async function inversionOf(service: EntityService, ctl: ApiRow): Promise<Inversion> {
  const cabinets = await service.list(
    Cabinets,
    SYSTEM,
    parseListQuery(Cabinets, { controller: String(ctl._id), limit: '1' }),
  );
  const cabinet =
    cabinets.data[0] ??
    (typeof ctl.cabinet === 'number'
      ? await service.get(Cabinets, SYSTEM, ctl.cabinet).catch(() => undefined)
      : undefined);
  return (cabinet?.inversion ?? {}) as Inversion;
}
