import { useEffect, useRef } from 'react';
import { Box } from '@mui/material';
import { Map as MapLibre } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import '../map/maplibre-worker.ts';
import { useStore } from 'react-admin';
import { showOfflineBase } from '../map/offline-base.ts';
import { BASE, mapStyle, OSM_TILES } from '../map/map-style.ts';
import { addShapeLayers, boundsOf } from './shape-layers.ts';

type Shape = { type: string; coordinates: unknown };

/** A district's boundary (a GeoJSON area) drawn on a small map, in place of its numbers (issue 28 §4). */
export default function ShapeMap({ shape }: { shape: Shape }) {
  const [baseUrl] = useStore<string>('sl.map.baseUrl', OSM_TILES);
  const node = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const bounds = boundsOf(shape);
    if (!node.current || !bounds) return;
    const map = new MapLibre({
      container: node.current,
      style: mapStyle(baseUrl),
      bounds,
      fitBoundsOptions: { padding: 16 },
      attributionControl: { compact: true },
    });
    map.on('load', () => {
      map.setLayoutProperty(BASE, 'visibility', 'visible');
      void showOfflineBase(map, true).catch(() => undefined);
      map.addSource('shape', {
        type: 'geojson',
        data: { type: 'Feature', properties: {}, geometry: shape as never },
      });
      addShapeLayers(map, 'shape');
    });
    return () => map.remove();
  }, [shape, baseUrl]);
  return (
    <Box
      ref={node}
      data-testid="shape-map"
      sx={{ height: 260, width: 360, maxWidth: '100%', borderRadius: 1, overflow: 'hidden' }}
    />
  );
}
