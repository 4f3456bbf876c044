import type { Size } from '@sl/domain/map-camera';
import { FILTERS, LAYERS, type MapFilter, type MapLayer } from './marker-look.ts';

// What the page knows before the console has rendered: where the map screen will put its map, and what it will
// show (react-admin's store). Read by the first view (inlined in the page) and by the map made early.

export type Rect = Size & { left: number; top: number };

/** The map screen's path: only a plain visit draws the first view. */
export const MAP_PATH = '/Map';
// the console's layout (react-admin's app bar and sidebar, the map screen's box), measured in Chromium; the map
// screen drops the first view when its box turns out elsewhere, and a screen test keeps the two in step
const NARROW_BELOW = 600;
const TOP = { narrow: 52, wide: 44 };
const SIDEBAR = { open: 240, closed: 50 };
const BELOW_APP_BAR = 64;

/** A value of react-admin's store, as it keeps it in the browser. */
export const stored = <T>(key: string): T | undefined => {
  try {
    const raw = localStorage.getItem(`RaStore.${key}`);
    return raw === null ? undefined : (JSON.parse(raw) as T);
  } catch {
    return undefined;
  }
};

/** Where the map screen will put its map in this window. */
export function predictedMapRect(): Rect {
  const { innerWidth: width, innerHeight: height } = window;
  const narrow = width < NARROW_BELOW;
  const left = narrow ? 0 : stored<boolean>('sidebar.open') === false ? SIDEBAR.closed : SIDEBAR.open;
  return {
    left,
    top: narrow ? TOP.narrow : TOP.wide,
    width: width - left,
    height: Math.max(0, height - BELOW_APP_BAR),
  };
}

/** The types and the filter the map screen remembers (react-admin's store). */
export function remembered(): { layers: MapLayer[]; filter: MapFilter } {
  const types = stored<Partial<Record<MapLayer, boolean>>>('sl.map.types') ?? {};
  const filter = stored<MapFilter>('sl.map.filter');
  return {
    layers: LAYERS.filter((l) => types[l] !== false),
    filter: filter && FILTERS.includes(filter) ? filter : 'all',
  };
}

/** The item of the detail screen visited last, which the map screen centres on (spec §2). */
export function currentItem(): string | undefined {
  const item = stored<{ section?: unknown; id?: unknown } | null>('sl.currentItem');
  const { section, id } = item ?? {};
  return LAYERS.includes(section as MapLayer) && typeof id === 'string' && /^\d{1,15}$/.test(id)
    ? `${section as string}:${id}`
    : undefined;
}
