import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { defaultRights, entity, idSchema } from '@sl/domain';
import type { EntityService } from '../entities/entity.service.ts';
import { errorResponses, rowOut } from '../entities/entity-schemas.ts';

const Roles = entity('Roles');

/** Role lists offer `default` (the rights a new role starts from) and `copy` (a new role with another's rights). */
export function registerRoleRoutes(app: FastifyInstance, service: EntityService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/v2/roles/default',
    {
      schema: {
        tags: ['Roles'],
        response: {
          200: z.object({ error: z.literal(false), result: z.object({ accessRights: z.unknown() }) }),
          ...errorResponses,
        },
      },
      config: { access: { area: 'Roles', action: 'view', groupOwned: false } },
    },
    async () => ({ error: false as const, result: { accessRights: defaultRights() } }),
  );
  r.post(
    '/api/v2/roles/copy',
    {
      schema: {
        tags: ['Roles'],
        body: z.strictObject({ _id: idSchema, name: z.string().min(1).max(500) }),
        response: { 201: z.object({ error: z.literal(false), result: rowOut(Roles) }), ...errorResponses },
      },
      config: { access: { area: 'Roles', action: 'create', groupOwned: false } },
    },
    async (req, reply) => {
      const source = await service.get(Roles, req.caller, req.body._id);
      const copy = await service.create(Roles, req.caller, {
        name: req.body.name,
        accessRights: source.accessRights ?? {},
      });
      return reply.status(201).send({ error: false as const, result: copy });
    },
  );
}
