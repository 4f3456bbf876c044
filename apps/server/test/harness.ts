import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/connect.ts';
import { startBroker } from '../src/plugins/broker.ts';
import { openPolicy } from '../src/plugins/open-policy.ts';

// Starts the real server on a free port against PGlite (in memory), or, when DATABASE_URL is set, against a
// fresh database created on that PostgreSQL server and dropped afterwards.

export const backend = process.env.DATABASE_URL ? 'postgres' : 'pglite';

export type Answer = { status: number; body: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

export type TestServer = {
  url: string;
  brokerUrl: string;
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Answer>;
  raw(method: string, path: string, body: string, headers?: Record<string, string>): Promise<Answer>;
  close(): Promise<void>;
};

async function freshDatabase(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `sl_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
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

export async function startServer(): Promise<TestServer> {
  const fresh = process.env.DATABASE_URL ? await freshDatabase(process.env.DATABASE_URL) : undefined;
  const database = await openDatabase({ databaseUrl: fresh?.url });
  const broker = await startBroker({ mqttPort: 0, host: '127.0.0.1' });
  const app = await buildApp({
    config: { webDist: '/nonexistent', logLevel: 'silent', commandTimeoutMs: 800 },
    database,
    broker,
    policy: openPolicy,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const raw = async (method: string, path: string, body?: string, headers: Record<string, string> = {}) => {
    const res = await fetch(url + path, {
      method,
      headers: body !== undefined ? { 'content-type': 'application/json', ...headers } : headers,
      body,
    });
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
    url,
    brokerUrl: broker.url,
    raw,
    call: (method, path, body, headers) =>
      raw(method, path, body === undefined ? undefined : JSON.stringify(body), headers),
    close: async () => {
      await app.close();
      await broker.close();
      await database.close();
      await fresh?.drop();
    },
  };
}
