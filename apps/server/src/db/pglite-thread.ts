import { Worker } from 'node:worker_threads';

type Parser = (value: string, typeId: number) => unknown;
type QueryOptions = { rowMode?: 'array' | 'object'; parsers?: Record<number, Parser> };
type Field = { name: string; dataTypeID: number };
type Results = { rows: unknown[]; fields: Field[]; affectedRows?: number };
type Sent = {
  op: string;
  tx?: number;
  text?: string;
  params?: unknown[];
  options?: object;
  commit?: boolean;
  compression?: string;
};

/** What drizzle and our own raw queries use of a PGlite client, also inside a transaction. */
export type PgliteQueries = {
  query(text: string, params?: unknown[], options?: QueryOptions): Promise<Results>;
  exec(text: string, options?: QueryOptions): Promise<Results[]>;
};

export type PgliteThread = PgliteQueries & {
  transaction<T>(fn: (tx: PgliteQueries) => Promise<T>): Promise<T>;
  /**
   * since when the thread has been working without answering (ms since the epoch): a statement running, or a
   * transaction held open while the server prepares its next statement; undefined when idle
   */
  busySince(): number | undefined;
  /** the data directory as a tarball, as PGlite's own dumpDataDir */
  dumpDataDir(compression?: 'none' | 'gzip' | 'auto'): Promise<Blob>;
  close(): Promise<void>;
};

/**
 * PGlite in a thread of its own (pglite-worker.mjs): a long statement no longer stops the HTTP server. Queries keep
 * PGlite's order and its one-transaction-at-a-time rule; errors keep PostgreSQL's fields (code, constraint, ...).
 */
export async function startPgliteThread(opts: { dataDir?: string; image?: Blob }): Promise<PgliteThread> {
  const image = opts.image ? new Uint8Array(await opts.image.arrayBuffer()) : undefined;
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
    workerData: { dataDir: opts.dataDir, image },
  });
  const waiting = new Map<number, { resolve(v: unknown): void; reject(e: unknown): void }>();
  let nextId = 1;
  let started: number | undefined;
  /** transactions begun and not yet ended: between their statements the thread holds them, and waits */
  let open = 0;
  const idle = () => waiting.size === 0 && open === 0;
  let failure: Error | undefined;

  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('message', (m: { ready?: boolean }) =>
      m.ready ? resolve() : reject(new Error('PGlite did not start')),
    );
  });
  worker.on('message', (m: { id: number; result?: unknown; error?: Record<string, unknown> }) => {
    const w = waiting.get(m.id);
    waiting.delete(m.id);
    started = idle() ? undefined : Date.now();
    if (m.error) w?.reject(Object.assign(new Error(String(m.error.message)), m.error));
    else w?.resolve(m.result);
  });
  const fail = (err: Error) => {
    failure = err;
    for (const w of waiting.values()) w.reject(err);
    waiting.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the database thread stopped (exit ${code})`)));

  const send = <T>(msg: Sent): Promise<T> => {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    if (idle()) started = Date.now();
    return new Promise<T>((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ ...msg, id });
    });
  };

  const on = (tx?: number): PgliteQueries => ({
    query: async (text, params, options) =>
      parsed(await send<Results>({ op: 'query', tx, text, params, options: plainOptions(options) }), options),
    exec: async (text, options) =>
      (await send<Results[]>({ op: 'exec', tx, text, options: plainOptions(options) })).map((r) =>
        parsed(r, options),
      ),
  });

  return {
    ...on(),
    async transaction(fn) {
      if (idle()) started = Date.now();
      open += 1;
      try {
        const tx = await send<number>({ op: 'begin' });
        let result;
        try {
          result = await fn(on(tx));
        } catch (err) {
          await send({ op: 'end', tx, commit: false });
          throw err;
        }
        await send({ op: 'end', tx, commit: true });
        return result;
      } finally {
        open -= 1;
        if (idle()) started = undefined;
      }
    },
    busySince: () => started,
    dumpDataDir: async (compression = 'none') =>
      new Blob([await send<Uint8Array<ArrayBuffer>>({ op: 'dump', compression })]),
    async close() {
      if (!failure) await send({ op: 'close' });
      await worker.terminate();
    },
  };
}

/** A parser is a function, which cannot cross threads: its columns come back as text and are parsed here. */
const plainOptions = (o?: QueryOptions) =>
  o && { rowMode: o.rowMode, textTypes: Object.keys(o.parsers ?? {}).map(Number) };

function parsed(r: Results, o?: QueryOptions): Results {
  const parsers = o?.parsers;
  if (!parsers || r.rows.length === 0) return r;
  const columns = r.fields
    .map((f, i) => ({ i, name: f.name, parse: parsers[f.dataTypeID], type: f.dataTypeID }))
    .filter((c) => c.parse);
  if (columns.length === 0) return r;
  for (const row of r.rows as Record<string | number, unknown>[]) {
    for (const c of columns) {
      const key = o?.rowMode === 'array' ? c.i : c.name;
      const v = row[key];
      if (typeof v === 'string') row[key] = c.parse!(v, c.type);
    }
  }
  return r;
}
