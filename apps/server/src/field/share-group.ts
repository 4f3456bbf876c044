import { createHash } from 'node:crypto';

/**
 * The shared subscription group of the server processes on one database: they share the readings among them, while
 * another installation on the same broker (another database) gets every reading too.
 */
export function shareGroupOf(databaseUrl: string): string {
  const u = new URL(databaseUrl);
  const where = `${u.hostname}:${u.port || 5432}${u.pathname}`;
  return `sl-ingest-${createHash('sha256').update(where).digest('hex').slice(0, 12)}`;
}
