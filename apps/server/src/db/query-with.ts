import pg from 'pg';

type Raw = { query(text: string, params: unknown[]): Promise<unknown> };
type Rows = { rows: Record<string, unknown>[] };

/**
 * One statement with planner settings of its own (`set local`, in a transaction of its own) on PostgreSQL. PGlite
 * runs it as it is: it has one connection that other statements share between awaits, no JIT, and small data.
 */
export async function queryWith(
  raw: Raw,
  settings: Record<string, string>,
  text: string,
  params: unknown[],
): Promise<Rows> {
  const none = Object.keys(settings).length === 0;
  if (none || !(raw instanceof pg.Pool)) return (await raw.query(text, params)) as Rows;
  const client = await raw.connect();
  try {
    await client.query('begin');
    for (const [name, value] of Object.entries(settings)) await client.query(`set local ${name} = ${value}`);
    const result = await client.query(text, params);
    await client.query('commit');
    return result;
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

/**
 * `work` as one transaction holding the transaction advisory lock `lock`, with planner settings of its own, on
 * PostgreSQL: the server processes on a database run it one at a time, and it sees what the one before committed.
 * PGlite (one process, one connection) runs `work` as it is.
 */
export async function exclusively(
  raw: Raw,
  lock: number,
  settings: Record<string, string>,
  work: (raw: Raw) => Promise<void>,
): Promise<void> {
  if (!(raw instanceof pg.Pool)) return work(raw);
  const client = await raw.connect();
  try {
    await client.query('begin');
    for (const [name, value] of Object.entries(settings)) await client.query(`set local ${name} = ${value}`);
    await client.query('select pg_advisory_xact_lock($1)', [lock]);
    await work(client);
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
