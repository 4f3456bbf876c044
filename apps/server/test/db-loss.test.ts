import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, freshDatabase, startServer, type TestServer } from './harness.ts';

// The database going away under a running server, and coming back: the server answers 503 DisconnectedError
// (spec §8) meanwhile, never a 500, and serves again as soon as the database is back, sessions intact.
// PostgreSQL only: PGlite lives inside the server's own process and cannot be lost.

/** A TCP relay between the server and PostgreSQL that the test can cut and restore. */
async function relay(target: { host: string; port: number }) {
  const open = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        const end = () => {
          client.destroy();
          upstream.destroy();
          open.delete(client);
          open.delete(upstream);
        };
        for (const socket of [client, upstream]) {
          open.add(socket);
          socket.on('error', end).on('close', end);
        }
        client.pipe(upstream).pipe(client);
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as AddressInfo).port;
        resolve();
      });
    });
  const cut = async () => {
    const closed = new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    for (const socket of open) socket.destroy();
    await closed;
    server = undefined;
  };
  await listen();
  return { port: () => port, cut, restore: listen };
}

describe.skipIf(backend === 'pglite')(`a lost database on ${backend}`, () => {
  let s: TestServer;
  let link: Awaited<ReturnType<typeof relay>>;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const fresh = await freshDatabase(process.env.DATABASE_URL!);
    drop = fresh.drop;
    const url = new URL(fresh.url);
    link = await relay({ host: url.hostname, port: Number(url.port || 5432) });
    url.hostname = '127.0.0.1';
    url.port = String(link.port());
    s = await startServer({}, { databaseUrl: url.toString() });
  });
  afterAll(async () => {
    await link?.restore().catch(() => undefined);
    await s?.close();
    await link?.cut();
    await drop?.();
  });

  it('answers 503 DisconnectedError while the database is away, and recovers when it is back', async () => {
    expect((await s.call('GET', '/api/v1/Vendors')).status).toBe(200);
    await link.cut();

    // a page not asked before: kept pages are served from memory, and rightly so
    const read = await s.call('GET', '/api/v1/Vendors?name=Unseen');
    expect(read).toMatchObject({
      status: 503,
      body: { error: true, code: 'DisconnectedError', message: 'Disconnected' },
    });
    const write = await s.call('POST', '/api/v1/Vendors', { name: 'Signify' }, { 'accept-language': 'ru' });
    expect(write).toMatchObject({
      status: 503,
      body: { code: 'DisconnectedError', message: 'Нет соединения' },
    });
    const signIn = await s
      .anonymous()
      .call('POST', '/auth/sign-in', { login: 'admin', password: 'Lamps-2026' });
    expect(signIn).toMatchObject({ status: 503, body: { code: 'DisconnectedError' } });
    expect((await s.anonymous().call('GET', '/health')).body.database.ok).toBe(false);

    await link.restore();
    let back = await s.call('GET', '/api/v1/Vendors');
    for (let i = 0; i < 50 && back.status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 200));
      back = await s.call('GET', '/api/v1/Vendors');
    }
    expect(back.status).toBe(200);
    expect((await s.call('POST', '/api/v1/Vendors', { name: 'Signify' })).status).toBe(201);
  });
});
