import { Button, Stack } from '@mui/material';
import { TextInput, useInput, useNotify, useTranslate } from 'react-admin';
import { sl } from '../../i18n/messages.ts';
import type { FieldInputProps } from './field-input-props.ts';
import { sibling } from './paths.ts';

/** The IANA zone of a point, found offline; undefined when there is none. Loaded only when asked. */
export async function zoneAt(lat: unknown, lon: unknown): Promise<string | undefined> {
  if (typeof lat !== 'number' || typeof lon !== 'number') return undefined;
  const { default: lookup } = await import('@photostructure/tz-lookup');
  try {
    const zone = lookup(lat, lon);
    // at sea the lookup answers a nautical zone (Etc/GMT+3), which no city keeps: that is no zone found
    return zone.startsWith('Etc/') ? undefined : zone;
  } catch {
    return undefined;
  }
}

/** A city's time zone, filled from its coordinates on request, UTC when none is found (spec §8). */
export function TimezoneInput({ source, label }: FieldInputProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const lat = useInput({ source: sibling(source, 'lat') }).field.value as unknown;
  const lon = useInput({ source: sibling(source, 'lon') }).field.value as unknown;
  const zone = useInput({ source });
  const lookUp = async () => {
    const found = await zoneAt(lat, lon);
    if (!found) notify(sl('timezoneFallback'), { type: 'warning' });
    zone.field.onChange(found ?? 'UTC');
  };
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <TextInput source={source} label={label} />
      <Button variant="outlined" onClick={() => void lookUp()} sx={{ mb: 2.5 }}>
        {translate(sl('timezoneLookup'))}
      </Button>
    </Stack>
  );
}
