import { LOCALES, type Language } from '@sl/domain';

// Every instant the console shows is written here: on a city's clock, named by its zone, 12 h in en-us and 24 h in
// ru, so one command reads the same on every screen.

export type TimeParts = 'date' | 'minutes' | 'seconds';

const OFFSET = /^(GMT|UTC)([+-−]|$)/;

const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(lang: Language, timeZone: string | undefined, parts: TimeParts, zoneName?: string) {
  const key = `${lang}|${timeZone}|${parts}|${zoneName}`;
  let f = formats.get(key);
  if (!f) {
    const time = parts === 'date' ? {} : ({ hour: '2-digit', minute: '2-digit' } as const);
    f = new Intl.DateTimeFormat(LOCALES[lang], {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      ...time,
      ...(parts === 'seconds' && { second: '2-digit' }),
      ...(parts !== 'date' && { hour12: lang === 'en-us' }),
      ...(timeZone && { timeZone }),
      ...(zoneName && { timeZoneName: zoneName as Intl.DateTimeFormatOptions['timeZoneName'] }),
    });
    formats.set(key, f);
  }
  return f;
}

/**
 * The zone's name as the language writes it: EST in en-us; in ru, whose short names are offsets (GMT-5), its
 * generic name (Восточная Америка): Chromium's short generic names are English (New York) in every language.
 */
export function zoneLabel(at: Date, lang: Language, timeZone: string | undefined): string {
  const name = (style: string) =>
    formatOf(lang, timeZone, 'minutes', style)
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value ?? '';
  const short = name('short');
  return OFFSET.test(short) ? name('longGeneric') || short : short;
}

/** An instant on the clock of `timeZone` (the browser's when unknown or not a zone), with the zone's label. */
export function formatInstant(
  v: unknown,
  lang: Language,
  timeZone?: string,
  parts: TimeParts = 'minutes',
): string {
  if (v == null || v === '') return '';
  const at = v instanceof Date ? v : new Date(typeof v === 'number' ? v : String(v));
  if (Number.isNaN(at.getTime())) return '';
  const zone = timeZone && isZone(timeZone) ? timeZone : undefined;
  const text = formatOf(lang, zone, parts).format(at);
  return parts === 'date' ? text : `${text} ${zoneLabel(at, lang, zone)}`;
}

/** A chart's tick: day and time on the clock of `timeZone` (Nov 28, 10:54 AM; 28 нояб., 10:54). */
export function formatTick(v: string | number | Date, lang: Language, timeZone?: string): string {
  return onClock(v, lang, timeZone, 'tick', { month: 'short', day: 'numeric' });
}

/** A time of day alone (17:12, 5:12 PM) on the clock of `timeZone`, without the zone's label. */
export function formatClock(v: string | number | Date, lang: Language, timeZone?: string): string {
  return onClock(v, lang, timeZone, 'clock', {});
}

/** Hours and minutes, with `more`, on the clock of `timeZone` (the browser's when unknown or not a zone). */
function onClock(
  v: string | number | Date,
  lang: Language,
  timeZone: string | undefined,
  kind: string,
  more: Intl.DateTimeFormatOptions,
): string {
  const zone = timeZone && isZone(timeZone) ? timeZone : undefined;
  const key = `${lang}|${zone}|${kind}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(LOCALES[lang], {
      ...more,
      hour: '2-digit',
      minute: '2-digit',
      hour12: lang === 'en-us',
      ...(zone && { timeZone: zone }),
    });
    formats.set(key, f);
  }
  return f.format(v instanceof Date ? v : new Date(v));
}

const known = new Map<string, boolean>();
function isZone(zone: string): boolean {
  let ok = known.get(zone);
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      ok = true;
    } catch {
      ok = false;
    }
    known.set(zone, ok);
  }
  return ok;
}
