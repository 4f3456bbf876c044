/**
 * Items in lists by a key, in their order. Each list is pushed to, never copied: a copy per item is quadratic, and
 * the lists here reach a million items (a city's events, map changes, moves).
 */
export function groupBy<T, K, V = T>(
  items: Iterable<T>,
  key: (item: T) => K,
  value: (item: T) => V = (item) => item as unknown as V,
): Map<K, V[]> {
  const out = new Map<K, V[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(value(item));
    else out.set(k, [value(item)]);
  }
  return out;
}
