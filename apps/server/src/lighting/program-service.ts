import { createHash } from 'node:crypto';
import { groupBy } from '@sl/domain';
import { localDay, nextLocalNoon } from '@sl/domain/astro';
import { ProgramCompiler, type ControllerProgram } from '@sl/domain/lighting';
import { sql } from 'drizzle-orm';
import { SYSTEM } from '../auth/caller.ts';
import type { Db } from '../db/connect.ts';
import type { CommandService } from '../field/command.service.ts';
import {
  controllerIds,
  loadControllers,
  loadPlaces,
  loadWorld,
  MANY_WRITTEN,
  touchedSince,
  type PlacedController,
} from './program-source.ts';
import { PendingCauses, ProgramCauses } from './program-cause.ts';
import { ALONE, type SenderLease } from './sender-lease.ts';

/** The server's idea of now: tests move it instead of sleeping through a night. */
export type Clock = { now(): Date };
export const SYSTEM_CLOCK: Clock = { now: () => new Date() };

/** The registry tables a program is made of: a change to one of them is sent to the field within seconds. */
export const PROGRAM_SOURCES = new Set([
  'Profiles',
  'Politics',
  'CalendarProfiles',
  'Categories',
  'GroupControl',
  'LuminarySupports',
  'Luminaries',
  'LuminaryModules',
  'Controllers',
  'Cities',
]);

/** Sources of the rules alone: a change to one is compiled against the lamps as last read, not read again. */
const RULE_SOURCES = new Set(['Profiles', 'Politics', 'CalendarProfiles', 'Categories', 'GroupControl']);

/**
 * Controllers compiled at a time, the event loop free between them; the first of them that are due go out as a
 * command of their own while the rest of a large city compiles.
 */
const SEND_CHUNK = 1000;
/**
 * How far back a reload of the lamps looks past the last one: a write whose transaction began before that read but
 * committed after it carries an earlier `updated_at`, and reading a few rows twice costs nothing.
 */
const RELOAD_OVERLAP = '1 minute';
/** how long a program's sources must stay unchanged before the programs are compiled and sent */
export const DEFAULT_SETTLE_MS = 2000;
const RETRY_MS = 60_000;
/** how often a process that does not send asks whether the sender is still there */
const LEASE_RETRY_MS = 30_000;
type Log = { info(obj: object, msg: string): void; error(obj: object, msg: string): void };

/**
 * Keeps every controller on its program (issue 11 §4): compiles the switching tables of all controllers and sends
 * each controller whose table changed a `program` command, archived like every command (a TALQ gateway gets it as
 * TALQ control programs and calendars, talq/talq-programs.ts). It runs at start, within
 * `settleMs` of a change to a program's sources, at each local noon (the table then starts a day later), and a
 * minute after a controller did not acknowledge. A table counts as sent when its controller acknowledged it.
 * Among server processes on one database only the holder of the `lease` sends; every process hears every change
 * (announced through the database), and a new sender starts from the tables the archive says were
 * acknowledged, so neither a restart nor a change of sender sends the city its programs again.
 */
export class ProgramService {
  private readonly acknowledged = new Map<string, string>();
  private timer?: NodeJS.Timeout;
  /** when the timer fires (ms since the epoch); Infinity when none is set */
  private timerAt = Infinity;
  private noonTimer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private stopped = false;
  private leading = false;
  /**
   * every controller with its lamps as last read, by id (a million lamps take some 40 s to read, and seconds to
   * compile): after the first read only the controllers whose lamps were written since are read again
   */
  private controllers?: Map<number, PlacedController>;
  /** the database's clock at the last read of the lamps, less RELOAD_OVERLAP */
  private readSince?: string;
  /** every lamp is read again (at start, at noon, after a failed read, after many lamps were written) */
  private lampsStale = true;
  /** a lamp-side source was written: the controllers it touched are read again */
  private lampsTouched = false;
  /** a rule-side source was written: every controller's program is compiled again */
  private rulesChanged = true;
  /** controllers that came online without an acknowledged program */
  private readonly cameOnline = new Set<string>();
  /** controllers whose last table sent was not acknowledged: compiled and sent again at the next run */
  private readonly unacknowledged = new Set<string>();
  private readonly causes: ProgramCauses;
  private readonly pending = new PendingCauses();

