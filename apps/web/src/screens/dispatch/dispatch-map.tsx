import { useEffect, useMemo, useRef, useState } from 'react';
import { Box } from '@mui/material';
import { GeoJSONSource, LngLatBounds, Map as MapLibre, type ExpressionSpecification } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import '../map/maplibre-worker.ts';
import { useStore } from 'react-admin';
import { showOfflineBase } from '../map/offline-base.ts';
import { BASE, mapStyle, OSM_TILES } from '../map/map-style.ts';
import type { DispatchOrder } from './dispatch-api.ts';
import { LATE_COLOUR, OTHER_STATE_COLOUR, STATE_COLOURS } from './dispatch-look.ts';

declare global {
  interface Window {
    /** the dispatcher's map, for the screen tests to find where an order is drawn */
    __slDispatchMap?: MapLibre;
  }
}

const ORDERS = 'dispatch-orders';
const CHOSEN = 'dispatch-chosen';
const chosen: ExpressionSpecification = ['boolean', ['get', 'chosen'], false];
const late: ExpressionSpecification = ['boolean', ['get', 'late'], false];
const colour = [
  'match',
  ['get', 'status'],
  ...Object.entries(STATE_COLOURS).flat(),
  OTHER_STATE_COLOUR,
] as unknown as ExpressionSpecification;

const placed = (o: DispatchOrder): o is DispatchOrder & { lon: number; lat: number } =>
  o.lon !== null && o.lat !== null;

function addLayers(m: MapLibre) {
  m.addSource(ORDERS, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
  // under the markers: a ring around the order chosen, which leaves its own late outline to be seen
  m.addLayer({
    id: CHOSEN,
    type: 'circle',
    source: ORDERS,
    filter: chosen,
    paint: { 'circle-radius': 16, 'circle-color': '#000000', 'circle-opacity': 0.25 },
  });
  m.addLayer({
    id: ORDERS,
    type: 'circle',
    source: ORDERS,
    paint: {
      'circle-radius': ['case', late, 8, 6],
      'circle-color': colour,
      'circle-stroke-color': ['case', late, LATE_COLOUR, '#ffffff'],
      'circle-stroke-width': ['case', late, 3, 1.5],
    },
  });
}

/**
 * The open orders as markers on a map of their own (the main map's base and bundled streets, none of its device
 * layers): coloured by state, the late ones ringed in red; a marker chooses its order, and the order chosen
 * elsewhere is centred.
 */
export function DispatchMap({
  orders,
  chosenId,
  onChoose,
}: {
  orders: readonly DispatchOrder[];
  chosenId: number | null;
  onChoose: (id: number) => void;
}) {
  const [baseUrl] = useStore<string>('sl.map.baseUrl', OSM_TILES);
  const node = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<MapLibre>();
  const choose = useRef(onChoose);
  choose.current = onChoose;

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
      addLayers(m);
      setMap(m);
    });
    m.on('click', ORDERS, (ev) => {
      const id = ev.features?.[0]?.properties?.id as number | undefined;
      if (id !== undefined) choose.current(id);
    });
    m.on('mouseenter', ORDERS, () => (m.getCanvas().style.cursor = 'pointer'));
    m.on('mouseleave', ORDERS, () => (m.getCanvas().style.cursor = ''));
    window.__slDispatchMap = m;
    return () => {
      if (window.__slDispatchMap === m) delete window.__slDispatchMap;
      m.remove();
    };
  }, [baseUrl]);

  const located = useMemo(() => orders.filter(placed), [orders]);
  // fitted to the orders once they are first known, then left where the dispatcher moves it
  const fitted = useRef(false);
  useEffect(() => {
    if (!map) return;
    (map.getSource(ORDERS) as GeoJSONSource | undefined)?.setData({
      type: 'FeatureCollection',
      features: located.map((o) => ({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [o.lon, o.lat] },
        properties: { id: o._id, status: o.status, late: o.late, chosen: o._id === chosenId },
      })),
    });
    if (fitted.current || !located.length) return;
    fitted.current = true;
    const bounds = new LngLatBounds();
    for (const o of located) bounds.extend([o.lon, o.lat]);
    map.fitBounds(bounds, { padding: 48, maxZoom: 16, duration: 0 });
  }, [map, located, chosenId]);

  const target = located.find((o) => o._id === chosenId);
  const [lon, lat] = target ? [target.lon, target.lat] : [];
  useEffect(() => {
    if (!map || lon === undefined || lat === undefined) return;
    const bounds = map.getBounds();
    if (!bounds.contains([lon, lat])) map.easeTo({ center: [lon, lat] });
  }, [map, lon, lat]);

  return (
    <Box
      ref={node}
      data-testid="dispatch-map"
      data-ready={map ? 'true' : undefined}
      sx={{ height: 440, borderRadius: 1, overflow: 'hidden' }}
    />
  );
}
