import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { entity } from '@sl/domain';
import { isTimeZone } from '@sl/domain/astro';
import { ANSWER } from '@sl/protocol';
import type { Db } from '../db/connect.ts';
import { tableOf } from '../db/tables.ts';
import type { CommandOutcome } from '../field/command-gateway.ts';
import { gatewayRequest, type GatewayAnswer } from './talq-gateway-client.ts';
import type { Gateway, TalqGateways } from './talq-gateways.ts';
import { talqProgramsOf, type ProgramPayload, type TalqCalendar } from './talq-program-entities.ts';
import { checkPrograms, checkRequest } from './talq-schemas.ts';
import { talqDevices } from './talq.table.ts';

// The TALQ adapter of the lighting programs (issue 31 §4): the `program` command the program service sends every
// controller goes to a TALQ gateway as control programs, calendars and the assignment of each calendar to its
// lamps' LampActuatorFunctions, in that order, so that nothing is referenced before the gateway has it. What the
// gateway took is remembered, so a change sends only what it changed: a new day's program, the calendars whose
// rules moved, the lamps that changed calendar. After a restart of the server nothing is remembered: a program or
// calendar the gateway already has answers 409 and is replaced by its own address instead.

const Modules = tableOf(entity('LuminaryModules'));
/** how long after a gateway's report of a calendar or program it cannot run another such report is only logged */
export const REFUSED_RESEND_MS = 10 * 60_000;

/** The TALQ events (and attributes) of a lamp's actuator function by which a gateway says it cannot run what it got. */
const PROGRAM_EVENTS = new Set(['invalidCalendar', 'invalidProgram']);

/** Whether a log report starts a program event on any of its entries. */
export function reportsProgramRefused(report: {
  entries?: {
    data?: {
      type?: string;
      eventType?: string;
      startEndFlag?: boolean;
      attributeName?: string;
      attributeValue?: { value?: unknown };
    };
  }[];
}): boolean {
  return (report.entries ?? []).some(({ data: d }) =>
    d?.type === 'EventLogData'
      ? PROGRAM_EVENTS.has(d.eventType ?? '') && d.startEndFlag === true
      : d?.type === 'AttributeLogData' &&
        PROGRAM_EVENTS.has(d.attributeName ?? '') &&
        d.attributeValue?.value === true,
  );
}

/** Whether devices a gateway PUTs or PATCHes carry a program event attribute set on one of their functions. */
export function devicesProgramRefused(devices: { functions?: Record<string, unknown>[] }[]): boolean {
  return devices.some((d) =>
    (d.functions ?? []).some((f) =>
      [...PROGRAM_EVENTS].some((name) => (f[name] as { value?: unknown } | undefined)?.value === true),
    ),
  );
}

/** What a gateway took, as far as this process knows. */
type Counts = { programs: number; calendars: number; assigned: number };

type Taken = {
  programs: Set<string>;
  /** calendar address → its body as sent */
  calendars: Map<string, string>;
  /** lamp function address → calendar address */
  assigned: Map<string, string>;
};

/** the gateway could not be reached */
class Unreachable extends Error {}

class Refused extends Error {
  constructor(
    readonly what: string,
    readonly answer: GatewayAnswer,
  ) {
    super(`${what} answered ${answer.status}`);
  }
}

export class TalqPrograms {
  private readonly taken = new Map<number, Taken>();
  /** when each gateway last reported a calendar or program it cannot run, and was sent them again */
  private readonly refusedAt = new Map<number, number>();

  constructor(
    private readonly db: Db,
    private readonly gateways: TalqGateways,
    private readonly timeoutMs: number,
  ) {}

  /** A gateway bootstrapped again (a resync): it is taken to have none of what it had. */
  forget(gatewayId: number) {
    this.taken.delete(gatewayId);
  }

  /**
   * The gateway reported that it cannot run a calendar or program it was given (TALQ's `invalidCalendar` or
   * `invalidProgram` event): it is taken to have none of them, so that they go out again whole. Whether to send
   * them now: at most once per REFUSED_RESEND_MS, since a gateway that truly cannot run them would report it again
   * at every sending.
   */
  refused(gatewayId: number, now = Date.now()): boolean {
    if (now - (this.refusedAt.get(gatewayId) ?? -Infinity) < REFUSED_RESEND_MS) return false;
    this.refusedAt.set(gatewayId, now);
    this.forget(gatewayId);
    return true;
  }

