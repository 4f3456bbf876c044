import { useEffect, useRef, useState, type RefObject } from 'react';
import type { ErrorEvent, Map as MapLibre } from 'maplibre-gl';
import type { Language } from '@sl/domain';
import { adoptFirstView, endFirstView } from './first-view-handle.ts';
import { tilesVersion, type Summary } from './map-api.ts';
import { showOfflineBase } from './offline-base.ts';
import { BASE, DEVICES, LAYERS, layerIds, tileUrl, type MapFilter, type MapLayer } from './map-style.ts';
import {
  addDevices,
  handOverFirstView,
  makeDeviceMap,
  untilDevicesDrawn,
  whenStyleLoaded,
} from './device-map.ts';
import { adoptEarlyMap } from './early-map.ts';

/** Base tiles that failed in a row before the base layer is hidden: no more requests, no error storm. */
const BASE_FAILURES_TO_GIVE_UP = 3;
const DEVICE_ERROR_LOG_EVERY_MS = 30_000;

export type BaseMode = 'auto' | 'offline';

type Options = {
  lang: Language;
  summary: Summary | undefined;
  baseUrl: string;
  /** `auto`: the online base when it answers, else the offline one; `offline`: the offline one always */
  baseMode: BaseMode;
  filter: MapFilter;
  types: Record<MapLayer, boolean>;
};

/** The MapLibre map in `container`, kept in step with the base URL, the filter and the visible types. */
export function useDeviceMap(container: RefObject<HTMLDivElement | null>, o: Options) {
  const [map, setMap] = useState<MapLibre>();
  const [baseDown, setBaseDown] = useState(false);
  const [devicesReady, setDevicesReady] = useState(false);
  const baseFailures = useRef(0);
  const initial = useRef(o);
  initial.current = o;
  // what the map was last given, so that an unchanged URL does not reload every tile
  const applied = useRef({ base: '', devices: '' });
  const ready = Boolean(o.summary);

  useEffect(() => {
    const { baseUrl } = initial.current;
    if (!container.current) return;
    const early = adoptEarlyMap(container.current, initial.current.lang);
    applied.current = { base: early?.baseUrl ?? baseUrl, devices: early?.devicesUrl ?? '' };
    // made at once, without waiting for the summary: creating the WebGL context takes a while by itself
    const m = early?.map ?? makeDeviceMap(container.current, initial.current.lang, baseUrl);
    if (!early) adoptFirstView(m.getContainer());
    let lastDeviceLog = 0;
    m.on('error', (e: ErrorEvent & { sourceId?: string }) => {
      if (e.sourceId === BASE) {
        baseFailures.current += 1;
        if (baseFailures.current === BASE_FAILURES_TO_GIVE_UP) {
          m.setLayoutProperty(BASE, 'visibility', 'none');
          setBaseDown(true);
          void showOfflineBase(m, true).catch(offlineFailed);
        }
        return;
      }
      if (Date.now() - lastDeviceLog > DEVICE_ERROR_LOG_EVERY_MS) {
        lastDeviceLog = Date.now();
        console.warn('map:', e.error?.message ?? e);
      }
    });
    m.on('sourcedata', (e) => {
      if (e.sourceId === BASE && e.tile && e.isSourceLoaded) baseFailures.current = 0;
    });
    window.__slMap = m;
    setMap(m);
    return () => {
      endFirstView();
      if (window.__slMap === m) delete window.__slMap;
      m.remove();
      setMap(undefined);
      setDevicesReady(false);
    };
  }, [container]);

  useEffect(() => {
    const { summary, filter, types } = initial.current;
    if (!map || !summary) return;
    // the map made early already shows the devices
    if (map.getSource(DEVICES)) {
      setDevicesReady(true);
      return;
    }
    return whenStyleLoaded(map, () => {
      applied.current.devices = addDevices(map, summary, filter, types);
      handOverFirstView(map);
      setDevicesReady(true);
    });
  }, [map, ready]);

  const version = o.summary ? tilesVersion(o.summary) : '';
  useEffect(() => {
    const url = tileUrl(o.filter, version);
    if (!map || !devicesReady || url === applied.current.devices) return;
    applied.current.devices = url;
    (map.getSource(DEVICES) as { setTiles?(t: string[]): void } | undefined)?.setTiles?.([url]);
  }, [map, devicesReady, o.filter, version]);

  useEffect(() => {
    if (!map || !devicesReady) return;
    for (const layer of LAYERS)
      for (const id of Object.values(layerIds(layer)))
        map.setLayoutProperty(id, 'visibility', o.types[layer] ? 'visible' : 'none');
  }, [map, devicesReady, o.types]);

  // one probe of the base tile server before its layer is shown: unreachable, it costs one failed request
  useEffect(() => {
    if (!map) return;
    let gone = false;
    let stopWaiting = () => {};
    const url = o.baseUrl;
    const offline = o.baseMode === 'offline';
    (offline ? Promise.resolve(false) : reachable(url)).then((ok) => {
      if (gone) return;
      const apply = () => {
        baseFailures.current = 0;
        setBaseDown(!ok && !offline);
        if (ok && url !== applied.current.base)
          (map.getSource(BASE) as { setTiles?(t: string[]): void } | undefined)?.setTiles?.([url]);
        if (ok) applied.current.base = url;
        map.setLayoutProperty(BASE, 'visibility', ok ? 'visible' : 'none');
        const offlineBase = () => void showOfflineBase(map, !ok).catch(offlineFailed);
        // the roads (a megabyte, cut into tiles by MapLibre's only worker on two cores) held the devices back
        if (ok) offlineBase();
        else stopWaiting = afterDevicesDrawn(map, offlineBase);
      };
      if (map.getLayer(BASE)) apply();
      else map.once('style.load', apply);
    });
    return () => {
      gone = true;
      stopWaiting();
    };
  }, [map, o.baseUrl, o.baseMode]);

  return { map, baseDown, devicesReady };
}

/** Calls `then` once the devices are drawn (at once if they are), or as soon as the map moves. */
function afterDevicesDrawn(map: MapLibre, then: () => void): () => void {
  if (map.getSource(DEVICES) && map.isSourceLoaded(DEVICES)) {
    then();
    return () => {};
  }
  return untilDevicesDrawn(map, then, then);
}

const PROBE_TIMEOUT_MS = 8000;

const offlineFailed = (e: unknown) => console.warn('map: the offline base map did not load', e);

/** Whether the tile server answers with an image for the whole world's tile. */
function reachable(template: string): Promise<boolean> {
  return new Promise((resolve) => {
    const img = new Image();
    const timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS);
    const done = (ok: boolean) => () => {
      clearTimeout(timer);
      resolve(ok);
    };
    img.crossOrigin = 'anonymous';
    img.onload = done(true);
    img.onerror = done(false);
    img.src = template.replace('{z}', '0').replace('{x}', '0').replace('{y}', '0');
  });
}
