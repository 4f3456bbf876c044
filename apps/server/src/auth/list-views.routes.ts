import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ENTITIES, LIMITS, type Entity } from '@sl/domain';
import type { Caller } from '../auth/caller.ts';
import type { Db } from '../db/connect.ts';
import { parseListQuery } from '../entities/list-query.ts';
import { ApiError } from '../http/api-error.ts';
import { errorResponses } from '../entities/entity-schemas.ts';
import { readPreferences, setPreference } from './preferences.routes.ts';

// A user's named views of a list (issue 28 §5): the list's filters saved under a name, kept with the user's
// preferences (`views.{Entity}`) so they follow the user to another browser. A view's filters are the list's query
// as the API takes it (`state`, `breakersOn.A`), checked as a list checks them when saved.

const VIEWS_MAX = 50;
const FILTER_BYTES = 4 * 1024;

const scalar = z.union([z.string(), z.number(), z.boolean()]);
const filter = z.record(z.string(), z.union([scalar, z.array(scalar)]));
const view = z.object({ name: z.string(), filter });
type View = z.infer<typeof view>;
const answer = z.object({ error: z.literal(false), result: z.array(view) });

const keyOf = (e: Entity) => `views.${e.name}`;

/** The view's name as kept, or the error naming it: required, and no longer than the limit. */
function nameOf(name: unknown): string {
  if (typeof name !== 'string' || name.trim() === '')
    throw new ApiError('IsInvalidError', ['name'], { reason: 'required' });
  if (name.trim().length > LIMITS.viewName)
    throw new ApiError('IsInvalidError', ['name'], { reason: 'tooLong' });
  return name.trim();
}

/** A view's filters as a list would take them in its query; a filter the list refuses is named. */
function checkFilter(e: Entity, f: z.infer<typeof filter>) {
  if (JSON.stringify(f).length > FILTER_BYTES) throw new ApiError('IsInvalidError', ['filter']);
  const raw = Object.fromEntries(
    Object.entries(f).map(([k, v]) => [k, Array.isArray(v) ? v.map(String) : String(v)]),
  );
  parseListQuery(e, raw);
}

export function registerListViewRoutes(app: FastifyInstance, db: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const userOf = (req: { caller: { userId?: number } }) => {
    if (req.caller.userId === undefined) throw new ApiError('PermissionDeniedError');
    return req.caller.userId;
  };
  const viewsOf = async (userId: number, e: Entity) => {
    const kept = (await readPreferences(db, userId))[keyOf(e)];
    return view.array().safeParse(kept).data ?? [];
  };
  const save = async (userId: number, e: Entity, views: View[]) => {
    await setPreference(db, userId, keyOf(e), views.length ? views : null);
    return { error: false as const, result: views };
  };

  /** The list named, which the caller may see: its views are the caller's own, the list's right decides. */
  const listOf = (req: { caller: Caller; params: { list: string } }) => {
    const e = ENTITIES.find((x) => x.name === req.params.list);
    if (!e) throw new ApiError('NotFoundError', ['list']);
    if (!req.caller.allows(e.area, 'view')) throw new ApiError('PermissionDeniedError');
    return e;
  };
  const path = '/api/v2/views/:list';
  const list = z.object({ list: z.string().max(64) });
  const tags = ['Users'];
  const config = { access: 'session' as const };

  r.get(
    path,
    {
      schema: {
        tags,
        summary:
          'The signed-in user’s saved views of a list (`list`: its entity, `LuminarySupports`): a name and the list’s filters.',
        params: list,
        response: { 200: answer, ...errorResponses },
      },
      config,
    },
    async (req) => ({ error: false as const, result: await viewsOf(userOf(req), listOf(req)) }),
  );
  r.post(
    path,
    {
      schema: {
        tags,
        summary: `Saves a list’s filters as a view under a name (required, at most ${LIMITS.viewName} characters), in place of one so named; the filters are checked as the list checks them. Answers the user’s views of the list.`,
        params: list,
        body: z.strictObject({ name: z.unknown().optional(), filter }),
        response: { 200: answer, ...errorResponses },
      },
      config,
    },
    async (req) => {
      const userId = userOf(req);
      const e = listOf(req);
      const name = nameOf(req.body.name);
      checkFilter(e, req.body.filter);
      const others = (await viewsOf(userId, e)).filter((v) => v.name !== name);
      if (others.length >= VIEWS_MAX) throw new ApiError('IsInvalidError', ['name'], { reason: 'tooMany' });
      return save(userId, e, [...others, { name, filter: req.body.filter }]);
    },
  );
  r.delete(
    `${path}/:name`,
    {
      schema: {
        tags,
        summary: 'Deletes the user’s view of a list so named. Answers the user’s views of the list.',
        params: list.extend({ name: z.string() }),
        response: { 200: answer, ...errorResponses },
      },
      config,
    },
    async (req) => {
      const userId = userOf(req);
      const views = await viewsOf(userId, listOf(req));
      const left = views.filter((v) => v.name !== req.params.name);
      if (left.length === views.length) throw new ApiError('NotFoundError', ['name']);
      return save(userId, listOf(req), left);
    },
  );
}
