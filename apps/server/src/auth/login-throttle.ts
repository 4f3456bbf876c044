import { ApiError } from '../http/api-error.ts';

/**
 * Failed sign-ins per login: after `max` failures within `windowMs` the login is refused until the window passes,
 * whatever address the attempts come from. Kept in this process's memory.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, { count: number; since: number }>();
  constructor(
    private readonly max = 5,
    private readonly windowMs = 15 * 60_000,
  ) {}

  check(login: string) {
    const f = this.failures.get(login.toLowerCase());
    if (!f) return;
    if (Date.now() - f.since > this.windowMs) this.failures.delete(login.toLowerCase());
    else if (f.count >= this.max)
      throw new ApiError('UnauthorizedError', ['login'], { status: 429, reason: 'tooManyAttempts' });
  }

  failed(login: string) {
    const key = login.toLowerCase();
    const f = this.failures.get(key);
    if (f && Date.now() - f.since <= this.windowMs) f.count += 1;
    else this.failures.set(key, { count: 1, since: Date.now() });
    if (this.failures.size > 100_000) this.failures.clear();
  }

  succeeded(login: string) {
    this.failures.delete(login.toLowerCase());
  }
}
