import pg from 'pg';
import { client, type Client } from '../../apps/server/test/harness.ts';
import { fromAddress } from './from-address.ts';
import { sleep, type Finding, type Review } from './review-kit.ts';

const EXPORT = '/api/v2/LuminarySupports/export?limit=1000000';
const UNPAGED = '/api/v1/LuminarySupports?limit=1000000&type=all';
/** a probe unanswered this long counts as the server frozen */
const FROZEN_MS = 30_000;
const SLOW_MS = 2000;
const HOLD_MS = 20_000;

type Opened = { status: number; retryAfter: number; rest: () => Promise<void> };
const cookie = (c: Client) => [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

/** Opens `path` as `c`; `paused`: reads the first chunk, then nothing until `rest` reads it whole. */
async function open(url: string, c: Client, path: string, paused: boolean): Promise<Opened> {
  const res = await fetch(url + path, { headers: { cookie: cookie(c) } });
  const retryAfter = Number(res.headers.get('retry-after') ?? 0);
  if (res.status !== 200) {
    await res.text();
    return { status: res.status, retryAfter, rest: async () => {} };
  }
  const reader = res.body!.getReader();
  const rest = async () => {
    for (;;) if ((await reader.read()).done) return;
  };
  if (!paused) {
    await rest().catch(() => {});
    return { status: 200, retryAfter, rest: async () => {} };
  }
  await reader.read();
  return { status: 200, retryAfter, rest: () => reader.cancel() };
}

type Probe = 'health' | 'page' | 'sign-in';
type Seen = Record<Probe, { n: number; slow: number; frozen: number; failed: number; slowest: number }>;

/**
 * /health, a page and a sign-in, each in turn every half second while `busy` runs. An answer later than SLOW_MS is
 * slow (the stream-limits test's bound); one not given within FROZEN_MS counts as the server frozen.
 */
async function probing<T>(url: string, r: Review, busy: Promise<T>) {
  let done = false;
  const seen = Object.fromEntries(
    (['health', 'page', 'sign-in'] as const).map((k) => [
      k,
      { n: 0, slow: 0, frozen: 0, failed: 0, slowest: 0 },
    ]),
  ) as Seen;
  const probe = async (kind: Probe, ask: () => Promise<{ status: number }>) => {
    const started = Date.now();
    const answer = await Promise.race([
      ask().catch(() => ({ status: 0 })),
      sleep(FROZEN_MS).then(() => null),
    ]);
    const s = seen[kind];
    const ms = Date.now() - started;
    s.n += 1;
    s.slowest = Math.max(s.slowest, ms);
    if (ms > SLOW_MS) s.slow += 1;
    if (!answer) s.frozen += 1;
    else if (answer.status !== 200) s.failed += 1;
  };
  const loop = (async () => {
    for (let i = 0; !done; i++) {
      await probe('health', () => client(url).call('GET', '/health'));
      await probe('page', () => r.adminA.call('GET', '/api/v1/LuminarySupports?limit=10'));
      // a sign-in every 4 s, from an address of its own (20 a minute are allowed per address)
      if (i % 8 === 0)
        await probe('sign-in', () =>
          fromAddress(url, '127.0.0.40', 'POST', '/auth/sign-in', {
            login: 'review-admin-1',
            password: 'Lamps-2026-review',
          }),
        );
      await sleep(500);
    }
  })();
  const result = await busy;
  done = true;
  await loop;
  return { result, seen };
}

const frozen = (seen: Seen) => Object.values(seen).reduce((n, s) => n + s.frozen + s.failed, 0);
const described = (seen: Seen) =>
  Object.entries(seen)
    .map(
      ([k, s]) =>
        `${k} ${s.slow}/${s.n} over ${SLOW_MS / 1000} s (slowest ${(s.slowest / 1000).toFixed(1)} s)`,
    )
    .join(', ');

const tally = (opened: Opened[]) => {
  const by = new Map<number, number>();
  for (const o of opened) by.set(o.status, (by.get(o.status) ?? 0) + 1);
  const retry = opened.find((o) => o.status === 429)?.retryAfter;
  return `${[...by].map(([s, n]) => `${n} × ${s}`).join(', ')}${retry ? ` (Retry-After ${retry})` : ''}`;
};

/** Seconds until `c` may open a stream again once its streams' clients went (an export of no row, read whole). */
async function freed(url: string, c: Client) {
  const started = Date.now();
  while (Date.now() - started < 120_000) {
    const o = await open(url, c, `${EXPORT}&uid=no-such-support`, false);
    if (o.status === 200) return (Date.now() - started) / 1000;
    await sleep(1000);
  }
  return Infinity;
}

async function idleInTransaction(databaseUrl: string | undefined) {
  if (!databaseUrl) return 0;
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  // the fewest of three looks a second apart: the demo's own writes are idle in a transaction for a moment
  let fewest: string[] | undefined;
  for (let i = 0; i < 3; i++) {
    const { rows } = await c.query<{ q: string }>(
      `select left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 100) as q from pg_stat_activity
       where datname = current_database() and state like 'idle in transaction%' and pid <> pg_backend_pid()`,
    );
    if (!fewest || rows.length < fewest.length) fewest = rows.map((r) => r.q);
    await sleep(1000);
  }
  await c.end();
  for (const q of fewest!) console.error(`  idle in transaction, last statement: ${q}`);
  return fewest!.length;
}

/**
 * Issue 30 item 1: ten concurrent exports as the password-free demo user (read whole, then held unread), and twelve
 * unread unpaged lists, while /health, a page and a sign-in are asked for: none may freeze, no connection may be
 * left idle in a transaction, and the server still answers afterwards.
 */
export async function demoStreams(r: Review, url: string, databaseUrl?: string): Promise<Finding[]> {
  const demo = client(url);
  let signed = await demo.call('GET', '/auth/sign-test');
  while (signed.status === 429) {
    await sleep(5000);
    signed = await demo.call('GET', '/auth/sign-test');
  }
  if (signed.status !== 200) throw new Error(`demo sign-in: ${signed.status} ${JSON.stringify(signed.body)}`);
  const rounds: [string, string, boolean, number][] = [
    ['10 concurrent exports as the demo user, read whole', EXPORT, false, 10],
    ['10 concurrent exports as the demo user, held unread', EXPORT, true, 10],
    ['12 unpaged lists as the demo user, held unread', UNPAGED, true, 12],
  ];
  // the same probes with nothing else asked, for what the loaded machine gives at rest
  const rest = await probing(url, r, sleep(HOLD_MS));
  const findings: Finding[] = [
    {
      attack: 'the same probes at rest, for comparison',
      attempts: 0,
      through: frozen(rest.seen),
      seen: described(rest.seen),
    },
  ];
  for (const [attack, path, paused, n] of rounds) {
    const { result: opened, seen } = await probing(
      url,
      r,
      (async () => {
        const all = await Promise.all(Array.from({ length: n }, () => open(url, demo, path, paused)));
        if (paused) await sleep(HOLD_MS);
        await Promise.all(all.map((o) => o.rest().catch(() => {})));
        return all;
      })(),
    );
    const free = await freed(url, demo);
    const idle = await idleInTransaction(databaseUrl);
    const after = await Promise.race([client(url).call('GET', '/health'), sleep(FROZEN_MS).then(() => null)]);
    const fivehundreds = opened.filter((o) => o.status >= 500).length;
    findings.push({
      attack,
      attempts: n,
      through:
        frozen(seen) + fivehundreds + (idle ? 1 : 0) + (after?.status === 200 ? 0 : 1) + (free > 90 ? 1 : 0),
      seen:
        `${tally(opened)}; probes: ${described(seen)}, ${frozen(seen)} frozen or failed; ` +
        `places free again ${free.toFixed(0)} s after the clients went; ` +
        `${databaseUrl ? `${idle} idle in transaction after; ` : ''}/health after: ${after?.status ?? 'no answer'}`,
    });
  }
  return findings;
}
