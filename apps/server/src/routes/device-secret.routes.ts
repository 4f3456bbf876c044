import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { entity, idSchema } from '@sl/domain';
import type { EntityService } from '../entities/entity.service.ts';
import type { DeviceSecrets } from '../field/device-secrets.ts';
import { errorResponses } from './entity-schemas.ts';

const Controllers = entity('Controllers');

const answer = z.object({
  error: z.literal(false),
  result: z.object({
    _id: z.number(),
    /** the broker user name and client id: the controller's MAC in topic form */
    username: z.string(),
    /** shown this once; only its hash is kept */
    secret: z.string(),
  }),
});

/**
 * POST /api/v2/controllers/:_id/secret: commissions a controller, or rotates its secret. The new secret is in this
 * answer only; the old one stops working at once (the embedded broker ends a connection made with it).
 */
export function registerDeviceSecretRoutes(
  app: FastifyInstance,
  service: EntityService,
  secrets: DeviceSecrets,
) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/v2/controllers/:_id/secret',
    {
      schema: {
        tags: ['Controllers'],
        params: z.object({ _id: idSchema }),
        response: { 200: answer, ...errorResponses },
      },
      config: { access: { area: 'Controllers', action: 'edit', groupOwned: true } },
    },
    async (req, reply) => {
      // the caller's own group only, and not a deleted controller
      const controller = await service.get(Controllers, req.caller, req.params._id);
      const issued = (await secrets.issue([controller._id as number])).get(controller._id as number)!;
      void reply.header('cache-control', 'no-store');
      return {
        error: false as const,
        result: { _id: controller._id as number, username: issued.mac, secret: issued.secret },
      };
    },
  );
}
