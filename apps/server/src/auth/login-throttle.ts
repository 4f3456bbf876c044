import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import { ApiError } from '../http/api-error.ts';

export type ThrottleRules = {
  /** failures that cost nothing; from the last of them on, each failure makes the next attempt wait */
  free: number;
  /** the wait after failure number `free`; it doubles with each further failure */
  baseMs: number;
  /** the longest wait: the right password always gets in after at most this long */
  capMs: number;
  /** failures older than this are forgotten */
  forgetMs: number;
};

export const THROTTLE_RULES: ThrottleRules = {
  free: 5,
  baseMs: 1000,
  capMs: 60_000,
  forgetMs: 15 * 60_000,
};

type Row = { wait_ms: number | string | null };
const rowsOf = <T>(result: unknown) => (result as { rows?: T[] }).rows ?? [];

/**
 * Failed sign-ins per login and client address together, kept in the database so every server process on it sees
 * the same count. After `free` failures each further attempt from that address waits a delay that doubles from
 * `baseMs` up to `capMs`; an attempt made during the wait is answered with 429 and Retry-After, and counts as
 * nothing. Counted per address, a stranger's failures never delay the owner signing in from elsewhere (counted per
 * login alone, they kept the owner out for as long as the stranger went on); guessing from many addresses is
 * bounded by the per-address limit of attempts a minute. A success clears that login's record for that address
 * only. Times are the database's own.
 */
export class LoginThrottle {
  private sinceSweep = 0;
  constructor(
    private readonly db: Db,
    private readonly rules: ThrottleRules = THROTTLE_RULES,
  ) {}

  /** Refuses (429, Retry-After) while the wait of the login at this address runs. */
  async check(login: string, address: string) {
    const [row] = rowsOf<Row>(
      await this.db.execute(sql`
        select ceil(extract(epoch from (blocked_until - now())) * 1000) as wait_ms
        from login_throttle
        where login = ${key(login)} and address = ${address} and blocked_until > now()`),
    );
    if (!row || row.wait_ms === null) return;
    const seconds = Math.max(1, Math.ceil(Number(row.wait_ms) / 1000));
    throw new ApiError('UnauthorizedError', ['login'], {
      status: 429,
      reason: 'tooManyAttempts',
      retryAfter: seconds,
    });
  }

  /** Counts a failure (one statement, so two processes counting at once both count, each in turn). */
  async failed(login: string, address: string) {
    const { free, baseMs, capMs, forgetMs } = this.rules;
    // the count goes on only while the last failure is recent; the wait after failure n ≥ free is base·2^(n−free)
    const count = sql`case
      when t.last_failure_at < now() - make_interval(secs => ${forgetMs / 1000}) then 1
      else t.failures + 1 end`;
    const until = (n: SQL) => sql`case when ${n} >= ${free} then now() + make_interval(secs => least(
        ${capMs / 1000}::float8,
        ${baseMs / 1000}::float8 * power(2::float8, least(${n} - ${free}, 30)))) end`;
    await this.db.execute(sql`
      insert into login_throttle as t (login, address, failures, last_failure_at, blocked_until)
      values (${key(login)}, ${address}, 1, now(), ${until(sql`1`)})
      on conflict (login, address) do update set
        failures = ${count}, last_failure_at = now(), blocked_until = ${until(count)}`);
    if (++this.sinceSweep >= 100) {
      this.sinceSweep = 0;
      await this.db.execute(sql`
        delete from login_throttle
        where last_failure_at < now() - make_interval(secs => ${(forgetMs + capMs) / 1000})`);
    }
  }

  async succeeded(login: string, address: string) {
    await this.db.execute(
      sql`delete from login_throttle where login = ${key(login)} and address = ${address}`,
    );
  }
}

const key = (login: string) => login.toLowerCase();
