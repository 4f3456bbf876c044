/** A district's boundary: a GeoJSON Polygon or MultiPolygon in WGS84 lon/lat. */
export type DistrictArea =
  { type: 'Polygon'; coordinates: number[][][] } | { type: 'MultiPolygon'; coordinates: number[][][][] };

const isPosition = (p: unknown) =>
  Array.isArray(p) &&
  p.length >= 2 &&
  typeof p[0] === 'number' &&
  typeof p[1] === 'number' &&
  Math.abs(p[0]) <= 180 &&
  Math.abs(p[1]) <= 90;
// a closed ring of at least four positions
const isRing = (r: unknown) =>
  Array.isArray(r) &&
  r.length >= 4 &&
  r.every(isPosition) &&
  r[0][0] === r[r.length - 1][0] &&
  r[0][1] === r[r.length - 1][1];
const isPolygon = (p: unknown) => Array.isArray(p) && p.length >= 1 && p.every(isRing);

export function isArea(v: unknown): v is DistrictArea {
  if (!v || typeof v !== 'object') return false;
  const { type, coordinates } = v as { type?: unknown; coordinates?: unknown };
  if (type === 'Polygon') return isPolygon(coordinates);
  if (type === 'MultiPolygon')
    return Array.isArray(coordinates) && coordinates.length > 0 && coordinates.every(isPolygon);
  return false;
}

type GeoJsonLike = { type?: unknown; geometry?: unknown; features?: unknown; coordinates?: unknown };

/**
 * The area a GeoJSON document holds, as a district's boundary: a Polygon or MultiPolygon itself, a Feature of one,
 * or a FeatureCollection whose areas become one MultiPolygon (a single one stays a Polygon). Anything else, or a
 * collection with a feature that is no area, is none.
 */
export function areaOfGeoJson(doc: unknown): DistrictArea | undefined {
  if (isArea(doc)) return { type: doc.type, coordinates: doc.coordinates } as DistrictArea;
  const d = (doc ?? {}) as GeoJsonLike;
  if (d.type === 'Feature') return areaOfGeoJson(d.geometry);
  if (d.type !== 'FeatureCollection' || !Array.isArray(d.features) || !d.features.length) return undefined;
  const areas = d.features.map((f) => areaOfGeoJson((f as GeoJsonLike)?.geometry));
  if (areas.some((a) => !a)) return undefined;
  if (areas.length === 1) return areas[0];
  const polygons = (areas as DistrictArea[]).flatMap((a) =>
    a.type === 'Polygon' ? [a.coordinates] : a.coordinates,
  );
  return { type: 'MultiPolygon', coordinates: polygons };
}

/** A closed outline of the points clicked in order (at least three), or none. */
export function outlineOf(points: readonly [number, number][]): DistrictArea | undefined {
  if (points.length < 3) return undefined;
  const ring = [...points.map(([lon, lat]) => [lon, lat]), [points[0]![0], points[0]![1]]];
  const area = { type: 'Polygon' as const, coordinates: [ring] };
  return isArea(area) ? area : undefined;
}
