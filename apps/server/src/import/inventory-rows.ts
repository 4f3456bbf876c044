import Papa from 'papaparse';
import type { SourceFormat } from '@sl/domain';
import { featureTexts } from './geojson-features.ts';

/** One row of an inventory file: its columns as text, and its position when the file is GeoJSON. */
export type SourceRow = { values: Record<string, string>; lon?: number; lat?: number };

type Feature = {
  properties?: Record<string, unknown> | null;
  geometry?: { type?: string; coordinates?: unknown };
};

const text = (v: unknown) => (v == null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/**
 * The rows of a CSV (first line the column names) or of a GeoJSON FeatureCollection of points; undefined when
 * there are more than `max`. A file is read a row (a feature) at a time and stops there.
 */
export function readRows(format: SourceFormat, content: string, max: number): SourceRow[] | undefined {
  if (format === 'csv') {
    const rows: SourceRow[] = [];
    let tooMany = false;
    Papa.parse<Record<string, string>>(content, {
      header: true,
      skipEmptyLines: 'greedy',
      // a megabyte at a time: given the whole text at once, papaparse splits all of it into lines first
      chunkSize: 1 << 20,
      step: (row, parser) => {
        if (rows.length < max) return void rows.push({ values: row.data });
        tooMany = true;
        parser.abort();
      },
    });
    return tooMany ? undefined : rows;
  }
  const rows: SourceRow[] = [];
  for (const text of featureTexts(content)) {
    if (rows.length >= max) return undefined;
    const f = JSON.parse(text) as Feature | null;
    if (!f || typeof f !== 'object') throw new Error('not a feature');
    rows.push(rowOf(f));
  }
  return rows;
}

function rowOf(f: Feature): SourceRow {
  const values = Object.fromEntries(Object.entries(f.properties ?? {}).map(([k, v]) => [k, text(v)]));
  const c = f.geometry?.type === 'Point' ? (f.geometry.coordinates as unknown[]) : undefined;
  const [lon, lat] = Array.isArray(c) ? c : [];
  return {
    values,
    ...(typeof lon === 'number' && { lon }),
    ...(typeof lat === 'number' && { lat }),
  };
}
