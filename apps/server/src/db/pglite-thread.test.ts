import { afterAll, beforeAll, expect, it } from 'vitest';
import { startPgliteThread, type PgliteThread } from './pglite-thread.ts';

let thread: PgliteThread;

beforeAll(async () => {
  thread = await startPgliteThread({});
}, 60_000);

afterAll(async () => {
  await thread?.close();
});

it('is idle before and after work, and busy while a statement runs', async () => {
  expect(thread.busySince()).toBeUndefined();
  const running = thread.query('select pg_sleep(0.3)');
  expect(thread.busySince()).toBeTypeOf('number');
  await running;
  expect(thread.busySince()).toBeUndefined();
});

// A first start writes the demo city in one transaction and prepares each chunk on the server's thread between
// statements. Nothing is sent to the database then, but it holds the transaction and any other statement waits
// for its end: /health, asking `select 1` at such a moment, waited seconds on a loaded CI machine.
it('counts a transaction held open between its statements as busy, and not after it ends', async () => {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  let inside!: () => void;
  const began = new Promise<void>((r) => (inside = r));
  const transaction = thread.transaction(async (tx) => {
    await tx.query('select 1');
    inside();
    await held;
    await tx.query('select 2');
  });
  // busy from the moment it is asked for, before its BEGIN is answered
  expect(thread.busySince()).toBeTypeOf('number');
  await began;
  expect(thread.busySince()).toBeTypeOf('number');
  // a statement outside the transaction indeed waits for its end
  let outsideDone = false;
  const outside = thread.query('select 3').then(() => (outsideDone = true));
  await new Promise((r) => setTimeout(r, 200));
  expect(outsideDone).toBe(false);
  release();
  await transaction;
  await outside;
  expect(thread.busySince()).toBeUndefined();
});

it('is idle again after a transaction that failed', async () => {
  await expect(
    thread.transaction(async (tx) => {
      await tx.query('select 1/0');
    }),
  ).rejects.toThrow(/division by zero/);
  expect(thread.busySince()).toBeUndefined();
});
