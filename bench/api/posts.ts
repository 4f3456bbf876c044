import { readFileSync } from 'node:fs';
import path from 'node:path';

// Lamp posts for the load test: the real Cambridge positions, the city copied side by side on a grid (a
// metropolis of Cambridges) until the wanted count is reached, so a million posts have a real city's density and
// spread rather than piling up on one spot. Everything is deterministic, so every run loads the same rows.

export const INVENTORIES = path.resolve(import.meta.dirname, '../../inventories');

export type BasePost = { uid: string; street: string | null; socketCount: number; lon: number; lat: number };
export type Post = BasePost & { cabinet: number };

type CambridgeFeature = {
  geometry: { coordinates: [number, number] };
  properties: { PoleID: string; StreetName?: string | null; StreetSuffix?: string | null; NumLamps?: number };
};

export function readCambridge(): BasePost[] {
  const file = path.join(INVENTORIES, 'cambridge_ma_street_lights.geojson');
  const { features } = JSON.parse(readFileSync(file, 'utf8')) as { features: CambridgeFeature[] };
  return features.map(({ geometry, properties: p }) => ({
    uid: `CAM-${p.PoleID}`,
    street: [p.StreetName, p.StreetSuffix].filter(Boolean).join(' ') || null,
    socketCount: Math.min(Math.max(p.NumLamps ?? 1, 1), 16),
    lon: geometry.coordinates[0],
    lat: geometry.coordinates[1],
  }));
}

// Sorting into ~550 m latitude bands, then by longitude, keeps each run of consecutive posts close together,
// so a cabinet that feeds a block of consecutive posts feeds a neighbourhood.
const BAND = 0.005;
const byBand = (a: BasePost, b: BasePost) =>
  Math.floor(a.lat / BAND) - Math.floor(b.lat / BAND) || a.lon - b.lon;

/** `count` posts in blocks of `perCabinet`; `cabinet` is the block's index (0-based). */
export function* posts(count: number, perCabinet: number): Generator<Post> {
  const base = readCambridge().sort(byBand);
  const tile = extent(base);
  const perRow = Math.ceil(Math.sqrt(count / base.length));
  for (let i = 0; i < count; i++) {
    const replica = Math.floor(i / base.length);
    const b = base[i % base.length]!;
    yield {
      ...b,
      uid: replica === 0 ? b.uid : `${b.uid}.r${replica}`,
      lon: b.lon + (replica % perRow) * tile.lon,
      lat: b.lat + Math.floor(replica / perRow) * tile.lat,
      cabinet: Math.floor(i / perCabinet),
    };
  }
}

/** The span of the city, a little more so that copies side by side do not touch. */
function extent(base: BasePost[]) {
  const lons = base.map((b) => b.lon);
  const lats = base.map((b) => b.lat);
  return {
    lon: (Math.max(...lons) - Math.min(...lons)) * 1.05,
    lat: (Math.max(...lats) - Math.min(...lats)) * 1.05,
  };
}
