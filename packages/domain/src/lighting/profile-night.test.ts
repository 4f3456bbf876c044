import { describe, expect, it } from 'vitest';
import { localTime } from '../astro/local-time.ts';
import { sunNight } from '../astro/sun-night.ts';
import { levelAt, profileNight, type ProfileProgram } from './profile-night.ts';
import { profileProblems } from './profile-rules.ts';

const cambridge = { lat: 42.373, lon: -71.11 };
const TZ = 'America/New_York';
const DAY = '2026-11-23';
const sun = sunNight(cambridge, DAY, TZ);
const at = (hhmm: string, day = '2026-11-24') => new Date(`${day}T${hhmm}:00-05:00`);
const MINUTE = 60_000;

describe('a profile night', () => {
  it('onOff burns at pwm0 from the method’s evening instant to its morning instant, fading over 10 minutes', () => {
    const p: ProfileProgram = { kind: 'onOff', twilightMethod: 'CIVIL', settings: { pwm0: 80 } };
    const night = profileNight(p, cambridge, DAY, TZ);
    expect(night.on).toEqual(sun.methods.CIVIL.on);
    expect(night.off).toEqual(sun.methods.CIVIL.off);
    expect(levelAt(night.points, night.on!)).toBeCloseTo(40);
    expect(levelAt(night.points, new Date(night.on!.getTime() + 5 * MINUTE))).toBe(80);
    expect(levelAt(night.points, at('00:00'))).toBe(80);
    expect(levelAt(night.points, new Date(night.off!.getTime() + 5 * MINUTE))).toBe(0);
    expect(levelAt(night.points, new Date(night.on!.getTime() - 6 * MINUTE))).toBe(0);
  });

  it('a speed twilight (code above 100) switches in a step at the instant', () => {
    const p: ProfileProgram = { kind: 'onOff', settings: { pwm0: 100, twil: 131 } };
    const night = profileNight(p, cambridge, DAY, TZ);
    expect(night).toMatchObject({ method: 'CIVIL', speed: true });
    expect(levelAt(night.points, new Date(night.on!.getTime() - 1))).toBe(0);
    expect(levelAt(night.points, night.on!)).toBe(100);
  });

  it('setRise follows sunset + time1 and sunrise − time2 whatever the method', () => {
    const p: ProfileProgram = {
      kind: 'setRise',
      twilightMethod: 'END',
      settings: { time1: '00:15', time2: '00:30', pwm0: 70, twil: 133 },
    };
    const night = profileNight(p, cambridge, DAY, TZ);
    expect(night.on!.getTime()).toBe(sun.sunset!.getTime() + 15 * MINUTE);
    expect(night.off!.getTime()).toBe(sun.sunrise!.getTime() - 30 * MINUTE);
    expect(levelAt(night.points, at('02:00'))).toBe(70);
  });

  it('symmetrical steps down after switch-on and back up before switch-off by the same offsets', () => {
    const p: ProfileProgram = {
      kind: 'symmetrical',
      settings: { time1: '02:00', time2: '04:00', pwm0: 100, pwm1: 70, pwm2: 40 },
    };
    const night = profileNight(p, cambridge, DAY, TZ);
    const on = night.on!.getTime();
    const off = night.off!.getTime();
    const level = (t: number) => levelAt(night.points, new Date(t));
    expect(level(on + 60 * MINUTE)).toBe(100);
    expect(level(on + 150 * MINUTE)).toBe(70);
    expect(level(on + 300 * MINUTE)).toBe(40);
    expect(level(off - 300 * MINUTE)).toBe(40);
    expect(level(off - 150 * MINUTE)).toBe(70);
    expect(level(off - 60 * MINUTE)).toBe(100);
  });

  it('linear moves from point to point through the clock times, the morning ones on the next day', () => {
    const p: ProfileProgram = {
      kind: 'linear',
      twilightMethod: 'MID',
      settings: {
        time1: '22:00',
        time2: '23:00',
        time3: '04:00',
        time4: '05:00',
        pwm0: 100,
        pwm1: 100,
        pwm2: 50,
        pwm3: 50,
        pwm4: 100,
      },
    };
    const night = profileNight(p, cambridge, DAY, TZ);
    expect(levelAt(night.points, at('22:30', '2026-11-23'))).toBeCloseTo(75);
    expect(levelAt(night.points, at('01:00'))).toBe(50);
    expect(levelAt(night.points, at('04:30'))).toBeCloseTo(75);
    expect(levelAt(night.points, at('05:30'))).toBe(100);
    expect(localTime(night.off!, TZ) > '05:30').toBe(true);
  });

  it('50 % from 23:00 to 04:00 as a linear profile holds 50 % between them', () => {
    const p: ProfileProgram = {
      kind: 'linear',
      settings: {
        time1: '23:00',
        time2: '23:00',
        time3: '04:00',
        time4: '04:00',
        pwm0: 100,
        pwm1: 100,
        pwm2: 50,
        pwm3: 50,
        pwm4: 100,
      },
    };
    const night = profileNight(p, cambridge, DAY, TZ);
    expect(levelAt(night.points, at('22:59', '2026-11-23'))).toBe(100);
    expect(levelAt(night.points, at('23:00', '2026-11-23'))).toBe(50);
    expect(levelAt(night.points, at('03:59'))).toBe(50);
    expect(levelAt(night.points, at('04:00'))).toBe(100);
  });

  it('polar day: no burning; polar night: burning from noon to noon with no fade', () => {
    const tromso = { lat: 69.65, lon: 18.96 };
    const p: ProfileProgram = { kind: 'onOff', twilightMethod: 'MID' };
    expect(profileNight(p, tromso, '2026-06-21', 'Europe/Oslo')).toMatchObject({ burn: 'none', points: [] });
    const winter = profileNight(p, tromso, '2026-12-21', 'Europe/Oslo');
    expect(winter.burn).toBe('all');
    expect(levelAt(winter.points, new Date('2026-12-21T18:00:00Z'))).toBe(100);
    expect(levelAt(winter.points, new Date('2026-12-22T09:00:00Z'))).toBe(100);
  });

  it('says which fallback it used', () => {
    const oslo = { lat: 59.91, lon: 10.75 };
    const night = profileNight(
      { kind: 'onOff', twilightMethod: 'NAUTICAL' },
      oslo,
      '2026-06-21',
      'Europe/Oslo',
    );
    expect(night).toMatchObject({ method: 'NAUTICAL', fallback: 'CIVIL', burn: 'night' });
  });
});

