import { describe, expect, it } from 'vitest';
import { localTime } from '@sl/domain/astro';
import { nextStep, nightSwitches, profileNight, switchInstants } from '@sl/domain/lighting';
import { nightSteps } from './night-summary.ts';

// Issue 28 §3: the cabinet's tonight, the profile chart and a lamp's program line (the map popup) give one night
// one pair of on/off times: each reads the domain's switch times, with its one rounding.

const CAMBRIDGE = { lat: 42.373, lon: -71.11 };
const TZ = 'America/New_York';
const night = profileNight({ kind: 'onOff', settings: { pwm0: 70 } }, CAMBRIDGE, '2026-11-23', TZ);
const switches = nightSwitches(night.points);

describe('one night, one pair of switch times', () => {
  it('switches on as the fade in starts and off as the fade out ends, on the minute', () => {
    expect(switches.on!.getTime() % 60_000).toBe(0);
    expect(switches.off!.getTime() % 60_000).toBe(0);
    expect(Math.abs(switches.on!.getTime() - night.points[0]!.at.getTime())).toBeLessThanOrEqual(30_000);
    expect(Math.abs(switches.off!.getTime() - night.points.at(-1)!.at.getTime())).toBeLessThanOrEqual(30_000);
  });

  it('is what the cabinet, the profile chart and the program line say', () => {
    // the cabinet: its program's switch instants (a program of this one night), as its tonight shows them
    const cabinet = switchInstants(
      {
        from: night.points[0]!.at,
        to: night.points.at(-1)!.at,
        tables: [{ macs: [], points: night.points }],
      },
      new Date(Date.parse('2026-11-23T17:00:00Z')),
      new Date(Date.parse('2026-11-24T17:00:00Z')),
    );
    expect(cabinet).toEqual(switches);
    // the chart's words and marks
    const chart = nightSteps({
      points: night.points.map((p) => ({ at: p.at.toISOString(), level: p.level })),
    });
    expect(chart.on?.at).toBe(switches.on!.toISOString());
    expect(chart.off).toBe(switches.off!.toISOString());
    // the program line by day (the next step is the switch-on) and at night (the switch-off)
    expect(nextStep(night.points, new Date('2026-11-23T17:00:00Z'))).toEqual({ at: switches.on, level: 70 });
    expect(nextStep(night.points, new Date('2026-11-24T07:00:00Z'))).toEqual({ at: switches.off, level: 0 });
    // every surface then writes the instant on the city's clock: the same minute whichever writes it
    expect(localTime(switches.on!, TZ)).toMatch(/^16:\d\d$/);
  });
});
