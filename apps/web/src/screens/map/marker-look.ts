import type { Mark } from '@sl/domain/marker-states';
import { STATUS_COLOURS, statusMeaning } from '@sl/domain/status';

// How markers look, for both the MapLibre style and the first view drawn before MapLibre is ready. This module
// stays small: the first view loads it with the console's first script.

export const LAYERS = ['LuminarySupports', 'LuminaryModules', 'Cabinets', 'Controllers'] as const;
export type MapLayer = (typeof LAYERS)[number];

export const FILTERS = ['all', 'unused', 'broken'] as const;
export type MapFilter = (typeof FILTERS)[number];

// spec §4 colours; unknown a lighter grey than off, so the two stay apart on the map
export const COLOURS = { ...STATUS_COLOURS, unknown: '#c6cbd0' } as const;
export const colourOf = (status: number) => COLOURS[statusMeaning(status)];

/** How each device type looks, so types stay apart without sprites: size, and the ring around the dot. */
export const LOOK: Record<MapLayer, { radius: [number, number]; stroke: string; strokeWidth: number }> = {
  LuminarySupports: { radius: [3, 7], stroke: '#ffffff', strokeWidth: 1 },
  LuminaryModules: { radius: [2, 4], stroke: '#ffffff', strokeWidth: 0.5 },
  Cabinets: { radius: [5, 10], stroke: '#1f2d3d', strokeWidth: 2.5 },
  Controllers: { radius: [4, 8], stroke: '#5b2a86', strokeWidth: 2.5 },
};
/** A single marker's radius grows linearly between these zooms. */
export const POINT_ZOOMS: [number, number] = [12, 18];
export const pointRadius = (layer: MapLayer, zoom: number) => {
  const [small, large] = LOOK[layer].radius;
  const t = Math.max(0, Math.min(1, (zoom - POINT_ZOOMS[0]) / (POINT_ZOOMS[1] - POINT_ZOOMS[0])));
  return small + t * (large - small);
};

/** A cluster's radius: the first, then the next from each count on. */
export const CLUSTER_RADII = {
  first: 11,
  from: [
    [10, 14],
    [100, 18],
    [1000, 22],
    [10000, 27],
  ],
} as const;
export const clusterRadius = (count: number) =>
  CLUSTER_RADII.from.reduce<number>((r, [from, radius]) => (count >= from ? radius : r), CLUSTER_RADII.first);
export const CLUSTER_OPACITY = 0.85;
export const clusterStrokeWidth = (layer: MapLayer) => Math.max(1.5, LOOK[layer].strokeWidth);
/** A reserve controller is a hollow ring in its status colour, an active one a filled dot. */
export const RESERVE_RING_WIDTH = 3;
const RING_WIDTH = 2;

/** How a marker state of spec §4 shows (MARKS): hollow in its status colour, or ringed; undefined for a plain dot. */
export function markLook(m: Mark): { hollow: boolean; ring?: string; width: number } | undefined {
  if ('hollow' in m) return { hollow: true, width: RESERVE_RING_WIDTH };
  if ('ring' in m) return { hollow: false, ring: m.ring, width: RING_WIDTH };
  return undefined;
}
export const COUNT_TEXT = { size: 11, colour: '#ffffff', halo: 'rgba(0,0,0,0.55)', haloWidth: 1 } as const;
export const MAP_BACKGROUND = '#eef1f4';
