import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  applySaveRules,
  ENTITIES,
  groupOwnedOf,
  idSchema,
  READ_ONLY_AREAS,
  type Entity,
  type Flag,
  type SaveMode,
} from '@sl/domain';
import type { EntityService } from './entity.service.ts';
import { parseListQuery, wantsLinks } from './list-query.ts';
import { ApiError } from '../http/api-error.ts';
import { serializerCompiler } from '../http/serializer.ts';
import type { StreamSlots } from '../http/stream-slots.ts';
import { entitySchemas, errorResponses } from './entity-schemas.ts';

type Query = Record<string, string | string[] | undefined>;

/** Lists asked for with a larger limit are streamed (see `streamed`). */
export const STREAM_ABOVE = 5000;

/** Fields a create answer carries beside the row, by entity (a controller's first broker secret). */
export type CreatedExtras = Partial<Record<string, z.ZodRawShape>>;

/** Spec §7 generic calls for every registry entity, under api/v1 and api/v2 (the latter in the result envelope). */
export function registerEntityRoutes(
  app: FastifyInstance,
  service: EntityService,
  slots: StreamSlots,
  extras: CreatedExtras = {},
) {
  for (const e of ENTITIES)
    registerEntity(app.withTypeProvider<ZodTypeProvider>(), e, service, slots, extras[e.name]);
}

/** The v2 search path segments of an entity: its aliases and its lower-cased name. */
export const searchPaths = (e: Entity) => [...new Set([...(e.aliases ?? []), e.name.toLowerCase()])];

/** One entity's route access (spec §6): its area, and whether its rows belong to one group. */
export function entityAccess(e: Entity) {
  return {
    config: (action: Flag) => ({ access: { area: e.area, action, groupOwned: groupOwnedOf(e, action) } }),
    /** deleted rows are shown only with the area's viewDeleted right */
    seeDeleted: (req: FastifyRequest, deleted: unknown) => {
      if (
        deleted !== undefined &&
        deleted !== 'false' &&
        !req.caller.allows(e.area, 'viewDeleted', groupOwnedOf(e, 'viewDeleted'))
      ) {
        throw new ApiError('PermissionDeniedError', ['deleted']);
      }
    },
  };
}

export type ZodApp = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

