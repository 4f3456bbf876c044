import { useEffect, useMemo } from 'react';
import { Popup, type Map as MapLibre } from 'maplibre-gl';

const MARGIN = 8;

/** How far the map must move up (positive) or down for the popup to stand inside it; 0 when it does. */
function overflow(popup: HTMLElement, frame: HTMLElement): number {
  const box = popup.getBoundingClientRect();
  const view = frame.getBoundingClientRect();
  // taller than the map: its top, where the device's name and state are, stays in view
  if (box.top < view.top + MARGIN || box.height > view.height - 2 * MARGIN)
    return box.top - view.top - MARGIN;
  if (box.bottom > view.bottom - MARGIN) return box.bottom - view.bottom + MARGIN;
  return 0;
}

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
    // as the content grows, and where neither side has room (a lamp's popup with its dimming is taller than half
    // the map) move the map, as MapLibre does not, or the command's answer falls below the map's edge
    const resized = new ResizeObserver(() => {
      popup.setLngLat(popup.getLngLat());
      const element = popup.getElement();
      const dy = element ? overflow(element, map.getContainer()) : 0;
      if (Math.abs(dy) >= 1) map.panBy([0, dy], { animate: false });
    });
    resized.observe(container);
    return () => {
      resized.disconnect();
      popup.off('close', onClose);
      popup.remove();
    };
  }, [map, lngLat, container, onClose]);
  return container;
}
