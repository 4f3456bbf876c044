import { z } from 'zod';

// What a device may say, bounded by what the database holds: a value that passed these and then failed a whole
// ingest batch would drop everyone's readings with it.

/** Days back and ahead of the server's clock a device's timestamp may stand (a controller replays what it buffered offline). */
export const FIELD_PAST_DAYS = 400;
export const FIELD_FUTURE_DAYS = 2;
const DAY_MS = 86_400_000;

/** An instant a device reports: ISO 8601 in UTC, within the window around now. */
export const fieldInstant = z.iso.datetime().refine((s) => {
  const at = Date.parse(s);
  const now = Date.now();
  return at >= now - FIELD_PAST_DAYS * DAY_MS && at <= now + FIELD_FUTURE_DAYS * DAY_MS;
}, `within ${FIELD_PAST_DAYS} days before and ${FIELD_FUTURE_DAYS} after now`);

/** Text a device sends: no control characters (PostgreSQL refuses NUL) and no lone surrogates. */
export const deviceText = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[^\p{Cc}\p{Cs}]*$/u, 'no control characters');

/** A PostgreSQL `int` column. */
export const int32 = z.number().int().min(-2_147_483_648).max(2_147_483_647);

/** Any JSON the database's jsonb takes: it refuses the NUL character in a string. */
export const storableJson = z
  .unknown()
  .refine((v) => v === undefined || !JSON.stringify(v).includes('\\u0000'), 'no NUL characters');
