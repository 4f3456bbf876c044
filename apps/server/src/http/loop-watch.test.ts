import { expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { watchEventLoop } from './loop-watch.ts';

it('logs a stretch in which the thread was held, and not the ordinary ticks', async () => {
  const warned: { blockedMs: number }[] = [];
  const log = { warn: (o: { blockedMs: number }) => warned.push(o) } as unknown as FastifyBaseLogger;
  const stop = watchEventLoop(log, 500);
  await new Promise((r) => setTimeout(r, 350));
  expect(warned).toEqual([]);
  const until = performance.now() + 900;
  while (performance.now() < until); // the thread held, as a long synchronous task would
  await new Promise((r) => setTimeout(r, 250));
  stop();
  expect(warned).toHaveLength(1);
  expect(warned[0]!.blockedMs).toBeGreaterThan(500);
  expect(warned[0]!.blockedMs).toBeLessThan(2000);
});
