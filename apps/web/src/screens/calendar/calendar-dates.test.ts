import { describe, expect, it } from 'vitest';
import { firstDayOfWeek, monthWeeks, shiftMonth, weekOrder } from './calendar-dates.ts';
import { weekendOfZone } from '@sl/domain/lighting';

describe('calendar dates', () => {
  it('lays a month out in weeks from the first day of the week', () => {
    // 1 November 2026 is a Sunday
    expect(monthWeeks(2026, 11, 1)[0]).toEqual([null, null, null, null, null, null, 1]);
    expect(monthWeeks(2026, 11, 7)[0]).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(monthWeeks(2026, 11, 1).flat().filter(Boolean)).toHaveLength(30);
    expect(weekOrder(7)).toEqual([7, 1, 2, 3, 4, 5, 6]);
  });

  it('steps across years and knows where the week starts', () => {
    expect(shiftMonth(2026, 12, 1)).toEqual({ year: 2027, month: 1 });
    expect(shiftMonth(2026, 1, -1)).toEqual({ year: 2025, month: 12 });
    expect(firstDayOfWeek('ru')).toBe(1);
    expect(firstDayOfWeek('en-us')).toBe(7);
  });

  it('takes the weekend from the country of the city’s time zone', () => {
    expect(weekendOfZone('Asia/Riyadh')).toEqual([5, 6]);
    expect(weekendOfZone('Europe/Moscow')).toEqual([6, 7]);
    expect(weekendOfZone(undefined)).toEqual([6, 7]);
  });
});
