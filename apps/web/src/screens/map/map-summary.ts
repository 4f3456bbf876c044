import type { MapLayer } from './map-style.ts';

/** Where the caller's devices are and how many, as the map's summary call answers. */
export type Summary = {
  bounds: [number, number, number, number] | null;
  counts: Record<MapLayer, number>;
  version: number;
  /** moves when devices report status changes: tiles asked for again show them in the cluster colours */
  reported: number;
};

/** What the tiles' address carries, so that the map asks for them anew when the devices or their statuses move. */
export const tilesVersion = (s: Summary) => `${s.version}.${s.reported}`;