  /** The gateway's part of a `program` command; done when the gateway answered every request of it with a 2xx. */
  async send(controllerMac: string, payload: ProgramPayload, ref?: string): Promise<CommandOutcome> {
    const id = `${ref ?? 'p'}.${randomUUID()}`;
    const answer = (code: number, result?: unknown): CommandOutcome => ({
      id,
      code,
      result,
      timedOut: false,
    });
    const g = await this.gateways.byLogin(controllerMac);
    if (!g || g.state !== 'ready' || !g.cmsAddress)
      return answer(ANSWER.connection, { talq: 'notBootstrapped' });
    const entities = talqProgramsOf(payload, {
      tz: await this.zoneOf(g),
      dayOffset: dayOffsetOf(g.services),
      cmsAddress: g.cmsAddress,
    });
    const lamps = await this.lampFunctions(g.id);
    let counts: Counts;
    try {
      try {
        counts = await this.deliver(g, entities, lamps, id);
      } catch (err) {
        // the gateway lacks a program or calendar this process believed it had (it lost them without a resync, or
        // another client deleted them): forget what it took and send everything again, in reference order, once
        if (!(err instanceof Refused && lacksReferenced(err))) throw err;
        this.taken.delete(g.id);
        counts = await this.deliver(g, entities, lamps, id);
      }
    } catch (err) {
      if (err instanceof Refused || err instanceof Unreachable)
        await this.gateways.tried(g.id, 'programs', {
          status: err instanceof Refused ? err.answer.status : null,
        });
      if (err instanceof Refused)
        return answer(err.answer.status === 422 ? ANSWER.unsupported : ANSWER.writeRefused, {
          talq: keysOf(err.answer.body),
          status: err.answer.status,
          refused: err.what,
        });
      if (err instanceof Unreachable) return answer(ANSWER.connection, { talq: 'gatewayUnreachable' });
      throw err;
    }
    // tidying the gateway: a failure here leaves it a calendar or program more, and the lamps their program
    await this.dropUnused(g, this.taken.get(g.id)!).catch(() => undefined);
    await this.gateways.tried(g.id, 'programs');
    return answer(ANSWER.done, { version: payload.version, ...counts });
  }

  /** Sends what the gateway does not have yet: programs, then calendars, then each lamp's calendar. */
  private async deliver(
    g: Gateway,
    entities: ReturnType<typeof talqProgramsOf>,
    lamps: Map<string, string>,
    id: string,
  ): Promise<Counts> {
    const taken = this.taken.get(g.id) ?? { programs: new Set(), calendars: new Map(), assigned: new Map() };
    this.taken.set(g.id, taken);
    const counts: Counts = { programs: 0, calendars: 0, assigned: 0 };
    const programs = entities.programs.filter((p) => !taken.programs.has(p.id));
    const checked = checkPrograms(programs);
    if (!checked.ok) throw new Error(`TALQ control program: ${checked.errors.join('; ')}`);
    await this.create(g, '/control-programs', programs);
    for (const p of programs) taken.programs.add(p.id);
    counts.programs = programs.length;

    const calendars = entities.calendars.map((c) => c.calendar);
    const fresh = calendars.filter((c) => !taken.calendars.has(c.id));
    const changed = calendars.filter(
      (c) => taken.calendars.has(c.id) && taken.calendars.get(c.id) !== json(c),
    );
    await this.create(g, '/calendars', fresh);
    await this.replace(g, '/calendars', changed);
    for (const c of [...fresh, ...changed]) taken.calendars.set(c.id, json(c));
    counts.calendars = fresh.length + changed.length;

    for (const { calendar, macs } of entities.calendars) {
      const addresses = macs.flatMap((mac) => {
        const a = lamps.get(mac);
        return a && taken.assigned.get(a) !== calendar.id ? [a] : [];
      });
      if (!addresses.length) continue;
      await this.assign(g, calendar, addresses, id);
      for (const a of addresses) taken.assigned.set(a, calendar.id);
      counts.assigned += addresses.length;
    }
    return counts;
  }

  /** POST of new entities; one the gateway already has (409, its answer to us was lost) is PUT by its address. */
  private async create(g: Gateway, path: '/control-programs' | '/calendars', items: { id: string }[]) {
    if (!items.length) return;
    const sent = await this.request(g, 'POST', path, items);
    if (sent.status < 300) return;
    if (sent.status !== 409) throw new Refused(`POST ${path}`, sent);
    for (const item of items) {
      const one = await this.request(g, 'POST', path, [item]);
      if (one.status === 409) await this.replace(g, path, [item], true);
      else if (one.status >= 300) throw new Refused(`POST ${path}`, one);
    }
  }

  private async replace(
    g: Gateway,
    path: '/control-programs' | '/calendars',
    items: { id: string }[],
    one = false,
  ) {
    if (!items.length) return;
    const sent = one
      ? await this.request(g, 'PUT', `${path}/${items[0]!.id}`, items[0], ONE[path])
      : await this.request(g, 'PUT', path, items);
    if (sent.status >= 300) throw new Refused(`PUT ${path}`, sent);
  }

