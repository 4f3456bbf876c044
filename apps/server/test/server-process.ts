import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import path from 'node:path';
import { ADMIN_PASSWORD } from './harness.ts';

// The server as a process of its own, for what only a real process shows: being killed mid-command.

const ROOT = path.resolve(import.meta.dirname, '../../..');

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

export type ServerProcess = {
  url: string;
  child: ChildProcess;
  call(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** SIGKILL: no shutdown, nothing written on the way out */
  kill(): Promise<void>;
  stop(): Promise<void>;
};

export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      DEMO: '0',
      MQTT_PORT: '0',
      ADMIN_PASSWORD,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (
      await fetch(`${url}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error('server did not start in 60 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  const cookies = new Map<string, string>();
  const call = async (method: string, p: string, body?: unknown) => {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (cookies.size) headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (cookies.has('csrf')) headers['x-csrf-token'] = cookies.get('csrf')!;
    const res = await fetch(url + p, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const c of res.headers.getSetCookie()) {
      const [k, v] = c.split(';')[0]!.split('=');
      if (v) cookies.set(k!, v);
    }
    return { status: res.status, body: await res.json() };
  };
  const signedIn = await call('POST', '/auth/sign-in', { login: 'admin', password: ADMIN_PASSWORD });
  if (signedIn.status !== 200) throw new Error(`sign-in: ${JSON.stringify(signedIn.body)}`);
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill(signal);
    await exited;
  };
  return { url, child, call, kill: () => end('SIGKILL'), stop: () => end('SIGTERM') };
}
