import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cambridgePoles } from './cambridge.ts';
import type { GeoFeature, Pole } from './pole.ts';

export const CITIES = {
  cambridge: {
    file: 'cambridge_ma_street_lights.geojson',
    code: 'CAM',
    network: 1,
    read: cambridgePoles,
    timeZone: 'America/New_York',
  },
} as const;
export type CityName = keyof typeof CITIES;
export const isCityName = (s: string): s is CityName => Object.hasOwn(CITIES, s);

export const INVENTORY_DIR = fileURLToPath(new URL('../../../../inventories/', import.meta.url));

export async function readPoles(city: CityName, dir = INVENTORY_DIR): Promise<Pole[]> {
  const { file, read } = CITIES[city];
  const json = JSON.parse(await readFile(join(dir, file), 'utf8')) as { features: GeoFeature[] };
  return read(json.features.filter((f) => f.geometry?.type === 'Point' && f.properties));
}
