import { useGetOne, useLocaleState } from 'react-admin';
import { LOCALES, type Language } from '@sl/domain';
import { canDo } from '../../providers/auth-provider.ts';

/** A formatter of timestamps in the time zone of a device's city (the browser's own while the city is unknown). */
export function useCityTime(city: unknown): (v: unknown) => string {
  const [lang] = useLocaleState() as [Language, unknown];
  const id = typeof city === 'number' ? city : undefined;
  // a user who may not see cities keeps the browser's zone: asking would be refused, and a refusal signs out
  const { data } = useGetOne(
    'Cities',
    { id },
    { enabled: id !== undefined && canDo('Cities', 'view'), staleTime: 600_000 },
  );
  const timeZone = typeof data?.timezone === 'string' && data.timezone ? data.timezone : undefined;
  return (v) => {
    if (v == null || v === '') return '';
    const d = new Date(String(v));
    if (Number.isNaN(d.getTime())) return '';
    try {
      return d.toLocaleString(LOCALES[lang], { timeZone, timeZoneName: 'short' });
    } catch {
      // a zone the browser does not know
      return d.toLocaleString(LOCALES[lang], { timeZoneName: 'short' });
    }
  };
}
