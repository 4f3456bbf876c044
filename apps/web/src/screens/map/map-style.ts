import { MARKS, type Mark } from '@sl/domain/marker-states';
import { DEVICE_TILES_MAX_ZOOM } from '@sl/domain/map-camera';
import {
  CLUSTER_OPACITY,
  CLUSTER_RADII,
  clusterStrokeWidth,
  COLOURS,
  COUNT_TEXT,
  LAYERS,
  LOOK,
  MAP_BACKGROUND,
  POINT_ZOOMS,
  markLook,
  type MapFilter,
  type MapLayer,
} from './marker-look.ts';
import type {
  CircleLayerSpecification,
  DataDrivenPropertyValueSpecification,
  ExpressionSpecification,
  LayerSpecification,
  StyleSpecification,
  VectorSourceSpecification,
} from 'maplibre-gl';

export { COLOURS, FILTERS, LAYERS, type MapFilter, type MapLayer } from './marker-look.ts';
export const isMapLayer = (s: unknown): s is MapLayer => LAYERS.includes(s as MapLayer);

export const OSM_TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEVICES = 'devices';
export const BASE = 'base';
export const FONT = 'DejaVu Sans Mono Bold';
export const FONT_URL = `${location.origin}/fonts/DejaVuSansMono-Bold.ttf`;

export { statusMeaning as statusKind, type StatusMeaning as StatusKind } from '@sl/domain';

// the live stream's status wins over the one the tile was drawn with
const status: ExpressionSpecification = ['coalesce', ['feature-state', 'status'], ['get', 'status']];
const colour: ExpressionSpecification = [
  'match',
  status,
  [0, 2, 5],
  COLOURS.off,
  1,
  COLOURS.on,
  3,
  COLOURS.offline,
  [4, 4096, 4097],
  COLOURS.broken,
  COLOURS.unknown,
];

const isCluster: ExpressionSpecification = ['==', ['get', 'cluster'], 1];
const notCluster: ExpressionSpecification = ['!=', ['get', 'cluster'], 1];
const zoomed = (small: number, large: number): DataDrivenPropertyValueSpecification<number> => [
  'interpolate',
  ['linear'],
  ['zoom'],
  POINT_ZOOMS[0],
  small,
  POINT_ZOOMS[1],
  large,
];

export const layerIds = (layer: MapLayer) => ({
  points: `${layer}-points`,
  clusters: `${layer}-clusters`,
  counts: `${layer}-counts`,
});

function deviceLayers(layer: MapLayer): LayerSpecification[] {
  const ids = layerIds(layer);
  const look = LOOK[layer];
  const common = { source: DEVICES, 'source-layer': layer } as const;
  return [
    {
      id: ids.clusters,
      type: 'circle',
      ...common,
      filter: isCluster,
      paint: {
        'circle-color': colour,
        'circle-opacity': CLUSTER_OPACITY,
        'circle-radius': ['step', ['get', 'count'], CLUSTER_RADII.first, ...CLUSTER_RADII.from.flat()],
        'circle-stroke-color': look.stroke,
        'circle-stroke-width': clusterStrokeWidth(layer),
      },
    },
    {
      id: ids.counts,
      type: 'symbol',
      ...common,
      filter: isCluster,
      layout: {
        'text-field': ['to-string', ['get', 'count']],
        'text-font': [FONT],
        'text-size': COUNT_TEXT.size,
        'text-allow-overlap': true,
      },
      paint: {
        'text-color': COUNT_TEXT.colour,
        'text-halo-color': COUNT_TEXT.halo,
        'text-halo-width': COUNT_TEXT.haloWidth,
      },
    },
    {
      id: ids.points,
      type: 'circle',
      ...common,
      filter: notCluster,
      paint: { 'circle-radius': zoomed(...look.radius), ...pointLook(layer) },
    },
  ];
}

type CirclePaint = NonNullable<CircleLayerSpecification['paint']>;

type Paint = string | number | ExpressionSpecification;

/** A point's fill and ring: its status colour, and the marker state (spec §4) its layer's marks give it. */
function pointLook(layer: MapLayer): CirclePaint {
  const { stroke, strokeWidth } = LOOK[layer];
  const marks = MARKS.filter((m) => m.layer === layer && markLook(m));
  const when = (m: Mark): ExpressionSpecification => ['==', ['get', m.flag], m.is];
  const by = (look: (m: Mark) => Paint, otherwise: Paint): Paint =>
    marks.length
      ? (['case', ...marks.flatMap((m) => [when(m), look(m)]), otherwise] as ExpressionSpecification)
      : otherwise;
  return {
    'circle-color': by((m) => (markLook(m)!.hollow ? '#ffffff' : colour), colour),
    'circle-stroke-color': by((m) => markLook(m)!.ring ?? colour, stroke),
    'circle-stroke-width': by((m) => markLook(m)!.width, strokeWidth),
  } as CirclePaint;
}

export { tileUrl } from './tile-address.ts';
import { tileUrl } from './tile-address.ts';

/** The base of the map; the devices are added once the summary tells their version (see useDeviceMap). */
export function mapStyle(baseUrl: string): StyleSpecification {
  return {
    version: 8,
    // cluster counts are drawn from this font file, served by our own server: no glyph service is needed
    'font-faces': { [FONT]: FONT_URL },
    sources: {
      [BASE]: {
        type: 'raster',
        tiles: [baseUrl],
        tileSize: 256,
        maxzoom: 19,
        attribution: '© OpenStreetMap contributors',
      },
    },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': MAP_BACKGROUND } },
      // shown once its server answers (see useDeviceMap)
      { id: BASE, type: 'raster', source: BASE, layout: { visibility: 'none' } },
    ],
  };
}

export const deviceSource = (filter: MapFilter, version: string): VectorSourceSpecification => ({
  type: 'vector',
  tiles: [tileUrl(filter, version)],
  maxzoom: DEVICE_TILES_MAX_ZOOM,
});

// each type is drawn above the bigger marker it may share a spot with (module on support, controller in cabinet)
export const DEVICE_LAYERS = LAYERS.flatMap((layer) => deviceLayers(layer).map((spec) => ({ layer, spec })));
