import { useEffect, useRef } from 'react';
import { Box } from '@mui/material';
import { Map as MapLibre, Marker, NavigationControl } from 'maplibre-gl';
import '../map/maplibre-worker.ts';
import 'maplibre-gl/dist/maplibre-gl.css';
import { mapStyle, OSM_TILES } from '../map/map-style.ts';
import { showOfflineBase } from '../map/offline-base.ts';

type Props = { lon: number; lat: number; label: string; onMove(lon: number, lat: number): void };

/** A device's place on a small map, moved by dragging its marker (the form's latitude and longitude follow). */
export default function LocationPicker({ lon, lat, label, onMove }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const marker = useRef<Marker>(null);
  const latest = useRef(onMove);
  latest.current = onMove;
  const start = useRef({ lon, lat });
  useEffect(() => {
    if (!box.current) return;
    const map = new MapLibre({
      container: box.current,
      style: mapStyle(OSM_TILES),
      center: [start.current.lon, start.current.lat],
      zoom: 16,
      attributionControl: { compact: true },
    });
    map.addControl(new NavigationControl({ showCompass: false }), 'top-right');
    const m = new Marker({ color: '#1565c0', draggable: true })
      .setLngLat([start.current.lon, start.current.lat])
      .addTo(map);
    m.getElement().setAttribute('aria-label', label);
    m.getElement().dataset.testid = 'location-marker';
    m.on('dragend', () => {
      const p = m.getLngLat();
      latest.current(Number(p.lng.toFixed(6)), Number(p.lat.toFixed(6)));
    });
    marker.current = m;
    map.once('load', () => void showOfflineBase(map, true).catch(() => {}));
    return () => {
      marker.current = null;
      map.remove();
    };
  }, [label]);
  // typed coordinates move the marker
  useEffect(() => {
    marker.current?.setLngLat([lon, lat]);
  }, [lon, lat]);
  return (
    <Box
      ref={box}
      data-testid="location-picker"
      sx={{ width: '100%', maxWidth: 480, height: 220, borderRadius: 1, overflow: 'hidden', mb: 2 }}
    />
  );
}