  constructor(
    private readonly db: Db,
    private readonly commands: CommandService,
    private readonly opts: { clock?: Clock; settleMs?: number; log?: Log; lease?: SenderLease } = {},
  ) {
    this.causes = new ProgramCauses(db, PROGRAM_SOURCES);
  }

  private get lease() {
    return this.opts.lease ?? ALONE;
  }

  private get clock() {
    return this.opts.clock ?? SYSTEM_CLOCK;
  }

  start() {
    this.soon(0);
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    clearTimeout(this.noonTimer);
    return Promise.resolve(this.running).finally(() => this.lease.close());
  }

  /** A registry entity was written, by any server process: its programs go out once the writes settle. */
  changed(entityName: string) {
    if (!PROGRAM_SOURCES.has(entityName)) return;
    if (RULE_SOURCES.has(entityName)) this.rulesChanged = true;
    else this.lampsTouched = true;
    this.soon(this.opts.settleMs ?? DEFAULT_SETTLE_MS);
  }

  /**
   * Controllers were heard connected (with every state they report): those whose program is not acknowledged get
   * it within a second or two, not at the next retry a minute on (a controller that connected while its table was
   * on its way missed it).
   */
  online(macs: string[]) {
    this.expect(macs.filter((mac) => !this.acknowledged.has(mac)));
  }

  /**
   * Controllers came back online (once per return): those whose last table sent was not acknowledged (they were
   * offline at a change) get it within a second or two. Not on every state they report: a controller that is
   * connected but does not answer is asked again at the minute's retry, not every second.
   */
  back(macs: string[]) {
    this.expect(macs.filter((mac) => this.unacknowledged.has(mac)));
  }

  /**
   * Controllers that lost what they had (a TALQ gateway that bootstrapped again): their program is sent again
   * within a second or two, changed or not.
   */
  resend(macs: string[]) {
    for (const mac of macs) {
      this.acknowledged.delete(mac);
      this.unacknowledged.add(mac);
    }
    this.expect(macs);
  }

  private expect(waiting: string[]) {
    if (!waiting.length) return;
    // perhaps a controller written past the registry's services (commissioning, the demo): its lamps are read again
    for (const mac of waiting) this.cameOnline.add(mac);
    this.noLaterThan(1000);
  }

  /** The program a controller runs from the night in progress, as it would be sent now. */
  async programOf(controller: PlacedController): Promise<ControllerProgram | undefined> {
    if (!controller.place) return undefined;
    const compiler = new ProgramCompiler(await loadWorld(this.db, controller.group));
    return this.compile(compiler, controller);
  }

  /** Reads every controller's lamps again, compiles their programs and sends those that changed; waits for answers. */
  refresh(): Promise<void> {
    this.lampsStale = true;
    this.rulesChanged = true;
    return this.run();
  }

  private run(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.sendAll()
      .catch((err: unknown) => this.opts.log?.error({ err }, 'lighting programs'))
      .finally(() => {
        this.running = undefined;
        if (this.again && !this.stopped) {
          this.again = false;
          void this.run();
        }
      });
    return this.running;
  }

  /** A run in `ms`, and none before: a change to the sources puts the run off until they settle. */
  private soon(ms: number) {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timerAt = Date.now() + ms;
    this.timer = setTimeout(() => {
      this.timerAt = Infinity;
      void this.run();
    }, ms);
    this.timer.unref();
  }

  /** A run in `ms` at the latest: a run set for sooner stays, so neither a retry nor a stream of arrivals puts it off. */
  private noLaterThan(ms: number) {
    if (this.timerAt > Date.now() + ms) this.soon(ms);
  }

  private compile(compiler: ProgramCompiler, c: PlacedController) {
    const { lat, lon, tz } = c.place!;
    // the night in progress started at the last local noon
    const firstDay = localDay(new Date(this.clock.now().getTime() - 12 * 3_600_000), tz);
    return compiler.compile(c.lamps, { lat, lon }, tz, firstDay);
  }

