import { useEffect, useRef } from 'react';
import { Box, Typography } from '@mui/material';
import { Map as MapLibre, Marker } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import '../map/maplibre-worker.ts';
import { useStore, useTranslate } from 'react-admin';
import { pointPlace } from '@sl/domain';
import { sl } from '../../i18n/messages.ts';
import { showOfflineBase } from '../map/offline-base.ts';
import { BASE, mapStyle, OSM_TILES } from '../map/map-style.ts';

/** Where a device stands: a small map around its location, the base map the user chose, the bundled streets under it. */
export function SmallMap({ location }: { location: unknown }) {
  const translate = useTranslate();
  const [baseUrl] = useStore<string>('sl.map.baseUrl', OSM_TILES);
  const node = useRef<HTMLDivElement>(null);
  const [lon, lat] = pointPlace(location) ?? [];
  useEffect(() => {
    if (lon === undefined || lat === undefined || !node.current) return;
    const map = new MapLibre({
      container: node.current,
      style: mapStyle(baseUrl),
      center: [lon, lat],
      zoom: 17,
      attributionControl: { compact: true },
    });
    map.on('load', () => {
      map.setLayoutProperty(BASE, 'visibility', 'visible');
      void showOfflineBase(map, true).catch(() => undefined);
    });
    new Marker({ color: '#1976d2' }).setLngLat([lon, lat]).addTo(map);
    return () => map.remove();
  }, [lon, lat, baseUrl]);
  if (lon === undefined || lat === undefined)
    return <Typography variant="body2">{translate(sl('deviceNoLocation'))}</Typography>;
  return (
    <Box
      ref={node}
      data-testid="small-map"
      sx={{ height: 220, width: '100%', borderRadius: 1, overflow: 'hidden' }}
    />
  );
}
