import type { Map as MapLibre } from 'maplibre-gl';
import type { Language } from '@sl/domain';
import { initialLanguage } from '../../i18n/language.ts';
import { adoptFirstView, endFirstView, firstViewAnswer } from './first-view-handle.ts';
import { MAP_PATH, predictedMapRect, remembered, stored } from './first-view-place.ts';
import type { Summary } from './map-summary.ts';
import {
  addDevices,
  cityCamera,
  handOverFirstView,
  makeDeviceMap,
  untilDevicesDrawn,
  whenStyleLoaded,
} from './device-map.ts';
import { LAYERS, OSM_TILES, type MapLayer } from './map-style.ts';

// On a visit to the map, the MapLibre map is made as its code arrives, in the place the map screen will give it,
// rather than once the console's shell has rendered the screen (about half a second later on a slow machine):
// its devices are drawn meanwhile, and the screen adopts the map when it mounts.

/** A map made early and not yet adopted; given up when the page leaves the map or the screen never comes. */
type Early = {
  map: MapLibre;
  host: HTMLDivElement;
  lang: Language;
  baseUrl: string;
  summary: Summary;
  /** the devices' tiles' address, once they are added */
  devicesUrl?: string;
  stopWaiting: () => void;
  moved: boolean;
  /** told once the devices are drawn, or the map is given up */
  drawn: () => void;
};

const GIVE_UP_MS = 60_000;
const WATCH_EVERY_MS = 250;

let early: Early | undefined;
/** the map screen has mounted: a first view answered after that makes no map */
let taken = false;

/**
 * Makes the map once the first view has answered, when the page opened is the map. Resolves when it has drawn
 * the devices, or at once when there is nothing to draw (not signed in, no devices, no WebGL).
 */
export function startEarlyMap(): Promise<void> {
  performance.mark('sl:map-code');
  if (window.location.pathname !== MAP_PATH || !window.slFirstView) return Promise.resolve();
  return firstViewAnswer().then((view) => {
    if (!view?.camera || taken || window.location.pathname !== MAP_PATH) return;
    return new Promise<void>((drawn) => {
      try {
        make(view.summary, drawn);
      } catch (err) {
        console.warn('map: not made early', err);
        drawn();
      }
    });
  });
}

function make(summary: Summary, drawn: () => void) {
  const rect = predictedMapRect();
  const host = document.createElement('div');
  Object.assign(host.style, {
    position: 'fixed',
    left: `${rect.left}px`,
    top: `${rect.top}px`,
    width: `${rect.width}px`,
    height: `${rect.height}px`,
  });
  document.body.appendChild(host);
  const lang = initialLanguage();
  const baseUrl = stored<string>('sl.map.baseUrl') ?? OSM_TILES;
  let map: MapLibre;
  // where the first draw's time goes, for the benchmark (bench:map prints them)
  performance.mark('sl:map-make');
  try {
    map = makeDeviceMap(host, lang, baseUrl);
    performance.mark('sl:map-made');
  } catch (err) {
    host.remove();
    throw err;
  }
  window.__slMap = map;
  adoptFirstView(host);
  const { layers, filter } = remembered();
  const types = Object.fromEntries(LAYERS.map((l) => [l, layers.includes(l)])) as Record<MapLayer, boolean>;
  const e: Early = { map, host, lang, baseUrl, summary, stopWaiting: () => {}, moved: false, drawn };
  e.stopWaiting = whenStyleLoaded(map, () => {
    performance.mark('sl:map-style');
    e.devicesUrl = addDevices(map, summary, filter, types);
    handOverFirstView(map);
    map.once('sourcedata', () => performance.mark('sl:map-first-tile'));
    untilDevicesDrawn(
      map,
      () => {
        performance.mark('sl:map-drawn');
        drawn();
      },
      drawn,
    );
  });
  map.on('movestart', (ev: object) => {
    if (!('toFirstView' in ev)) e.moved = true;
  });
  early = e;
  const started = performance.now();
  const watch = setInterval(() => {
    if (early !== e) clearInterval(watch);
    else if (window.location.pathname !== MAP_PATH || performance.now() - started > GIVE_UP_MS) {
      clearInterval(watch);
      early = undefined;
      dispose(e);
    }
  }, WATCH_EVERY_MS);
}

function dispose(e: Early) {
  e.stopWaiting();
  e.drawn();
  endFirstView();
  if (window.__slMap === e.map) delete window.__slMap;
  e.map.remove();
  e.host.remove();
}

/**
 * The map made early, moved into the map screen's `container`; none when there is none or it speaks another
 * language. `devicesUrl` is set when it already shows the devices.
 */
export function adoptEarlyMap(
  container: HTMLElement,
  lang: Language,
): { map: MapLibre; baseUrl: string; devicesUrl?: string } | undefined {
  taken = true;
  const e = early;
  early = undefined;
  if (!e) return undefined;
  if (e.lang !== lang) {
    dispose(e);
    return undefined;
  }
  // devices not added yet are added by the screen, from its own summary
  e.stopWaiting();
  const before = { width: e.host.clientWidth, height: e.host.clientHeight };
  Object.assign(e.host.style, { position: 'absolute', left: '0', top: '0', width: '100%', height: '100%' });
  container.appendChild(e.host);
  if (e.host.clientWidth !== before.width || e.host.clientHeight !== before.height) {
    // the screen's box is not the one foreseen: the first view no longer lies over the map
    e.map.resize();
    const c = e.devicesUrl && !e.moved && e.summary.bounds ? cityCamera(e.map, e.summary.bounds) : undefined;
    endFirstView();
    if (c) e.map.jumpTo({ center: [c.lon, c.lat], zoom: c.zoom });
  }
  return { map: e.map, baseUrl: e.baseUrl, devicesUrl: e.devicesUrl };
}
