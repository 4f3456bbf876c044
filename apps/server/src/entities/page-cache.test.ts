import { describe, expect, it } from 'vitest';
import { PageCache } from './page-cache.ts';

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

  it('reads a page again after its time, answering with the old one meanwhile, unless it is very old', async () => {
    const cache = new PageCache<number>({ ttlMs: 40, maxEntries: 10 });
    let reads = 0;
    const read = () => Promise.resolve(++reads);
    await cache.get('t', 'k', read);
    await new Promise((r) => setTimeout(r, 50));
    expect(await cache.get('t', 'k', read)).toBe(1);
    expect(await cache.get('t', 'k', read)).toBe(2);
    await new Promise((r) => setTimeout(r, 90));
    expect(await cache.get('t', 'k', read)).toBe(3);
  });

  it('forgets a failed read at once', async () => {
    const cache = new PageCache<number>();
    await expect(cache.get('t', 'bad', () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    await new Promise((r) => setTimeout(r, 0));
    expect(await cache.get('t', 'bad', () => Promise.resolve(1))).toBe(1);
  });
});
