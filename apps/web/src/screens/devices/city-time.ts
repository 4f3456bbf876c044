import { useGetList, useGetOne, useLocaleState } from 'react-admin';
import type { Language } from '@sl/domain';
import { formatInstant, type TimeParts } from '../../i18n/time-format.ts';
import { canDo } from '../../providers/auth-provider.ts';
import { storedProfile } from '../../providers/session.ts';

export type TimeText = (v: unknown, parts?: TimeParts) => string;

const mayReadCities = () => canDo('Cities', 'view');
const zoneOf = (row: unknown) => {
  const zone = (row as { timezone?: unknown } | undefined)?.timezone;
  return typeof zone === 'string' && zone ? zone : undefined;
};

/** A formatter of timestamps in the time zone of a device's city (the console's zone while the city is unknown). */
export function useCityTime(city: unknown): TimeText {
  const [lang] = useLocaleState() as [Language, unknown];
  const timeZone = useCityZone(city);
  return (v, parts) => formatInstant(v, lang, timeZone, parts);
}

/** The time zone of a device's city, else the console's. */
export function useCityZone(city: unknown): string | undefined {
  const id = typeof city === 'number' ? city : undefined;
  // a user who may not see cities keeps the console's zone: asking would be refused, and a refusal signs out
  const { data } = useGetOne(
    'Cities',
    { id },
    { enabled: id !== undefined && mayReadCities(), staleTime: 600_000 },
  );
  const fallback = useConsoleZone();
  return zoneOf(data) ?? fallback;
}

/**
 * The zone of screens that are not about one device (events, commands): the user's group's, else of its first
 * city that has one, else of the first city the user sees, else the browser's.
 */
export function useConsoleZone(): string | undefined {
  const group = storedProfile()?.group as
    { timezone?: string | null; cities?: { timezone?: string | null }[] } | null | undefined;
  const own = zoneOf(group) ?? group?.cities?.map(zoneOf).find(Boolean);
  const { data } = useGetList(
    'Cities',
    { pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'ASC' } },
    { enabled: !own && mayReadCities(), staleTime: 600_000 },
  );
  return own ?? zoneOf(data?.[0]);
}

/** A formatter of timestamps in the console's zone. */
export function useConsoleTime(): TimeText {
  const [lang] = useLocaleState() as [Language, unknown];
  const timeZone = useConsoleZone();
  return (v, parts) => formatInstant(v, lang, timeZone, parts);
}
