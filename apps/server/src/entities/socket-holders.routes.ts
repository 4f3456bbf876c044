import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { entity } from '@sl/domain';
import type { Db } from '../db/connect.ts';
import { moduleHolders } from './socket-rules.ts';
import { entityAccess } from './entity.routes.ts';
import { errorResponses } from './entity-schemas.ts';

const supports = entity('LuminarySupports');
const { config } = entityAccess(supports);

/**
 * `GET /api/v2/luminary-supports/holders?modules=1,2`: which mounting's socket holds each of these modules (of the
 * caller's group), so a socket editor can say a module moves and free its old socket first.
 */
export function registerSocketHolderRoutes(app: FastifyInstance, db: Db) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v2/luminary-supports/holders',
    {
      schema: {
        tags: [supports.name],
        summary: 'The mounting and socket (from 1) that holds each of these control modules, where one does.',
        querystring: z.strictObject({
          modules: z
            .string()
            .regex(/^\d{1,15}(,\d{1,15}){0,99}$/)
            .transform((v) => v.split(',').map(Number)),
        }),
        response: {
          200: z.object({
            error: z.literal(false),
            result: z.array(
              z.object({
                module: z.number(),
                support: z.number(),
                uid: z.string().nullable(),
                socket: z.number(),
              }),
            ),
          }),
          ...errorResponses,
        },
      },
      config: config('view'),
    },
    async (req) => ({
      error: false as const,
      result: await moduleHolders(db, req.query.modules, { groupId: req.caller.groupId }),
    }),
  );
}
