/// <reference types="vite/client" />
import type { ExpressionSpecification, Map as MapLibre } from 'maplibre-gl';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import roadsUrl from '../../../../../inventories/basemap/cambridge/roads.topojson?url';
import { BASE } from './map-style.ts';

// The demo city's own road surfaces (City of Cambridge GIS, PDDL; inventories/README.md), bundled with the
// console so that the map shows streets without internet.
export const OFFLINE = 'offline-base';
const ROAD_FILL = '#ffffff';
const ROAD_EDGE = '#8f9ba8';
const ISLAND_FILL = '#d7e4cf';

let roads: Promise<GeoJSON.FeatureCollection> | undefined;

/** The road polygons as GeoJSON, converted once per page. */
export function offlineRoads(): Promise<GeoJSON.FeatureCollection> {
  roads ??= fetch(roadsUrl)
    .then((r) => {
      if (!r.ok) throw new Error(`offline base map: ${r.status}`);
      return r.json() as Promise<Topology>;
    })
    .then((topo) => {
      const name = Object.keys(topo.objects)[0]!;
      return feature(topo, topo.objects[name] as GeometryCollection) as GeoJSON.FeatureCollection;
    });
  roads.catch(() => (roads = undefined));
  return roads;
}

/** Shows or hides the offline roads under the online base and the devices; loaded on first use. */
export async function showOfflineBase(map: MapLibre, show: boolean): Promise<void> {
  if (!map.getSource(OFFLINE)) {
    if (!show) return;
    const data = await offlineRoads();
    if (map.getSource(OFFLINE)) return;
    map.addSource(OFFLINE, { type: 'geojson', data, attribution: 'City of Cambridge GIS (PDDL)' });
    const island: ExpressionSpecification = ['==', ['get', 'TYPE'], 'RD-TRAF-ISLAND'];
    map.addLayer(
      {
        id: `${OFFLINE}-fill`,
        type: 'fill',
        source: OFFLINE,
        paint: { 'fill-color': ['case', island, ISLAND_FILL, ROAD_FILL] },
      },
      BASE,
    );
    map.addLayer(
      {
        id: `${OFFLINE}-edge`,
        type: 'line',
        source: OFFLINE,
        paint: { 'line-color': ROAD_EDGE, 'line-width': 0.8 },
      },
      BASE,
    );
  }
  const visibility = show ? 'visible' : 'none';
  for (const id of [`${OFFLINE}-fill`, `${OFFLINE}-edge`])
    map.setLayoutProperty(id, 'visibility', visibility);
}
