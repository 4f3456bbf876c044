import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** One value in COPY's text format. */
function copyValue(v: unknown): string {
  if (v == null) return '\\N';
  if (typeof v === 'string') return v.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c]!);
  if (v instanceof Date) return v.toISOString();
  return String(v);
}

/** Rows as COPY's text format: a line per row, a tab between values. */
export function copyText<T>(rows: readonly T[], columns: readonly (keyof T)[]): string {
  let text = '';
  for (const row of rows) {
    for (let c = 0; c < columns.length; c++) text += (c ? '\t' : '') + copyValue(row[columns[c]!]);
    text += '\n';
  }
  return text;
}

/**
 * Appends rows with COPY FROM STDIN on one pooled connection: one stream instead of statements whose every
 * parameter the server parses, several times faster for the reading history.
 */
export async function copyInto<T>(
  pool: pg.Pool,
  table: string,
  columns: readonly (keyof T & string)[],
  rows: readonly T[],
): Promise<void> {
  const client = await pool.connect();
  try {
    const sink = client.query(copyFrom(`copy ${table} (${columns.join(', ')}) from stdin`));
    await pipeline(Readable.from([copyText(rows, columns)]), sink);
  } finally {
    client.release();
  }
}
