import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ENTITIES, idSchema } from '@sl/domain';
import type { Db } from '../db/connect.ts';
import type { EntityService } from '../entities/entity.service.ts';
import { readChanges } from './change-log.ts';
import { linksInChanges, namesOf } from './record-names.ts';
import { requestLanguage } from '../http/api-error.ts';
import { entityAccess } from '../entities/entity.routes.ts';
import { errorResponses } from '../entities/entity-schemas.ts';

const query = z.strictObject({
  id: idSchema,
  skip: z.coerce.number().int().min(0).max(1e9).default(0),
  limit: z.coerce.number().int().min(1).max(1000).default(50),
});

const answer = z.object({
  error: z.literal(false),
  result: z.object({
    total: z.number(),
    data: z.array(
      z.object({
        id: z.number(),
        action: z.string(),
        changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() }).partial()),
        at: z.string(),
        userId: z.number().nullable(),
        login: z.string().nullable(),
      }),
    ),
    /** entity → id → name of every record the page's changes refer to (that the caller may see) */
    names: z.record(z.string(), z.record(z.string(), z.string())),
  }),
});

/**
 * GET /api/v2/{Entity}/history?id=: who created and changed a record, which fields from what to what (issue 15).
 * Seen by whoever may view the record itself: the same area right, the same group scope. The records the changes
 * refer to come named, so an operator reads names, not numbers (issue 28 §4).
 */
export function registerHistoryRoutes(app: FastifyInstance, db: Db, service: EntityService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const e of ENTITIES) {
    const { config, seeDeleted } = entityAccess(e);
    r.get(
      `/api/v2/${e.name}/history`,
      {
        schema: { tags: [e.name], querystring: query, response: { 200: answer, ...errorResponses } },
        config: config('view'),
      },
      async (req) => {
        const { id, limit, skip } = req.query;
        const row = await service.get(e, req.caller, id, { deleted: true });
        if (row.deletedAt) seeDeleted(req, 'true');
        const page = await readChanges(db, e, req.caller, id, limit, skip);
        const links = linksInChanges(
          e.name,
          page.data.map((d) => d.changes),
        );
        const names = await namesOf(service, req.caller, requestLanguage(req), links);
        return { error: false as const, result: { ...page, names } };
      },
    );
  }
}
