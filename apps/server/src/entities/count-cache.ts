// Totals for list pages. An exact count over a million rows costs tens of milliseconds per request, so a
// total is kept for a short time and dropped at once when this process writes to the table. Writes made by
// another process show in totals after at most `ttlMs`.

type Entry = { total: number; at: number; version: number };

export class CountCache {
  private readonly entries = new Map<string, Entry>();
  private readonly versions = new Map<string, number>();
  constructor(private readonly ttlMs = 2000) {}

  async get(table: string, key: string, count: () => Promise<number>): Promise<number> {
    const version = this.versions.get(table) ?? 0;
    const id = `${table}\u0000${key}`;
    const hit = this.entries.get(id);
    if (hit && hit.version === version && Date.now() - hit.at < this.ttlMs) return hit.total;
    const total = await count();
    if (this.entries.size > 10_000) this.entries.clear();
    this.entries.set(id, { total, at: Date.now(), version });
    return total;
  }

  invalidate(table: string): void {
    this.versions.set(table, (this.versions.get(table) ?? 0) + 1);
  }
}
