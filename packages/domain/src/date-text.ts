import type { Language } from './errors.ts';
import { LOCALES } from './units.ts';

/**
 * Dates and times as the chosen language writes them in a text field, and back. The API speaks YYYY-MM-DD,
 * HH:MM and local YYYY-MM-DDTHH:MM; a native date or time input would show the browser's locale instead of the
 * console's language. Every language also accepts the API's own form, so a pasted ISO date is never refused.
 */
export type DateTextKind = 'day' | 'time' | 'local';

const pad = (n: number) => String(n).padStart(2, '0');

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_LOCAL = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?$/;
// ru writes 31.01.2026, en-us 01/31/2026
const DAY_TEXT: Record<Language, { re: RegExp; order: 'dmy' | 'mdy' }> = {
  ru: { re: /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/, order: 'dmy' },
  'en-us': { re: /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/, order: 'mdy' },
};
// 20:34, 20.34, 8:34 PM, 8:34 p.m. in any language
const TIME_TEXT = /^(\d{1,2})[:.](\d{2})(?:\s*([ap])\.?\s*m\.?)?$/i;

export const DATE_TEXT_PATTERNS: Record<DateTextKind, Record<Language, string>> = {
  day: { 'en-us': 'MM/DD/YYYY', ru: 'ДД.ММ.ГГГГ' },
  time: { 'en-us': 'hh:mm AM', ru: 'ЧЧ:ММ' },
  local: { 'en-us': 'MM/DD/YYYY hh:mm AM', ru: 'ДД.ММ.ГГГГ ЧЧ:ММ' },
};

function realDay(y: number, m: number, d: number): string | null {
  const at = new Date(Date.UTC(y, m - 1, d));
  if (at.getUTCFullYear() !== y || at.getUTCMonth() !== m - 1 || at.getUTCDate() !== d) return null;
  return `${y}-${pad(m)}-${pad(d)}`;
}

/** YYYY-MM-DD from the language's text (or ISO), null if it is not a real day. */
export function parseDayText(text: string, lang: Language): string | null {
  const t = text.trim();
  const iso = ISO_DAY.exec(t);
  if (iso) return realDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const { re, order } = DAY_TEXT[lang];
  const m = re.exec(t);
  if (!m) return null;
  const [a, b, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return order === 'dmy' ? realDay(y, b, a) : realDay(y, a, b);
}

/** HH:MM (24 h) from 20:34 or 8:34 PM, null if it is not a time of day. */
export function parseTimeText(text: string): string | null {
  const m = TIME_TEXT.exec(text.trim());
  if (!m) return null;
  let h = Number(m[1]);
  const min = Number(m[2]);
  const half = m[3]?.toLowerCase();
  if (min > 59) return null;
  if (half) {
    if (h < 1 || h > 12) return null;
    h = (h % 12) + (half === 'p' ? 12 : 0);
  } else if (h > 23) return null;
  return `${pad(h)}:${pad(min)}`;
}

/** Local YYYY-MM-DDTHH:MM from "31.01.2026 20:34" (a comma between may be there or not), or ISO. */
export function parseLocalText(text: string, lang: Language): string | null {
  const t = text.trim();
  const iso = ISO_LOCAL.exec(t);
  if (iso) return parseDayText(iso[1]!, lang) && parseTimeText(iso[2]!) ? `${iso[1]}T${iso[2]}` : null;
  const m = /^(\S+?),?\s+(.+)$/.exec(t);
  if (!m) return null;
  const day = parseDayText(m[1]!, lang);
  const time = parseTimeText(m[2]!);
  return day && time ? `${day}T${time}` : null;
}

const formatter = (lang: Language, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(LOCALES[lang], { ...options, timeZone: 'UTC' });
const DAY_OPTIONS = { year: 'numeric', month: '2-digit', day: '2-digit' } as const;
const TIME_OPTIONS = { hour: '2-digit', minute: '2-digit' } as const;
// Intl puts a narrow no-break space before AM; a typed one is a plain space, and both read back
const plain = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');

/** YYYY-MM-DD as the language writes it: 31.01.2026, 01/31/2026. */
export function formatDayText(day: string, lang: Language): string {
  return plain(formatter(lang, DAY_OPTIONS).format(Date.parse(`${day}T00:00Z`)));
}

/** HH:MM as the language writes it: 20:34, 08:34 PM. */
export function formatTimeText(time: string, lang: Language): string {
  return plain(formatter(lang, TIME_OPTIONS).format(Date.parse(`1970-01-01T${time}Z`)));
}

/** Local YYYY-MM-DDTHH:MM as the language writes it: 31.01.2026 20:34, 01/31/2026 08:34 PM. */
export function formatLocalText(local: string, lang: Language): string {
  const [day, time] = local.split('T');
  return `${formatDayText(day!, lang)} ${formatTimeText(time!.slice(0, 5), lang)}`;
}

/** Text for a value of the kind, '' for none, the value itself if it is not one of the kind. */
export function formatDateText(kind: DateTextKind, value: string | null | undefined, lang: Language): string {
  if (!value) return '';
  if (kind === 'day') return ISO_DAY.test(value) ? formatDayText(value, lang) : value;
  if (kind === 'time') return parseTimeText(value) ? formatTimeText(parseTimeText(value)!, lang) : value;
  return ISO_LOCAL.test(value) ? formatLocalText(value, lang) : value;
}

/** The value a text stands for, null if it stands for none of the kind. */
export function parseDateText(kind: DateTextKind, text: string, lang: Language): string | null {
  if (kind === 'day') return parseDayText(text, lang);
  if (kind === 'time') return parseTimeText(text);
  return parseLocalText(text, lang);
}
