import { describe, expect, it } from 'vitest';
import { weekendOfZone } from './weekend-region.ts';

// ISO weekdays (5 = Friday, 6 = Saturday, 7 = Sunday), as the countries' own week data (CLDR) has them
const OTHER_WEEKENDS: Record<string, number[]> = {
  'Asia/Riyadh': [5, 6],
  'Asia/Bahrain': [5, 6],
  'Asia/Kuwait': [5, 6],
  'Asia/Qatar': [5, 6],
  'Asia/Muscat': [5, 6],
  'Asia/Aden': [5, 6],
  'Asia/Baghdad': [5, 6],
  'Asia/Amman': [5, 6],
  'Asia/Damascus': [5, 6],
  'Asia/Jerusalem': [5, 6],
  'Asia/Tel_Aviv': [5, 6],
  'Asia/Tehran': [5],
  'Asia/Kabul': [4, 5],
  'Asia/Kolkata': [7],
  'Asia/Calcutta': [7],
  'Africa/Cairo': [5, 6],
  'Africa/Algiers': [5, 6],
  'Africa/Tripoli': [5, 6],
  'Africa/Khartoum': [5, 6],
  'Africa/Kampala': [7],
};

describe('the weekend of a city’s time zone', () => {
  it.each(Object.entries(OTHER_WEEKENDS))('%s rests on %j', (zone, weekend) => {
    expect(weekendOfZone(zone)).toEqual(weekend);
  });

  it('keeps Saturday and Sunday elsewhere and where the zone is not known', () => {
    expect(weekendOfZone('America/New_York')).toEqual([6, 7]);
    expect(weekendOfZone('Europe/Oslo')).toEqual([6, 7]);
    expect(weekendOfZone(undefined)).toEqual([6, 7]);
    expect(weekendOfZone('Not/A_Zone')).toEqual([6, 7]);
  });
});
