import { expect, it } from 'vitest';
import { checkPrograms, checkRequest } from './talq-schemas.ts';
import { talqProgramsOf, type ProgramPayload } from './talq-program-entities.ts';

// A compiled program as TALQ programs and calendars: each day's steps at the program's own instants, a fade as a
// ramp, a step and a fade at one instant as the step and the fade a second later, identical days one program.

const CMS = '0b7e0c1e-0000-4000-8000-00000000000c';
const night = (day: string, next: string) => [
  { at: `${day}T18:00:00Z`, level: 0 },
  { at: `${day}T18:00:00Z`, level: 50 },
  { at: `${day}T19:00:00Z`, level: 100 },
  { at: `${next}T05:00:00Z`, level: 100 },
  { at: `${next}T05:00:00Z`, level: 0 },
];
const payload: ProgramPayload = {
  version: 'v1',
  from: '2026-12-07T12:00:00Z',
  to: '2026-12-09T12:00:00Z',
  tables: [
    {
      macs: ['B', 'A'],
      points: [...night('2026-12-07', '2026-12-08'), ...night('2026-12-08', '2026-12-09')],
    },
  ],
};
const step = (startTime: string, value: number, rampToLevelTime?: number) => ({
  startTime,
  command: { state: { name: 'LevelState', value }, ...(rampToLevelTime && { rampToLevelTime }) },
});

it('makes each day a program of fixed-time steps, named by the calendar date by date', () => {
  const { programs, calendars } = talqProgramsOf(payload, { tz: 'UTC', dayOffset: 0, cmsAddress: CMS });
  const [{ calendar, macs }] = calendars as [(typeof calendars)[0]];
  expect(macs).toEqual(['A', 'B']);
  expect(calendar.rules.map((r) => r.startDate)).toEqual(['2026-12-07', '2026-12-08', '2026-12-09']);
  const of = (day: string) =>
    programs.find((p) => p.id === calendar.rules.find((r) => r.startDate === day)!.program)!
      .fixedTimeControls;
  expect(of('2026-12-07')).toEqual([step('00:00:00', 0), step('18:00:00', 50), step('18:00:01', 100, 3599)]);
  // the middle day: the morning and the evening; the same evening and morning would be the same program
  expect(of('2026-12-08')).toEqual([
    step('00:00:00', 100),
    step('05:00:00', 0),
    step('18:00:00', 50),
    step('18:00:01', 100, 3599),
  ]);
  expect(of('2026-12-09')).toEqual([step('00:00:00', 100), step('05:00:00', 0)]);
  // the last whole day is the default past the week
  expect(calendar.defaultProgram).toBe(calendar.rules[1]!.program);
  expect(checkPrograms(programs)).toEqual({ ok: true });
  expect(checkRequest('gw', '/calendars', 'POST', [calendar])).toEqual({ ok: true });
});

it('cuts the days at noon for a gateway whose day starts at noon, in local time', () => {
  const { programs, calendars } = talqProgramsOf(payload, {
    tz: 'Europe/Berlin',
    dayOffset: 12,
    cmsAddress: CMS,
  });
  const rules = calendars[0]!.calendar.rules;
  // the program ends at 13:00 in Berlin (UTC+1 in December): the third day's first hour is in it
  expect(rules.map((r) => r.startDate)).toEqual(['2026-12-07', '2026-12-08', '2026-12-09']);
  // both nights alike: one program, its steps from noon to noon
  expect(rules[0]!.program).toBe(rules[1]!.program);
  expect(programs[0]!.fixedTimeControls).toEqual([
    step('12:00:00', 0),
    step('19:00:00', 50),
    step('19:00:01', 100, 3599),
    step('06:00:00', 0),
  ]);
  // the same lamps keep their calendar's address whatever their order
  const again = talqProgramsOf(
    { ...payload, tables: [{ ...payload.tables[0]!, macs: ['A', 'B'] }] },
    { tz: 'Europe/Berlin', dayOffset: 12, cmsAddress: CMS },
  );
  expect(again.calendars[0]!.calendar.id).toBe(calendars[0]!.calendar.id);
});
