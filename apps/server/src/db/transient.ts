// PostgreSQL rolls back one of two transactions that wait on each other (deadlock_detected, 40P01) or that a
// serializable snapshot cannot order (serialization_failure, 40001): the statement did nothing, and the same
// statement again usually goes through.
const TRANSIENT = new Set(['40P01', '40001']);

export function isTransient(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string' && TRANSIENT.has(e.code)) return true;
  }
  return false;
}

/**
 * `work` again, after a short random wait growing with each attempt, while the database rolled it back for another
 * transaction's sake (isTransient); `work` must be one transaction, so that a rolled-back attempt left nothing.
 */
export async function retried<T>(
  work: () => Promise<T>,
  onRetry?: (err: unknown) => void,
  attempts = 6,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (attempt >= attempts || !isTransient(err)) throw err;
      onRetry?.(err);
      await new Promise((r) => setTimeout(r, attempt * (20 + Math.random() * 80)));
    }
  }
}
