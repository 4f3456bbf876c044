import { useEffect, useMemo } from 'react';
import { Popup, type Map as MapLibre } from 'maplibre-gl';

/** A MapLibre popup at `lngLat` whose content React renders into the returned element (through a portal). */
export function usePopupAt(map: MapLibre, lngLat: [number, number], onClose: () => void): HTMLDivElement {
  const container = useMemo(() => document.createElement('div'), []);
  useEffect(() => {
    const popup = new Popup({ closeOnClick: false, maxWidth: '320px', offset: 10 })
      .setLngLat(lngLat)
      .setDOMContent(container)
      .addTo(map);
    popup.on('close', onClose);
    // MapLibre picks the side with room when the popup is placed, while its content is still loading: pick again
    // as the content grows, or a popup near the map's edge is cut off
    const resized = new ResizeObserver(() => popup.setLngLat(popup.getLngLat()));
    resized.observe(container);
    return () => {
      resized.disconnect();
      popup.off('close', onClose);
      popup.remove();
    };
  }, [map, lngLat, container, onClose]);
  return container;
}
