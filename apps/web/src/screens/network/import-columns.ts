import Papa from 'papaparse';
import { ENTITIES, type Entity } from '@sl/domain';

export const IMPORTABLE = [
  'LuminarySupports',
  'Luminaries',
  'LuminaryModules',
  'Controllers',
  'Cabinets',
] as const;
export type Importable = (typeof IMPORTABLE)[number];
export type SourceFormat = 'csv' | 'geojson';

/** The format a file name says, GeoJSON for `.geojson`/`.json`, else CSV. */
export const formatOf = (fileName: string): SourceFormat =>
  /\.(geo)?json$/i.test(fileName) ? 'geojson' : 'csv';

/** The column names of a file: a CSV's first line, or the properties of a GeoJSON file's features. */
export function columnsOf(format: SourceFormat, content: string): string[] {
  if (format === 'csv') return Papa.parse<string[]>(content, { preview: 1 }).data[0]?.filter(Boolean) ?? [];
  const doc = JSON.parse(content) as { features?: { properties?: Record<string, unknown> | null }[] };
  const names = new Set<string>();
  for (const f of (doc.features ?? []).slice(0, 100))
    for (const k of Object.keys(f.properties ?? {})) names.add(k);
  return [...names];
}

/** The fields a file can fill: writable scalars and references; a CSV also gives the location's two coordinates. */
export function targetsOf(name: Importable, format: SourceFormat): string[] {
  const e = ENTITIES.find((x) => x.name === name) as Entity;
  const fields = Object.entries(e.fields)
    .filter(
      ([, f]) =>
        !f.readOnly && !f.writeOnly && ['text', 'int', 'float', 'bool', 'enum', 'ref'].includes(f.kind),
    )
    .filter(([n]) => n !== 'group')
    .map(([n]) => n);
  return format === 'csv' && e.fields.location ? [...fields, 'location.lon', 'location.lat'] : fields;
}

/** A first guess of the column for each field: the column of the same name, case and separators aside. */
export function guessColumns(targets: string[], columns: string[]): Record<string, string> {
  const plain = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
  const guesses: Record<string, string[]> = {
    'location.lon': ['lon', 'long', 'longitude', 'x'],
    'location.lat': ['lat', 'latitude', 'y'],
  };
  const out: Record<string, string> = {};
  for (const t of targets) {
    const names = guesses[t] ?? [plain(t)];
    const found = columns.find((c) => names.includes(plain(c)));
    if (found) out[t] = found;
  }
  return out;
}
