import { describe, expect, it } from 'vitest';
import { groupBy } from './group-by.ts';

describe('groupBy', () => {
  it('keeps the order of the items and of the keys', () => {
    const out = groupBy(
      [3, 1, 4, 1, 5, 9, 2, 6],
      (n) => n % 2,
      (n) => `#${n}`,
    );
    expect([...out]).toEqual([
      [1, ['#3', '#1', '#1', '#5', '#9']],
      [0, ['#4', '#2', '#6']],
    ]);
  });

  it('takes a million items of one key in linear time', () => {
    const items = Array.from({ length: 1_000_000 }, (_, i) => i);
    const list = groupBy(items, () => 'all').get('all')!;
    expect(list.length).toBe(1_000_000);
    expect(list[999_999]).toBe(999_999);
  });
});
