import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ENTITIES, LIMITS, type Entity } from '@sl/domain';
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

  for (const e of ENTITIES) {
    const path = `/api/v2/views/${e.name}`;
    const config = { access: { area: e.area, action: 'view' as const } };
    const tags = [e.name];
    r.get(
      path,
      {
        schema: {
          tags,
          summary: `The signed-in user’s saved views of the ${e.label['en-us']} list: a name and the list’s filters.`,
          response: { 200: answer, ...errorResponses },
        },
        config,
      },
      async (req) => ({ error: false as const, result: await viewsOf(userOf(req), e) }),
    );
    r.post(
      path,
      {
        schema: {
          tags,
          summary: `Saves the ${e.label['en-us']} list’s filters as a view under a name (required, at most ${LIMITS.viewName} characters), in place of one so named. Answers the user’s views.`,
          body: z.strictObject({ name: z.unknown().optional(), filter }),
          response: { 200: answer, ...errorResponses },
        },
        config,
      },
      async (req) => {
        const userId = userOf(req);
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
          summary: `Deletes the user’s view of the ${e.label['en-us']} list so named. Answers the user’s views.`,
          params: z.object({ name: z.string() }),
          response: { 200: answer, ...errorResponses },
        },
        config,
      },
      async (req) => {
        const userId = userOf(req);
        const views = await viewsOf(userId, e);
        const left = views.filter((v) => v.name !== req.params.name);
        if (left.length === views.length) throw new ApiError('NotFoundError', ['name']);
        return save(userId, e, left);
      },
    );
  }
}
