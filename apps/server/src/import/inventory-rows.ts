import Papa from 'papaparse';
import type { SourceFormat } from '@sl/domain';

/** One row of an inventory file: its columns as text, and its position when the file is GeoJSON. */
export type SourceRow = { values: Record<string, string>; lon?: number; lat?: number };

type Feature = {
  properties?: Record<string, unknown> | null;
  geometry?: { type?: string; coordinates?: unknown };
};

const text = (v: unknown) => (v == null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** The rows of a CSV (first line the column names) or of a GeoJSON FeatureCollection of points. */
export function readRows(format: SourceFormat, content: string): SourceRow[] {
  if (format === 'csv') {
    const parsed = Papa.parse<Record<string, string>>(content, { header: true, skipEmptyLines: 'greedy' });
    return parsed.data.map((values) => ({ values }));
  }
  const doc = JSON.parse(content) as { features?: Feature[] };
  if (!Array.isArray(doc.features)) throw new Error('not a FeatureCollection');
  return doc.features.map((f) => {
    const values = Object.fromEntries(Object.entries(f.properties ?? {}).map(([k, v]) => [k, text(v)]));
    const c = f.geometry?.type === 'Point' ? (f.geometry.coordinates as unknown[]) : undefined;
    const [lon, lat] = Array.isArray(c) ? c : [];
    return {
      values,
      ...(typeof lon === 'number' && { lon }),
      ...(typeof lat === 'number' && { lat }),
    };
  });
}
