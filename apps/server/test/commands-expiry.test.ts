import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { until } from './field-setup.ts';
import { backend, freshDatabase } from './harness.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';

// A server process is killed while a command waits for its controller. The process that starts next on the same
// database marks that command expired: nobody is waiting for its answer any more. Commands that ended on their
// own (a timeout) stay as they were.

const running: ServerProcess[] = [];
const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(running.map((p) => p.stop()));
  for (const c of cleanup) await c();
});

async function database(): Promise<Record<string, string>> {
  if (process.env.DATABASE_URL) {
    const fresh = await freshDatabase(process.env.DATABASE_URL);
    cleanup.push(fresh.drop);
    return { DATABASE_URL: fresh.url };
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sl-expiry-'));
  cleanup.push(() => rm(dir, { recursive: true, force: true }));
  return { DATA_DIR: dir };
}

describe(`expired commands on ${backend}`, () => {
  it('marks a command left waiting by a killed process expired, and leaves finished ones alone', async () => {
    const db = await database();
    // the first process waits long for its controller, so it is surely still waiting when killed
    const first = await startServerProcess({ ...db, COMMAND_TIMEOUT_MS: '60000' });
    running.push(first);
    const controller = await first.call('POST', '/api/v1/Controllers', { mac: '02:43:EE:00:00:01' });
    expect(controller.status).toBe(201);
    const module = await first.call('POST', '/api/v1/LuminaryModules', {
      mac: '02:4D:EE:00:00:00:00:01',
      controller: controller.body._id,
    });
    expect(module.status).toBe(201);
    const dim = `/api/v1/control/lighting?by=id&id=${module.body._id}&raw=30`;
    const pending = first.call('GET', dim).catch(() => undefined);
    const left = await until(async () => {
      const c = (await first.call('GET', '/api/v2/commands?limit=1')).body.result.data[0];
      return c?.devices[0]?.state === 'sent' ? c : undefined;
    });
    await first.kill();
    await pending;

    const second = await startServerProcess({ ...db, COMMAND_TIMEOUT_MS: '1000' });
    running.push(second);
    // no controller answers, so this one ends as a timeout on its own
    const timedOut = await second.call('GET', dim);
    expect(timedOut.body.code).toBe(1);

    const expired = await until(async () => {
      const c = (await second.call('GET', `/api/v2/commands/${left.id}`)).body.result;
      return c.devices[0].state === 'expired' ? c : undefined;
    }, 30_000);
    expect(expired.finishedAt).not.toBeNull();
    expect(expired.devices[0].answeredAt).not.toBeNull();
    // one more sweep has run since; what ended on its own is untouched
    await new Promise((r) => setTimeout(r, 1500));
    const after = (await second.call('GET', `/api/v2/commands/${timedOut.body.commandId}`)).body.result;
    expect(after.devices[0].state).toBe('timed_out');
  }, 180_000);
});
