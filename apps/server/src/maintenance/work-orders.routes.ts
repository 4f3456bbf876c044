import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { entity, idSchema, WORK_ORDER_PRIORITIES } from '@sl/domain';
import type { EntityService } from '../entities/entity.service.ts';
import type { Raw } from '../field/offline-sweep.ts';
import type { Clock } from '../lighting/program-service.ts';
import { errorResponses } from '../entities/entity-schemas.ts';
import { orderEvents, type OrderingQueue } from './event-orders.ts';

const orders = entity('WorkOrders');

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
  clock: Clock,
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
      // the caller's own open events only (ORDERABLE): one of another group is as if it were not there
      const result = await queue.run(() =>
        orderEvents(service, raw, req.caller, [...new Set(req.body.events)], req.body, clock.now()),
      );
      return { error: false as const, result };
    },
  );
}
