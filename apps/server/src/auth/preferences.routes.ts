import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import { userPreferences as P } from '../db/user-preference.table.ts';
import { ApiError } from '../http/api-error.ts';
import { errorResponses } from '../entities/entity-schemas.ts';

/** `LuminaryModules.columns`, `list.perPage`: a dotted name, never a path into anything */
const KEY = /^[A-Za-z0-9_.-]{1,120}$/;
/** one preference is a short list or a number; a user keeps a few hundred at most */
const VALUE_BYTES = 8 * 1024;
const KEYS_MAX = 500;

const prefs = z.record(z.string(), z.unknown());
const answer = z.object({ error: z.literal(false), result: prefs });

/** Every preference of the user, by key. */
export async function readPreferences(db: Db, userId: number) {
  const [row] = await db.select({ prefs: P.prefs }).from(P).where(eq(P.userId, userId));
  return (row?.prefs ?? {}) as Record<string, unknown>;
}

/** Sets one preference (null: forgets it); answers them all. */
export async function setPreference(db: Db, userId: number, key: string, value: unknown) {
  // one key at a time in the database, so two tabs setting different keys never undo each other
  const merged =
    value === null
      ? sql`${P.prefs} - ${key}::text`
      : sql`${P.prefs} || jsonb_build_object(${key}::text, ${JSON.stringify(value)}::jsonb)`;
  const [row] = await db
    .insert(P)
    .values({ userId, prefs: value === null ? {} : { [key]: value } })
    .onConflictDoUpdate({ target: P.userId, set: { prefs: merged, updatedAt: new Date() } })
    .returning({ prefs: P.prefs });
  return (row?.prefs ?? {}) as Record<string, unknown>;
}

/** The signed-in user's own console preferences: read them all, or set (null: forget) one by its key. */
export function registerPreferenceRoutes(app: FastifyInstance, db: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const userOf = (req: { caller: { userId?: number } }) => {
    if (req.caller.userId === undefined) throw new ApiError('PermissionDeniedError');
    return req.caller.userId;
  };
  const read = (userId: number) => readPreferences(db, userId);

  r.get(
    '/api/v2/preferences',
    {
      schema: {
        tags: ['Users'],
        summary: 'The signed-in user’s console preferences by key (list columns, page size, fields shown).',
        response: { 200: answer, ...errorResponses },
      },
      config: { access: 'session' },
    },
    async (req) => ({ error: false as const, result: await read(userOf(req)) }),
  );

  r.put(
    '/api/v2/preferences/:key',
    {
      schema: {
        tags: ['Users'],
        summary: 'Sets one of the signed-in user’s preferences; a null value forgets it. Answers them all.',
        params: z.object({ key: z.string().regex(KEY) }),
        body: z.strictObject({ value: z.unknown() }),
        response: { 200: answer, ...errorResponses },
      },
      config: { access: 'session' },
    },
    async (req) => {
      const userId = userOf(req);
      const { key } = req.params;
      const value = req.body.value ?? null;
      if (JSON.stringify(value).length > VALUE_BYTES) throw new ApiError('IsInvalidError', ['value']);
      const current = await read(userId);
      if (value !== null && !(key in current) && Object.keys(current).length >= KEYS_MAX)
        throw new ApiError('IsInvalidError', ['key']);
      const prefs = await setPreference(db, userId, key, value);
      return { error: false as const, result: prefs };
    },
  );
}
