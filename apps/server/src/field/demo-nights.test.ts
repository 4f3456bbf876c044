import { describe, expect, it } from 'vitest';
import { nightCurves, integrate } from './demo-nights.ts';
import type { ProgramWorld } from '@sl/domain/lighting';

// The demo's past nights follow the sky at Cambridge (42.37 N): a lamp burns dusk to dawn on MID (civil dusk's
// middle), longer in December than in June, and a dimmed hour counts its level.

const CAMBRIDGE = { lat: 42.3736, lon: -71.1097, tz: 'America/New_York' };
const world: ProgramWorld = {
  profiles: new Map([[1, { kind: 'onOff', twilightMethod: 'MID', settings: { pwm0: 100, twil: 2 } }]]),
  groupControlProfiles: new Map(),
  politics: [{ id: 1, profile: 1, rules: [] }],
  dayOf: () => ({ dayType: 'workday' }),
};
const lamp = {
  city: 1,
  luminaryModel: null,
  roadClass: null,
  supportCategory: null,
  supportType: null,
  groupControl: null,
  ownProfile: null,
};

/** the burning hours of the local night that starts on `day` */
async function night(day: string) {
  const start = new Date(`${day}T12:00:00-05:00`);
  const curves = await nightCurves([lamp], world, CAMBRIDGE, start, new Date(start.getTime() + 86_400_000));
  return curves.lit[0]!.reduce((s, v) => s + v, 0);
}

describe('the demo’s generated nights', () => {
  it('are longer in December than in June, as the sky at Cambridge', async () => {
    const june = await night('2026-06-21');
    const december = await night('2026-12-21');
    // almanac sunset to sunrise: about 8.7 h on 21 June and 15.1 h on 21 December; MID burns a little less
    expect(june).toBeGreaterThan(8);
    expect(june).toBeLessThan(9);
    expect(december).toBeGreaterThan(14.4);
    expect(december).toBeLessThan(15.2);
  });

  it('counts a level ramp by its area', () => {
    const at = (h: number) => new Date(Date.UTC(2026, 0, 1, h));
    const points = [
      { at: at(0), level: 0 },
      { at: at(1), level: 100 },
      { at: at(3), level: 50 },
    ];
    expect(integrate(points, at(0).getTime(), at(1).getTime())).toEqual({ lit: 1, lvl: 0.5 });
    expect(integrate(points, at(2).getTime(), at(3).getTime())).toEqual({ lit: 1, lvl: 0.625 });
  });
});
