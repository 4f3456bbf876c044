import booleanPointInPolygon from '@turf/boolean-point-in-polygon';

import type { DistrictArea } from './district-area.ts';

export { areaOfGeoJson, isArea, outlineOf, type DistrictArea } from './district-area.ts';

export type PlacedDistrict = { _id: number; city: number | null; boundary: DistrictArea };
type Box = [number, number, number, number];

function boxOf(area: DistrictArea): Box {
  const b: Box = [Infinity, Infinity, -Infinity, -Infinity];
  const polygons = area.type === 'Polygon' ? [area.coordinates] : area.coordinates;
  for (const ring of polygons.flat())
    for (const [lon, lat] of ring) {
      b[0] = Math.min(b[0], lon!);
      b[1] = Math.min(b[1], lat!);
      b[2] = Math.max(b[2], lon!);
      b[3] = Math.max(b[3], lat!);
    }
  return b;
}

/** Districts ready for many point lookups: each with its bounding box, the cheap test before the exact one. */
export function districtFinder(districts: readonly PlacedDistrict[]) {
  const boxed = districts.map((d) => ({ ...d, box: boxOf(d.boundary) }));
  /** The district a point lies in (of `city` when given), or null; the first by id when districts overlap. */
  return (lon: number, lat: number, city?: number | null): number | null => {
    for (const d of boxed) {
      if (city != null && d.city !== city) continue;
      const [w, s, e, n] = d.box;
      if (lon < w || lon > e || lat < s || lat > n) continue;
      if (booleanPointInPolygon([lon, lat], d.boundary)) return d._id;
    }
    return null;
  };
}

/** A ring of lon/lat points (first and last may be the same) as the polygon it bounds, and its bounding box. */
export function areaOf(ring: readonly (readonly [number, number])[]) {
  const closed = ring.map(([lon, lat]) => [lon, lat]);
  const [first, last] = [closed[0]!, closed.at(-1)!];
  if (first[0] !== last[0] || first[1] !== last[1]) closed.push([...first]);
  const polygon: DistrictArea = { type: 'Polygon', coordinates: [closed] } as DistrictArea;
  const box = boxOf(polygon);
  return {
    box,
    contains: (lon: number, lat: number) =>
      lon >= box[0] &&
      lat >= box[1] &&
      lon <= box[2] &&
      lat <= box[3] &&
      booleanPointInPolygon([lon, lat], polygon),
  };
}
