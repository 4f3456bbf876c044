import { STATUS_COLOURS } from '@sl/domain';
import type {
  DataDrivenPropertyValueSpecification,
  ExpressionSpecification,
  LayerSpecification,
  StyleSpecification,
  VectorSourceSpecification,
} from 'maplibre-gl';

export const LAYERS = ['LuminarySupports', 'LuminaryModules', 'Cabinets', 'Controllers'] as const;
export type MapLayer = (typeof LAYERS)[number];
export const isMapLayer = (s: unknown): s is MapLayer => LAYERS.includes(s as MapLayer);

export const FILTERS = ['all', 'unused', 'broken'] as const;
export type MapFilter = (typeof FILTERS)[number];

export const OSM_TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEVICES = 'devices';
export const BASE = 'base';
export const FONT = 'DejaVu Sans Mono Bold';
export const FONT_URL = `${location.origin}/fonts/DejaVuSansMono-Bold.ttf`;

// spec §4 colours; unknown a lighter grey than off, so the two stay apart on the map
export const COLOURS = { ...STATUS_COLOURS, unknown: '#c6cbd0' } as const;
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
  12,
  small,
  18,
  large,
];

/** How each device type looks, so types stay apart without sprites: size, and the ring around the dot. */
const LOOK: Record<MapLayer, { radius: [number, number]; stroke: string; strokeWidth: number }> = {
  LuminarySupports: { radius: [3, 7], stroke: '#ffffff', strokeWidth: 1 },
  LuminaryModules: { radius: [2, 4], stroke: '#ffffff', strokeWidth: 0.5 },
  Cabinets: { radius: [5, 10], stroke: '#1f2d3d', strokeWidth: 2.5 },
  Controllers: { radius: [4, 8], stroke: '#5b2a86', strokeWidth: 2.5 },
};

export const layerIds = (layer: MapLayer) => ({
  points: `${layer}-points`,
  clusters: `${layer}-clusters`,
  counts: `${layer}-counts`,
});

function deviceLayers(layer: MapLayer): LayerSpecification[] {
  const ids = layerIds(layer);
  const look = LOOK[layer];
  const common = { source: DEVICES, 'source-layer': layer } as const;
  // a reserve controller is a hollow ring in its status colour, an active one a filled dot
  const reserve: ExpressionSpecification = ['==', ['get', 'active'], 0];
  return [
    {
      id: ids.clusters,
      type: 'circle',
      ...common,
      filter: isCluster,
      paint: {
        'circle-color': colour,
        'circle-opacity': 0.85,
        'circle-radius': ['step', ['get', 'count'], 11, 10, 14, 100, 18, 1000, 22, 10000, 27],
        'circle-stroke-color': look.stroke,
        'circle-stroke-width': Math.max(1.5, look.strokeWidth),
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
        'text-size': 11,
        'text-allow-overlap': true,
      },
      paint: { 'text-color': '#ffffff', 'text-halo-color': 'rgba(0,0,0,0.55)', 'text-halo-width': 1 },
    },
    {
      id: ids.points,
      type: 'circle',
      ...common,
      filter: notCluster,
      paint: {
        'circle-color': layer === 'Controllers' ? ['case', reserve, '#ffffff', colour] : colour,
        'circle-radius': zoomed(...look.radius),
        'circle-stroke-color': layer === 'Controllers' ? ['case', reserve, colour, look.stroke] : look.stroke,
        'circle-stroke-width':
          layer === 'Controllers' ? ['case', reserve, 3, look.strokeWidth] : look.strokeWidth,
      },
    },
  ];
}

export function tileUrl(filter: MapFilter, version: string): string {
  return `${location.origin}/api/v2/map/tiles/{z}/{x}/{y}.pbf?filter=${filter}&v=${version}`;
}

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
      { id: 'background', type: 'background', paint: { 'background-color': '#eef1f4' } },
      // shown once its server answers (see useDeviceMap)
      { id: BASE, type: 'raster', source: BASE, layout: { visibility: 'none' } },
    ],
  };
}

export const deviceSource = (filter: MapFilter, version: string): VectorSourceSpecification => ({
  type: 'vector',
  tiles: [tileUrl(filter, version)],
  maxzoom: 18,
});

// each type is drawn above the bigger marker it may share a spot with (module on support, controller in cabinet)
export const DEVICE_LAYERS = LAYERS.flatMap((layer) => deviceLayers(layer).map((spec) => ({ layer, spec })));