function registerEntity(
  r: ZodApp,
  e: Entity,
  service: EntityService,
  slots: StreamSlots,
  extra: z.ZodRawShape = {},
) {
  const s = entitySchemas(e);
  const created = s.row.extend(extra);
  const tags = [e.name];
  const { config, seeDeleted } = entityAccess(e);
  // data the server computes is read here, never written: a write is checked as a read and refused as unsupported
  const readOnly = READ_ONLY_AREAS.includes(e.area);
  const writing = (action: Flag) => config(readOnly ? 'view' : action);
  const refuseReadOnly = async () => {
    if (readOnly) throw new ApiError('NotSupportedError');
  };
  const saveRules = (mode: SaveMode) => async (req: FastifyRequest) => {
    await refuseReadOnly();
    const body = req.body;
    if (body && typeof body === 'object' && !Array.isArray(body))
      req.body = applySaveRules(e, body as Record<string, unknown>, mode);
  };
  const list = (req: FastifyRequest<{ Querystring: Query }>, defaults = false) => {
    const q = parseListQuery(e, req.query, { defaults });
    seeDeleted(req, req.query.deleted);
    return service.list(e, req.caller, q, wantsLinks(req.query.type));
  };
  const ok = <T>(result: T) => ({ error: false as const, result });
  const rowJson = serializerCompiler({
    schema: s.row,
    method: 'GET',
    url: `/api/v1/${e.name}`,
    httpStatus: '200',
  });
  /**
   * A list asked for with a limit above STREAM_ABOVE (the spec's unpaged `limit=1000000`, with `type=all` or not)
   * is written a batch of rows at a time as it is read, never held whole: the same answer as `list`'s. Undefined
   * for a smaller limit. The stream is given back unsent: a reply awaited is awaited until it has been sent whole.
   */
  const unpaged = async (
    req: FastifyRequest<{ Querystring: Query }>,
    envelope: boolean,
    defaults = false,
  ): Promise<Readable | undefined> => {
    const q = parseListQuery(e, req.query, { defaults });
    if (q.limit <= STREAM_ABOVE) return undefined;
    seeDeleted(req, req.query.deleted);
    return slots.stream(req.caller, async () => {
      const { batches, ...head } = await service.listInBatches(e, req.caller, q, wantsLinks(req.query.type));
      return (async function* () {
        const opening = JSON.stringify(head).slice(0, -1);
        yield `${envelope ? '{"error":false,"result":' : ''}${opening},"data":[`;
        let first = true;
        for await (const rows of batches()) {
          if (!rows.length) continue;
          yield (first ? '' : ',') + rows.map((r) => rowJson(r)).join(',');
          first = false;
        }
        yield envelope ? ']}}' : ']}';
      })();
    });
  };
  // the schema describes the answer for the document; a stream is sent as it is, never serialised
  const sendJson = (reply: FastifyReply, json: Readable) =>
    reply.type('application/json; charset=utf-8').send(json);
  const listSchema = { tags, querystring: s.query, response: { 200: s.page, ...errorResponses } };
  const base = `/api/v1/${e.name}`;
  const v2 = `/api/v2/${e.name}`;

  r.get(base, { schema: listSchema, config: config('view') }, async (req, reply) => {
    const listReq = req as FastifyRequest<{ Querystring: Query }>;
    const json = await unpaged(listReq, false);
    return json ? sendJson(reply, json) : list(listReq);
  });
  r.get(
    `${base}/:id`,
    {
      schema: { tags, params: s.idParams, querystring: s.query, response: { 200: s.row, ...errorResponses } },
      config: config('view'),
    },
    async (req) => {
      const q = req.query as Query;
      parseListQuery(e, { type: q.type, deleted: q.deleted });
      seeDeleted(req, q.deleted);
      return service.get(e, req.caller, req.params.id, {
        resolve: wantsLinks(q.type),
        deleted: q.deleted === 'true',
      });
    },
  );
  r.post(
    base,
    {
      schema: { tags, body: s.create, response: { 201: created, ...errorResponses } },
      config: writing('create'),
      preValidation: saveRules('create'),
    },
    async (req, reply) => reply.status(201).send(await service.create(e, req.caller, req.body)),
  );
  r.patch(
    `${base}/:id`,
    {
      schema: { tags, params: s.idParams, body: s.patch, response: { 200: s.row, ...errorResponses } },
      config: writing('edit'),
      preValidation: saveRules('patch'),
    },
    async (req) => service.update(e, req.caller, req.params.id, req.body),
  );
  r.delete(
    `${base}/:id`,
    {
      schema: { tags, params: s.idParams, response: { 200: s.row, ...errorResponses } },
      config: writing('delete'),
      preValidation: refuseReadOnly,
    },
    async (req) => service.remove(e, req.caller, req.params.id),
  );

  r.get(
    v2,
    {
      schema: {
        tags,
        querystring: s.query,
        response: { 200: s.envelope(s.page.or(s.row)), ...errorResponses },
      },
      config: config('view'),
    },
    async (req, reply) => {
      const q = req.query as Query;
      if (q.id === undefined) {
        const listReq = req as FastifyRequest<{ Querystring: Query }>;
        const json = await unpaged(listReq, true);
        return json ? sendJson(reply, json) : ok(await list(listReq));
      }
      const id = idSchema.safeParse(q.id);
      if (!id.success) throw new ApiError('IsInvalidError', ['id']);
      const { id: _omit, ...rest } = q;
      parseListQuery(e, rest);
      seeDeleted(req, q.deleted);
      return ok(
        await service.get(e, req.caller, id.data, {
          resolve: wantsLinks(q.type),
          deleted: q.deleted === 'true',
        }),
      );
    },
  );
  for (const segment of searchPaths(e)) {
    r.get(
      `/api/v2/${segment}/search`,
      {
        schema: { tags, querystring: s.query, response: { 200: s.envelope(s.page), ...errorResponses } },
        config: config('view'),
      },
      async (req, reply) => {
        const listReq = req as FastifyRequest<{ Querystring: Query }>;
        const json = await unpaged(listReq, true, true);
        return json ? sendJson(reply, json) : ok(await list(listReq, true));
      },
    );
  }
  r.post(
    v2,
    {
      schema: { tags, body: s.create, response: { 201: s.envelope(created), ...errorResponses } },
      config: writing('create'),
      preValidation: saveRules('create'),
    },
    async (req, reply) => reply.status(201).send(ok(await service.create(e, req.caller, req.body))),
  );
  const keepId = async (req: FastifyRequest) => {
    const id = (req.body as { _id?: unknown } | undefined)?._id;
    await saveRules('patch')(req);
    if (id !== undefined && req.body && typeof req.body === 'object')
      (req.body as { _id?: unknown })._id = id;
  };
  r.patch(
    v2,
    {
      schema: { tags, body: s.patchWithId, response: { 200: s.envelope(s.row), ...errorResponses } },
      config: writing('edit'),
      preValidation: keepId,
    },
    async (req) => {
      const { _id, ...patch } = req.body as { _id: number };
      return ok(await service.update(e, req.caller, _id, patch));
    },
  );
  r.delete(
    `${v2}/:id`,
    {
      schema: { tags, params: s.idParams, response: { 200: s.envelope(s.row), ...errorResponses } },
      config: writing('delete'),
      preValidation: refuseReadOnly,
    },
    async (req) => ok(await service.remove(e, req.caller, req.params.id)),
  );
}
