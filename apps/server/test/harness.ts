import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp, type AppDeps, type RouteEntry } from '../src/app.ts';
import type { ProgramService } from '../src/lighting/program-service.ts';
import type { ScheduleSender } from '../src/schedule/schedule-sender.ts';
import { openDatabase, type Db } from '../src/db/connect.ts';
import { DeviceSecrets } from '../src/field/device-secrets.ts';
import { startBroker, type Broker } from '../src/plugins/broker.ts';
import { pgliteImage, POSTGRES_TEMPLATE } from './run-database.ts';

// Starts the real server on a free port against PGlite (in memory), or, when DATABASE_URL is set, against a
// fresh database created on that PostgreSQL server and dropped afterwards. Clients sign in for real: they keep
// the session cookie and send the CSRF header as the console does.

export const backend = process.env.DATABASE_URL ? 'postgres' : 'pglite';
export const ADMIN_PASSWORD = 'Admin-pass-2026';

export type Answer = { status: number; body: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

export type Client = {
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Answer>;
  raw(method: string, path: string, body?: string, headers?: Record<string, string>): Promise<Answer>;
  cookies: Map<string, string>;
};

export type TestServer = Client & {
  url: string;
  brokerUrl: string;
  routes: RouteEntry[];
  /** the PostgreSQL database this server uses (undefined on PGlite) */
  databaseUrl?: string;
  /** a client with no session */
  anonymous(): Client;
  signIn(login: string, password: string): Promise<Client>;
  demo(): Promise<Client>;
  /** the signed-in administrator of a group made for the test, which holds nothing else */
  adminOfNewGroup(name: string): Promise<Client>;
  /** a role that grants nothing beyond the user's type, made on first ask: every user needs a role (spec §5) */
  plainRole(): Promise<number>;
  /** a query on the server's own database, for what the API never shows */
  sql<T>(text: string, params?: unknown[]): Promise<T[]>;
  /** the server's database, for seeding what the API does not create */
  db: Db;
  /** the broker the server runs (or is a client of) */
  broker: Broker;
  /** issues broker secrets for the controllers with these MACs, as commissioning does: secret by MAC (topic form) */
  commission(macs: string[]): Promise<Record<string, string>>;
  /** its event detection, for a test that runs passes of its own */
  events: FastifyInstance['events'];
  /** its maintenance sweep (ordering rules, repairs proved by the night), for a test that runs passes of its own */
  maintenance: FastifyInstance['maintenance'];
  /** its crews' test switches, for a test that returns them once it moved the clock */
  testSwitches: FastifyInstance['testSwitches'];
  /** its sweep for silent devices, for a test that runs sweeps of its own */
  offline: FastifyInstance['offline'];
  /** the lighting programs it sends (when started with `programs`) */
  programs?: ProgramService;
  /** the power schedules it sends (when started with `programs`) */
  schedules?: ScheduleSender;
  close(): Promise<void>;
};

/** A database of its own on that server: a copy of the run's migrated template where there is one, else empty. */
export async function freshDatabase(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `sl_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const template = process.env[POSTGRES_TEMPLATE];
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export function client(url: string): Client {
  const cookies = new Map<string, string>();
  const raw = async (method: string, path: string, body?: string, headers: Record<string, string> = {}) => {
    const h: Record<string, string> = { ...(body !== undefined && { 'content-type': 'application/json' }) };
    if (cookies.size) h.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (cookies.has('csrf')) h['x-csrf-token'] = cookies.get('csrf')!;
    const res = await fetch(url + path, { method, headers: { ...h, ...headers }, body });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [k, v] = pair!.split('=');
      if (v) cookies.set(k!, v);
      else cookies.delete(k!);
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON (HTML pages); the text is the body
    }
    return { status: res.status, body: parsed as Answer['body'] };
  };
  return {
    cookies,
    raw,
    call: (method, path, body, headers) =>
      raw(method, path, body === undefined ? undefined : JSON.stringify(body), headers),
  };
}

export async function startServer(
  config: Partial<AppDeps['config']> = {},
  opts: {
    databaseUrl?: string;
    mqttUrl?: string;
    mqttUsername?: string;
    mqttPassword?: string;
    /** send lighting programs to the field (off unless a test is about them: they set the lamps' levels) */
    programs?: AppDeps['programs'];
    clock?: AppDeps['clock'];
    /** the server's log lines (JSON) at warn and above are pushed here; logLevel goes to warn unless given */
    log?: string[];
    /** the PostgreSQL pool for requests: its size and the longest a request waits for a connection */
    pool?: { size?: number; waitMs?: number };
  } = {},
): Promise<TestServer> {
  // a second server on the same database (two processes' worth of pools and listeners) when databaseUrl is given
  const fresh = opts.databaseUrl
    ? undefined
    : process.env.DATABASE_URL
      ? await freshDatabase(process.env.DATABASE_URL)
      : undefined;
  const databaseUrl = opts.databaseUrl ?? fresh?.url;
  const database = await openDatabase({
    databaseUrl,
    image: databaseUrl ? undefined : await pgliteImage(),
    poolSize: opts.pool?.size,
    poolWaitMs: opts.pool?.waitMs,
  });
  const secrets = new DeviceSecrets(database.db);
  const broker = await startBroker({
    mqttUrl: opts.mqttUrl,
    mqttUsername: opts.mqttUsername,
    mqttPassword: opts.mqttPassword,
    mqttPort: 0,
    host: '127.0.0.1',
    devices: secrets,
  });
  const app = await buildApp({
    config: {
      webDist: '/nonexistent',
      logLevel: 'silent',
      logFormat: 'json',
      // a controller's answer within this: 800 ms once ran out on CI's loaded machine (a lamp dimmed on PGlite)
      commandTimeoutMs: 3000,
      sessionTtlMinutes: 60,
      signInPerMinute: 100_000,
      adminPassword: ADMIN_PASSWORD,
      demo: true,
      ...(opts.log && { logLevel: 'warn' }),
      ...config,
    },
    ...(opts.log && { logStream: { write: (line: string) => void opts.log!.push(line) } }),
    database,
    broker,
    secrets,
    programs: opts.programs ?? false,
    clock: opts.clock,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const signIn = async (login: string, password: string) => {
    const c = client(url);
    const res = await c.call('POST', '/auth/sign-in', { login, password });
    if (res.status !== 200) throw new Error(`sign-in ${login}: ${res.status} ${JSON.stringify(res.body)}`);
    return c;
  };
  const admin = await signIn('admin', ADMIN_PASSWORD);
  let plain: Promise<number> | undefined;
  const plainRole = () =>
    (plain ??= admin
      .call('POST', '/api/v1/Roles', { name: 'No rights of its own', accessRights: {} })
      .then((res) => res.body._id as number));
  return {
    ...admin,
    url,
    brokerUrl: broker.url,
    databaseUrl: opts.databaseUrl ?? fresh?.url,
    routes: app.routeTable,
    anonymous: () => client(url),
    signIn,
    demo: async () => {
      const c = client(url);
      const res = await c.call('GET', '/auth/sign-test');
      if (res.status !== 200) throw new Error(`demo sign-in: ${JSON.stringify(res.body)}`);
      return c;
    },
    adminOfNewGroup: async (name: string) => {
      const group = (await admin.call('POST', '/api/v1/Groups', { name })).body._id;
      const login = `admin-of-${group}`;
      const role = await plainRole();
      const email = `${login}@example.org`;
      await admin.call('POST', '/api/v1/Users', {
        login,
        password: 'Lamps-2026',
        group,
        type: 'GROUPADMIN',
        role,
        email,
      });
      return signIn(login, 'Lamps-2026');
    },
    plainRole,
    db: database.db,
    broker,
    programs: app.programs,
    schedules: app.schedules,
    events: app.events,
    maintenance: app.maintenance,
    testSwitches: app.testSwitches,
    offline: app.offline,
    commission: async (macs) => Object.fromEntries(await secrets.issueByMac(macs)),
    sql: async <T>(text: string, params: unknown[] = []) => {
      const client = (
        database.db as unknown as { $client: { query(t: string, p: unknown[]): Promise<{ rows: T[] }> } }
      ).$client;
      return (await client.query(text, params)).rows;
    },
    close: async () => {
      await app.close();
      await broker.close();
      await database.close();
      await fresh?.drop();
    },
  };
}
