import type { FastifyBaseLogger } from 'fastify';

const TICK_MS = 100;

/**
 * Names in the log every stretch over `thresholdMs` in which the server's thread ran no timer: nothing was
 * answered then. The database runs on a thread of its own and long work is sliced, so such a stretch is a defect
 * (or a machine with no CPU to give); the log says when and how long.
 */
export function watchEventLoop(log: FastifyBaseLogger, thresholdMs = 1000): () => void {
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    const blockedMs = now - last - TICK_MS;
    if (blockedMs > thresholdMs) log.warn({ blockedMs: Math.round(blockedMs) }, 'event loop blocked');
    last = now;
  }, TICK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
