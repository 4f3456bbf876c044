import { OFFLINE_CODE } from '@sl/domain';
import type { Clock } from '../lighting/program-service.ts';
import { controllerStatus, moduleNotResponding } from './field-status-sql.ts';

/** The driver's own client under drizzle: node-postgres' pool or PGlite, both with `query(text, params)`. */
export type Raw = { query(text: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[] }> };
export type Announce = (type: 'modules' | 'controllers', result: { rows: Record<string, unknown>[] }) => void;

const MODULE_ROW = `m._id, m.mac, m."group", m.cl_status, m.pwm, m.pow, m.status, true as changed`;

/** Every module behind the controllers with these MACs offline at once (their controller's last will or silence). */
export async function modulesOfControllersOffline(raw: Raw, controllerMacs: string[]) {
  if (!controllerMacs.length) return { rows: [] };
  return raw.query(
    `update luminary_modules as m set cl_status = ${OFFLINE_CODE}, status = ${moduleNotResponding('m.status')}
    from controllers as c
    where c._id = m.controller and c.mac = any($1::text[]) and m.deleted_at is null
      and m.cl_status is distinct from ${OFFLINE_CODE}
    returning ${MODULE_ROW}`,
    [controllerMacs],
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

  constructor(
    private readonly raw: Raw,
    private readonly clock: Clock,
    /** silence longer than this is offline */
    readonly afterMs: number,
    private readonly announce: Announce,
    private readonly changed: (table: string) => void,
    private readonly log: { error(obj: object, msg: string): void },
  ) {}

  start(everyMs: number) {
    this.timer = setInterval(() => void this.sweep(), everyMs);
    this.timer.unref();
  }

  async stop() {
    clearInterval(this.timer);
    await this.running;
  }

  /** One sweep; resolves with how many controllers and modules it found silent. */
  sweep(): Promise<{ controllers: number; modules: number }> {
    const run = this.once().catch((err: unknown) => {
      this.log.error({ err }, 'offline sweep failed');
      return { controllers: 0, modules: 0 };
    });
    this.running = run;
    return run;
  }

  private async once() {
    const cutoff = new Date(this.clock.now().getTime() - this.afterMs).toISOString();
    const gone = await this.raw.query(
      `update controllers as c set connected = false, cl_status = ${OFFLINE_CODE},
        status = ${controllerStatus('false', 'c.status')}
      where c.deleted_at is null and c.connected is true and c.last_received_at < $1::timestamptz
      returning c._id, c.mac, c."group", c.cl_status, c.iostate, c.connected, c.status, true as changed`,
      [cutoff],
    );
    if (gone.rows.length) {
      this.changed('controllers');
      this.announce('controllers', gone);
    }
    const behind = await modulesOfControllersOffline(
      this.raw,
      gone.rows.map((r) => r.mac as string),
    );
    const silent = await this.raw.query(
      `update luminary_modules as m set cl_status = ${OFFLINE_CODE}, status = ${moduleNotResponding('m.status')}
      where m.deleted_at is null and m.last_received_at < $1::timestamptz
        and m.cl_status is distinct from ${OFFLINE_CODE}
      returning ${MODULE_ROW}`,
      [cutoff],
    );
    const modules = [...behind.rows, ...silent.rows];
    if (modules.length) {
      this.changed('luminary_modules');
      this.announce('modules', { rows: modules });
    }
    return { controllers: gone.rows.length, modules: modules.length };
  }
}
