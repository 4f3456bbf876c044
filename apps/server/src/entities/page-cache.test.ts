import { describe, expect, it, vi } from 'vitest';
import { jsonBytes, PageCache } from './page-cache.ts';

const later = <T>(value: T) => {
  let resolve!: () => void;
  const p = new Promise<T>((r) => (resolve = () => r(value)));
  return { p, resolve };
};

describe('PageCache', () => {
  it('reads a page once for everyone asking while it is read, and keeps it', async () => {
    const cache = new PageCache<number>();
    let reads = 0;
    const read = () => Promise.resolve(++reads);
    const [a, b] = await Promise.all([cache.get('t', 'k', read), cache.get('t', 'k', read)]);
    expect([a, b, await cache.get('t', 'k', read), reads]).toEqual([1, 1, 1, 1]);
    expect(await cache.get('t', 'other', read)).toBe(2);
  });

  it('reads again after a change to the table, and not for a change to another', async () => {
    const cache = new PageCache<number>();
    let reads = 0;
    const read = () => Promise.resolve(++reads);
    await cache.get('t', 'k', read);
    cache.invalidate('u');
    expect(await cache.get('t', 'k', read)).toBe(1);
    cache.invalidate('t');
    expect(await cache.get('t', 'k', read)).toBe(2);
  });

  it('does not keep a read that a change overtook', async () => {
    const cache = new PageCache<string>();
    const slow = later('before the change');
    const first = cache.get('t', 'k', () => slow.p);
    cache.invalidate('t');
    expect(await cache.get('t', 'k', () => Promise.resolve('after'))).toBe('after');
    slow.resolve();
    expect(await first).toBe('before the change');
    expect(await cache.get('t', 'k', () => Promise.resolve('again'))).toBe('after');
  });

  // on a clock the test moves: slept 50 ms became more than 80 on a loaded CI machine, and the page "very old"
  it('reads a page again after its time, answering with the old one meanwhile, unless it is very old', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const cache = new PageCache<number>({ ttlMs: 40, maxEntries: 10 });
      let reads = 0;
      const read = () => Promise.resolve(++reads);
      await cache.get('t', 'k', read);
      vi.setSystemTime(Date.now() + 50);
      expect(await cache.get('t', 'k', read)).toBe(1);
      expect(await cache.get('t', 'k', read)).toBe(2);
      vi.setSystemTime(Date.now() + 90);
      expect(await cache.get('t', 'k', read)).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('forgets a failed read at once', async () => {
    const cache = new PageCache<number>();
    await expect(cache.get('t', 'bad', () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    await new Promise((r) => setTimeout(r, 0));
    expect(await cache.get('t', 'bad', () => Promise.resolve(1))).toBe(1);
  });

  it('keeps pages up to a number of bytes, forgetting the oldest first', async () => {
    const cache = new PageCache<string>({ maxBytes: 1000 });
    let reads = 0;
    const page = (key: string) => cache.get('t', key, () => Promise.resolve(`${++reads}`.padEnd(298)));
    for (const key of ['a', 'b', 'c']) await page(key);
    expect(cache.kept).toEqual({ bytes: 900, entries: 3 });
    await page('d');
    expect(cache.kept).toEqual({ bytes: 900, entries: 3 });
    // 'a' went, the others are answered as kept
    expect(reads).toBe(4);
    for (const key of ['b', 'c', 'd']) await page(key);
    expect(reads).toBe(4);
    await page('a');
    expect(reads).toBe(5);
  });

  it('never keeps a page above its size, but shares it while it is read', async () => {
    const cache = new PageCache<string[]>({ maxPageBytes: 1000 });
    let reads = 0;
    const big = () =>
      cache.get('t', 'all', () =>
        Promise.resolve(Array.from({ length: 100 }, () => `${++reads}`.padEnd(50))),
      );
    const [a, b] = await Promise.all([big(), big()]);
    expect(a).toBe(b);
    expect(reads).toBe(100);
    expect(cache.kept).toEqual({ bytes: 0, entries: 0 });
    await big();
    expect(reads).toBe(200);
  });

  it('forgets pages too old to be answered, also when nobody asks any more', async () => {
    const cache = new PageCache<string>({ ttlMs: 30 });
    await cache.get('t', 'k', () => Promise.resolve('page'));
    expect(cache.kept.entries).toBe(1);
    await new Promise((r) => setTimeout(r, 150));
    expect(cache.kept).toEqual({ bytes: 0, entries: 0 });
  });

  it('counts a page as its JSON, stopping once past the bound', () => {
    const page = {
      total: 2,
      rows: [
        { a: 1, b: 'x' },
        { a: null, b: [1, 2] },
      ],
    };
    expect(jsonBytes(page)).toBe(JSON.stringify(page).length);
    const huge = Array.from({ length: 100_000 }, (_, i) => ({ i }));
    const counted = jsonBytes(huge, 1000);
    expect(counted).toBeGreaterThan(1000);
    expect(counted).toBeLessThan(1100);
  });
});
