import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { ADMIN_PASSWORD, freshDatabase } from './harness.ts';
import { pgliteImage } from './run-database.ts';

// The server as a process of its own, for what only a real process shows: being killed mid-command.

const ROOT = path.resolve(import.meta.dirname, '../../..');

export type ServerProcess = {
  url: string;
  /** its broker's address (the embedded one's port is its own choice) */
  brokerUrl: string;
  child: ChildProcess;
  /** the lines of its log so far (LOG_LEVEL: warn unless given) */
  log: string[];
  /** a Buffer or string is sent as it is, with `headers`; anything else as JSON */
  call(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** SIGKILL: no shutdown, nothing written on the way out */
  kill(): Promise<void>;
  stop(): Promise<void>;
};

/**
 * `startMs`: how long it may take to listen (a first start with the demo seeds its city first). A fresh PGlite
 * folder's migrations took over 60 s in a CI rehearsal on a slow machine with both lanes busy.
 */
export async function startServerProcess(
  env: Record<string, string>,
  { startMs = 120_000 } = {},
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      DEMO: '0',
      MQTT_PORT: '0',
      ADMIN_PASSWORD,
      ...env,
      PORT: '0',
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  // its log (LOG_LEVEL: warn and above unless given), kept for the tests that read it
  const log: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) =>
    log.push(...chunk.toString('utf8').split('\n').filter(Boolean)),
  );
  // the server binds a port of its own choosing and tells it, so no other test can take it in between
  const { port, broker } = await new Promise<{ port: number; broker: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in ${startMs / 1000} s`)), startMs);
    child.on('message', (message: { listening?: number; broker?: string }) => {
      if (message.listening === undefined) return;
      clearTimeout(timer);
      resolve({ port: message.listening, broker: message.broker ?? '' });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}`));
    });
  });
  return signIn(`http://127.0.0.1:${port}`, broker, child, log);
}

async function signIn(
  url: string,
  brokerUrl: string,
  child: ChildProcess,
  log: string[],
): Promise<ServerProcess> {
  const cookies = new Map<string, string>();
  const call = async (method: string, p: string, body?: unknown, extra: Record<string, string> = {}) => {
    const raw = typeof body === 'string' || Buffer.isBuffer(body);
    const headers: Record<string, string> = { ...extra };
    if (body !== undefined && !raw) headers['content-type'] = 'application/json';
    if (cookies.size) headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (cookies.has('csrf')) headers['x-csrf-token'] = cookies.get('csrf')!;
    const res = await fetch(url + p, {
      method,
      headers,
      body: body === undefined ? undefined : raw ? (body as string) : JSON.stringify(body),
    });
    for (const c of res.headers.getSetCookie()) {
      const [k, v] = c.split(';')[0]!.split('=');
      if (v) cookies.set(k!, v);
    }
    const text = await res.text();
    return {
      status: res.status,
      body: res.headers.get('content-type')?.includes('application/json') ? JSON.parse(text) : text,
    };
  };
  const signedIn = await call('POST', '/auth/sign-in', { login: 'admin', password: ADMIN_PASSWORD });
  if (signedIn.status !== 200) throw new Error(`sign-in: ${JSON.stringify(signedIn.body)}`);
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill(signal);
    await exited;
  };
  return { url, brokerUrl, child, log, call, kill: () => end('SIGKILL'), stop: () => end('SIGTERM') };
}

/**
 * A database of its own for server processes: a fresh one on the PostgreSQL server of DATABASE_URL, or a PGlite
 * folder that holds the run's migrated database, as a first start leaves it (that start's initdb and migrations
 * take 8 s of CPU, which only first-minutes.test is about). Answers the processes' environment and its removal.
 */
export async function processDatabase(): Promise<{ env: Record<string, string>; remove(): Promise<void> }> {
  if (process.env.DATABASE_URL) {
    const fresh = await freshDatabase(process.env.DATABASE_URL);
    return { env: { DATABASE_URL: fresh.url }, remove: fresh.drop };
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sl-process-'));
  const image = await pgliteImage();
  if (image) await (await PGlite.create(dir, { loadDataDir: image, extensions: { pg_trgm } })).close();
  return { env: { DATA_DIR: dir }, remove: () => rm(dir, { recursive: true, force: true }) };
}