  private async sendAll() {
    if (!(await this.lease.held())) {
      this.leading = false;
      return this.noLaterThan(LEASE_RETRY_MS);
    }
    if (!this.leading) {
      await this.recallAcknowledged();
      // a new sender starts from the registry as it is now
      this.lampsStale = true;
    }
    this.leading = true;
    const touched = await this.readLamps();
    const controllers = [...this.controllers!.values()];
    // a new sender, a rule, or every lamp read again: every controller's table may have changed
    const all = this.rulesChanged || touched === 'all';
    this.rulesChanged = false;
    const compiling = all
      ? controllers
      : controllers.filter((c) => touched.has(c.id) || this.unacknowledged.has(c.mac));
    const compilers = new Map<number | null, ProgramCompiler>();
    for (const c of compiling)
      if (c.place && c.lamps.length && !compilers.has(c.group))
        compilers.set(c.group, new ProgramCompiler(await loadWorld(this.db, c.group)));
    // read once the rules are: a change they hold names its user, a later one the next run's tables
    this.pending.add(await this.causes.since());
    const due: Due[] = [];
    const sentTo = new Set<string>();
    let sent = 0;
    // the first tables go out at once, while the rest compile; the rest then go as one stream, as a command's
    // window of answers keeps the broker busy without pauses between commands
    let first: Promise<number> | undefined;
    for (let i = 0; i < compiling.length && !this.stopped; i += SEND_CHUNK) {
      for (const c of compiling.slice(i, i + SEND_CHUNK)) {
        if (!c.place || !c.lamps.length) continue;
        const program = this.compile(compilers.get(c.group)!, c);
        const version = versionOf(program);
        if (this.acknowledged.get(c.mac) !== version) {
          due.push({ controller: c, version, program });
          sentTo.add(c.mac);
        }
      }
      if (!first && due.length) {
        sent += due.length;
        first = this.send(due.splice(0));
        // a rejection is taken below, once the rest compiled
        first.catch(() => {});
      }
      // the first command's answers get the event loop between chunks
      await new Promise((resolve) => setImmediate(resolve));
    }
    sent += due.length;
    // one command's window at a time: two would double what the broker queues for a subscriber, and it drops the rest
    const unanswered = (await (first ?? 0)) + (await this.send(due));
    // a table no change altered is one its controller already has
    for (const c of controllers) if (!sentTo.has(c.mac)) this.pending.had(c);
    this.pending.settle(controllers);
    if (sent) this.opts.log?.info({ sent, unanswered }, 'lighting programs sent');
    if (unanswered) this.noLaterThan(RETRY_MS);
    this.atNextNoon(controllers);
  }

  /**
   * Sends the due tables, one command per group, each in the name of the user whose change it follows (if one
   * did); returns how many were not acknowledged.
   */
  private async send(due: Due[]): Promise<number> {
    let unanswered = 0;
    for (const [group, ofGroup] of groupBy(due, (d) => d.controller.group)) {
      if (this.stopped) break;
      const cause = this.pending.of(ofGroup.map((d) => d.controller));
      const { devices } = await this.commands.run(
        { ...SYSTEM, groupId: group ?? undefined, userId: cause?.userId },
        'program',
        { by: 'program' },
        {
          controllers: ofGroup.length,
          ...(cause && { because: { entity: cause.entity, id: cause.id } }),
        },
        ofGroup.map((d) => ({ controllerMac: d.controller.mac, payload: payloadOf(d.program, d.version) })),
      );
      devices.forEach((device, i) => {
        if (device.state === 'acknowledged') {
          this.pending.had(ofGroup[i]!.controller);
          this.acknowledged.set(device.controllerMac, ofGroup[i]!.version);
          this.unacknowledged.delete(device.controllerMac);
        } else {
          this.unacknowledged.add(device.controllerMac);
          unanswered += 1;
        }
      });
    }
    return unanswered;
  }

