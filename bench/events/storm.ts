import type pg from 'pg';

// The storm's measures: lists timed while it runs, and the events it opened as the database holds them.

export type Latency = { requests: number; p50: number; p99: number; errors: number };

/** Requests `paths` round-robin from `workers` loops until `stop()` says so; each latency in ms. */
export function timeLists(serverUrl: string, headers: Record<string, string>, paths: string[], workers = 2) {
  const samples = new Map<string, number[]>(paths.map((p) => [p, []]));
  let errors = 0;
  let stopped = false;
  let next = 0;
  const loop = async () => {
    while (!stopped) {
      const path = paths[next++ % paths.length]!;
      const t0 = performance.now();
      const res = await fetch(serverUrl + path, { headers }).catch(() => undefined);
      if (!res?.ok) errors += 1;
      await res?.arrayBuffer();
      samples.get(path)!.push(performance.now() - t0);
    }
  };
  const running = Promise.all(Array.from({ length: workers }, loop));
  return {
    async stop(): Promise<Record<string, Latency>> {
      stopped = true;
      await running;
      return Object.fromEntries(
        [...samples].map(([path, ms]) => [path, { ...percentiles(ms), requests: ms.length, errors }]),
      );
    },
  };
}

function percentiles(ms: number[]) {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { p50: at(0.5), p99: at(0.99) };
}

export type Opened = {
  open: number;
  /** (type, device) pairs with more than one open event */
  duplicated: number;
  /** rows of MODULE_NOT_RESPONDING, open or not, and how many devices they name */
  rows: number;
  devices: number;
  /** from the storm's start to the first and to the last event opened, seconds */
  firstSeconds: number | null;
  lastSeconds: number | null;
  byType: Record<string, number>;
};

export async function opened(pool: pg.Pool, since: Date): Promise<Opened> {
  const q = async <T>(text: string, params: unknown[] = []) => (await pool.query(text, params)).rows[0] as T;
  const mnr = await q<{ open: number; rows: number; devices: number; first: number; last: number }>(
    `select count(*) filter (where status = 'OPEN')::int as open, count(*)::int as rows,
      count(distinct device)::int as devices,
      extract(epoch from min(open_date) - $1::timestamptz)::float8 as first,
      extract(epoch from max(open_date) - $1::timestamptz)::float8 as last
    from important_events where type = 'MODULE_NOT_RESPONDING' and deleted_at is null`,
    [since],
  );
  const dup = await q<{ n: number }>(
    `select count(*)::int as n from (select 1 from important_events where status = 'OPEN' and deleted_at is null
      group by type, device having count(*) > 1) d`,
  );
  const types = await pool.query<{ type: string; n: number }>(
    `select type, count(*)::int as n from important_events where deleted_at is null group by type order by type`,
  );
  return {
    open: mnr.open,
    duplicated: dup.n,
    rows: mnr.rows,
    devices: mnr.devices,
    firstSeconds: mnr.first,
    lastSeconds: mnr.last,
    byType: Object.fromEntries(types.rows.map((r) => [r.type, r.n])),
  };
}
