import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { entity, WORK_ORDER_PRIORITIES, WORK_ORDER_STATUSES } from '@sl/domain';
import type { Db } from '../db/connect.ts';
import type { EntityService } from '../entities/entity.service.ts';
import { errorResponses } from '../entities/entity-schemas.ts';
import type { Clock } from '../lighting/program-service.ts';
import { DISPATCH_LIMIT, dispatchBoard } from './dispatch-board.ts';

const orders = entity('WorkOrders');
const id = z.number().int();
const answer = z.object({
  error: z.literal(false),
  result: z.object({
    at: z.string(),
    total: z.number().int(),
    leftOut: z.number().int(),
    orders: z.array(
      z.object({
        _id: id,
        title: z.string(),
        status: z.enum(WORK_ORDER_STATUSES),
        priority: z.enum(WORK_ORDER_PRIORITIES),
        crew: id.nullable(),
        group: id.nullable(),
        dueDate: z.string().nullable(),
        street: z.string().nullable(),
        openedAt: z.string(),
        ageHours: z.number(),
        late: z.boolean(),
        lon: z.number().nullable(),
        lat: z.number().nullable(),
      }),
    ),
    crews: z.array(z.object({ _id: id, name: z.string(), group: id.nullable() })),
  }),
});

/** The dispatcher's screen (issue 32): the open orders with where they are and how old, and the crews. */
export function registerDispatchRoutes(app: FastifyInstance, db: Db, service: EntityService, clock: Clock) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v2/work-orders/dispatch',
    {
      schema: {
        tags: ['WorkOrders'],
        summary: `The caller's open work orders (new, assigned, in progress, reopened), due first, at most ${DISPATCH_LIMIT} (\`leftOut\` says how many more there are): each with its age in hours, whether it is past its due date, and the location of its first mounting, else of its first cabinet; and the crews the caller sees.`,
        response: { 200: answer, ...errorResponses },
      },
      config: { access: { area: orders.area, action: 'list', groupOwned: true } },
    },
    async (req) => ({
      error: false as const,
      result: await dispatchBoard(db, service, req.caller, clock.now()),
    }),
  );
}
