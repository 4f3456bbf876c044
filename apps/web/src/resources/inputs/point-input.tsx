import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Box, Stack } from '@mui/material';
import { NumberInput, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { isLatitude, isLongitude, LATITUDE, LONGITUDE, lngLat } from '@sl/domain';
import { PanelBoundary } from '../../feedback/panel-boundary.tsx';
import { sl } from '../../i18n/messages.ts';
import type { FieldInputProps } from './field-input-props.ts';
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
  const inRange = (ok: (v: unknown) => boolean, message: string) => (value: unknown) =>
    blank(value) || ok(value) ? undefined : message;
  const { setValue } = useFormContext();
  const [lon, lat] = [useWatch({ name: axis(0) }) as unknown, useWatch({ name: axis(1) }) as unknown];
  useCheckedAsTyped(axis(0), lon);
  useCheckedAsTyped(axis(1), lat);
  const place = useShownPlace(lon, lat);
  return (
    <Box>
      <Stack direction="row" spacing={2}>
        <NumberInput
          source={axis(1)}
          label={translate(sl('latitude'))}
          min={LATITUDE.min}
          max={LATITUDE.max}
          validate={[half(0), inRange(isLatitude, sl('latitudeRange'))]}
        />
        <NumberInput
          source={axis(0)}
          label={translate(sl('longitude'))}
          min={LONGITUDE.min}
          max={LONGITUDE.max}
          validate={[half(1), inRange(isLongitude, sl('longitudeRange'))]}
        />
      </Stack>
      {place && (
        <PanelBoundary>
          <Suspense>
            <LocationPicker
              lon={place[0]}
              lat={place[1]}
              label={translate(sl('detailDragMarker'))}
              onMove={(x, y) => {
                setValue(axis(0), x, { shouldDirty: true });
                setValue(axis(1), y, { shouldDirty: true });
              }}
            />
          </Suspense>
        </PanelBoundary>
      )}
    </Box>
  );
}

/**
 * Where the map shows the marker: the place typed, or while it is none MapLibre takes (it throws on a latitude past
 * a pole) the last one that was, so the map stays and the field says what is wrong. Both fields empty: no map.
 */
function useShownPlace(lon: unknown, lat: unknown) {
  const place = lngLat(lon, lat);
  const [kept, setKept] = useState(place);
  if (place && (place[0] !== kept?.[0] || place[1] !== kept[1])) setKept(place);
  return blank(lon) && blank(lat) ? undefined : (place ?? kept);
}

/** A coordinate is checked as it is typed, not at saving only: the map beside it stops following, and says why. */
function useCheckedAsTyped(name: string, value: unknown) {
  const { trigger, getFieldState } = useFormContext();
  const seen = useRef(value);
  useEffect(() => {
    if (Object.is(seen.current, value)) return;
    seen.current = value;
    if (getFieldState(name).invalid || !blank(value)) void trigger(name);
  }, [name, value, trigger, getFieldState]);
}
