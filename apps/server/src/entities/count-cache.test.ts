import { describe, expect, it } from 'vitest';
import { CountCache } from './count-cache.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
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

describe('count cache', () => {
  it('shares one count among concurrent askers', async () => {
    const cache = new CountCache();
    const { calls, count } = counter(() => 42);
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.get('t', 'k', count, estimate)));
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
    const { calls, count } = counter(() => value, 0);
    await cache.get('t', 'k', count, estimate);
    value = 2;
    await sleep(250);
    expect(await cache.get('t', 'k', count, estimate)).toEqual({ total: 1 });
    expect(await cache.get('t', 'k', count, estimate)).toEqual({ total: 1 });
    await sleep(20);
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
    await cache.get('t', 'k', count, estimate);
    await sleep(100);
    await cache.get('t', 'k', count, estimate);
    expect(calls.n).toBe(1);
    await sleep(550);
    await cache.get('t', 'k', count, estimate);
    expect(calls.n).toBe(2);
  });

  it('counts again at once after this process writes the table', async () => {
    const cache = new CountCache();
    let value = 1;
    const { count } = counter(() => value);
    await cache.get('t', 'k', count, estimate);
    value = 2;
    cache.invalidate('t');
    expect(await cache.get('t', 'k', count, estimate)).toEqual({ total: 2 });
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
    expect(await cache.get('t', 'k', count, estimate)).toEqual({ total: 999, estimated: true });
    await sleep(60);
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
    const answers = await Promise.all(['a', 'b', 'c', 'd'].map((k) => cache.get('t', k, count, estimate)));
    expect(calls.n).toBe(2);
    expect(answers.every((a) => a.estimated)).toBe(true);
  });
});
