import Papa from 'papaparse';
import type { SourceFormat } from '@sl/domain';

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
