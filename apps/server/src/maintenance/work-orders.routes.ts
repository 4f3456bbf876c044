import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { entity, idSchema, WORK_ORDER_PRIORITIES } from '@sl/domain';
import type { EntityService } from '../entities/entity.service.ts';
import type { Raw } from '../field/offline-sweep.ts';
import { errorResponses } from '../entities/entity-schemas.ts';
import { orderEvents, type EventToOrder, type OrderingQueue } from './event-orders.ts';

const orders = entity('WorkOrders');
const events = entity('ImportantEvents');

const answer = {
  200: z.object({
    error: z.literal(false),
    result: z.object({
      created: z.array(z.object({ _id: z.number(), title: z.string(), events: z.number() })),
      alreadyOrdered: z.array(z.number()),
    }),
  }),
  ...errorResponses,
};

/** The dispatcher's events made into work orders, one per event type, street and cabinet. */
export function registerWorkOrderRoutes(
  app: FastifyInstance,
  service: EntityService,
  raw: Raw,
  queue: OrderingQueue,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/v2/work-orders/from-events',
    {
      schema: {
        tags: ['WorkOrders'],
        summary: 'Work orders for events, grouped by event type, street and cabinet.',
        body: z.strictObject({
          events: z.array(idSchema).min(1).max(100_000),
          priority: z.enum(WORK_ORDER_PRIORITIES).optional(),
          crew: idSchema.optional(),
        }),
        response: answer,
      },
      config: { access: { area: orders.area, action: 'create', groupOwned: true } },
    },
    async (req) => {
      const result = await queue.run(async () => {
        // the caller's own open events only: one of another group is as if it were not there
        const found = (await service.byIds(events, req.caller, [...new Set(req.body.events)])).filter(
          (e) => !e.deletedAt && e.status === 'OPEN',
        ) as EventToOrder[];
        return orderEvents(service, raw, req.caller, found, req.body);
      });
      return { error: false as const, result };
    },
  );
}
