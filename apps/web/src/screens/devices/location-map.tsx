import { useEffect, useRef, useState } from 'react';
import { Box, Typography } from '@mui/material';
import { Map as MapLibre, Marker } from 'maplibre-gl';
import '../map/maplibre-worker.ts';
import 'maplibre-gl/dist/maplibre-gl.css';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatNumber, pointPlace, type Language } from '@sl/domain';
import { sl } from '../../i18n/messages.ts';
import { mapStyle, OSM_TILES } from '../map/map-style.ts';
import { showOfflineBase } from '../map/offline-base.ts';

/**
 * A device's place as a small map with its marker, never as coordinates in JSON. Drawn on the city's own roads,
 * which the console carries, so it shows without internet.
 */
export function LocationMap({ location }: { location: unknown }) {
  const translate = useTranslate();
  const [lang] = useLocaleState() as [Language, unknown];
  const degrees = (v: number) => `${formatNumber(v, lang, 6)}°`;
  const box = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState(false);
  const point = pointPlace(location);
  const [lon, lat] = point ?? [];
  useEffect(() => {
    if (!box.current || lon === undefined || lat === undefined) return;
    const map = new MapLibre({
      container: box.current,
      style: mapStyle(OSM_TILES),
      center: [lon, lat],
      zoom: 16,
      interactive: false,
      attributionControl: { compact: true },
    });
    new Marker({ color: '#1565c0' }).setLngLat([lon, lat]).addTo(map);
    map.once('load', () => {
      showOfflineBase(map, true)
        .then(() => map.once('idle', () => setDrawn(true)).triggerRepaint())
        .catch(() => setDrawn(true));
    });
    return () => {
      map.remove();
      setDrawn(false);
    };
  }, [lon, lat]);
  return (
    <Box data-testid="location-map" data-drawn={drawn}>
      <Typography variant="subtitle2">{translate(sl('detailLocation'))}</Typography>
      {point ? (
        <>
          <Box ref={box} sx={{ width: '100%', height: 200, borderRadius: 1, overflow: 'hidden' }} />
          <Typography variant="caption" color="text.secondary">
            {/* a decimal comma in ru: the two are parted by a semicolon */}
            {[degrees(point[1]), degrees(point[0])].join(lang === 'ru' ? '; ' : ', ')}
          </Typography>
        </>
      ) : (
        <Typography variant="body2">{translate(sl('detailNoLocation'))}</Typography>
      )}
    </Box>
  );
}
