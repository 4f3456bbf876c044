import { readFileSync } from 'node:fs';
import path from 'node:path';

// Lamp posts for the load test: the real Cambridge and Boston positions, replicated with a small offset per
// replica until the wanted count is reached. Everything is deterministic, so every run loads the same rows.

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

export function readBoston(): BasePost[] {
  const lines = readFileSync(path.join(INVENTORIES, 'boston_ma_streetlights.csv'), 'utf8').trim().split('\n');
  return lines.slice(1).map((line, i) => {
    const [lat, lon] = line.split(',').map(Number);
    return { uid: `BOS-${i + 1}`, street: null, socketCount: 1, lon: lon!, lat: lat! };
  });
}

// Sorting into ~550 m latitude bands, then by longitude, keeps each run of consecutive posts close together,
// so a cabinet that feeds a block of consecutive posts feeds a neighbourhood.
const BAND = 0.005;
const byBand = (a: BasePost, b: BasePost) =>
  Math.floor(a.lat / BAND) - Math.floor(b.lat / BAND) || a.lon - b.lon;

/** `count` posts in blocks of `perCabinet`; `cabinet` is the block's index (0-based). */
export function* posts(count: number, perCabinet: number): Generator<Post> {
  const base = [...readCambridge(), ...readBoston()].sort(byBand);
  for (let i = 0; i < count; i++) {
    const replica = Math.floor(i / base.length);
    const b = base[i % base.length]!;
    yield {
      ...b,
      uid: replica === 0 ? b.uid : `${b.uid}.r${replica}`,
      // about 2.5 m east and 2.2 m north per replica
      lon: b.lon + replica * 0.00003,
      lat: b.lat + replica * 0.00002,
      cabinet: Math.floor(i / perCabinet),
    };
  }
}
