import { gatewayRequest } from './talq-gateway-client.ts';
import type { Gateway, TalqGateways } from './talq-gateways.ts';
import { loggerConfigsOf, type LoggerConfig } from './talq-logger-entities.ts';
import { checkLoggerModes, checkRequest } from './talq-schemas.ts';

// The TALQ adapter of data collection's configuration (issue 31 §5), CMS → gateway: once a gateway's bootstrap
// ended (again after every resync, as a gateway bootstrapping again is taken to have lost them), its logger
// configurations (talq-logger-entities.ts) go out as `POST {gatewayUri}/logger-configs`, one a request as the API
// takes them; one the gateway already has (409) is replaced by `PUT /logger-configs/{loggerAddress}`. A gateway that
// cannot be reached or refuses one is asked again a minute later, as long as it stays bootstrapped.

const RETRY_MS = 60_000;
const ONE = '/logger-configs/{loggerAddress}';

type Log = {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

export class TalqLoggerConfigs {
  private readonly retries = new Map<number, NodeJS.Timeout>();
  private stopped = false;

  constructor(
    private readonly gateways: Pick<TalqGateways, 'byLogin' | 'tried'>,
    private readonly timeoutMs: number,
    private readonly log: Log,
    private readonly retryMs = RETRY_MS,
  ) {}

  /** The gateway's bootstrap ended: its logger configurations go out now, whatever was pending for it. */
  send(g: Pick<Gateway, 'id' | 'login'>) {
    clearTimeout(this.retries.get(g.id));
    this.retries.delete(g.id);
    void this.attempt(g).catch((err: unknown) =>
      this.log.error({ err, gateway: g.id }, 'TALQ logger configurations failed'),
    );
  }

  stop() {
    this.stopped = true;
    for (const t of this.retries.values()) clearTimeout(t);
    this.retries.clear();
  }

  private async attempt(known: Pick<Gateway, 'id' | 'login'>) {
    let failure: string | undefined;
    try {
      const g = await this.gateways.byLogin(known.login);
      // one bootstrapping again is sent them when that bootstrap ends
      if (!g || g.state !== 'ready' || !g.cmsAddress) return;
      const refused = await this.sendAll(g);
      await this.gateways.tried(g.id, 'loggerConfigs', refused && { status: refused.status });
      failure = refused?.text;
    } catch (err) {
      failure = `not sent: ${String(err)}`;
    }
    if (!failure || this.stopped) return;
    this.log.warn(
      { gateway: known.id, failure },
      'TALQ logger configurations not taken, asked again in a minute',
    );
    const retry = setTimeout(() => {
      this.retries.delete(known.id);
      this.send(known);
    }, this.retryMs);
    retry.unref();
    this.retries.set(known.id, retry);
  }

  /** Every configuration to the gateway; what went wrong (its status: null when not reached), if anything did. */
  private async sendAll(g: Gateway): Promise<{ text: string; status: number | null } | undefined> {
    const unreached = (text: string) => ({ text, status: null });
    for (const config of loggerConfigsOf(g)) {
      const created = await this.request(g, 'POST', '/logger-configs', config);
      if (typeof created === 'string') return unreached(created);
      if (created < 300) continue;
      if (created !== 409) return { text: `POST /logger-configs answered ${created}`, status: created };
      const replaced = await this.request(g, 'PUT', `/logger-configs/${config.address}`, config, ONE);
      if (typeof replaced === 'string') return unreached(replaced);
      if (replaced >= 300) return { text: `PUT /logger-configs answered ${replaced}`, status: replaced };
    }
    return undefined;
  }

  /** The gateway's answer's status, or why there is none. */
  private async request(g: Gateway, method: string, path: string, body: LoggerConfig, operation = path) {
    const schema = checkRequest('gw', operation, method, body);
    const checked = schema.ok ? checkLoggerModes(body) : schema;
    if (!checked.ok) throw new Error(`TALQ ${method} ${path}: ${checked.errors.join('; ')}`);
    try {
      return (await gatewayRequest(g, method, path, { body, timeoutMs: this.timeoutMs })).status;
    } catch (err) {
      return `not reached: ${String(err)}`;
    }
  }
}
