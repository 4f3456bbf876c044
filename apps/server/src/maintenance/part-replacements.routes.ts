import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { applySaveRules, createSchema, entity, idSchema } from '@sl/domain';
import type { EntityService } from '../entities/entity.service.ts';
import { entitySchemas, errorResponses } from '../entities/entity-schemas.ts';

const PARTS = entity('PartReplacements');
const body = createSchema(PARTS).omit({ workOrder: true, group: true });

/**
 * A part replaced on a work order, as the crew's field screen sends it: the order's `edit` right (a crew member
 * works on orders, they do not make records of every kind), the same record and effects as a create of
 * PartReplacements.
 */
export function registerPartReplacementRoutes(app: FastifyInstance, service: EntityService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/v2/work-orders/:id/part-replacements',
    {
      schema: {
        tags: ['WorkOrders'],
        summary:
          "Records a part replaced on the order (IN_PROGRESS, or DONE to correct it; else 400 IsInvalidError for `workOrder`): a lamp or driver on one of the order's lamps (`luminary`), or a control module (`module`, `fittedSerial` its new MAC). A lamp takes the fitted model and `replacedOn` as its installation date; a control module's place, lamps, controller, phase, program and group go to the module of the fitted MAC (made when unknown; 409 IsUsedError for `fittedSerial` when it is mounted elsewhere), the old one left UNMOUNTED. `replacedBy` is the caller.",
        params: z.strictObject({ id: idSchema }),
        body,
        response: { 201: entitySchemas(PARTS).row, ...errorResponses },
      },
      preValidation: async (req) => {
        if (req.body && typeof req.body === 'object' && !Array.isArray(req.body))
          req.body = applySaveRules(PARTS, req.body as Record<string, unknown>, 'create');
      },
      config: { access: { area: PARTS.area, action: 'edit', groupOwned: true } },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(await service.create(PARTS, req.caller, { ...req.body, workOrder: req.params.id })),
  );
}
