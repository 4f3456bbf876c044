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
