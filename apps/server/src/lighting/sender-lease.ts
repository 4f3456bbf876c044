import pg from 'pg';

/** Whether this server process is the one that sends the lighting programs. */
export type SenderLease = { held(): Promise<boolean>; close(): Promise<void> };

/** One process on its own database (PGlite): it always sends. */
export const ALONE: SenderLease = { held: async () => true, close: async () => undefined };

/** A sending that one process does: its advisory lock's key and how its connection shows in pg_stat_activity. */
export type LeaseKind = { key: number; name: string };
// any constants of our own: advisory locks are per database, so tests on fresh databases do not meet
export const PROGRAM_LEASE: LeaseKind = { key: 0x5_1_1_9_7, name: 'sl-program-sender' };
export const SCHEDULE_LEASE: LeaseKind = { key: 0x5_1_1_9_8, name: 'sl-schedule-sender' };
export const MAINTENANCE_LEASE: LeaseKind = { key: 0x5_1_1_9_9, name: 'sl-maintenance' };

/**
 * Server processes on one PostgreSQL server: the one holding a session advisory lock on a connection of its own
 * sends; when it stops or dies its connection closes, the lock goes with it, and the next process that asks takes
 * it. Two senders would each send every table, and a controller would be told twice.
 */
export class AdvisoryLease implements SenderLease {
  private client?: pg.Client;
  private holding = false;

  constructor(
    private readonly databaseUrl: string,
    private readonly kind: LeaseKind = PROGRAM_LEASE,
  ) {}

  async held(): Promise<boolean> {
    if (this.holding && this.client) return true;
    try {
      if (!this.client) {
        const client = new pg.Client({
          connectionString: this.databaseUrl,
          application_name: this.kind.name,
        });
        // a lost connection loses the lock: ask again next time
        const lost = () => this.drop(client);
        client.on('error', lost);
        client.on('end', lost);
        await client.connect();
        this.client = client;
      }
      const { rows } = await this.client.query<{ got: boolean }>('select pg_try_advisory_lock($1) as got', [
        this.kind.key,
      ]);
      this.holding = rows[0]?.got === true;
    } catch {
      if (this.client) this.drop(this.client);
    }
    return this.holding;
  }

  async close() {
    const client = this.client;
    this.drop(client);
    await client?.end().catch(() => undefined);
  }

  private drop(client: pg.Client | undefined) {
    if (client !== this.client) return;
    this.client = undefined;
    this.holding = false;
  }
}
