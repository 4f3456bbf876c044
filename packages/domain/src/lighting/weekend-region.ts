import { weekendOf } from './program-choice.ts';

// A city has a time zone but no country; the weekend is the country's (Intl week data, through the domain's
// weekendOf). The zones below are those of the countries whose weekend is not Saturday and Sunday (IANA zone.tab):
// every other zone keeps the common weekend, so they need no entry.
const REGION_OF_ZONE: Record<string, string> = {
  'Asia/Riyadh': 'SA',
  'Asia/Bahrain': 'BH',
  'Asia/Kuwait': 'KW',
  'Asia/Qatar': 'QA',
  'Asia/Muscat': 'OM',
  'Asia/Aden': 'YE',
  'Asia/Baghdad': 'IQ',
  'Asia/Amman': 'JO',
  'Asia/Damascus': 'SY',
  'Asia/Jerusalem': 'IL',
  'Asia/Tel_Aviv': 'IL',
  'Asia/Tehran': 'IR',
  'Asia/Kabul': 'AF',
  'Asia/Kolkata': 'IN',
  'Asia/Calcutta': 'IN',
  'Africa/Cairo': 'EG',
  'Africa/Algiers': 'DZ',
  'Africa/Tripoli': 'LY',
  'Africa/Khartoum': 'SD',
  'Africa/Kampala': 'UG',
};

/** ISO weekdays of the weekend in the country of a time zone (Saturday and Sunday when it is not known). */
export const weekendOfZone = (timeZone: string | undefined) =>
  weekendOf(timeZone ? REGION_OF_ZONE[timeZone] : undefined);
