import { describe, expect, it } from 'vitest';
import { defaultReportRange, energyFigures, isNightHour, periodLabel } from './report-rules.ts';

describe('energy report rules', () => {
  it('bills the night share at the night tariff, and says nothing of money or CO2 without a tariff', () => {
    expect(energyFigures(800, 650, { tariff: 0.3, nightTariff: 0.1, co2Factor: 400 })).toEqual({
      kwh: 0.8,
      cost: 0.11,
      co2Kg: 0.32,
    });
    expect(energyFigures(800, 650, { tariff: 0.3 })).toEqual({ kwh: 0.8, cost: 0.24, co2Kg: null });
    expect(energyFigures(800, 0, {})).toEqual({ kwh: 0.8, cost: null, co2Kg: null });
  });

  it('knows night hours across midnight and within a day', () => {
    expect([22, 23, 0, 6, 7].map((h) => isNightHour(h, 23, 7))).toEqual([false, true, true, true, false]);
    expect([0, 1, 4, 5].map((h) => isNightHour(h, 1, 5))).toEqual([false, true, true, false]);
  });

  it('names periods and starts the default range at the local midnight', () => {
    expect(periodLabel('BY_MONTH', '2026-10-01')).toBe('2026-10');
    expect(periodLabel('BY_YEAR', '2026-01-01')).toBe('2026');
    expect(periodLabel('BY_WEEK', '2026-10-19')).toBe('2026-10-19');
    const now = new Date('2026-07-01T10:00:00Z');
    expect(defaultReportRange(now, 'Europe/London')).toEqual({
      start: new Date('2026-06-30T23:00:00Z'),
      end: now,
    });
  });
});
