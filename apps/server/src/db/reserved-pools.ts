import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { DETECTION_SETTINGS } from '../events/detection-settings.ts';

// Work that must go on whatever the requests hold gets connections of its own that no request can take. The
// ingest writes at most six statements at once (three writers, two chunks each); health and sign-in (with the
// session checks, once a second per session) are short statements.
const INGEST_CONNECTIONS = 6;
const SERVICE_CONNECTIONS = 3;

/** A pool on the PostgreSQL server at `url`; a client waits at most `waitMs` for a connection when given. */
export function newPool(
  url: string,
  max: number,
  waitMs?: number,
  settings: Record<string, string> = {},
): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    ...(waitMs !== undefined && { connectionTimeoutMillis: waitMs }),
    // a query of a process that died (killed in a restart) stops within seconds instead of running to its end
    // beside the new process's (PostgreSQL 14 on)
    options: Object.entries({ client_connection_check_interval: '2000', ...settings })
      .map(([name, value]) => `-c ${name}=${value}`)
      .join(' '),
  });
  // an idle connection the server dropped (restart, terminated backend) is discarded by the pool and replaced on
  // the next query; unhandled, its error event would end the process
  pool.on('error', () => {});
  return pool;
}

/**
 * The reserved pools: `ingest` for the field's writes, `service` for health, sign-in and session checks, and
 * `detector` for the event detector, its planner settings on the connection (it runs one statement at a time).
 */
export function openReserved(url: string) {
  const ingest = newPool(url, INGEST_CONNECTIONS);
  const service = newPool(url, SERVICE_CONNECTIONS);
  const detector = newPool(url, 1, undefined, DETECTION_SETTINGS);
  return {
    reserved: {
      ingest: drizzle({ client: ingest }),
      service: drizzle({ client: service }),
      detector: drizzle({ client: detector }),
    },
    end: async () => {
      await Promise.all([ingest.end(), service.end(), detector.end()]);
    },
  };
}
