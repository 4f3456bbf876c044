import { useEffect } from 'react';
import type { Map as MapLibre, MapMouseEvent } from 'maplibre-gl';
import { rectangle, showArea } from './area-layers.ts';

/** How an area is drawn: a rectangle dragged, or a polygon clicked corner by corner. */
export type DrawShape = 'rectangle' | 'polygon';

/** A click this close (px) to the first corner closes the polygon; closer to the last one it is the same corner. */
const CLOSE_PX = 10;

/** The most corners the server takes for an area (MAX_AREA_POINTS): the polygon closes itself at this many. */
const MAX_CORNERS = 200;

const at = (e: MapMouseEvent): [number, number] => [e.lngLat.lng, e.lngLat.lat];

/**
 * While `shape` is set, the map draws an area instead of moving: a rectangle dragged (its four corners go to
 * `onDrawn` when the button is let go), or a polygon clicked corner by corner, closed by a click on its first
 * corner, a double-click or Enter (at least three corners). Esc cancels either (`onCancel`).
 */
export function useAreaDraw(
  map: MapLibre | undefined,
  shape: DrawShape | undefined,
  onDrawn: (ring: [number, number][]) => void,
  onCancel: () => void,
) {
  useEffect(() => {
    if (!map || !shape) return;
    // on the canvas' container: the map screen sets the canvas' own cursor as the pointer moves over markers
    const frame = map.getCanvasContainer();
    map.dragPan.disable();
    map.doubleClickZoom.disable();
    frame.style.cursor = 'crosshair';
    const handlers = shape === 'rectangle' ? dragRectangle(map, onDrawn) : clickPolygon(map, onDrawn);
    const key = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        showArea(map, undefined);
        onCancel();
      } else if (e.key === 'Enter' && handlers.enter?.()) e.preventDefault();
    };
    window.addEventListener('keydown', key);
    for (const [type, fn] of Object.entries(handlers.on)) map.on(type as 'click', fn);
    return () => {
      for (const [type, fn] of Object.entries(handlers.on)) map.off(type as 'click', fn);
      window.removeEventListener('keydown', key);
      map.dragPan.enable();
      map.doubleClickZoom.enable();
      frame.style.cursor = '';
    };
  }, [map, shape, onDrawn, onCancel]);
}

/** `enter`: closes the shape, true when it did (the key then does nothing else, e.g. press a focused button) */
type Handlers = { on: Record<string, (e: MapMouseEvent) => void>; enter?: () => boolean };

function dragRectangle(map: MapLibre, onDrawn: (ring: [number, number][]) => void): Handlers {
  let start: [number, number] | undefined;
  return {
    on: {
      mousedown: (e) => {
        start = at(e);
        showArea(map, undefined);
      },
      mousemove: (e) => {
        if (start) showArea(map, rectangle(start, at(e)));
      },
      mouseup: (e) => {
        if (!start) return;
        const ring = rectangle(start, at(e));
        start = undefined;
        const [a, , c] = ring.map((p) => map.project(p));
        // a click, not a drag: nothing drawn yet
        if (Math.abs(a!.x - c!.x) < 4 || Math.abs(a!.y - c!.y) < 4) return;
        onDrawn(ring);
      },
    },
  };
}

function clickPolygon(map: MapLibre, onDrawn: (ring: [number, number][]) => void): Handlers {
  const corners: [number, number][] = [];
  const near = (a: [number, number], e: MapMouseEvent) => {
    const p = map.project(a);
    return Math.hypot(p.x - e.point.x, p.y - e.point.y) < CLOSE_PX;
  };
  const close = () => {
    if (corners.length < 3) return false;
    onDrawn(corners.splice(0));
    return true;
  };
  showArea(map, undefined);
  return {
    on: {
      click: (e) => {
        if (corners.length >= 3 && near(corners[0]!, e)) return void close();
        // the second click of a double-click, or a corner clicked twice: one corner
        if (corners.length && near(corners.at(-1)!, e)) return;
        corners.push(at(e));
        if (corners.length === MAX_CORNERS) return void close();
        if (corners.length >= 2) showArea(map, corners);
      },
      mousemove: (e) => {
        if (corners.length) showArea(map, [...corners, at(e)]);
      },
      dblclick: (e) => {
        e.preventDefault();
        close();
      },
    },
    enter: close,
  };
}
