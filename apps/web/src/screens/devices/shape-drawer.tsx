import { useEffect, useRef, useState } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import { Map as MapLibre, NavigationControl, type GeoJSONSource } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import '../map/maplibre-worker.ts';
import { useTranslate } from 'react-admin';
import { outlineOf, type DistrictArea } from '@sl/domain/districts';
import { sl } from '../../i18n/messages.ts';
import { mapStyle, OSM_TILES } from '../map/map-style.ts';
import { showOfflineBase } from '../map/offline-base.ts';
import { addShapeLayers, boundsOf } from './shape-layers.ts';

type Props = {
  /** the area as the form holds it now */
  shape?: DistrictArea;
  /** where the map opens when there is no area yet (the record's city) */
  start: [number, number];
  drawing: boolean;
  onDrawn(area: DistrictArea): void;
  onCancel(): void;
};

const EMPTY: GeoJSON.FeatureCollection = { type: 'FeatureCollection', features: [] };

/**
 * A district's boundary on a map (issue 29 §5): the area the form holds, and while drawing the outline clicked so
 * far, a corner at each click; Finish closes it into the form's area.
 */
export default function ShapeDrawer({ shape, start, drawing, onDrawn, onCancel }: Props) {
  const translate = useTranslate();
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<MapLibre | null>(null);
  const [ready, setReady] = useState(false);
  const [points, setPoints] = useState<[number, number][]>([]);
  const drawingNow = useRef(drawing);
  drawingNow.current = drawing;
  const first = useRef({ shape, start });

  useEffect(() => {
    if (!box.current) return;
    const at = boundsOf(first.current.shape);
    const m = new MapLibre({
      container: box.current,
      style: mapStyle(OSM_TILES),
      ...(at ? { bounds: at, fitBoundsOptions: { padding: 24 } } : { center: first.current.start, zoom: 12 }),
      attributionControl: { compact: true },
    });
    m.addControl(new NavigationControl({ showCompass: false }), 'top-right');
    m.on('load', () => {
      void showOfflineBase(m, true).catch(() => undefined);
      for (const id of ['shape', 'outline']) m.addSource(id, { type: 'geojson', data: EMPTY });
      addShapeLayers(m, 'shape');
      m.addLayer({
        id: 'outline-line',
        type: 'line',
        source: 'outline',
        paint: { 'line-color': '#e65100', 'line-width': 2 },
      });
      m.addLayer({
        id: 'outline-corners',
        type: 'circle',
        source: 'outline',
        paint: { 'circle-radius': 5, 'circle-color': '#e65100' },
      });
      setReady(true);
    });
    m.on('click', (e) => {
      if (!drawingNow.current) return;
      const p: [number, number] = [Number(e.lngLat.lng.toFixed(6)), Number(e.lngLat.lat.toFixed(6))];
      setPoints((was) => [...was, p]);
    });
    map.current = m;
    return () => {
      map.current = null;
      m.remove();
    };
  }, []);

  // the form's area, drawn as it changes, and in view (a file's area can lie anywhere)
  useEffect(() => {
    const source = ready ? (map.current?.getSource('shape') as GeoJSONSource | undefined) : undefined;
    source?.setData(shape ? { type: 'Feature', properties: {}, geometry: shape } : EMPTY);
    const at = boundsOf(shape);
    if (source && at && shape !== first.current.shape)
      map.current?.fitBounds(at, { padding: 24, duration: 0 });
  }, [shape, ready]);

  // the outline clicked so far: its corners and the line through them
  useEffect(() => {
    const source = ready ? (map.current?.getSource('outline') as GeoJSONSource | undefined) : undefined;
    source?.setData({
      type: 'FeatureCollection',
      features: [
        ...points.map((p) => ({
          type: 'Feature' as const,
          properties: {},
          geometry: { type: 'Point' as const, coordinates: p },
        })),
        ...(points.length > 1
          ? [
              {
                type: 'Feature' as const,
                properties: {},
                geometry: { type: 'LineString' as const, coordinates: points },
              },
            ]
          : []),
      ],
    });
    if (map.current) map.current.getCanvas().style.cursor = drawing ? 'crosshair' : '';
  }, [points, ready, drawing]);

  useEffect(() => {
    if (!drawing) setPoints([]);
  }, [drawing]);

  const outline = outlineOf(points);
  return (
    <Box sx={{ mb: 2 }}>
      {drawing && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
          <Typography variant="body2" data-testid="shape-corners">
            {translate(sl('shapeDrawHint'), { smart_count: points.length })}
          </Typography>
          <Button
            size="small"
            variant="contained"
            disabled={!outline}
            onClick={() => outline && onDrawn(outline)}
          >
            {translate(sl('shapeFinish'))}
          </Button>
          <Button size="small" disabled={!points.length} onClick={() => setPoints((was) => was.slice(0, -1))}>
            {translate(sl('shapeUndo'))}
          </Button>
          <Button size="small" onClick={onCancel}>
            {translate(sl('shapeCancel'))}
          </Button>
        </Stack>
      )}
      <Box
        ref={box}
        data-testid="shape-drawer"
        sx={{ width: '100%', maxWidth: 640, height: 320, borderRadius: 1, overflow: 'hidden' }}
      />
    </Box>
  );
}
