// Totals for list pages. An exact count over a million rows costs a few hundred milliseconds, so:
// - one count runs per query at a time; everyone asking meanwhile shares it;
// - a total stays fresh for `freshMs`, or 20 times as long as it took to count if that is longer (a count that
//   takes 200 ms over a million rows is not repeated every 2 s); after that the last total is answered while one
//   refresh runs, up to `staleMs`; a write by this process drops the table's totals at once, so its own changes always count;
// - a count not done within `deadlineMs` is answered with the planner's estimate, marked as an estimate, and
//   the count goes on to fill the cache. Writes by other processes show after at most `freshMs` + a count.

import { TableVersions } from './table-versions.ts';

export type Total = { total: number; estimated?: true };
type Entry = { total: number; at: number; version: number; freshMs: number; refreshing?: Promise<unknown> };

export class CountCache {
  private readonly entries = new Map<string, Entry>();
  private readonly counting = new Map<string, Promise<number>>();

  constructor(
    private readonly opts = {
      freshMs: 2000,
      staleMs: 30_000,
      deadlineMs: 150,
      maxCounting: 4,
      costFactor: 20,
    },
    /** shared with the other caches of the same tables: one write makes all of them read again */
    private readonly versions = new TableVersions(),
  ) {}

  async get(
    table: string,
    key: string,
    count: () => Promise<number>,
    estimate: () => Promise<number>,
  ): Promise<Total> {
    const id = `${table}\u0000${key}`;
    const version = this.versions.of(table);
    const hit = this.entries.get(id);
    const age = hit ? Date.now() - hit.at : Infinity;
    if (hit && hit.version === version && age < this.opts.staleMs) {
      if (age >= hit.freshMs && !hit.refreshing) {
        hit.refreshing = this.count(id, table, version, count).catch(() => undefined);
      }
      return { total: hit.total };
    }
    if (!this.counting.has(id) && this.counting.size >= this.opts.maxCounting) {
      return { total: await estimate(), estimated: true };
    }
    const counted = this.count(id, table, version, count);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>(
      (resolve) => (timer = setTimeout(() => resolve('late'), this.opts.deadlineMs)),
    );
    const first = await Promise.race([counted, late]).finally(() => clearTimeout(timer));
    if (first !== 'late') return { total: first };
    counted.catch(() => undefined);
    return { total: await estimate(), estimated: true };
  }

  invalidate(table: string): void {
    this.versions.bump(table);
  }

  private count(id: string, table: string, version: number, count: () => Promise<number>): Promise<number> {
    const running = this.counting.get(id);
    if (running) return running;
    const begun = Date.now();
    const started = count()
      .then((total) => {
        if (this.versions.of(table) === version) {
          if (this.entries.size > 10_000) this.entries.clear();
          const freshMs = Math.min(
            this.opts.staleMs,
            Math.max(this.opts.freshMs, this.opts.costFactor * (Date.now() - begun)),
          );
          this.entries.set(id, { total, at: Date.now(), version, freshMs });
        }
        return total;
      })
      .finally(() => this.counting.delete(id));
    this.counting.set(id, started);
    return started;
  }
}
