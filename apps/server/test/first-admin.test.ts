import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { bootstrap } from '../src/auth/bootstrap.ts';
import { openDatabase } from '../src/db/connect.ts';
import { CountCache } from '../src/entities/count-cache.ts';
import { EntityRepository } from '../src/entities/entity.repository.ts';
import { EntityService } from '../src/entities/entity.service.ts';
import { TableVersions } from '../src/entities/table-versions.ts';
import { ADMIN_PASSWORD, backend, freshDatabase } from './harness.ts';
import { pgliteImage } from './run-database.ts';

// The first start without ADMIN_PASSWORD: the generated password of `admin` is printed to the terminal (stderr)
// once, and never goes into the log stream (stdout, where the JSON log lines go and from where they are shipped).

const ROOT = path.resolve(import.meta.dirname, '../../..');
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

describe(`the first administrator on ${backend}`, () => {
  it('prints the generated password to the terminal only, and it signs in', async () => {
    const env: Record<string, string> = {};
    if (process.env.DATABASE_URL) {
      const fresh = await freshDatabase(process.env.DATABASE_URL);
      cleanups.push(fresh.drop);
      env.DATABASE_URL = fresh.url;
    } else {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'sl-first-admin-'));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      env.DATA_DIR = dir;
    }
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        ...env,
        ADMIN_PASSWORD: '',
        LOG_LEVEL: 'info',
        DEMO: '0',
        MQTT_PORT: '0',
        PORT: '0',
        HOST: '127.0.0.1',
      },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    );
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server did not start in 90 s: ${stderr}`)), 90_000);
      child.on('message', (m: { listening?: number }) => {
        if (m.listening === undefined) return;
        clearTimeout(timer);
        resolve(m.listening);
      });
      child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${stderr}`)));
    });

    const password = /user "admin" with password (\S+)/.exec(stderr)?.[1];
    expect(password, stderr).toBeTruthy();
    expect(stderr.match(new RegExp(password!, 'g'))).toHaveLength(1);
    // the log says that it happened, never the password itself
    expect(stdout).toMatch(/first start: created user \\?"admin\\?"/);
    expect(stdout).not.toContain(password!);

    const res = await fetch(`http://127.0.0.1:${port}/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'admin', password }),
    });
    expect(res.status).toBe(200);
    expect(stdout).not.toContain(password!);
  }, 120_000);

  it("is made when the users' count comes back as the planner's estimate, as on a loaded machine", async () => {
    const fresh = process.env.DATABASE_URL ? await freshDatabase(process.env.DATABASE_URL) : undefined;
    if (fresh) cleanups.push(fresh.drop);
    const database = await openDatabase({
      databaseUrl: fresh?.url,
      image: fresh ? undefined : await pgliteImage(),
    });
    cleanups.push(() => database.close());
    // no exact count at all: what a count that outlives its deadline (150 ms) answers; the planner guesses rows
    // in a table never vacuumed, so the empty users table looked peopled and no admin was made (HTTP tests'
    // "sign-in admin: 401" on a loaded machine)
    const versions = new TableVersions();
    const counts = new CountCache(
      { freshMs: 2000, staleMs: 30_000, deadlineMs: 150, maxCounting: 0, costFactor: 20 },
      versions,
    );
    const repo = new EntityRepository(database.db, undefined, versions, counts);
    const log = { warn: () => undefined } as unknown as FastifyBaseLogger;
    await bootstrap(new EntityService(repo), repo, { adminPassword: ADMIN_PASSWORD, demo: false, log });
    const client = (database.db as unknown as { $client: { query(t: string): Promise<{ rows: object[] }> } })
      .$client;
    expect((await client.query('select login, type from users')).rows).toEqual([
      { login: 'admin', type: 'ADMIN' },
    ]);
  }, 60_000);
});
