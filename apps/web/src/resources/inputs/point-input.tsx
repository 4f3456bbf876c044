import { lazy, Suspense } from 'react';
import { Box, Stack } from '@mui/material';
import { NumberInput, maxValue, minValue, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { sl } from '../../i18n/messages.ts';
import type { FieldInputProps } from '../field-input.tsx';
import { at } from './paths.ts';

// the map's code loads only with a form that has a place to show
const LocationPicker = lazy(() => import('../../screens/devices/location-picker.tsx'));

const blank = (v: unknown) => v === undefined || v === null || v === '';

/** A GeoJSON Point as latitude and longitude; the save rules round them and add the Point type (spec §5).
 *  Both empty is no location; one without the other is marked on the empty one. */
export function PointInput({ source }: FieldInputProps) {
  const translate = useTranslate();
  const axis = (i: 0 | 1) => `${source}.coordinates.${i}`;
  const half = (other: 0 | 1) => (value: unknown, values: Record<string, unknown>) =>
    blank(value) && !blank(at(values, axis(other))) ? sl('pointHalf') : undefined;
  const { setValue } = useFormContext();
  const [lon, lat] = [useWatch({ name: axis(0) }) as unknown, useWatch({ name: axis(1) }) as unknown];
  const placed = typeof lon === 'number' && typeof lat === 'number';
  return (
    <Box>
      <Stack direction="row" spacing={2}>
        <NumberInput
          source={axis(1)}
          label={translate(sl('latitude'))}
          min={-90}
          max={90}
          validate={[half(0), minValue(-90), maxValue(90)]}
        />
        <NumberInput
          source={axis(0)}
          label={translate(sl('longitude'))}
          min={-180}
          max={180}
          validate={[half(1), minValue(-180), maxValue(180)]}
        />
      </Stack>
      {placed && (
        <Suspense>
          <LocationPicker
            lon={lon}
            lat={lat}
            label={translate(sl('detailDragMarker'))}
            onMove={(x, y) => {
              setValue(axis(0), x, { shouldDirty: true });
              setValue(axis(1), y, { shouldDirty: true });
            }}
          />
        </Suspense>
      )}
    </Box>
  );
}
