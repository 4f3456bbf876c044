import { statusMeaning, type StatusMeaning } from './status.ts';

// The map's marker states (spec §4), one table: what a marker's point carries decides its state, and the state
// decides its look. A lamp state is its status colour; the others mark a mounting or a controller beside it.

/** What a point on the map carries (the tiles' properties: 1 or 0 for a flag). */
export type MarkerPoint = {
  status: number;
  unused?: number;
  active?: number;
  freeSocket?: number;
  deletedLamp?: number;
};
export type MarkerLayer = 'LuminarySupports' | 'LuminaryModules' | 'Cabinets' | 'Controllers';
type Flag = Exclude<keyof MarkerPoint, 'status'>;

/**
 * The states that mark a point beyond its status colour, first match wins: the point's layer, the flag and the
 * value that means it, and the look: hollow (a ring in its status colour) or a ring of its own colour.
 */
export const MARKS = [
  { state: 'UNUSED_SUPPORT', layer: 'LuminarySupports', flag: 'unused', is: 1, hollow: true },
  { state: 'LAMP_DELETED', layer: 'LuminarySupports', flag: 'deletedLamp', is: 1, ring: '#212121' },
  { state: 'UNUSED_SOCKET', layer: 'LuminarySupports', flag: 'freeSocket', is: 1, ring: '#1e88e5' },
  { state: 'CONTROLLER_OFF', layer: 'Controllers', flag: 'active', is: 0, hollow: true },
  { state: 'CONTROLLER_ON', layer: 'Controllers', flag: 'active', is: 1 },
] as const satisfies readonly {
  state: string;
  layer: MarkerLayer;
  flag: Flag;
  is: 0 | 1;
  hollow?: boolean;
  ring?: string;
}[];
export type Mark = (typeof MARKS)[number];

/** A point's status colour as its lamp state; offline has no lamp state of its own and shows as unknown. */
export const LAMP_STATES = {
  on: 'LAMP_ON',
  off: 'LAMP_OFF',
  broken: 'LAMP_BROKEN',
  offline: 'LAMP_UNKNOWN',
  unknown: 'LAMP_UNKNOWN',
} as const satisfies Record<StatusMeaning, string>;

export const MARKER_STATES = [
  ...new Set([...Object.values(LAMP_STATES), ...MARKS.map((m) => m.state)]),
] as const;
export type MarkerState = Mark['state'] | (typeof LAMP_STATES)[StatusMeaning];

/** The mark of a point of `layer`, if any: the first of MARKS it matches. */
export const markOf = (layer: MarkerLayer, point: MarkerPoint): Mark | undefined =>
  MARKS.find((m) => m.layer === layer && (point[m.flag] ?? 0) === m.is);

/** A point's marker state: its mark, else its lamp state. */
export const markerState = (layer: MarkerLayer, point: MarkerPoint): MarkerState =>
  markOf(layer, point)?.state ?? LAMP_STATES[statusMeaning(point.status)];
