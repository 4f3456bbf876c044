import type { EventType } from '@sl/domain';
import { slicer } from '../map/sliced-work.ts';
import type { Raw } from '../field/offline-sweep.ts';
import type { Clock } from '../lighting/program-service.ts';
import type { LiveHub } from '../live/live-hub.ts';
import {
  conditionRows,
  DARK,
  DETECTION_ORDER,
  expectationParams,
  INVENTORY_SOURCES,
  LIT,
  needsExpectation,
  type Against,
} from './event-conditions.ts';
import type { LampExpectations } from './lamp-expectations.ts';

const EVENT_ROW = `e._id, e.type, e.status, e.device, e.module, e.support, e.socket, e.controller, e.cabinet,
  e.phase, e.cause, e."group", e.open_date, e.close_date`;
export { DETECTION_SETTINGS } from './detection-settings.ts';
/** one notification between server processes carries at most 8000 bytes */
const PART = 30;
type Row = Record<string, unknown>;

/** a type's pass slower than this is named in the log: it holds the embedded database from every request */
const SLOW_MS = 1000;
/**
 * An inventory type is looked at again after this even with no write heard of: a write another process announced
 * while this one's listening connection was being made again is not missed for longer.
 */
export const INVENTORY_RECHECK_MS = 5 * 60_000;

/** What a pass did: the events it opened and solved, and the types whose condition it asked. */
export type Pass = { opened: number; solved: number; looked: EventType[] };

type Log = { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };

/**
 * Opens an event for every device a condition holds for, and solves the open ones whose condition cleared. One
 * open event per device and type is kept by a unique index over the open rows: two processes detecting at once
 * insert it once, and only the one that inserted it announces it.
 */
export class EventDetector {
  private timer?: NodeJS.Timeout;
  private running: Promise<unknown> = Promise.resolve();
  /** announcements in the order they were made, each sent as soon as its type's rows are written */
  private announcing: Promise<unknown> = Promise.resolve();
  private pending = 0;
  /** each inventory type's sources' versions when it was last looked at, and when (the clock's ms) */
  private readonly looked = new Map<EventType, { versions: string; at: number }>();

  constructor(
    private readonly raw: Raw,
    private readonly clock: Clock,
    private readonly hub: LiveHub | undefined,
    private readonly changed: (table: string) => void,
    private readonly log: Log,
    /** what the lamps' programs ask of them; without it day burning and lamps out at night are not looked at */
    private readonly expectations?: LampExpectations,
    /** a number per table that moves with every write to it, by any process (entity.repository.ts) */
    private readonly versionOf?: (table: string) => number,
  ) {}

  start(everyMs: number) {
    // a pass that outlasts the interval is not queued behind by more: the next starts when it is done
    this.timer = setInterval(() => this.pending === 0 && void this.detect(), everyMs);
    this.timer.unref();
  }

  async stop() {
    clearInterval(this.timer);
    await this.running;
    await this.announcing;
  }

  /**
   * A pass that starts after now, for a write that may have changed a condition: one already waiting to start will
   * see the write, so at most one waits behind the one running (a burst of saves costs one pass, not one each).
   */
  detectSoon() {
    if (this.pending < 2) void this.detect();
  }

  /** One pass over every type; resolves with the events opened and solved, and the types it looked at. */
  detect(): Promise<Pass> {
    this.pending += 1;
    const run = this.running
      .then(() =>
        this.once().catch((err: unknown) => {
          this.log.error({ err }, 'event detection failed');
          // what it did not finish is looked at again by the next pass
          this.looked.clear();
          return { opened: 0, solved: 0, looked: [] };
        }),
      )
      .finally(() => (this.pending -= 1));
    this.running = run;
    return run;
  }

  /**
   * The lamps against their programs now: the lit ones of controllers whose programs ask some lamp to be dark by
   * day, and the dark ones of those asking some to burn, each then held against its own lamp's program. Undefined
   * (those types left as they are) until the programs are known.
   */
  private async against(): Promise<Against | undefined> {
    const expected = this.expectations?.now();
    if (!this.expectations || !expected) return undefined;
    const since = new Date(this.clock.now().getTime() - this.expectations.graceMs).toISOString();
    const found = async (state: string, controllers: number[], asked: 'on' | 'dark') => {
      if (!controllers.length) return [];
      const { rows } = await this.raw.query(
        `select m.mac from luminary_modules m join unnest($1::bigint[]) as c(id) on c.id = m.controller
          where m.deleted_at is null
          and ${state} and m.last_received_at >= $2::timestamptz`,
        [controllers, since],
      );
      return rows.map((r) => r.mac as string).filter((mac) => expected.of(mac) === asked);
    };
    return {
      burningByDay: await found(LIT, expected.darkControllers, 'dark'),
      outAtNight: await found(DARK, expected.onControllers, 'on'),
      since,
    };
  }

  /** When (the clock's ms) an inventory type's condition was last asked; undefined before it was. */
  lastLooked(type: EventType): number | undefined {
    return this.looked.get(type)?.at;
  }

  /**
   * Whether an inventory type's condition may have changed since it was last looked at: some table it reads was
   * written, or INVENTORY_RECHECK_MS passed. Marks it looked at now when so (the versions read before its query, so
   * that a write during the query is seen by the next pass).
   */
  private mayHaveChanged(type: EventType, now: number): boolean {
    const sources = INVENTORY_SOURCES[type];
    if (!sources || !this.versionOf) return true;
    const versions = sources.map((t) => this.versionOf!(t)).join(',');
    const last = this.looked.get(type);
    if (last && last.versions === versions && now - last.at < INVENTORY_RECHECK_MS) return false;
    this.looked.set(type, { versions, at: now });
    return true;
  }

