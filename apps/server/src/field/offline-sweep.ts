import { OFFLINE_CODE } from '@sl/domain';
import { retried } from '../db/transient.ts';
import type { Clock } from '../lighting/program-service.ts';
import { controllerStatus, moduleNotResponding } from './field-status-sql.ts';

/** The driver's own client under drizzle: node-postgres' pool or PGlite, both with `query(text, params)`. */
export type Raw = { query(text: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[] }> };
export type Announce = (type: 'modules' | 'controllers', result: { rows: Record<string, unknown>[] }) => void;

const MODULE_ROW = `m._id, m.mac, m."group", m.cl_status, m.pwm, m.pow, m.status, true as changed`;
/**
 * Silent modules are marked this many at a time: a storm of 100,000 in one statement outlasted the sweep's
 * interval, held every row's lock meanwhile and deadlocked with ingest (bench:events).
 */
export const SWEEP_CHUNK = 5000;

/**
 * Every module behind the controllers with these MACs offline at once (their controller's last will or silence).
 * The rows are locked in the order of their ids, as the ingest locks them, and the statement is made again when the
 * database rolled it back for another process's sake.
 */
export async function modulesOfControllersOffline(raw: Raw, controllerMacs: string[]) {
  if (!controllerMacs.length) return { rows: [] };
  return retried(() =>
    raw.query(
      `with locked as (select m._id from luminary_modules m join controllers c on c._id = m.controller
        where c.mac = any($1::text[]) and m.deleted_at is null and m.cl_status is distinct from ${OFFLINE_CODE}
        order by m._id for update of m)
      update luminary_modules as m set cl_status = ${OFFLINE_CODE}, status = ${moduleNotResponding('m.status')}
      from locked where m._id = locked._id
      returning ${MODULE_ROW}`,
      [controllerMacs],
    ),
  );
}

/**
 * Devices not heard for longer than their report interval × the offline factor, by the server's clock: a module
 * becomes offline and not responding; a controller disconnected, and every module behind it offline with it. Any
 * server process may sweep: a device already marked is not marked again, so two sweeps announce it once.
 */
export class OfflineSweep {
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;
  private pending = 0;
  private stopping = false;

  constructor(
    private readonly raw: Raw,
    private readonly clock: Clock,
    /** silence longer than this is offline */
    readonly afterMs: number,
    private readonly announce: Announce,
    private readonly changed: (table: string) => void,
    private readonly log: { error(obj: object, msg: string): void },
    /** silence longer than this is offline for a TALQ gateway and its lamps, which report less often */
    readonly talqAfterMs = afterMs,
  ) {}

  start(everyMs: number) {
    // a sweep that outlasts the interval is not joined by another: two over the same rows deadlock
    this.timer = setInterval(() => this.pending === 0 && void this.sweep(), everyMs);
    this.timer.unref();
  }

  async stop() {
    clearInterval(this.timer);
    // a sweep in progress ends after its chunk
    this.stopping = true;
    await this.running;
  }

  /** One sweep, after any in progress (never two at once); resolves with the controllers and modules found silent. */
  sweep(): Promise<{ controllers: number; modules: number }> {
    this.pending += 1;
    const run = Promise.resolve(this.running)
      .then(() => this.once())
      .catch((err: unknown) => {
        this.log.error({ err }, 'offline sweep failed');
        return { controllers: 0, modules: 0 };
      })
      .finally(() => (this.pending -= 1));
    this.running = run;
    return run;
  }

  private async once() {
    const now = this.clock.now().getTime();
    const cutoff = new Date(now - this.afterMs).toISOString();
    const talqCutoff = new Date(now - Math.max(this.afterMs, this.talqAfterMs)).toISOString();
    // controllers locked in id order, as the ingest locks them
    const gone = await retried(() =>
      this.raw.query(
        `with locked as (select _id from controllers
          where deleted_at is null and connected is true and last_received_at < $1::timestamptz
            and (protocol is distinct from 'TALQ' or last_received_at < $2::timestamptz)
          order by _id for update)
        update controllers as c set connected = false, cl_status = ${OFFLINE_CODE},
          status = ${controllerStatus('false', 'c.status')}
        from locked where c._id = locked._id and c.connected is true
        returning c._id, c.mac, c."group", c.cl_status, c.iostate, c.connected, c.status, true as changed`,
        [cutoff, talqCutoff],
      ),
    );
    if (gone.rows.length) {
      this.changed('controllers');
      this.announce('controllers', gone);
    }
    const behind = await modulesOfControllersOffline(
      this.raw,
      gone.rows.map((r) => r.mac as string),
    );
    if (behind.rows.length) {
      this.changed('luminary_modules');
      this.announce('modules', behind);
    }
    let modules = behind.rows.length;
    // rows a report holds locked are left to the next sweep, which finds them still silent or heard again. The
    // TALQ gateways are one uncorrelated list: asked per row (not exists), the planner costed the statement at
    // 170 times more and compiled it with JIT each sweep (886 ms against 300 ms a chunk of 5,000 at 1M modules)
    while (!this.stopping) {
      const silent = await retried(() =>
        this.raw.query(
          `update luminary_modules as m set cl_status = ${OFFLINE_CODE}, status = ${moduleNotResponding('m.status')}
        where m._id in (select _id from luminary_modules
            where deleted_at is null and last_received_at < $1::timestamptz
              and cl_status is distinct from ${OFFLINE_CODE}
              and (last_received_at < $2::timestamptz or controller is null
                or controller not in (select c._id from controllers c where c.protocol = 'TALQ'))
            limit ${SWEEP_CHUNK} for update skip locked)
        returning ${MODULE_ROW}`,
          [cutoff, talqCutoff],
        ),
      );
      if (silent.rows.length) {
        this.changed('luminary_modules');
        this.announce('modules', silent);
      }
      modules += silent.rows.length;
      if (silent.rows.length < SWEEP_CHUNK) break;
    }
    return { controllers: gone.rows.length, modules };
  }
}
