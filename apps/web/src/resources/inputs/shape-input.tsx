import { lazy, Suspense, useState, type ChangeEvent } from 'react';
import { Box, Button, FormHelperText, Stack, Typography } from '@mui/material';
import {
  FieldTitle,
  InputHelperText,
  useGetOne,
  useInput,
  useLocaleState,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { formatNumber, type Language } from '@sl/domain';
import { areaOfGeoJson, isArea, type DistrictArea } from '@sl/domain/districts';
import { PanelBoundary } from '../../feedback/panel-boundary.tsx';
import { sl } from '../../i18n/messages.ts';
import type { FieldInputProps } from './field-input-props.ts';

// the map's code loads only with a form that has an area to show
const ShapeDrawer = lazy(() => import('../../screens/devices/shape-drawer.tsx'));

/** the largest file read: a city district's outline is kilobytes, a whole city's streets are not a boundary */
const MAX_FILE_BYTES = 10 * 1024 * 1024;
/** where the map opens without an area or a city: Cambridge, MA, the demo city */
const NOWHERE: [number, number] = [-71.1097, 42.3736];

const corners = (a: DistrictArea) =>
  a.type === 'Polygon'
    ? a.coordinates.reduce((n, ring) => n + ring.length - 1, 0)
    : a.coordinates.reduce((n, p) => n + p.reduce((m, ring) => m + ring.length - 1, 0), 0);

/**
 * A GeoJSON area (a district's boundary, issue 29 §5): drawn on the map corner by corner, or read from a GeoJSON
 * file (a Polygon, a MultiPolygon, a Feature or a FeatureCollection of them); never typed as numbers.
 */
export function ShapeInput({ source, field, label, check }: FieldInputProps) {
  const translate = useTranslate();
  const lang = useLocaleState()[0] as Language;
  const resource = useResourceContext();
  const required = !!field.required;
  const needed = (v: unknown) => (required && !isArea(v) ? sl('shapeRequired') : undefined);
  const { field: input, fieldState } = useInput({ source, validate: check ? [needed, check] : [needed] });
  const [drawing, setDrawing] = useState(false);
  const [fileProblem, setFileProblem] = useState<string>();
  const city = useWatch({ name: 'city' }) as unknown;
  const { data: cityRow } = useGetOne<{ id: number; lat: number; lon: number }>(
    'Cities',
    { id: city as number },
    { enabled: typeof city === 'number' },
  );
  const shape = isArea(input.value) ? (input.value as DistrictArea) : undefined;
  const start: [number, number] = cityRow ? [cityRow.lon, cityRow.lat] : NOWHERE;

  const load = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setFileProblem(undefined);
    let area: DistrictArea | undefined;
    if (file.size <= MAX_FILE_BYTES) {
      try {
        area = areaOfGeoJson(JSON.parse(await file.text()));
      } catch {
        area = undefined;
      }
    }
    if (!area) return setFileProblem(translate(sl('shapeFileBad'), { name: file.name }));
    setDrawing(false);
    input.onChange(area);
    input.onBlur();
  };

  return (
    <Box sx={{ mb: 2, width: '100%' }} data-testid={`shape-input-${source}`}>
      <Typography variant="caption" color="text.secondary">
        <FieldTitle label={label} source={source} resource={resource} isRequired={required} />
      </Typography>
      <Typography variant="body2" data-testid="shape-summary">
        {shape
          ? translate(sl(shape.type === 'Polygon' ? 'shapePolygon' : 'shapeMultiPolygon'), {
              corners: formatNumber(corners(shape), lang, 0),
              parts: formatNumber(shape.type === 'Polygon' ? 1 : shape.coordinates.length, lang, 0),
            })
          : translate(sl('shapeNone'))}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ my: 1 }}>
        <Button size="small" variant="outlined" disabled={drawing} onClick={() => setDrawing(true)}>
          {translate(sl(shape ? 'shapeRedraw' : 'shapeDraw'))}
        </Button>
        <Button size="small" variant="outlined" component="label">
          {translate(sl('shapeLoad'))}
          <input
            hidden
            type="file"
            accept=".geojson,.json,application/geo+json,application/json"
            data-testid="shape-file"
            onChange={(e) => void load(e)}
          />
        </Button>
        {shape && !required && (
          <Button size="small" onClick={() => input.onChange(null)}>
            {translate(sl('shapeClear'))}
          </Button>
        )}
      </Stack>
      {fileProblem && <FormHelperText error>{fileProblem}</FormHelperText>}
      {fieldState.invalid && (
        <FormHelperText error>
          <InputHelperText error={fieldState.error?.message} />
        </FormHelperText>
      )}
      <PanelBoundary>
        <Suspense>
          <ShapeDrawer
            shape={shape}
            start={start}
            drawing={drawing}
            onDrawn={(area) => {
              setDrawing(false);
              input.onChange(area);
              input.onBlur();
            }}
            onCancel={() => setDrawing(false)}
          />
        </Suspense>
      </PanelBoundary>
    </Box>
  );
}
