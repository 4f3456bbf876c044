import { useEffect, useRef } from 'react';
import { Box } from '@mui/material';
import { LngLatBounds, Map as MapLibre } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import '../map/maplibre-worker.ts';
import { useStore } from 'react-admin';
import { showOfflineBase } from '../map/offline-base.ts';
import { BASE, mapStyle, OSM_TILES } from '../map/map-style.ts';

type Shape = { type: string; coordinates: unknown };

const positions = (c: unknown): [number, number][] =>
  Array.isArray(c) && typeof c[0] === 'number'
    ? [c as [number, number]]
    : Array.isArray(c)
      ? c.flatMap(positions)
      : [];

/** A district's boundary (a GeoJSON area) drawn on a small map, in place of its numbers (issue 28 §4). */
export default function ShapeMap({ shape }: { shape: Shape }) {
  const [baseUrl] = useStore<string>('sl.map.baseUrl', OSM_TILES);
  const node = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const points = positions(shape.coordinates).filter(
      ([lng, lat]) => Math.abs(lng) <= 180 && Math.abs(lat) <= 90,
    );
    if (!node.current || !points.length) return;
    const bounds = points.reduce((b, p) => b.extend(p), new LngLatBounds(points[0], points[0]));
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
      map.addLayer({
        id: 'shape-fill',
        type: 'fill',
        source: 'shape',
        paint: { 'fill-color': '#1976d2', 'fill-opacity': 0.15 },
      });
      map.addLayer({
        id: 'shape-line',
        type: 'line',
        source: 'shape',
        paint: { 'line-color': '#1976d2', 'line-width': 2 },
      });
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
