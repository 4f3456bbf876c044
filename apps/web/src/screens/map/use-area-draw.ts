import { useEffect } from 'react';
import type { Map as MapLibre, MapMouseEvent } from 'maplibre-gl';
import { rectangle, showArea } from './area-layers.ts';

/**
 * While `drawing`, a drag on the map draws a rectangle instead of moving the map; its four corners go to `onDrawn`
 * when the button is let go.
 */
export function useAreaDraw(
  map: MapLibre | undefined,
  drawing: boolean,
  onDrawn: (ring: [number, number][]) => void,
) {
  useEffect(() => {
    if (!map || !drawing) return;
    let start: [number, number] | undefined;
    // on the canvas' container: the map screen sets the canvas' own cursor as the pointer moves over markers
    const frame = map.getCanvasContainer();
    map.dragPan.disable();
    frame.style.cursor = 'crosshair';
    const at = (e: MapMouseEvent): [number, number] => [e.lngLat.lng, e.lngLat.lat];
    const down = (e: MapMouseEvent) => {
      start = at(e);
      showArea(map, undefined);
    };
    const move = (e: MapMouseEvent) => start && showArea(map, rectangle(start, at(e)));
    const up = (e: MapMouseEvent) => {
      if (!start) return;
      const ring = rectangle(start, at(e));
      start = undefined;
      const [a, , c] = ring.map((p) => map.project(p));
      // a click, not a drag: nothing drawn yet
      if (Math.abs(a!.x - c!.x) < 4 || Math.abs(a!.y - c!.y) < 4) return;
      onDrawn(ring);
    };
    map.on('mousedown', down);
    map.on('mousemove', move);
    map.on('mouseup', up);
    return () => {
      map.off('mousedown', down);
      map.off('mousemove', move);
      map.off('mouseup', up);
      map.dragPan.enable();
      frame.style.cursor = '';
    };
  }, [map, drawing, onDrawn]);
}