  private async assign(g: Gateway, calendar: TalqCalendar, addresses: string[], cmsRefId: string) {
    const body = {
      addresses: addresses.map((address) => ({ resource: 'devices', address })),
      entity: { resource: 'calendars', address: calendar.id },
      cmsRefId,
    };
    const sent = await this.request(g, 'POST', '/assign-commands', body);
    if (sent.status >= 300) throw new Refused('POST /assign-commands', sent);
  }

  /**
   * Calendars no lamp of the gateway is assigned any more, and programs no calendar names, are deleted; a
   * gateway that does not delete them keeps them, harmlessly.
   */
  private async dropUnused(g: Gateway, taken: Taken) {
    const used = new Set(taken.assigned.values());
    for (const id of [...taken.calendars.keys()])
      if (!used.has(id) && (await this.drop(g, '/calendars', id))) taken.calendars.delete(id);
    const named = new Set(
      [...taken.calendars.values()].flatMap((body) => {
        const c = JSON.parse(body) as TalqCalendar;
        return [c.defaultProgram, ...c.rules.map((r) => r.program)];
      }),
    );
    for (const id of [...taken.programs])
      if (!named.has(id) && (await this.drop(g, '/control-programs', id))) taken.programs.delete(id);
  }

  /** Whether the gateway no longer has the entity (deleted now, or unknown to it). */
  private async drop(g: Gateway, path: '/control-programs' | '/calendars', id: string) {
    const gone = await this.request(g, 'DELETE', `${path}/${id}`, undefined, ONE[path]);
    return gone.status < 300 || gone.status === 404;
  }

  private async request(g: Gateway, method: string, path: string, body?: unknown, operation = path) {
    const checked = checkRequest('gw', operation, method, body);
    if (!checked.ok) throw new Error(`TALQ ${method} ${path}: ${checked.errors.join('; ')}`);
    try {
      return await gatewayRequest(g, method, path, { body, timeoutMs: this.timeoutMs });
    } catch (err) {
      throw new Unreachable(String(err));
    }
  }

  /** Each lamp's LampActuatorFunction address (`{device}/{functionId}`) at the gateway, by its module's MAC. */
  private async lampFunctions(gatewayId: number): Promise<Map<string, string>> {
    const rows = await this.db
      .select({ mac: Modules.mac, address: talqDevices.address, device: talqDevices.device })
      .from(talqDevices)
      .innerJoin(Modules, eq(Modules._id, talqDevices.moduleId))
      .where(and(eq(talqDevices.gatewayId, gatewayId), isNull(Modules.deletedAt)));
    const out = new Map<string, string>();
    for (const r of rows) {
      const functions = (r.device as { functions?: { id: string; type: string }[] }).functions ?? [];
      const actuator = functions.find((f) => f.type === 'LampActuatorFunction');
      if (actuator) out.set(r.mac as string, `${r.address}/${actuator.id}`);
    }
    return out;
  }

  /** The time zone of the gateway's city, where its programs' wall clock runs (UTC when it has none). */
  private async zoneOf(g: Gateway): Promise<string> {
    if (g.city === null) return 'UTC';
    const result = await this.db.execute(sql`select timezone from cities where _id = ${g.city}`);
    const tz = (result as { rows?: { timezone?: unknown }[] }).rows?.[0]?.timezone;
    return typeof tz === 'string' && isTimeZone(tz) ? tz : 'UTC';
  }
}

/** The start of the gateway's day (0 midnight, 12 noon) as its ControlService announced it (TALQ: 0 unless told). */
export function dayOffsetOf(services: unknown): number {
  const control = Array.isArray(services)
    ? (services as { name?: unknown; dayOffset?: unknown }[]).find((s) => s?.name === 'ControlService')
    : undefined;
  return control?.dayOffset === 12 ? 12 : 0;
}

/** the API's operation on one entity of a collection */
const ONE = {
  '/control-programs': '/control-programs/{controlProgramAddress}',
  '/calendars': '/calendars/{calendarAddress}',
};
const json = (v: unknown) => JSON.stringify(v);
/** The gateway's answer says a program or calendar referenced is not there (TALQ's invalidCalendar, invalidProgram). */
const lacksReferenced = (err: Refused) =>
  err.answer.status === 404 ||
  keysOf(err.answer.body).some((k) => k === 'invalidCalendar' || k === 'invalidProgram');
const keysOf = (body: unknown) => (Array.isArray(body) ? body.map((e: { key?: unknown }) => e?.key) : []);
