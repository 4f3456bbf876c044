import net from 'node:net';
import { Aedes } from 'aedes';
import { afterAll, expect, it } from 'vitest';
import { startSimulator, type SimulatorHandle } from './simulator.ts';

// The server's demo starts its simulated controllers before a loaded machine's broker may answer: they must keep
// asking, never give up, and connect once it does.

let sim: SimulatorHandle | undefined;
const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  await sim?.stop();
  for (const close of closers) await close();
});

/** a free port on this machine, not listening */
async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as net.AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

it('keeps asking a broker that is not there yet, and connects once it answers', async () => {
  const port = await freePort();
  sim = await startSimulator({
    broker: `mqtt://127.0.0.1:${port}`,
    city: 'cambridge',
    controllers: 3,
    faults: false,
    connectTimeoutMs: null,
  });
  await new Promise((r) => setTimeout(r, 3_000));
  expect(sim.connected()).toBe(0);
  expect(sim.counters.errors).toBeGreaterThan(0);

  const aedes = await Aedes.createBroker();
  const server = net.createServer(aedes.handle);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  closers.push(async () => {
    await new Promise<void>((resolve) => aedes.close(() => resolve()));
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  await expect.poll(() => sim!.connected(), { timeout: 15_000, interval: 200 }).toBe(3);
}, 30_000);

it('gives up after its timeout when asked to wait, and says which broker', async () => {
  const port = await freePort();
  await expect(
    startSimulator({
      broker: `mqtt://127.0.0.1:${port}`,
      city: 'cambridge',
      controllers: 1,
      faults: false,
      connectTimeoutMs: 1_000,
    }),
  ).rejects.toThrow(`broker mqtt://127.0.0.1:${port} not reachable in 1000 ms`);
});
