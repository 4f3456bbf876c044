import { LngLatBounds, type Map as MapLibre } from 'maplibre-gl';

/** Every position of a GeoJSON geometry's coordinates, however deeply nested. */
const positions = (c: unknown): [number, number][] =>
  Array.isArray(c) && typeof c[0] === 'number'
    ? [c as [number, number]]
    : Array.isArray(c)
      ? c.flatMap(positions)
      : [];

/** The box around a shape's positions that MapLibre can show, or none. */
export function boundsOf(shape?: { coordinates: unknown }): LngLatBounds | undefined {
  const at = positions(shape?.coordinates).filter(
    ([lng, lat]) => Math.abs(lng) <= 180 && Math.abs(lat) <= 90,
  );
  return at.length ? at.reduce((b, p) => b.extend(p), new LngLatBounds(at[0], at[0])) : undefined;
}

/** A district's area as both of its maps draw it: a light fill inside a line, from the GeoJSON source `source`. */
export function addShapeLayers(map: MapLibre, source: string) {
  map.addLayer({
    id: `${source}-fill`,
    type: 'fill',
    source,
    paint: { 'fill-color': '#1976d2', 'fill-opacity': 0.15 },
  });
  map.addLayer({
    id: `${source}-line`,
    type: 'line',
    source,
    paint: { 'line-color': '#1976d2', 'line-width': 2 },
  });
}
