import { Map as MapLibre, NavigationControl, prewarm, ScaleControl } from 'maplibre-gl';
import './maplibre-worker.ts';
import 'maplibre-gl/dist/maplibre-gl.css';
import type { Language } from '@sl/domain';
import { cameraForBounds, cameraOnItem } from '@sl/domain/map-camera';
import { MAP_LOCALE } from '../../i18n/map-locale.ts';
import { endFirstView, firstViewShown } from './first-view-handle.ts';
import { tilesVersion, type Summary } from './map-summary.ts';
import {
  BASE,
  DEVICE_LAYERS,
  DEVICES,
  deviceSource,
  FONT_URL,
  mapStyle,
  tileUrl,
  type MapFilter,
  type MapLayer,
} from './map-style.ts';

// The console's MapLibre map and its devices, made the same way by the map screen and, on a visit to the map, by
// the page before the screen has rendered (early-map.ts).

// the workers boot while the screen renders
prewarm();
// the first tile with a cluster waits for this font; fetched now, the map finds it in the HTTP cache
void fetch(FONT_URL).catch(() => undefined);

declare global {
  interface Window {
    /** the map, for the screen tests and the benchmark */
    __slMap?: MapLibre;
  }
}

/** A map of the base (hidden until its tile server answers) in `container`, with the zoom buttons and scale. */
export function makeDeviceMap(container: HTMLElement, lang: Language, baseUrl: string): MapLibre {
  const m = new MapLibre({
    container,
    style: mapStyle(baseUrl),
    center: [0, 20],
    zoom: 1.5,
    maxZoom: 20,
    attributionControl: { compact: true },
    // MapLibre's own words (scale, zoom buttons) in the chosen language
    locale: MAP_LOCALE[lang],
  });
  m.addControl(new NavigationControl({ showCompass: false }), 'top-right');
  m.addControl(new ScaleControl(), 'bottom-right');
  return m;
}

/** The camera that shows the city in the map's box, as the first view computed it for the same size. */
export function cityCamera(map: MapLibre, bounds: NonNullable<Summary['bounds']>) {
  const el = map.getContainer();
  const city = cameraForBounds(bounds, { width: el.clientWidth, height: el.clientHeight });
  // a first view centred on the current map item: the same camera the map screen then jumps to
  const drawn = firstViewShown();
  return drawn?.onItem ? cameraOnItem(drawn.camera, city.zoom) : city;
}

/**
 * Adds the devices' tiles and layers (the types shown as `types` says) and moves to the city; the style must be
 * loaded. Returns the tiles' address.
 */
export function addDevices(
  map: MapLibre,
  summary: Summary,
  filter: MapFilter,
  types: Record<MapLayer, boolean>,
): string {
  map.addSource(DEVICES, deviceSource(filter, tilesVersion(summary)));
  for (const { layer, spec } of DEVICE_LAYERS) {
    map.addLayer(spec);
    map.setLayoutProperty(spec.id, 'visibility', types[layer] ? 'visible' : 'none');
  }
  if (summary.bounds) {
    const c = cityCamera(map, summary.bounds);
    map.jumpTo({ center: [c.lon, c.lat], zoom: c.zoom }, { toFirstView: true });
  }
  return tileUrl(filter, tilesVersion(summary));
}

/** Runs `then` once the map's style is loaded (at once if it is). Returns the way to stop waiting. */
export function whenStyleLoaded(map: MapLibre, then: () => void): () => void {
  // isStyleLoaded() is false while any tile loads; the base layer is there once the style is
  if (map.getLayer(BASE)) {
    then();
    return () => {};
  }
  map.once('style.load', then);
  return () => map.off('style.load', then);
}

/**
 * The first view stays over the map until MapLibre has drawn the devices, or the map moves; one drawn for a box
 * other than the map's goes at once.
 */
export function handOverFirstView(map: MapLibre) {
  const shown = firstViewShown()?.rect;
  const box = map.getContainer().getBoundingClientRect();
  const sameBox =
    shown &&
    Math.abs(shown.left - box.left) < 1 &&
    Math.abs(shown.top - box.top) < 1 &&
    Math.abs(shown.width - box.width) < 1 &&
    Math.abs(shown.height - box.height) < 1;
  if (!sameBox) {
    if (shown) console.warn('map: the first view was drawn for another box', shown, box.toJSON());
    endFirstView();
    return;
  }
  untilDevicesDrawn(map, endFirstView, endFirstView);
}

/**
 * Calls `then` once MapLibre has drawn the devices, unless the map moves first (what the first view showed is
 * elsewhere now): then `moved` instead. The jump to the first view's camera moves nothing on screen. Returns the
 * way to stop waiting.
 */
export function untilDevicesDrawn(map: MapLibre, then: () => void, moved = () => {}): () => void {
  const drawn = () => {
    if (!map.getSource(DEVICES) || !map.isSourceLoaded(DEVICES)) return;
    stop();
    then();
  };
  const move = (e: object) => {
    if ('toFirstView' in e) return;
    stop();
    moved();
  };
  const stop = () => {
    map.off('render', drawn);
    map.off('movestart', move);
  };
  map.on('render', drawn);
  map.on('movestart', move);
  return stop;
}
