import { snakeCase, type Entity } from '@sl/domain';
import { ApiError } from '../http/api-error.ts';
import { ORDER_EVENTS_CONSTRAINT } from '../db/order-events-guard.ts';

type PgError = { code?: string; constraint?: string; message?: string; cause?: unknown };

/** Constraint and data errors from PostgreSQL (server or PGlite) as catalogue errors; anything else is rethrown. */
export function dbErrorToApi(e: Entity, err: unknown): unknown {
  const pgErr = findPgError(err);
  if (!pgErr?.code) return err;
  if (pgErr.code === '23505')
    return new ApiError(
      'AlreadyExistsError',
      constraintOf(pgErr) === ORDER_EVENTS_CONSTRAINT ? ['events'] : uniqueFields(e, pgErr),
    );
  if (pgErr.code.startsWith('22') || pgErr.code === '23502') return new ApiError('IsInvalidError');
  return err;
}

function findPgError(err: unknown): PgError | undefined {
  let cur = err as PgError | undefined;
  for (let i = 0; cur && i < 5; i++) {
    if (typeof cur.code === 'string' && /^[0-9A-Z]{5}$/.test(cur.code)) return cur;
    cur = cur.cause as PgError | undefined;
  }
  return undefined;
}

const constraintOf = (err: PgError) =>
  err.constraint ?? /unique constraint "([^"]+)"/.exec(err.message ?? '')?.[1];

function uniqueFields(e: Entity, err: PgError): string[] | undefined {
  const name = constraintOf(err);
  if (!name) return undefined;
  const keys = [
    ...Object.keys(e.fields)
      .filter((f) => e.fields[f]!.unique)
      .map((f) => [f]),
    ...(e.uniqueTogether ?? []).map((k) => [...k]),
  ];
  return keys.find((k) => name === `${e.table}_${k.map(snakeCase).join('_')}_unique`);
}
