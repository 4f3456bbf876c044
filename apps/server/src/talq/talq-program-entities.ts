import { createHash } from 'node:crypto';
import { addDays, localClock, localDay, secondsIntoDay, zonedInstant } from '@sl/domain/astro';
import { levelAt, type LevelPoint } from '@sl/domain/lighting';

// A controller's compiled lighting program (program-service.ts) as the TALQ entities a gateway runs it from
// (issue 31 §4). The console computes each night's switching instants itself (its twilight methods, fades and
// profile steps), so each day of the program becomes a ControlProgramOne of FixedTimeControls at those instants
// (local time, to the second; a linear stretch is a step with `rampToLevelTime`), and each group of lamps that
// share a table gets a Calendar whose rules pick that day's program by its date. AstroClockActivePeriod is not
// used: the gateway's own sunset and sunrise (its algorithm, whole-minute offsets) would not reproduce the
// console's times. A day runs from local midnight, or from noon when the gateway's ControlService says
// `dayOffset: 12`.

/** A program as the `program` command carries it to any controller. */
export type ProgramPayload = {
  version: string;
  from: string;
  to: string;
  tables: { macs: string[]; points: { at: string; level: number }[] }[];
};

export type FixedStep = {
  startTime: string;
  command: { state: { name: 'LevelState'; value: number }; rampToLevelTime?: number };
};
export type TalqControlProgram = {
  type: 'ControlProgramOne';
  id: string;
  ownerCMS: string;
  activePeriods: [];
  fixedTimeControls: FixedStep[];
};
export type TalqCalendar = {
  id: string;
  ownerCMS: string;
  rules: { startDate: string; endDate: string; program: string }[];
  defaultProgram: string;
};
export type GatewayPrograms = {
  programs: TalqControlProgram[];
  /** each calendar with the MACs of the lamps it is for */
  calendars: { calendar: TalqCalendar; macs: string[] }[];
};

const SECOND = 1000;

/** A UUID (version 5 in form) named by `name`: the same name gets the same TALQ address on every run. */
export function addressOf(name: string): string {
  const h = createHash('sha1').update(name).digest('hex');
  const variant = ((parseInt(h[16]!, 16) & 3) | 8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The local days (with their start and end instants) whose span meets [from, to). */
function daysOf(from: number, to: number, tz: string, dayOffset: number) {
  const start = (day: string) => zonedInstant(day, `${String(dayOffset).padStart(2, '0')}:00`, tz).getTime();
  let day = localDay(new Date(from), tz);
  if (start(day) > from) day = addDays(day, -1);
  const days: { day: string; start: number; end: number }[] = [];
  for (; start(day) < to; day = addDays(day, 1))
    days.push({ day, start: start(day), end: start(addDays(day, 1)) });
  return days;
}

/**
 * The steps of one day: the level at its start (moving on towards the next point when a ramp is under way), then
 * one step at each instant a point sits on. A step and a ramp starting at one instant are the step, then the ramp a
 * second later (a FixedTimeControl ramps from the level it finds).
 */
function stepsOf(points: LevelPoint[], start: number, end: number, tz: string, dayOffset: number) {
  const at = [start, ...new Set(points.map((p) => p.at.getTime()).filter((t) => t > start && t < end))];
  const steps: { t: number; level: number; rampMs?: number }[] = [];
  for (const t of at) {
    const level = Math.round(levelAt(points, new Date(t)));
    // the first point after t: the level moves linearly towards it
    const next = points.find((p) => p.at.getTime() > t);
    const towards = next ? Math.round(next.level) : level;
    const held = steps.at(-1)?.level;
    if (towards === level) {
      if (held !== level) steps.push({ t, level });
      continue;
    }
    const stepped = t !== start && Math.round(levelAt(points, new Date(t - 1))) !== level;
    if (stepped) steps.push({ t, level });
    const rampFrom = stepped ? t + SECOND : t;
    steps.push({ t: rampFrom, level: towards, rampMs: next!.at.getTime() - rampFrom });
  }
  const out: FixedStep[] = [];
  let last = -1;
  for (const s of steps) {
    const t = Math.round(s.t / SECOND) * SECOND;
    const startTime = localClock(new Date(t), tz);
    const seconds = secondsIntoDay(startTime, dayOffset);
    const step: FixedStep = {
      startTime,
      command: {
        state: { name: 'LevelState', value: Math.min(100, Math.max(0, s.level)) },
        ...(s.rampMs !== undefined && { rampToLevelTime: Math.max(1, Math.round(s.rampMs / SECOND)) }),
      },
    };
    // two steps in one second (or a wall clock turned back an hour): the later one stands
    if (seconds <= last) out[out.length - 1] = step;
    else out.push(step);
    last = Math.max(last, seconds);
  }
  return out;
}

/**
 * The TALQ programs and calendars of a controller's program at a gateway: programs named by their content, so
 * one the gateway has is never sent twice; calendars named by their lamps, so a new week of the same lamps
 * replaces their calendar rather than adding one.
 */
export function talqProgramsOf(
  payload: ProgramPayload,
  opts: { tz: string; dayOffset: number; cmsAddress: string },
): GatewayPrograms {
  const { tz, dayOffset, cmsAddress } = opts;
  const from = Date.parse(payload.from);
  const to = Date.parse(payload.to);
  const days = daysOf(from, to, tz, dayOffset);
  const programs = new Map<string, TalqControlProgram>();
  const calendars = payload.tables.map((table) => {
    const points = table.points.map((p) => ({ at: new Date(p.at), level: p.level }));
    const rules = days.map(({ day, start, end }) => {
      const fixedTimeControls = stepsOf(points, start, end, tz, dayOffset);
      const id = addressOf(`talq-program:${cmsAddress}:${JSON.stringify(fixedTimeControls)}`);
      if (!programs.has(id))
        programs.set(id, {
          type: 'ControlProgramOne',
          id,
          ownerCMS: cmsAddress,
          activePeriods: [],
          fixedTimeControls,
        });
      return { startDate: day, endDate: day, program: id, whole: end <= to };
    });
    // past the last day the gateway goes on with the last whole night, should the console fall silent
    const fallback = rules.filter((r) => r.whole).at(-1) ?? rules.at(-1)!;
    const macs = [...table.macs].sort();
    const calendar: TalqCalendar = {
      id: addressOf(`talq-calendar:${cmsAddress}:${macs.join(',')}`),
      ownerCMS: cmsAddress,
      rules: rules.map(({ whole: _, ...r }) => r),
      defaultProgram: fallback.program,
    };
    return { calendar, macs };
  });
  return { programs: [...programs.values()], calendars };
}
