import { describe, expect, it } from 'vitest';
import { repairNight } from './repair-night.ts';

const CAMBRIDGE = { lat: 42.3736, lon: -71.1097 };
const TROMSO = { lat: 69.6492, lon: 18.9553 };

describe('the night a repair is proved by', () => {
  it('is tonight for a repair by day, from sunset to the next sunrise', () => {
    // 30 November 2026, 14:00 in Cambridge (UTC−5): sunset about 16:12, sunrise next day about 06:54
    const night = repairNight(CAMBRIDGE, new Date('2026-11-30T19:00:00Z'));
    expect(night.from.toISOString()).toMatch(/^2026-11-30T21:1\d/);
    expect(night.until.toISOString()).toMatch(/^2026-12-01T11:5\d/);
  });

  it('is the next night for a repair done after dusk, and the coming one for one done before dawn', () => {
    const late = repairNight(CAMBRIDGE, new Date('2026-12-01T03:00:00Z'));
    expect(late.from.toISOString()).toMatch(/^2026-12-01T21:1\d/);
    const early = repairNight(CAMBRIDGE, new Date('2026-12-01T10:00:00Z'));
    expect(early.from.toISOString()).toMatch(/^2026-12-01T21:1\d/);
  });

  it('is a whole day in a polar night or day', () => {
    const winter = repairNight(TROMSO, new Date('2026-12-20T10:00:00Z'));
    expect(winter.until.getTime() - winter.from.getTime()).toBeGreaterThan(23 * 3_600_000);
    const summer = repairNight(TROMSO, new Date('2026-06-20T10:00:00Z'));
    expect(summer).toEqual({
      from: new Date('2026-06-20T10:00:00Z'),
      until: new Date('2026-06-21T10:00:00Z'),
    });
  });
});
