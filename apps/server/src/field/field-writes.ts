import type pg from 'pg';
import { serverPool, type Db } from '../db/connect.ts';
import { retried } from '../db/transient.ts';
import type { LiveHub } from '../live/live-hub.ts';
import type { IngestCounters, IngestLog } from './ingest-counters.ts';
import type { Raw } from './offline-sweep.ts';

/**
 * What every write of a flush shares: the database's clients, the counters, the live announcements, and the way a
 * batch is written so that one row the database refuses never costs the others theirs.
 */
export class FieldWrites {
  readonly raw: Raw;
  /** the PostgreSQL server's pool (undefined on PGlite), for COPY */
  readonly pool: pg.Pool | undefined;
  /** rows per statement */
  readonly chunk: number;
  private readonly parallel: number;
  /** devices already logged for a refused row: one line per device, not one per reading */
  private readonly loggedDevices = new Set<string>();
  private announcing = Promise.resolve();

  constructor(
    readonly db: Db,
    readonly counters: IngestCounters,
    private readonly log: IngestLog,
    private readonly hub: LiveHub | undefined,
    /** told of every table a flush wrote to, once the write is done (the list pages of it are dropped) */
    readonly changed: (table: string) => void,
  ) {
    this.raw = (db as unknown as { $client: Raw }).$client;
    this.pool = serverPool(db);
    // a PostgreSQL server takes big statements, several at once; PGlite is one connection with a message limit
    const server = this.pool !== undefined;
    this.chunk = server ? 5000 : 1000;
    this.parallel = server ? 2 : 1;
  }

  /**
   * Writes rows with `write` (one transaction: made again when the database rolled it back for another's sake); when
   * the database refuses the data (not when it is unreachable), the rows are halved until each refused one stands
   * alone, and those are set aside.
   */
  async tolerant<T>(rows: T[], device: (row: T) => string, write: (rows: T[]) => Promise<unknown>) {
    try {
      await this.retried(() => write(rows));
    } catch (err) {
      if (!isDataError(err)) throw err;
      if (rows.length === 1) return this.setAside(device(rows[0]!), err);
      const half = Math.ceil(rows.length / 2);
      await this.tolerant(rows.slice(0, half), device, write);
      await this.tolerant(rows.slice(half), device, write);
    }
  }

  retried<T>(work: () => Promise<T>) {
    return retried(work, () => (this.counters.retries += 1));
  }

  private setAside(device: string, err: unknown) {
    this.counters.setAside += 1;
    if (this.loggedDevices.has(device)) return;
    if (this.loggedDevices.size >= 10_000) this.loggedDevices.clear();
    this.loggedDevices.add(device);
    this.log.warn(
      { device, reason: String((err as Error)?.message ?? err) },
      'field data refused by the database, set aside',
    );
  }

  /** A batch of current states was written to `table`: readings for devices we do not know are counted. */
  written(table: string, sent: number, result: unknown) {
    this.changed(table);
    const r = result as { rowCount?: number; affectedRows?: number };
    const written = r.rowCount ?? r.affectedRows;
    if (written !== undefined && written < sent) this.counters.unknownDevices += sent - written;
  }

  /** Runs `write` over the chunks, at most `parallel` at a time. */
  async inParallel<T>(items: T[], write: (item: T) => Promise<unknown>) {
    let next = 0;
    const worker = async () => {
      while (next < items.length) await write(items[next++]!);
    };
    await Promise.all(Array.from({ length: Math.min(this.parallel, items.length) }, worker));
  }

  /**
   * Devices whose status, level or power changed, per group, to the live streams. Queued behind the earlier
   * announcements but not awaited by the writes: many changes at once take many notifications, and readings must
   * not wait for them.
   */
  announce(type: 'modules' | 'controllers' | 'meters', result: unknown) {
    const hub = this.hub;
    if (!hub) return;
    const rows = ((result as { rows?: Record<string, unknown>[] }).rows ?? []).filter((r) => r.changed);
    const byGroup = new Map<number | null, Record<string, unknown>[]>();
    for (const { changed: _changed, group, _id, ...r } of rows) {
      // bigint columns read through raw SQL arrive as strings from a PostgreSQL server
      const g = group == null ? null : Number(group);
      const list = byGroup.get(g) ?? [];
      if (!list.length) byGroup.set(g, list);
      list.push({ _id: Number(_id), ...r });
    }
    for (const [groupId, data] of byGroup)
      this.announcing = this.announcing
        .then(() => hub.publish({ type, groupId, data }))
        .catch((err: unknown) => this.log.error({ err }, 'live announcement failed'));
  }

  /** Resolves once every announcement made so far is sent. */
  announced() {
    return this.announcing;
  }
}

/**
 * The database refused the data itself (SQLSTATE class 22, data exception, or 23, integrity violation): halving
 * the batch finds the rows. Anything else (a lost connection, say) would fail every half as well.
 */
function isDataError(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string' && /^2[23]/.test(e.code)) return true;
  }
  return false;
}

/** Writes stay below what one protocol message comfortably carries (PGlite refuses very large ones). */
export function chunks<T>(items: T[], size = 1000): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