  private async once(): Promise<Pass> {
    let opened = 0;
    let solved = 0;
    const looked: EventType[] = [];
    const expected = await this.against();
    for (const type of DETECTION_ORDER) {
      if (needsExpectation(type) && !expected) continue;
      if (!this.mayHaveChanged(type, this.clock.now().getTime())) continue;
      looked.push(type);
      const extra = expected ? expectationParams(type, expected) : [];
      const now = this.clock.now().toISOString();
      const started = performance.now();
      // the condition asked once a pass and shared by the opening, the solving and the release (it was asked three
      // times: at a million modules that was most of a pass, bench:events)
      // on PostgreSQL the detector's own connection is planned by DETECTION_SETTINGS: one statement, no transaction
      // left idle between a `set local` and the statement while the event loop is busy
      const { rows } = await this.raw.query(
        `with c as materialized (${conditionRows(type)}),
        opened as (
          insert into important_events as e
            (type, status, open_date, device, module, support, socket, controller, cabinet, phase, "group")
          select $1, 'OPEN', $2::timestamptz, device, module, support, socket, controller, cabinet, phase, grp
          from c
          where not exists (select 1 from important_events as h where h.type = $1 and h.device = c.device
            and h.held_until_clear and h.deleted_at is null)
          on conflict (type, device) where deleted_at is null and (status = 'OPEN' or held_until_clear) do nothing
          returning ${EVENT_ROW}),
        solved as (
          update important_events as e set status = 'SOLVED', close_date = $2::timestamptz, updated_at = now()
          where e.type = $1 and e.status = 'OPEN' and e.deleted_at is null and e.device is not null
            and not exists (select 1 from c where c.device = e.device)
          returning ${EVENT_ROW}),
        -- an operator's solve holds only while its condition does
        released as (
          update important_events as e set held_until_clear = false
          where e.type = $1 and e.held_until_clear and not exists (select 1 from c where c.device = e.device)
          returning e._id)
        select true as is_open, * from opened union all select false, * from solved`,
        [type, now, ...extra],
      );
      // a pass can open a million events (a fleet never heard): their rows are handled in slices, so requests
      // keep being answered meanwhile
      const pause = slicer();
      const open = { rows: [] as Row[] };
      const done = { rows: [] as Row[] };
      for (const r of rows) {
        (r.is_open === true ? open : done).rows.push(r);
        await pause();
      }
      const ms = Math.round(performance.now() - started);
      if (ms > SLOW_MS)
        this.log.warn(
          { type, ms, opened: open.rows.length, solved: done.rows.length },
          'slow event detection',
        );
      opened += open.rows.length;
      solved += done.rows.length;
      if (type === 'MODULE_NOT_RESPONDING' && open.rows.length) await this.joinOutages(open.rows);
      await this.announce(open.rows);
      await this.announce(done.rows);
    }
    if (opened + solved) this.changed('important_events');
    return { opened, solved, looked };
  }

  /** A module not responding behind a disconnected controller is part of that controller's outage. */
  private async joinOutages(rows: Record<string, unknown>[]) {
    const result = await this.raw.query(
      `update important_events as e set cause = d._id
      from important_events as d
      where e._id = any($1::bigint[]) and d.type = 'CONTROLLER_DISCONNECTED' and d.status = 'OPEN'
        and d.deleted_at is null and d.controller = e.controller
      returning e._id, d._id as cause`,
      [rows.map((r) => Number(r._id))],
    );
    const causes = new Map(result.rows.map((r) => [Number(r._id), Number(r.cause)]));
    for (const r of rows) if (causes.has(Number(r._id))) r.cause = causes.get(Number(r._id));
  }

  private async announce(rows: Row[]) {
    const hub = this.hub;
    if (!hub || !rows.length) return;
    const pause = slicer();
    const byGroup = new Map<number | null, ReturnType<typeof eventOut>[]>();
    for (const r of rows) {
      const groupId = r.group == null ? null : Number(r.group);
      const data = byGroup.get(groupId) ?? [];
      if (!data.length) byGroup.set(groupId, data);
      data.push(eventOut(r));
      await pause();
    }
    // not behind the pass (nor a pass queued after it): the screens hear of an event as it is written
    for (const [groupId, data] of byGroup)
      for (let i = 0; i < data.length; i += PART)
        this.announcing = this.announcing
          .then(() => hub.publish({ type: 'events', groupId, data: data.slice(i, i + PART) }))
          .catch((err: unknown) => this.log.error({ err }, 'event announcement failed'));
  }
}

const num = (v: unknown) => (v == null ? null : Number(v));
const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());

/** A row as the API names its fields. */
export const eventOut = (r: Record<string, unknown>) => ({
  _id: Number(r._id),
  type: r.type as EventType,
  status: r.status as string,
  device: r.device as string,
  module: num(r.module),
  support: num(r.support),
  socket: num(r.socket),
  controller: num(r.controller),
  cabinet: num(r.cabinet),
  phase: num(r.phase),
  cause: num(r.cause),
  openDate: iso(r.open_date),
  closeDate: iso(r.close_date),
});
