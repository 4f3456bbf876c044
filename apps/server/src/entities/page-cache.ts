// List pages as last read, believed for a moment. Consoles open the same first pages again and again (every
// operator's list of mountings starts at the same ten rows); reading them from the database for each costs a
// round trip and the rows' conversion. A page is shared by everyone who asks for it while it is read, then kept:
// - a table written by any server process on the database (its repository, the field's state writes) drops the
//   table's pages at once: in the process that wrote, before it answers; in the others when the database's
//   notification arrives (app.ts); a read that began before such a drop is never kept;
// - a page older than `ttlMs` is read again: while that read runs, callers get the page it replaces (so nobody
//   waits for it), unless that page is older than `ttlMs` twice over;
// - so a write no server made (SQL by hand) shows within about `ttlMs`;
// - what is kept is bounded in bytes (`maxBytes`, the oldest kept page going first) and by age (a page older
//   than `ttlMs` twice over is never answered, so it is forgotten, also when nobody asks any more); a page above
//   `maxPageBytes` is shared while it is read and never kept: a caller asking for a whole table makes it once.

import { TableVersions } from './table-versions.ts';

type Entry<T> = { at: number; version: number; value: Promise<T>; refreshing?: true; bytes: number };

export type PageCacheOptions<T> = {
  ttlMs: number;
  maxEntries: number;
  /** the most every kept page together may take */
  maxBytes: number;
  /** a page larger than this is never kept */
  maxPageBytes: number;
  /** a page's size in bytes; may stop counting once past `atMost` */
  sizeOf(value: T, atMost: number): number;
};

export const PAGE_CACHE_DEFAULTS = {
  ttlMs: 1000,
  maxEntries: 2000,
  maxBytes: 32 * 2 ** 20,
  maxPageBytes: 2 ** 20,
  sizeOf: (value: unknown, atMost: number) => jsonBytes(value, atMost),
} satisfies PageCacheOptions<unknown>;

/** The length of `value` as JSON; an array is counted element by element and no further than past `atMost`. */
export function jsonBytes(value: unknown, atMost = Infinity): number {
  if (Array.isArray(value)) {
    let n = value.length ? 1 : 2;
    for (const item of value) {
      n += jsonBytes(item, atMost - n) + 1;
      if (n > atMost) break;
    }
    return n;
  }
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    let n = 1;
    for (const [key, item] of Object.entries(value)) {
      if (item === undefined) continue;
      n += key.length + 4 + jsonBytes(item, atMost - n);
      if (n > atMost) break;
    }
    return Math.max(n, 2);
  }
  return JSON.stringify(value)?.length ?? 0;
}

export class PageCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly opts: PageCacheOptions<T>;
  private bytes = 0;
  private sweeper?: NodeJS.Timeout;

  constructor(
    opts: Partial<PageCacheOptions<T>> = {},
    /** shared with the other caches of the same tables: one write makes all of them read again */
    private readonly versions = new TableVersions(),
  ) {
    this.opts = { ...PAGE_CACHE_DEFAULTS, ...opts };
  }

  /** What the kept pages take, in bytes, and how many there are (pages being read count as none). */
  get kept() {
    return { bytes: this.bytes, entries: this.entries.size };
  }

  get(table: string, key: string, read: () => Promise<T>): Promise<T> {
    const id = `${table}\u0000${key}`;
    const version = this.versions.of(table);
    const hit = this.entries.get(id);
    if (hit && hit.version === version) {
      const age = Date.now() - hit.at;
      if (age < this.opts.ttlMs) return hit.value;
      if (age < 2 * this.opts.ttlMs) {
        if (!hit.refreshing) {
          hit.refreshing = true;
          this.read(id, table, version, read).catch(() => undefined);
        }
        return hit.value;
      }
    }
    return this.read(id, table, version, read, hit);
  }

  invalidate(table: string): void {
    this.versions.bump(table);
  }

  /** Reads the page; kept at once when nothing is kept for it, else in place of `replacing` once read. */
  private read(id: string, table: string, version: number, read: () => Promise<T>, replacing?: Entry<T>) {
    const value = read();
    const entry: Entry<T> = { at: Date.now(), version, value, bytes: 0 };
    const current = () => this.versions.of(table) === version;
    const blocking = !this.entries.has(id) || replacing !== undefined;
    if (blocking) this.put(id, entry);
    // a failed read is not kept; one that a write overtook is not served after the write; nor a page too large
    const drop = () => this.entries.get(id) === entry && this.remove(id);
    value.then((page) => {
      if (!current()) return drop();
      const bytes = this.opts.sizeOf(page, this.opts.maxPageBytes);
      if (bytes > this.opts.maxPageBytes) return drop();
      if (!blocking) this.put(id, entry);
      else if (this.entries.get(id) !== entry) return;
      entry.bytes = bytes;
      this.bytes += bytes;
      this.trim();
    }, drop);
    return value;
  }

  /** Keeps `entry` as the newest. */
  private put(id: string, entry: Entry<T>) {
    this.remove(id);
    this.entries.set(id, entry);
    this.trim();
    this.sweeper ??= setTimeout(() => this.sweep(), 2 * this.opts.ttlMs).unref();
  }

  private remove(id: string) {
    const gone = this.entries.get(id);
    if (!gone) return;
    this.bytes -= gone.bytes;
    this.entries.delete(id);
  }

  /** The oldest kept pages go while there are too many, or they take too much, or they are too old to answer. */
  private trim() {
    const oldest = Date.now() - 2 * this.opts.ttlMs;
    for (const [id, e] of this.entries) {
      const over = this.entries.size > this.opts.maxEntries || this.bytes > this.opts.maxBytes;
      if (!over && e.at > oldest) break;
      this.remove(id);
    }
  }

  private sweep() {
    this.sweeper = undefined;
    this.trim();
    if (this.entries.size) this.sweeper = setTimeout(() => this.sweep(), this.opts.ttlMs).unref();
  }
}
