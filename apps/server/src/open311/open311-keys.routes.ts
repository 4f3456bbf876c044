import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { entity, idSchema } from '@sl/domain';
import type { EntityService } from '../entities/entity.service.ts';
import { errorResponses } from '../entities/entity-schemas.ts';
import type { Open311Keys } from './open311-keys.ts';

const Clients = entity('Open311Clients');

/** POST /api/v2/open311/clients/{_id}/key: a new API key for an Open311 application, shown this once. */
export function registerOpen311KeyRoutes(app: FastifyInstance, service: EntityService, keys: Open311Keys) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/v2/open311/clients/:_id/key',
    {
      schema: {
        tags: [Clients.name],
        summary: "Issues the application's API key (its previous one stops working); only its hash is kept.",
        params: z.strictObject({ _id: idSchema }),
        response: {
          200: z.object({ error: z.literal(false), result: z.object({ _id: z.number(), key: z.string() }) }),
          ...errorResponses,
        },
      },
      config: { access: { area: Clients.area, action: 'edit', groupOwned: true } },
    },
    async (req, reply) => {
      // within the caller's group: another group's application is as if it were not there
      const client = await service.get(Clients, req.caller, req.params._id);
      const key = await keys.issue(Number(client._id));
      void reply.header('cache-control', 'no-store');
      return { error: false as const, result: { _id: Number(client._id), key } };
    },
  );
}
