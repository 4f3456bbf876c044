import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CountCache } from './count-cache.ts';

// Vitest's fake clock drives Date.now and the timers: the cache's ages and deadlines are exact, however busy
// the machine is.
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pass = (ms: number) => vi.advanceTimersByTimeAsync(ms);
function counter(value: () => number, ms = 5) {
  const calls = { n: 0 };
  const count = async () => {
    calls.n += 1;
    await sleep(ms);
    return value();
  };
  return { calls, count };
}
const estimate = async () => 999;
async function settled<T>(answer: Promise<T>, ms = 1000): Promise<T> {
  await pass(ms);
  return answer;
}

describe('count cache', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shares one count among concurrent askers', async () => {
    const cache = new CountCache();
    const { calls, count } = counter(() => 42);
    const answers = await settled(
      Promise.all(Array.from({ length: 20 }, () => cache.get('t', 'k', count, estimate))),
    );
    expect(answers.every((a) => a.total === 42 && !a.estimated)).toBe(true);
    expect(calls.n).toBe(1);
  });

  it('answers the last total while one refresh runs', async () => {
    const cache = new CountCache({
      freshMs: 200,
      staleMs: 10_000,
      deadlineMs: 1000,
      maxCounting: 4,
      costFactor: 0,
    });
    let value = 1;
    const { calls, count } = counter(() => value, 10);
    await settled(cache.get('t', 'k', count, estimate), 10);
    value = 2;
    await pass(250);
    expect(await cache.get('t', 'k', count, estimate)).toEqual({ total: 1 });
    expect(await cache.get('t', 'k', count, estimate)).toEqual({ total: 1 });
    await pass(10);
    expect(await cache.get('t', 'k', count, estimate)).toEqual({ total: 2 });
    expect(calls.n).toBe(2);
  });

  it('keeps a slow count fresh for longer', async () => {
    const cache = new CountCache({
      freshMs: 10,
      staleMs: 10_000,
      deadlineMs: 1000,
      maxCounting: 4,
      costFactor: 20,
    });
    const { calls, count } = counter(() => 5, 30);
    await settled(cache.get('t', 'k', count, estimate), 30);
    // counted in 30 ms: fresh for 600 ms
    await pass(500);
    await cache.get('t', 'k', count, estimate);
    expect(calls.n).toBe(1);
    await pass(150);
    await cache.get('t', 'k', count, estimate);
    expect(calls.n).toBe(2);
  });

  it('counts again at once after this process writes the table', async () => {
    const cache = new CountCache();
    let value = 1;
    const { count } = counter(() => value);
    await settled(cache.get('t', 'k', count, estimate));
    value = 2;
    cache.invalidate('t');
    expect(await settled(cache.get('t', 'k', count, estimate))).toEqual({ total: 2 });
  });

  it('answers a slow count with the estimate, marked, and keeps the count for later', async () => {
    const cache = new CountCache({
      freshMs: 2000,
      staleMs: 30_000,
      deadlineMs: 10,
      maxCounting: 4,
      costFactor: 20,
    });
    const { calls, count } = counter(() => 1_000_000, 50);
    expect(await settled(cache.get('t', 'k', count, estimate), 10)).toEqual({ total: 999, estimated: true });
    await pass(60);
    expect(await cache.get('t', 'k', count, estimate)).toEqual({ total: 1_000_000 });
    expect(calls.n).toBe(1);
  });

  it('starts no more than a few counts at once', async () => {
    const cache = new CountCache({
      freshMs: 2000,
      staleMs: 30_000,
      deadlineMs: 5,
      maxCounting: 2,
      costFactor: 20,
    });
    const { calls, count } = counter(() => 7, 50);
    const answers = await settled(
      Promise.all(['a', 'b', 'c', 'd'].map((k) => cache.get('t', k, count, estimate))),
      5,
    );
    expect(calls.n).toBe(2);
    expect(answers.every((a) => a.estimated)).toBe(true);
  });
});
