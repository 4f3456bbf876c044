import { useEffect, useMemo, useRef, useState } from 'react';
import { Box, Button, Paper, Typography } from '@mui/material';
import MapIcon from '@mui/icons-material/Map';
import { GeoJSONSource, LngLatBounds, Map as MapLibre } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import '../screens/map/maplibre-worker.ts';
import {
  Link,
  useCreatePath,
  useListContext,
  useStore,
  useTranslate,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import { pointPlace, type Entity } from '@sl/domain';
import { sl } from '../i18n/messages.ts';
import { recordLink } from '../providers/auth-provider.ts';
import { showOfflineBase } from '../screens/map/offline-base.ts';
import { BASE, mapStyle, OSM_TILES } from '../screens/map/map-style.ts';

const ROWS = 'list-rows';
const CHOSEN_COLOUR = '#d32f2f';
const ROW_COLOUR = '#1976d2';

/** Whether a list can sit beside a map: its records have a location. */
export const isLocated = (e: Entity) => e.fields.location?.kind === 'point';

/** The list-beside-map choice of the user (kept with their preferences, so it follows them), and the row chosen. */
export const usePanelView = (e: Entity) => useStore<boolean>(`preferences.${e.name}.panelView`, false);
export const useChosenRow = (e: Entity) => useStore<Identifier | null>(`sl.list.${e.name}.chosen`, null);

export function PanelViewButton({ e }: { e: Entity }) {
  const translate = useTranslate();
  const [panel, setPanel] = usePanelView(e);
  return (
    <Button
      size="small"
      startIcon={<MapIcon />}
      aria-pressed={panel}
      variant={panel ? 'contained' : 'text'}
      onClick={() => setPanel(!panel)}
    >
      {translate(sl('panelView'))}
    </Button>
  );
}

const coordinatesOf = (r: RaRecord) => pointPlace(r.location);
const nameOf = (e: Entity, r: RaRecord) => String(r[e.titleField ?? 'id'] ?? r.id);

/**
 * The page's records on a map beside the list (spec §2, the panel view): the row chosen in the list is centred
 * and marked; a point chosen on the map chooses its row.
 */
export function ListMapAside({ e }: { e: Entity }) {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const link = recordLink(e.name);
  const { data } = useListContext();
  const [chosen, setChosen] = useChosenRow(e);
  const [baseUrl] = useStore<string>('sl.map.baseUrl', OSM_TILES);
  const node = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<MapLibre>();
  const [centre, setCentre] = useState<string>('');

  useEffect(() => {
    if (!node.current) return;
    const m = new MapLibre({
      container: node.current,
      style: mapStyle(baseUrl),
      center: [0, 0],
      zoom: 1,
      attributionControl: { compact: true },
    });
    m.on('load', () => {
      m.setLayoutProperty(BASE, 'visibility', 'visible');
      void showOfflineBase(m, true).catch(() => undefined);
      m.addSource(ROWS, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
      m.addLayer({
        id: ROWS,
        type: 'circle',
        source: ROWS,
        paint: {
          'circle-radius': ['case', ['boolean', ['get', 'chosen'], false], 9, 6],
          'circle-color': ['case', ['boolean', ['get', 'chosen'], false], CHOSEN_COLOUR, ROW_COLOUR],
          'circle-stroke-color': '#fff',
          'circle-stroke-width': 2,
        },
      });
      setMap(m);
    });
    m.on('moveend', () => {
      const c = m.getCenter();
      setCentre(`${c.lng.toFixed(6)},${c.lat.toFixed(6)}`);
    });
    m.on('click', ROWS, (ev) => {
      const id = ev.features?.[0]?.properties?.id as Identifier | undefined;
      if (id !== undefined) setChosen(id);
    });
    return () => m.remove();
  }, [baseUrl, setChosen]);

  const located = useMemo(() => (data ?? []).filter((r) => coordinatesOf(r)), [data]);
  const picked = located.find((r) => r.id === chosen);
  const pickedAt = picked ? coordinatesOf(picked) : undefined;

  // the page's points, and the map fitted to them when no row is chosen
  useEffect(() => {
    if (!map) return;
    (map.getSource(ROWS) as GeoJSONSource | undefined)?.setData({
      type: 'FeatureCollection',
      features: located.map((r) => ({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: coordinatesOf(r)! },
        properties: { id: r.id, chosen: r.id === chosen },
      })),
    });
    if (pickedAt || !located.length) return;
    const bounds = new LngLatBounds();
    for (const r of located) bounds.extend(coordinatesOf(r)!);
    map.fitBounds(bounds, { padding: 40, maxZoom: 17, duration: 0 });
  }, [map, located, chosen, pickedAt]);

  const [lon, lat] = pickedAt ?? [];
  useEffect(() => {
    if (map && lon !== undefined && lat !== undefined)
      map.jumpTo({ center: [lon, lat], zoom: Math.max(map.getZoom(), 16) });
  }, [map, lon, lat]);

  return (
    <Paper
      data-testid="list-map"
      sx={{ ml: 2, mt: 8, width: '40%', minWidth: 320, alignSelf: 'flex-start', position: 'sticky', top: 72 }}
    >
      <Box ref={node} data-centre={centre} sx={{ height: '60vh', borderRadius: 1, overflow: 'hidden' }} />
      <Box sx={{ p: 1.5, minHeight: 48 }}>
        {picked ? (
          <Typography variant="body2" data-testid="list-map-chosen">
            {link ? (
              <Link to={createPath({ resource: e.name, id: picked.id, type: link })}>
                {nameOf(e, picked)}
              </Link>
            ) : (
              nameOf(e, picked)
            )}
          </Typography>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {translate(sl('panelViewHint'), { shown: located.length, total: data?.length ?? 0 })}
          </Typography>
        )}
      </Box>
    </Paper>
  );
}
