// List pages as last read, believed for a moment. Consoles open the same first pages again and again (every
// operator's list of mountings starts at the same ten rows); reading them from the database for each costs a
// round trip and the rows' conversion. A page is shared by everyone who asks for it while it is read, then kept:
// - a table written by any server process on the database (its repository, the field's state writes) drops the
//   table's pages at once: in the process that wrote, before it answers; in the others when the database's
//   notification arrives (app.ts); a read that began before such a drop is never kept;
// - a page older than `ttlMs` is read again: while that read runs, callers get the page it replaces (so nobody
//   waits for it), unless that page is older than `ttlMs` twice over;
// - so a write no server made (SQL by hand) shows within about `ttlMs`.

import { TableVersions } from './table-versions.ts';

type Entry<T> = { at: number; version: number; value: Promise<T>; refreshing?: true };

export class PageCache<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(
    private readonly opts = { ttlMs: 1000, maxEntries: 2000 },
    /** shared with the other caches of the same tables: one write makes all of them read again */
    private readonly versions = new TableVersions(),
  ) {}

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
    const entry: Entry<T> = { at: Date.now(), version, value };
    const current = () => this.versions.of(table) === version;
    const keep = () => {
      if (this.entries.size >= this.opts.maxEntries && !this.entries.has(id)) this.entries.clear();
      this.entries.set(id, entry);
    };
    const blocking = !this.entries.has(id) || replacing !== undefined;
    if (blocking) keep();
    // a failed read is not kept; one that a write overtook is not served after the write
    const drop = () => this.entries.get(id) === entry && this.entries.delete(id);
    value.then(() => (!current() ? drop() : !blocking && keep()), drop);
    return value;
  }
}
