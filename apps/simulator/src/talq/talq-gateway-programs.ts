import { addDays, isCalendarDay, localClock, localDay, secondsIntoDay } from '@sl/domain/astro';

// The control programs, calendars and assignments a CMS gives the simulator's TALQ gateway (talq-gw.json
// `/control-programs`, `/calendars`, `/assign-commands`), and the level they ask of each lamp at an instant. It
// runs what the lighting profile's gateway must: ControlProgramOne of FixedTimeControls (LevelState, with a ramp),
// no active period (the whole day), calendar rules by date (yyyy-mm-dd or --mm-dd) in their order, the default
// program where none matches. Anything else it cannot run is refused (422) rather than run wrongly.

type Step = {
  startTime: string;
  command: { state: { name: string; value: number }; rampToLevelTime?: number };
};
type Program = { type: 'ControlProgramOne'; id: string; ownerCMS: string; fixedTimeControls: Step[] };
type Rule = { startDate?: string; endDate?: string; program: string; condition?: unknown };
type Calendar = { id: string; ownerCMS: string; rules: Rule[]; defaultProgram?: string };
export type Answer = { status: number; body?: unknown };

const HHMMSS = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;
const MONTH_DAY = /^--(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const refused = (status: number, key: string): Answer => ({ status, body: [{ key }] });
const isText = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
const isDate = (v: unknown) =>
  v === undefined || (typeof v === 'string' && (isCalendarDay(v) || MONTH_DAY.test(v)));

export class GatewayPrograms {
  readonly programs = new Map<string, Program>();
  readonly calendars = new Map<string, Calendar>();
  /** lamp address → calendar address */
  readonly assigned = new Map<string, string>();

  /**
   * @param tz the gateway's local time zone, the wall clock its programs run by
   * @param isLamp whether a device address (without its function) is one of the gateway's lamps
   * @param dayOffset where its day starts (TALQ ControlService `dayOffset`: 0 or 12)
   */
  constructor(
    private readonly tz: string,
    private readonly isLamp: (address: string) => boolean,
    private readonly dayOffset = 0,
  ) {}

  /** A CMS request to one of these resources, answered; undefined when it is not one of them. */
  handle(method: string, path: string, body: unknown): Answer | undefined {
    const [, resource, address, more] = path.split('/');
    if (more !== undefined) return undefined;
    if (resource === 'assign-commands' && !address && method === 'POST') return this.assign(body);
    const store =
      resource === 'control-programs' ? this.programs : resource === 'calendars' ? this.calendars : undefined;
    if (!store) return undefined;
    if (method === 'DELETE' && address) return this.remove(store, address);
    if (method === 'GET')
      return address ? this.one(store, address) : { status: 200, body: [...store.values()] };
    const items = address === undefined ? body : [body];
    if (!Array.isArray(items) || !['POST', 'PUT'].includes(method) || (address && method !== 'PUT'))
      return refused(400, 'invalidRequest');
    const checked = items.map((i) =>
      store === this.programs ? programProblem(i, this.dayOffset) : this.calendarProblem(i),
    );
    const problem = checked.find((p) => p !== undefined);
    if (problem) return problem;
    const ids = (items as { id: string }[]).map((i) => i.id);
    if (address !== undefined && ids[0] !== address) return refused(400, 'addressMismatch');
    if (method === 'POST' && ids.some((id) => store.has(id))) return refused(409, 'alreadyExists');
    if (method === 'PUT' && ids.some((id) => !store.has(id))) return refused(404, 'notFound');
    for (const item of items) store.set((item as { id: string }).id, item as Program & Calendar);
    return { status: method === 'POST' ? 201 : 200, body: address ? items[0] : items };
  }

  /** The level the lamp's calendar asks at an instant; undefined when it has none (or it is gone). */
  levelOf(lamp: string, at: Date): number | undefined {
    const calendar = this.calendars.get(this.assigned.get(lamp) ?? '');
    if (!calendar) return undefined;
    const shifted = new Date(at.getTime() - this.dayOffset * 3_600_000);
    const day = localDay(shifted, this.tz);
    const seconds = secondsIntoDay(localClock(at, this.tz), this.dayOffset);
    const yesterday = this.programOf(calendar, addDays(day, -1));
    // a day starts from where the day before ended (TALQ: the last value of the previous day's program)
    const start = yesterday ? levelIn(yesterday, 86_400, 0, this.dayOffset) : 0;
    const today = this.programOf(calendar, day);
    return today && Math.round(levelIn(today, seconds, start, this.dayOffset));
  }

  private programOf(calendar: Calendar, day: string): Program | undefined {
    const rule = calendar.rules.find((r) => inRange(day, r.startDate, r.endDate));
    return this.programs.get(rule?.program ?? calendar.defaultProgram ?? '');
  }

  private assign(body: unknown): Answer {
    const b = body as { addresses?: unknown; entity?: { resource?: unknown; address?: unknown } } | undefined;
    if (
      !Array.isArray(b?.addresses) ||
      b.entity?.resource !== 'calendars' ||
      typeof b.entity.address !== 'string'
    )
      return refused(400, 'invalidAssignCommand');
    const calendar = b.entity.address;
    if (calendar && !this.calendars.has(calendar)) return refused(422, 'invalidCalendar');
    const lamps: string[] = [];
    for (const a of b.addresses as { resource?: unknown; address?: unknown }[]) {
      const [device, fn, attribute] = typeof a?.address === 'string' ? a.address.split('/') : [];
      if (a?.resource !== 'devices' || !device) return refused(400, 'invalidAddress');
      if (
        !this.isLamp(device.toLowerCase()) ||
        (fn !== undefined && fn !== 'lamp') ||
        attribute !== undefined
      )
        return refused(422, 'unknownDevice');
      lamps.push(device.toLowerCase());
    }
    for (const lamp of lamps)
      if (calendar) this.assigned.set(lamp, calendar);
      else this.assigned.delete(lamp);
    return { status: 201 };
  }

  private one(store: Map<string, unknown>, address: string): Answer {
    return store.has(address) ? { status: 200, body: store.get(address) } : refused(404, 'notFound');
  }

  private remove(store: Map<string, unknown>, address: string): Answer {
    const had = store.get(address);
    if (!had) return refused(404, 'notFound');
    const named = [...this.calendars.values()].some(
      (c) => c.defaultProgram === address || c.rules.some((r) => r.program === address),
    );
    if (store === this.programs && named) return refused(409, 'programInUse');
    store.delete(address);
    return { status: 200, body: had };
  }

  /** What is wrong with a calendar, if anything: the programs it names must be here already. */
  private calendarProblem(c: unknown): Answer | undefined {
    const cal = c as Partial<Calendar> | undefined;
    if (!isText(cal?.id) || !isText(cal.ownerCMS) || (cal.rules !== undefined && !Array.isArray(cal.rules)))
      return refused(400, 'invalidCalendar');
    cal.rules ??= [];
    for (const r of cal.rules)
      if (!isText(r?.program) || !isDate(r.startDate) || !isDate(r.endDate))
        return refused(400, 'invalidCalendarRule');
    if (cal.rules.some((r) => r.condition !== undefined)) return refused(422, 'unsupportedCondition');
    const programs = [
      ...cal.rules.map((r) => r.program),
      ...(cal.defaultProgram ? [cal.defaultProgram] : []),
    ];
    if (programs.some((p) => !this.programs.has(p))) return refused(422, 'invalidProgram');
    return undefined;
  }
}

/** What is wrong with a control program, if anything. */
function programProblem(p: unknown, dayOffset: number): Answer | undefined {
  const prog = p as (Partial<Program> & { activePeriods?: unknown }) | undefined;
  if (!isText(prog?.id) || !isText(prog.ownerCMS) || !Array.isArray(prog.fixedTimeControls))
    return refused(400, 'invalidProgram');
  if (prog.type !== 'ControlProgramOne') return refused(422, 'unsupportedProgramType');
  if (Array.isArray(prog.activePeriods) ? prog.activePeriods.length : prog.activePeriods !== undefined)
    return refused(422, 'unsupportedActivePeriod');
  let last = -1;
  for (const s of prog.fixedTimeControls) {
    const value = s?.command?.state?.value;
    const ramp = s?.command?.rampToLevelTime;
    if (
      typeof s?.startTime !== 'string' ||
      !HHMMSS.test(s.startTime) ||
      s.command.state.name !== 'LevelState' ||
      !Number.isInteger(value) ||
      value < 0 ||
      value > 100 ||
      (ramp !== undefined && !(typeof ramp === 'number' && ramp >= 0))
    )
      return refused(400, 'invalidFixedTimeControl');
    const at = secondsIntoDay(s.startTime, dayOffset);
    // TALQ: in increasing order, no two at one time
    if (at <= last) return refused(400, 'fixedTimeControlsOutOfOrder');
    last = at;
  }
  return undefined;
}

/** Whether a day is within a rule's dates (a --mm-dd date recurs every year; none: no bound). */
function inRange(day: string, start?: string, end?: string) {
  const key = (d: string) => (MONTH_DAY.test(d) ? day.slice(0, 4) + d.slice(1) : d);
  return (!start || key(start) <= day) && (!end || day <= key(end));
}

/**
 * The level of a program `seconds` into its day, starting from `start`: each step holds its level, or ramps to
 * it from the level it found over `rampToLevelTime` seconds, until the next step.
 */
export function levelIn(p: Program, seconds: number, start: number, dayOffset = 0): number {
  let level = start;
  const steps = p.fixedTimeControls.map((s) => ({
    at: secondsIntoDay(s.startTime, dayOffset),
    command: s.command,
  }));
  for (const [i, s] of steps.entries()) {
    if (s.at > seconds) break;
    const until = Math.min(seconds, steps[i + 1]?.at ?? Infinity);
    const ramp = s.command.rampToLevelTime ?? 0;
    const target = s.command.state.value;
    const done = ramp > 0 ? Math.min(1, (until - s.at) / ramp) : 1;
    level += (target - level) * done;
  }
  return level;
}
