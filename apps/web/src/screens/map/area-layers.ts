import type { GeoJSONSource, Map as MapLibre } from 'maplibre-gl';
import type { District } from './find-api.ts';
import { DEVICE_LAYERS, FONT } from './map-style.ts';

export const DISTRICTS = 'districts';
export const DISTRICT_FILL = 'districts-fill';
const DISTRICT_LINE = 'districts-line';
const DISTRICT_CHOSEN = 'districts-chosen';
const DISTRICT_NAME = 'districts-name';
const AREA = 'area';
const AREA_COLOUR = '#1565c0';
const DISTRICT_COLOUR = '#6a1b9a';

/** Below the devices: a district never hides a marker or takes its click. */
const underDevices = (map: MapLibre) => DEVICE_LAYERS.map((l) => l.spec.id).find((id) => map.getLayer(id));

/** The districts as outlined areas with their names, added once; `shown` switches them on and off. */
export function showDistricts(map: MapLibre, list: District[], shown: boolean, chosen?: number) {
  if (!map.getSource(DISTRICTS)) {
    map.addSource(DISTRICTS, {
      type: 'geojson',
      data: {
        type: 'FeatureCollection',
        features: list.map((d) => ({
          type: 'Feature',
          id: d._id,
          properties: { name: d.name },
          geometry: d.boundary,
        })),
      },
    });
    const before = underDevices(map);
    map.addLayer(
      {
        id: DISTRICT_FILL,
        type: 'fill',
        source: DISTRICTS,
        paint: { 'fill-color': DISTRICT_COLOUR, 'fill-opacity': 0.06 },
      },
      before,
    );
    map.addLayer(
      {
        id: DISTRICT_LINE,
        type: 'line',
        source: DISTRICTS,
        paint: { 'line-color': DISTRICT_COLOUR, 'line-width': 1.5, 'line-opacity': 0.7 },
      },
      before,
    );
    map.addLayer(
      {
        id: DISTRICT_CHOSEN,
        type: 'line',
        source: DISTRICTS,
        filter: ['==', ['id'], -1],
        paint: { 'line-color': AREA_COLOUR, 'line-width': 4 },
      },
      before,
    );
    map.addLayer(
      {
        id: DISTRICT_NAME,
        type: 'symbol',
        source: DISTRICTS,
        layout: { 'text-field': ['get', 'name'], 'text-font': [FONT], 'text-size': 13 },
        paint: { 'text-color': DISTRICT_COLOUR, 'text-halo-color': '#fff', 'text-halo-width': 1.5 },
      },
      before,
    );
  }
  for (const id of [DISTRICT_FILL, DISTRICT_LINE, DISTRICT_CHOSEN, DISTRICT_NAME])
    map.setLayoutProperty(id, 'visibility', shown ? 'visible' : 'none');
  map.setFilter(DISTRICT_CHOSEN, ['==', ['id'], chosen ?? -1]);
}

/** The area drawn on the map (none: cleared), above the districts and below the devices. */
export function showArea(map: MapLibre, ring: [number, number][] | undefined) {
  const data: GeoJSON.FeatureCollection = {
    type: 'FeatureCollection',
    features: ring
      ? [
          {
            type: 'Feature',
            properties: {},
            geometry: { type: 'Polygon', coordinates: [[...ring, ring[0]!]] },
          },
        ]
      : [],
  };
  const source = map.getSource(AREA) as GeoJSONSource | undefined;
  if (source) return source.setData(data);
  map.addSource(AREA, { type: 'geojson', data });
  const before = underDevices(map);
  map.addLayer(
    {
      id: `${AREA}-fill`,
      type: 'fill',
      source: AREA,
      paint: { 'fill-color': AREA_COLOUR, 'fill-opacity': 0.12 },
    },
    before,
  );
  map.addLayer(
    {
      id: `${AREA}-line`,
      type: 'line',
      source: AREA,
      paint: { 'line-color': AREA_COLOUR, 'line-width': 2, 'line-dasharray': [2, 1] },
    },
    before,
  );
}

/** The rectangle between two corners, as its four corners. */
export const rectangle = (a: [number, number], b: [number, number]): [number, number][] => [
  [a[0], a[1]],
  [b[0], a[1]],
  [b[0], b[1]],
  [a[0], b[1]],
];
