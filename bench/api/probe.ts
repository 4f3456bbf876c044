import pg from 'pg';

// Watches the bench database between scenarios: a scenario can leave queries queued in the server's pool after
// its clients have gone, and those must not be billed to the next scenario.

export class Probe {
  private constructor(private readonly client: pg.Client) {}

  static async open(url: string): Promise<Probe> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    return new Probe(client);
  }

  /**
   * Waits until no other session of this database runs a query (seen idle 3 times in a row, 30 s at most),
   * then a little more so the backends flush their statistics. Returns how long the backlog took to drain.
   */
  async settle(): Promise<number> {
    const start = Date.now();
    for (let idle = 0; idle < 3 && Date.now() - start < 30_000;) {
      const { rows } = await this.client.query<{ n: string }>(
        `select count(*) n from pg_stat_activity
         where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`,
      );
      idle = rows[0]!.n === '0' ? idle + 1 : 0;
      await sleep(100);
    }
    const drained = Date.now() - start;
    await sleep(1500);
    return drained;
  }

  /** Rows read by sequential scans of the table so far; a `count(*)` over every post reads them all. */
  async seqRowsRead(table: string): Promise<number> {
    const { rows } = await this.client.query<{ n: string }>(
      'select seq_tup_read n from pg_stat_user_tables where relname = $1',
      [table],
    );
    return Number(rows[0]!.n);
  }

  async version(): Promise<string> {
    const { rows } = await this.client.query<{ version: string }>('select version()');
    return rows[0]!.version;
  }

  close(): Promise<void> {
    return this.client.end();
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
