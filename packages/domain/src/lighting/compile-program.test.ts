import { describe, expect, it } from 'vitest';
import { sunNight } from '../astro/sun-night.ts';
import { ProgramCompiler, PROGRAM_DAYS, type ProgramWorld } from './compile-program.ts';
import { levelAt, type ProfileProgram } from './profile-night.ts';
import { dayTypeOf, orderPolitics } from './program-choice.ts';

const oslo = { lat: 59.91, lon: 10.75 };
const TZ = 'Europe/Oslo';
const at = (local: string) => new Date(`${local}+01:00`);
const profiles = new Map<number, ProfileProgram>([
  [1, { kind: 'onOff', settings: { pwm0: 100, twil: 131 } }],
  // residential streets: 50 % from 23:00 to 04:00 (linear: a minute's ramp each way)
  [
    2,
    {
      kind: 'linear',
      settings: {
        ...{ pwm0: 100, time1: '22:59', pwm1: 100, time2: '23:00', pwm2: 50 },
        ...{ time3: '04:00', pwm3: 50, time4: '04:01', pwm4: 100, twil: 131 },
      },
    },
  ],
  [3, { kind: 'onOff', settings: { pwm0: 30, twil: 131 } }],
]);
const world = (holiday?: string): ProgramWorld => ({
  profiles,
  groupControlProfiles: new Map([[4, 3]]),
  politics: orderPolitics([{ id: 1, profile: 1, rules: [{ conditions: { roadClasses: [7] }, profile: 2 }] }]),
  dayOf: (day) => ({
    dayType: dayTypeOf(day, new Map(holiday ? [[holiday, 'holiday']] : []), [6, 7]),
    category: day === holiday ? { profile: 1 } : null,
  }),
});

describe('a controller’s program', () => {
  it('groups its lamps by the program they share and runs seven nights in order', () => {
    const program = new ProgramCompiler(world()).compile(
      [
        { mac: 'A1', facts: { roadClass: 7 } },
        { mac: 'A2', facts: { roadClass: 1 } },
        { mac: 'A3', facts: { roadClass: 7 } },
        { mac: 'A4', facts: { roadClass: 7, groupControl: 4 } },
      ],
      oslo,
      TZ,
      '2026-11-23',
    );
    expect(program.tables.map((t) => t.macs)).toEqual([['A1', 'A3'], ['A2'], ['A4']]);
    const [residential, main, grouped] = program.tables.map((t) => t.points);
    for (let night = 0; night < PROGRAM_DAYS; night++) {
      const day = `2026-11-${23 + night}`;
      const next = `2026-11-${24 + night}`;
      const sun = sunNight(oslo, day, TZ);
      const on = sun.methods.CIVIL.on!;
      expect(levelAt(main!, new Date(on.getTime() - 1))).toBe(0);
      expect(levelAt(main!, on)).toBe(100);
      expect(levelAt(residential!, at(`${day}T22:00:00`))).toBe(100);
      expect(levelAt(residential!, at(`${next}T02:00:00`))).toBe(50);
      expect(levelAt(grouped!, at(`${day}T22:00:00`))).toBe(30);
      expect(levelAt(main!, at(`${next}T12:00:00`))).toBe(0);
    }
    expect(program.from).toEqual(sunNight(oslo, '2026-11-23', TZ).noon);
    expect(program.to).toEqual(sunNight(oslo, '2026-11-29', TZ).nextNoon);
    // points run forward in time, night after night
    const times = residential!.map((p) => p.at.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('follows a category on its date only', () => {
    const program = new ProgramCompiler(world('2026-11-25')).compile(
      [{ mac: 'A1', facts: { roadClass: 7 } }],
      oslo,
      TZ,
      '2026-11-23',
    );
    const points = program.tables[0]!.points;
    expect(levelAt(points, at('2026-11-25T02:00:00'))).toBe(50);
    expect(levelAt(points, at('2026-11-26T02:00:00'))).toBe(100);
    expect(levelAt(points, at('2026-11-27T02:00:00'))).toBe(50);
  });

  it('burns a lamp with no program from dusk to dawn at full power', () => {
    const bare: ProgramWorld = { ...world(), politics: [] };
    const points = new ProgramCompiler(bare).compile([{ mac: 'B1', facts: {} }], oslo, TZ, '2026-11-23')
      .tables[0]!.points;
    const sun = sunNight(oslo, '2026-11-23', TZ);
    expect(levelAt(points, at('2026-11-24T00:00:00'))).toBe(100);
    expect(levelAt(points, new Date(sun.methods.MID.on!.getTime() - 6 * 60_000))).toBe(0);
  });
});
