// Energy reports (spec §4, §7, §9): their types, groupings, default range, and the money and CO2 of a consumption.

import { round } from '../units.ts';
import { localDay, zonedInstant } from '../astro/local-time.ts';

export const REPORT_TYPES = ['indications', 'consumption', 'instant-values'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

export const GROUP_TYPES = ['BY_DAY', 'BY_WEEK', 'BY_MONTH', 'BY_YEAR', 'BY_PERIOD'] as const;
export type GroupType = (typeof GROUP_TYPES)[number];
export const DEFAULT_GROUP_TYPE: GroupType = 'BY_DAY';

/** The local calendar unit a grouping buckets by (weeks start on Monday, ISO 8601); BY_PERIOD is one bucket. */
export const GROUP_UNITS: Record<GroupType, 'day' | 'week' | 'month' | 'year' | null> = {
  BY_DAY: 'day',
  BY_WEEK: 'week',
  BY_MONTH: 'month',
  BY_YEAR: 'year',
  BY_PERIOD: null,
};

/** How a bucket is named: its first local day, month or year. */
export function periodLabel(groupType: GroupType, firstDay: string): string {
  if (groupType === 'BY_MONTH') return firstDay.slice(0, 7);
  if (groupType === 'BY_YEAR') return firstDay.slice(0, 4);
  return firstDay;
}

/** Spec §9: from the start of today (on the city's clock) to now. */
export function defaultReportRange(now: Date, timezone: string): { start: Date; end: Date } {
  return { start: zonedInstant(localDay(now, timezone), '00:00', timezone), end: now };
}

/** Spec §9: energy counters are in Wh and shown in kWh. */
export const kwhOf = (wh: number): number => wh / 1000;

export type Tariff = {
  tariff?: number | null;
  nightTariff?: number | null;
  co2Factor?: number | null;
  currency?: string | null;
};

/**
 * A consumption as kWh, money and CO2 (kg): `nightWh` of `wh` is billed at the night tariff when there is one.
 * Money and CO2 are null where the city has no tariff or emission factor.
 */
export function energyFigures(wh: number, nightWh: number, t: Tariff) {
  const kwh = kwhOf(wh);
  const night = t.nightTariff ?? t.tariff;
  const cost =
    t.tariff == null ? null : round(kwhOf(wh - nightWh) * t.tariff + kwhOf(nightWh) * (night ?? 0), 2);
  const co2Kg = t.co2Factor == null ? null : round((kwh * t.co2Factor) / 1000, 3);
  return { kwh: round(kwh, 3), cost, co2Kg };
}

/** Whether a local hour (0-23) is in the night tariff's window [from, to), which may cross midnight. */
export const isNightHour = (hour: number, from: number, to: number): boolean =>
  from <= to ? hour >= from && hour < to : hour >= from || hour < to;
