import { Stack } from '@mui/material';
import { NumberInput, useTranslate } from 'react-admin';
import { sl } from '../../i18n/messages.ts';
import type { FieldInputProps } from '../field-input.tsx';

/** A GeoJSON Point as latitude and longitude; the save rules round them and add the Point type (spec §5). */
export function PointInput({ source }: FieldInputProps) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={2}>
      <NumberInput source={`${source}.coordinates.1`} label={translate(sl('latitude'))} min={-90} max={90} />
      <NumberInput
        source={`${source}.coordinates.0`}
        label={translate(sl('longitude'))}
        min={-180}
        max={180}
      />
    </Stack>
  );
}
