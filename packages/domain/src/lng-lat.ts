// A place as MapLibre takes it: finite numbers, latitude within ±90 and longitude within ±180. Anything else makes
// it throw `Invalid LngLat` (or draw nothing, for an infinite longitude), so no value reaches a map unchecked.

export const LATITUDE = { min: -90, max: 90 } as const;
export const LONGITUDE = { min: -180, max: 180 } as const;

type Range = { min: number; max: number };
const within = (v: unknown, r: Range): v is number =>
  typeof v === 'number' && Number.isFinite(v) && v >= r.min && v <= r.max;

export const isLatitude = (v: unknown): v is number => within(v, LATITUDE);
export const isLongitude = (v: unknown): v is number => within(v, LONGITUDE);

/** `[lon, lat]` when both make a place on the map, else undefined. */
export const lngLat = (lon: unknown, lat: unknown): [number, number] | undefined =>
  isLongitude(lon) && isLatitude(lat) ? [lon, lat] : undefined;

/** The place of a GeoJSON Point (a row's `location`), when it has one a map can show. */
export function pointPlace(point: unknown): [number, number] | undefined {
  const c = (point as { coordinates?: unknown } | null | undefined)?.coordinates;
  return Array.isArray(c) ? lngLat(c[0], c[1]) : undefined;
}

/** How many positions a GeoJSON geometry's coordinates hold, however deeply nested (a district's boundary). */
export const positionCount = (c: unknown): number =>
  Array.isArray(c) ? (typeof c[0] === 'number' ? 1 : c.reduce((n: number, x) => n + positionCount(x), 0)) : 0;
