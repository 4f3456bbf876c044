// Unit rules of spec §5 and §9, and how a value is shown: a field's declaration names its rule (`show`), every
// screen and export formats through here.

import type { Language } from './errors.ts';

/** Meters report 65535 for "no value". */
export const meterRaw = (raw: number): number => (raw === 65535 ? 0 : raw);

/** Below 100000 in every phase the reading is shown in watts (÷100), otherwise kilowatts (÷100000). */
export function meterPowerUnit(phases: readonly number[]): { unit: 'W' | 'kW'; divisor: number } {
  return phases.some((p) => meterRaw(p) >= 100000)
    ? { unit: 'kW', divisor: 100000 }
    : { unit: 'W', divisor: 100 };
}

export const round = (value: number, decimals: number): number => {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
};

export const energyValue = (raw: number) => round(meterRaw(raw) / 1000, 2);
export const voltageValue = (raw: number) => round(meterRaw(raw) / 100, 2);
/**
 * Cut down to `decimals`, never up: a share just under 1 (availability with one short outage among a million lamps)
 * must not read as 1. Float error below a billionth of the last place is not taken for a fraction.
 */
export const floorTo = (value: number, decimals: number): number => {
  const f = 10 ** decimals;
  return Math.floor(value * f + 1e-9) / f;
};

export const roundCoordinate = (value: number) => round(value, 6);

export const LIMITS = {
  pageSize: 10,
  unpaged: 1_000_000,
  nameList: 100_000,
  filter: 100_000,
  events: 1_000_000,
  notificationMs: 10_000,
  chunkLoadSeconds: 120,
  calendarCsvBytes: 7 * 1024,
  /** a saved view's name (a list's filters kept under a name) */
  viewName: 60,
} as const;

/** Spec §9 map query radii in metres: the whole city, what stands at one module's place, a view, an item's neighbours. */
export const MAP_RADII = { fullLoad: 50000, moduleBounds: 5, default: 500, neighbours: 100 } as const;

export const MODULE_PARAMETER_RANGES = {
  minPwm: { min: 1, max: 99 },
  maxPwmLimit: { min: 30, max: 100 },
  radioChannel: { min: 0, max: 15 },
  radioPower: { min: 0, max: 14 },
} as const;

export type Unit =
  | 'W'
  | 'kW'
  | 'kWh'
  | 'kvarh'
  | 'V'
  | 'A'
  | 'degC'
  | 'percent'
  | 'h'
  | 'lx'
  | 'm'
  | 'K'
  | 'lm'
  | 'dBm'
  | 'gPerKwh'
  | 'kg';

export type ValueRule =
  /** raw ÷ divisor, to `decimals` places, in `unit` */
  | { unit: Unit; divisor?: number; decimals?: number }
  /** a meter phase's power: W or kW by the largest phase of the reading (spec §9) */
  | { rule: 'meterPower' }
  /** 1, 2, 3 as A, B, C */
  | { rule: 'phase' }
  /** a twilight profile type by its method's name (spec §4) */
  | { rule: 'twilight' }
  /** a cabinet's I/O bits as door, mode, breakers and contactors (io-state.ts) */
  | { rule: 'ioState' };

export const UNIT_SYMBOLS: Record<Unit, Record<Language, string>> = {
  W: { 'en-us': 'W', ru: 'Вт' },
  kW: { 'en-us': 'kW', ru: 'кВт' },
  kWh: { 'en-us': 'kWh', ru: 'кВт·ч' },
  kvarh: { 'en-us': 'kvarh', ru: 'квар·ч' },
  V: { 'en-us': 'V', ru: 'В' },
  A: { 'en-us': 'A', ru: 'А' },
  degC: { 'en-us': '°C', ru: '°C' },
  percent: { 'en-us': '%', ru: '%' },
  h: { 'en-us': 'h', ru: 'ч' },
  lx: { 'en-us': 'lx', ru: 'лк' },
  m: { 'en-us': 'm', ru: 'м' },
  K: { 'en-us': 'K', ru: 'К' },
  lm: { 'en-us': 'lm', ru: 'лм' },
  dBm: { 'en-us': 'dBm', ru: 'дБм' },
  gPerKwh: { 'en-us': 'g/kWh', ru: 'г/кВт·ч' },
  kg: { 'en-us': 'kg', ru: 'кг' },
};

export const LOCALES: Record<Language, string> = { 'en-us': 'en-US', ru: 'ru-RU' };

/** A number as the language writes it (ru: decimal comma, spaced thousands), at most `decimals` places. */
export const formatNumber = (value: number, lang: Language, decimals = 2): string =>
  new Intl.NumberFormat(LOCALES[lang], { maximumFractionDigits: decimals }).format(value);

/** A number with its unit symbol, e.g. `70,3 Вт`; English writes `40%`, Russian `40 %`. */
export function formatMeasure(value: number, unit: Unit, lang: Language, decimals = 2): string {
  const gap = unit === 'percent' && lang === 'en-us' ? '' : '\u00a0';
  return `${formatNumber(value, lang, decimals)}${gap}${UNIT_SYMBOLS[unit][lang]}`;
}

/**
 * A raw numeric value under its field's rule, as text; `phases`: the raw values of the same field in the other
 * phases of the reading (the meter power rule looks at all of them). Undefined for rules that are words.
 */
export function formatRaw(
  rule: ValueRule,
  raw: number,
  lang: Language,
  phases: readonly number[] = [raw],
): string | undefined {
  if ('unit' in rule) return formatMeasure(raw / (rule.divisor ?? 1), rule.unit, lang, rule.decimals ?? 2);
  if (rule.rule === 'meterPower') {
    const { unit, divisor } = meterPowerUnit(phases);
    return formatMeasure(round(meterRaw(raw) / divisor, 2), unit, lang);
  }
  return undefined;
}
