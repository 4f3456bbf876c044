import autocannon from 'autocannon';
import type { Probe } from './probe.ts';

export type Scenario = {
  name: string;
  /** The request as the doc shows it. */
  shows: string;
  base: string;
  headers: Record<string, string>;
  /** The bare Fastify server every other scenario is compared with. */
  baseline?: true;
  /** A fresh path for every request. */
  path: () => string;
};

export type Measured = {
  scenario: Scenario;
  p50: number;
  p99: number;
  rps: number;
  non2xx: number;
  errors: number;
  /** Full sequential scans of the posts table the run caused, counted in rows read (backlog included). */
  fullScans: number;
  drainMs: number;
};

export const TABLE = 'luminary_supports';

export const CONNECTIONS = 50;
export const WARMUP_S = 3;
export const DURATION_S = 10;

function fire(s: Scenario, duration: number) {
  return autocannon({
    url: s.base,
    connections: CONNECTIONS,
    duration,
    headers: s.headers,
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => ({ ...req, path: s.path() }),
      },
    ],
  });
}

/** A warm-up run that is thrown away, then the measured run; each waits for the database to go quiet after. */
export async function measure(s: Scenario, probe: Probe, tableRows: number): Promise<Measured> {
  await fire(s, WARMUP_S);
  await probe.settle();
  const before = await probe.seqRowsRead(TABLE);
  const r = await fire(s, DURATION_S);
  const drainMs = await probe.settle();
  const fullScans = ((await probe.seqRowsRead(TABLE)) - before) / tableRows;
  return {
    scenario: s,
    p50: r.latency.p50,
    p99: r.latency.p99,
    rps: r.requests.mean,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    fullScans,
    drainMs,
  };
}

/** A small seeded generator in [0, 1), so every run draws the same ids. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Cycles through a shuffled copy of `values`, so no value comes back before all the others have been used. */
export function shuffledCycle<T>(values: readonly T[], seed: number): () => T {
  const a = [...values];
  const random = seeded(seed);
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  let i = 0;
  return () => a[i++ % a.length]!;
}
