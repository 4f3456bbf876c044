// PGlite runs its queries synchronously in WebAssembly: on the HTTP thread a long one stops every request. Here it
// has a thread of its own, and the server talks to it by messages (pglite-thread.ts). Plain JavaScript, so that the
// thread starts the same under tsx, vitest and node.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const { dataDir, image } = workerData;
// pg_trgm: the map's search finds a part inside a word through trigram indexes (migration map_find_trgm)
const extensions = { pg_trgm };
const pg = dataDir
  ? new PGlite(dataDir, { extensions })
  : new PGlite({ loadDataDir: image ? new Blob([image]) : undefined, extensions });
/** open transactions by id: the PGlite transaction and how to end it */
const transactions = new Map();

const keepText = (types) => Object.fromEntries((types ?? []).map((t) => [t, (value) => value]));
const optionsOf = (o) => (o ? { rowMode: o.rowMode, parsers: keepText(o.textTypes) } : undefined);

/** an error as plain data: PostgreSQL's fields (code, constraint, detail, ...) survive the crossing */
function plain(err) {
  if (!(err instanceof Error)) return { message: String(err) };
  const out = { name: err.name, message: err.message, stack: err.stack };
  for (const [k, v] of Object.entries(err)) if (typeof v !== 'function' && typeof v !== 'object') out[k] = v;
  return out;
}

async function run(msg) {
  const on = msg.tx === undefined ? pg : transactions.get(msg.tx)?.tx;
  if (!on) throw new Error(`transaction ${msg.tx} is not open`);
  switch (msg.op) {
    case 'query':
      return on.query(msg.text, msg.params, optionsOf(msg.options));
    case 'exec':
      return on.exec(msg.text, optionsOf(msg.options));
    case 'begin':
      return begin(msg.id);
    case 'end': {
      const t = transactions.get(msg.tx);
      transactions.delete(msg.tx);
      if (msg.commit) t.commit();
      else t.rollback(new Error('rolled back'));
      return t.done.then(
        () => null,
        (err) => {
          if (msg.commit) throw err;
          return null;
        },
      );
    }
    case 'dump':
      return new Uint8Array(await (await pg.dumpDataDir(msg.compression)).arrayBuffer());
    case 'close':
      await pg.close();
      return null;
  }
  throw new Error(`unknown operation ${msg.op}`);
}

/** Opens a transaction and answers once it has begun; it ends when the server says commit or roll back. */
function begin(id) {
  return new Promise((began, failed) => {
    let commit, rollback;
    const ended = new Promise((resolve, reject) => {
      commit = resolve;
      rollback = reject;
    });
    const open = { commit, rollback };
    open.done = pg.transaction(async (tx) => {
      transactions.set(id, { ...open, tx });
      began(id);
      await ended;
    });
    // a BEGIN that failed answers here; later failures are answered by 'end', which awaits `done`
    open.done.catch((err) => failed(err));
  });
}

await pg.waitReady;
parentPort.on('message', (msg) => {
  run(msg).then(
    (result) => parentPort.postMessage({ id: msg.id, result }),
    (err) => parentPort.postMessage({ id: msg.id, error: plain(err) }),
  );
});
parentPort.postMessage({ ready: true });
