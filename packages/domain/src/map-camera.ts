// Web Mercator in unit-square coordinates (x and y in [0, 1], y growing southwards, as map tiles count) and the
// camera that shows a city. The server's first view and the console's map compute it here, so they agree.

import { lngLat, pointPlace } from './lng-lat.ts';

export const mercatorX = (lon: number) => (lon + 180) / 360;

export function mercatorY(lat: number) {
  const clamped = Math.max(-85.05112878, Math.min(85.05112878, lat));
  const sin = Math.sin((clamped * Math.PI) / 180);
  return 0.5 - (0.25 * Math.log((1 + sin) / (1 - sin))) / Math.PI;
}

export const lonOf = (x: number) => x * 360 - 180;
export const latOf = (y: number) => (Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180) / Math.PI;

/** MapLibre's tiles are 512 px: the world is 512 · 2^zoom pixels wide. */
export const TILE_PX = 512;

export type Camera = { lon: number; lat: number; zoom: number };
export type Padding = { top: number; right: number; bottom: number; left: number };
export type Size = { width: number; height: number };

/** The layer controls cover the left of the map; devices at the edges keep a margin. */
export const CITY_PADDING: Padding = { top: 40, right: 60, bottom: 40, left: 290 };
/** A city of one device is not shown at street level and closer. */
export const CITY_MAX_ZOOM = 17;
/** Device tiles are made up to this zoom; the map magnifies them beyond, and the first view reads them there. */
export const DEVICE_TILES_MAX_ZOOM = 18;
/** Device tiles of one zoom, from x0 to x1 and y0 to y1 (inclusive). */
export type TileRange = { z: number; x0: number; x1: number; y0: number; y1: number };

/** The device tiles that cover `camera` in `size`: those MapLibre asks for, and those the first view reads. */
export function tilesInView(camera: Camera, size: Size): TileRange {
  const z = Math.min(DEVICE_TILES_MAX_ZOOM, Math.floor(camera.zoom));
  const n = 2 ** z;
  const world = TILE_PX * 2 ** camera.zoom;
  const [cx, cy] = [mercatorX(camera.lon), mercatorY(camera.lat)];
  const [hw, hh] = [size.width / 2 / world, size.height / 2 / world];
  const from = (v: number) => Math.max(0, Math.floor(v * n));
  const to = (v: number) => Math.min(n - 1, Math.floor(v * n));
  return { z, x0: from(cx - hw), x1: to(cx + hw), y0: from(cy - hh), y1: to(cy + hh) };
}

/** The current map item (spec §2) is shown at least this close. */
export const ITEM_ZOOM = 17;

/** Where a device stands on the map: its location, else (modules) its reported lon and lat; never a place no map shows. */
export function placeOf(row: Record<string, unknown>): [number, number] | undefined {
  return pointPlace(row.location) ?? lngLat(row.lon, row.lat);
}

/** The camera on the current map item: centred on it, at `zoom` (the city's) or street level, whichever is closer. */
export const cameraOnItem = (at: { lon: number; lat: number }, zoom: number): Camera => ({
  lon: at.lon,
  lat: at.lat,
  zoom: Math.max(zoom, ITEM_ZOOM),
});

/**
 * The camera that fits `bounds` ([west, south, east, north]) inside `size` less `padding`, as large as it goes
 * up to `maxZoom`. Padding wider than the map counts as none.
 */
export function cameraForBounds(
  bounds: readonly [number, number, number, number],
  size: Size,
  padding: Padding = CITY_PADDING,
  maxZoom = CITY_MAX_ZOOM,
): Camera {
  const fits = size.width > padding.left + padding.right && size.height > padding.top + padding.bottom;
  const pad = fits ? padding : { top: 0, right: 0, bottom: 0, left: 0 };
  const [west, south, east, north] = bounds;
  const x0 = mercatorX(west);
  const x1 = mercatorX(east);
  const y0 = mercatorY(north);
  const y1 = mercatorY(south);
  const usableW = Math.max(1, size.width - pad.left - pad.right);
  const usableH = Math.max(1, size.height - pad.top - pad.bottom);
  const zoomFor = (span: number, px: number) => (span > 0 ? Math.log2(px / (span * TILE_PX)) : Infinity);
  const zoom = Math.max(0, Math.min(maxZoom, zoomFor(x1 - x0, usableW), zoomFor(y1 - y0, usableH)));
  const world = TILE_PX * 2 ** zoom;
  // the bounds' centre sits at the centre of the padded box, which is off the map's centre by half the difference
  const x = (x0 + x1) / 2 + (size.width / 2 - (pad.left + usableW / 2)) / world;
  const y = (y0 + y1) / 2 + (size.height / 2 - (pad.top + usableH / 2)) / world;
  return { lon: lonOf(x), lat: latOf(y), zoom };
}