describe('a profile night’s points, whatever the kind', () => {
  const night = (p: ProfileProgram) => profileNight(p, cambridge, DAY, TZ);
  const inOrder = (points: readonly { at: Date }[]) =>
    points.every((x, i) => i === 0 || x.at.getTime() >= points[i - 1]!.at.getTime());
  const programs: ProfileProgram[] = [
    { kind: 'onOff', twilightMethod: 'CIVIL', settings: { pwm0: 80 } },
    { kind: 'onOff', settings: { pwm0: 80, twil: 131 } },
    { kind: 'setRise', settings: { time1: '00:15', time2: '00:30', pwm0: 70 } },
    { kind: 'symmetrical', settings: { time1: '00:03', time2: '04:00', pwm0: 100, pwm1: 70, pwm2: 40 } },
    // offsets beyond half the night are held at its middle
    { kind: 'symmetrical', settings: { time1: '10:00', time2: '12:00', pwm0: 100, pwm1: 70, pwm2: 40 } },
    { kind: 'linear', settings: { pwm0: 100, time1: '15:00', pwm1: 60, time2: '02:00', pwm2: 30 } },
  ];

  it.each(programs.map((p) => [`${p.kind} ${JSON.stringify(p.settings)}`, p] as const))(
    '%s: in time order, from dark to dark, within the fades',
    (_, p) => {
      const { points, on, off } = night(p);
      expect(inOrder(points)).toBe(true);
      expect(points[0]!.level).toBe(0);
      expect(points.at(-1)!.level).toBe(0);
      expect(points[0]!.at.getTime()).toBeGreaterThanOrEqual(on!.getTime() - 5 * MINUTE);
      expect(points.at(-1)!.at.getTime()).toBeLessThanOrEqual(off!.getTime() + 5 * MINUTE);
      // no point repeats the one before it
      expect(
        points.some(
          (x, i) =>
            i > 0 && x.at.getTime() === points[i - 1]!.at.getTime() && x.level === points[i - 1]!.level,
        ),
      ).toBe(false);
    },
  );

  it('setRise names the sunset-to-sunrise borders as its method and burns not at all when its offsets cross', () => {
    expect(
      night({ kind: 'setRise', twilightMethod: 'CIVIL', settings: { time1: '00:15', time2: '00:30' } })
        .method,
    ).toBe('BORDERS');
    expect(night({ kind: 'setRise', settings: { time1: '08:00', time2: '08:00', pwm0: 70 } })).toMatchObject({
      on: null,
      off: null,
      points: [],
    });
  });

  it('symmetrical offsets beyond half the night step straight through at the middle', () => {
    const n = night(programs[4]!);
    const middle = (n.on!.getTime() + n.off!.getTime()) / 2;
    expect(levelAt(n.points, new Date(middle - 60 * MINUTE))).toBe(100);
    expect(levelAt(n.points, new Date(middle + 60 * MINUTE))).toBe(100);
  });

  it('linear: starts at pwm0 whatever comes later, and ignores a level whose clock time is not given', () => {
    const n = night({ kind: 'linear', settings: { pwm0: 100, time1: '23:00', pwm1: 50 } });
    // linear: from pwm0 at switch-on towards 50 % at 23:00
    expect(levelAt(n.points, new Date(n.on!.getTime() + 10 * MINUTE))).toBeGreaterThan(99);
    const noTime = night({ kind: 'linear', settings: { pwm0: 100, pwm1: 70, time2: '02:00', pwm2: 40 } });
    // straight from pwm0 at the end of the fade in to pwm2 at 02:00: pwm1 has no time of its own
    const faded = noTime.on!.getTime() + 5 * MINUTE;
    const share = (at('00:00').getTime() - faded) / (at('02:00').getTime() - faded);
    expect(levelAt(noTime.points, at('00:00'))).toBeCloseTo(100 - 60 * share, 6);
    expect(levelAt(noTime.points, at('02:00'))).toBe(40);
  });
});

describe('profile settings in order', () => {
  it('refuses symmetrical offsets out of order and linear clock times out of night order', () => {
    expect(profileProblems({ kind: 'symmetrical', settings: { time1: '03:00', time2: '01:00' } })).toEqual([
      { field: 'settings.time2', problem: 'order' },
    ]);
    expect(
      profileProblems({ kind: 'linear', settings: { time1: '23:00', time2: '01:00', time3: '04:00' } }),
    ).toEqual([]);
    expect(profileProblems({ kind: 'linear', settings: { time1: '01:00', time2: '23:00' } })).toEqual([
      { field: 'settings.time2', problem: 'order' },
    ]);
  });
});