  /**
   * Brings the lamps as last read up to date: all of them when stale, else the controllers whose lamps were written
   * since the last read (now holding them, or holding them before) and those that came online. Returns which
   * controllers were read ('all', or their ids).
   */
  private async readLamps(): Promise<'all' | Set<number>> {
    const since = await this.databaseNow();
    try {
      if (this.lampsStale || !this.controllers) {
        this.lampsStale = this.lampsTouched = false;
        this.cameOnline.clear();
        const all = await loadControllers(this.db);
        this.controllers = new Map(all.map((c) => [c.id, c]));
        this.readSince = since;
        return 'all';
      }
      const ids = new Set<number>();
      if (this.lampsTouched) {
        this.lampsTouched = false;
        let lamps = 0;
        for (const c of this.controllers.values()) lamps += c.lamps.length;
        const t = await touchedSince(this.db, this.readSince!, Math.min(MANY_WRITTEN, lamps));
        if (t === 'many') {
          this.lampsStale = true;
          return await this.readLamps();
        }
        // a city moved or took another clock: its controllers' suns change, not their lamps
        if (t.cities) await this.readPlaces();
        for (const id of t.controllers) ids.add(id);
        const modules = new Set(t.modules);
        const supports = new Set(t.supports);
        const lampIds = new Set(t.lamps);
        for (const c of this.controllers.values())
          if (
            c.lamps.some(
              (l) =>
                modules.has(l.moduleId) ||
                (l.supportId !== null && supports.has(l.supportId)) ||
                (l.lampId !== null && lampIds.has(l.lampId)),
            )
          )
            ids.add(c.id);
      }
      if (this.cameOnline.size) {
        const macs = [...this.cameOnline];
        this.cameOnline.clear();
        for (const id of await controllerIds(this.db, macs)) ids.add(id);
      }
      this.readSince = since;
      if (!ids.size) return ids;
      const fresh = new Map((await loadControllers(this.db, [...ids])).map((c) => [c.id, c]));
      for (const id of ids) {
        const c = fresh.get(id);
        if (c) this.controllers.set(id, c);
        else this.controllers.delete(id);
      }
      return ids;
    } catch (err) {
      this.lampsStale = true;
      throw err;
    }
  }

  /** Every controller's place is read again (a few ms for 20,000) and every table compiled against it. */
  private async readPlaces() {
    for (const fresh of await loadPlaces(this.db)) {
      const known = this.controllers!.get(fresh.id);
      if (!known) continue;
      if (fresh.place) known.place = fresh.place;
      else delete known.place;
    }
    this.rulesChanged = true;
  }

  private async databaseNow(): Promise<string> {
    const result = await this.db.execute(sql`select (now() - ${RELOAD_OVERLAP}::interval)::text as at`);
    return String((result as { rows?: { at: string }[] }).rows?.[0]?.at);
  }

  /**
   * The last table each controller acknowledged in the past week, by whichever process sent it: its answer names
   * the version (the archive keeps the answer, not the table, which would be some 5 KB a controller a day).
   */
  private async recallAcknowledged() {
    const result = await this.db.execute(sql`
      select distinct on (d.controller_mac) d.controller_mac as mac, d.result->>'version' as version
      from commands c join command_devices d on d.command_id = c.id
      where c.type = 'program' and d.state = 'acknowledged' and c.created_at > now() - interval '8 days'
      order by d.controller_mac, d.answered_at desc`);
    this.acknowledged.clear();
    for (const row of (result as { rows?: { mac: string; version: string | null }[] }).rows ?? [])
      if (row.version) this.acknowledged.set(row.mac, row.version);
  }

  private atNextNoon(controllers: PlacedController[]) {
    if (this.stopped) return;
    const now = this.clock.now();
    const zones = new Set(controllers.flatMap((c) => (c.place ? [c.place.tz] : [])));
    const next = Math.min(...[...zones].map((tz) => nextLocalNoon(now, tz).getTime()));
    if (!Number.isFinite(next)) return;
    clearTimeout(this.noonTimer);
    // timers hold at most ~24.8 days; a noon is never further than a day away
    this.noonTimer = setTimeout(() => void this.refresh(), Math.max(1000, next - now.getTime() + 1000));
    this.noonTimer.unref();
  }
}

type Due = { controller: PlacedController; version: string; program: ControllerProgram };

function payloadOf(program: ControllerProgram, version: string) {
  return {
    version,
    from: program.from.toISOString(),
    to: program.to.toISOString(),
    tables: program.tables.map((t) => ({
      macs: t.macs,
      points: t.points.map((p) => ({ at: p.at.toISOString(), level: Math.round(p.level) })),
    })),
  };
}

const versionOf = (program: ControllerProgram) =>
  createHash('sha256')
    .update(JSON.stringify(payloadOf(program, '')))
    .digest('base64url')
    .slice(0, 16);
