import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const HOST = '127.0.0.1';

const children = new Set<ChildProcess>();

export async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, HOST);
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

// a million devices are read into the map index in about 15 s on 2 cores
const SERVER_START_S = 120;

/**
 * Starts a TypeScript entry point in its own Node process (tsx as a loader rather than the tsx CLI, so the
 * pid we hold is the process that serves) and waits until `healthPath` answers 200, and the console's map
 * index is built: measuring while a million devices are being read would measure the read.
 */
export async function startNode(
  name: string,
  entry: string,
  env: Record<string, string>,
  healthPath: string,
): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  // BENCH_NODE_ARGS: more flags for the processes a bench starts, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`
  const extra = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...extra, '--import', 'tsx', entry], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  const url = `http://${HOST}:${port}`;
  const deadline = Date.now() + SERVER_START_S * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode}`);
    const ok = await fetch(url + healthPath).then(
      async (r) => r.ok && (await r.json().catch(() => ({})))?.map?.ready !== false,
      () => false,
    );
    if (ok) return { url, child };
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${name} did not answer ${healthPath} within ${SERVER_START_S} s`);
}

/** SIGTERM to a child, SIGKILL if it has not exited 5 s later. */
export async function stopNode(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

/** stopNode for every child still running. */
export async function stopAll(): Promise<void> {
  await Promise.all([...children].map(stopNode));
}

/** Last resort when the bench process itself is exiting: no time left to wait. */
export function killAllNow(): void {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
}
