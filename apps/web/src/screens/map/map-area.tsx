import { useCallback, useEffect, useState } from 'react';
import {
  Button,
  Checkbox,
  FormControlLabel,
  FormLabel,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { Map as MapLibre, MapMouseEvent } from 'maplibre-gl';
import { useStore, useTranslate } from 'react-admin';
import { sl } from '../../i18n/messages.ts';
import { DISTRICT_FILL, showArea, showDistricts } from './area-layers.ts';
import { districts, type Area, type District } from './find-api.ts';
import { LAYERS, layerIds } from './map-style.ts';
import { useAreaDraw, type DrawShape } from './use-area-draw.ts';

type Props = {
  map: MapLibre;
  /** the devices are drawn: districts switched on in an earlier visit are asked for only then */
  ready: boolean;
  area: Area | undefined;
  onArea(a: Area | undefined): void;
};

/**
 * The districts layer, and the choice of an area for a group dim: a district (clicked or from the list) or a
 * rectangle drawn on the map. The districts are asked for only when the layer is switched on or the list opened.
 */
export function MapArea({ map, ready, area, onArea }: Props) {
  const translate = useTranslate();
  const [shown, setShown] = useStore<boolean>('sl.map.districts', false);
  const [list, setList] = useState<District[]>();
  const [wanted, setWanted] = useState(shown);
  const [drawing, setDrawing] = useState<DrawShape>();

  useEffect(() => {
    if (!(wanted || (shown && ready)) || list) return;
    districts().then(setList, () => setList([]));
  }, [wanted, shown, ready, list]);

  const chosenDistrict = area?.kind === 'district' ? area.id : undefined;
  useEffect(() => {
    if (!list) return;
    const apply = () => showDistricts(map, list, shown, chosenDistrict);
    if (map.isStyleLoaded()) apply();
    else map.once('load', apply);
  }, [map, list, shown, chosenDistrict]);

  const choose = useCallback(
    (a: Area | undefined) => {
      onArea(a);
      setDrawing(undefined);
    },
    [onArea],
  );
  const drawn = useCallback((ring: [number, number][]) => choose({ kind: 'drawn', ring }), [choose]);
  const cancel = useCallback(() => {
    setDrawing(undefined);
    // the area chosen before, if any, outlined again
    showArea(map, area?.kind === 'drawn' ? area.ring : undefined);
  }, [map, area]);
  useAreaDraw(map, drawing, drawn, cancel);

  useEffect(() => {
    if (map.isStyleLoaded()) showArea(map, area?.kind === 'drawn' ? area.ring : undefined);
  }, [map, area]);

  // a district is chosen by a click on it where no device is
  useEffect(() => {
    if (!list || !shown) return;
    const devices = LAYERS.flatMap((l) => [layerIds(l).points, layerIds(l).clusters]);
    const click = (e: MapMouseEvent) => {
      if (drawing) return;
      const layers = devices.filter((id) => map.getLayer(id));
      if (map.queryRenderedFeatures(e.point, { layers }).length) return;
      const hit = map.queryRenderedFeatures(e.point, { layers: [DISTRICT_FILL] })[0];
      const d = hit && list.find((x) => x._id === hit.id);
      if (d) choose({ kind: 'district', id: d._id, name: d.name });
    };
    map.on('click', click);
    return () => {
      map.off('click', click);
    };
  }, [map, list, shown, drawing, choose]);

  return (
    <Paper sx={{ p: 1.5 }} data-testid="map-area">
      <FormLabel component="legend">{translate(sl('mapArea'))}</FormLabel>
      <FormControlLabel
        sx={{ display: 'flex', mr: 0 }}
        control={
          <Checkbox
            size="small"
            checked={shown}
            onChange={(e) => {
              setShown(e.target.checked);
              setWanted(true);
            }}
          />
        }
        label={translate(sl('mapDistricts'))}
      />
      <TextField
        select
        size="small"
        fullWidth
        margin="dense"
        label={translate(sl('mapDistrict'))}
        value={chosenDistrict ?? ''}
        slotProps={{
          select: { onOpen: () => setWanted(true) },
          htmlInput: { 'data-testid': 'map-district' },
        }}
        onChange={(e) => {
          const d = list?.find((x) => x._id === Number(e.target.value));
          if (d) choose({ kind: 'district', id: d._id, name: d.name });
        }}
      >
        {(list ?? []).map((d) => (
          <MenuItem key={d._id} value={d._id}>
            {d.name}
          </MenuItem>
        ))}
        {!list?.length && (
          <MenuItem disabled value="">
            {translate(sl(list ? 'mapDistrictsNone' : 'mapLoading'))}
          </MenuItem>
        )}
      </TextField>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {(['rectangle', 'polygon'] as const).map((shape) => (
          <Button
            key={shape}
            size="small"
            variant={drawing === shape ? 'contained' : 'outlined'}
            aria-pressed={drawing === shape}
            onClick={() => setDrawing((d) => (d === shape ? undefined : shape))}
          >
            {translate(sl(shape === 'rectangle' ? 'mapAreaDraw' : 'mapAreaPolygon'))}
          </Button>
        ))}
        {area && (
          <Button size="small" onClick={() => choose(undefined)}>
            {translate(sl('mapAreaClear'))}
          </Button>
        )}
      </Stack>
      {drawing && (
        <Typography variant="caption" component="p">
          {translate(sl(drawing === 'rectangle' ? 'mapAreaDrawHint' : 'mapAreaPolygonHint'))}
        </Typography>
      )}
    </Paper>
  );
}
