import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/** Streams `lines` (tab-separated rows, each ending in a newline) into a table with the COPY `statement`. */
export async function copy(pool: pg.Pool, statement: string, lines: Iterable<string>) {
  const client = await pool.connect();
  try {
    await pipeline(Readable.from(chunked(lines)), client.query(copyFrom(statement)));
  } finally {
    client.release();
  }
}

/** Chunks of about 64 kB of `lines`: one stream write per line would cost more than making the lines. */
function* chunked(lines: Iterable<string>): Generator<string> {
  let chunk = '';
  for (const line of lines) {
    chunk += line;
    if (chunk.length > 1 << 16) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}
