import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { entity, idSchema } from '@sl/domain';
import type { EntityService } from '../entities/entity.service.ts';
import { errorResponses } from '../entities/entity-schemas.ts';
import type { Raw } from '../field/offline-sweep.ts';
import type { Clock } from '../lighting/program-service.ts';
import { requestLanguage } from '../http/api-error.ts';
import { fieldDay } from './field-day.ts';
import type { TestSwitches } from './test-switch.ts';

const orders = entity('WorkOrders');
const tags = ['WorkOrders'];
const envelope = z.looseObject({ error: z.literal(false), result: z.looseObject({}) });
const testAnswer = z.object({
  error: z.literal(false),
  result: z.object({
    commandId: z.number(),
    code: z.number(),
    msg: z.string(),
    confirmed: z.boolean(),
    level: z.number(),
    returnAt: z.string(),
    modules: z.array(
      z.object({
        _id: z.number(),
        mac: z.string(),
        state: z.enum(['acknowledged', 'failed', 'timed_out', 'disconnected']),
      }),
    ),
    withoutController: z.array(z.number()),
  }),
});

/** The crew's field screen (issue 32): the day's orders with their devices, and a test of an order's lamps. */
export function registerFieldRoutes(
  app: FastifyInstance,
  service: EntityService,
  raw: Raw,
  testSwitches: TestSwitches,
  clock: Clock,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/v2/work-orders/field',
    {
      schema: {
        tags,
        summary:
          "The signed-in user's open orders of the crews they are a member of (assigned, in progress, reopened), due first, then those done in the last 12 hours, each with its mountings, lamps (with model), lamp modules (with their last readings), cabinets and open events.",
        response: { 200: envelope, ...errorResponses },
      },
      config: { access: { area: orders.area, action: 'list', groupOwned: true } },
    },
    async (req) => ({ error: false as const, result: await fieldDay(raw, service, req.caller, clock.now()) }),
  );
  r.post(
    '/api/v2/work-orders/:id/test-switch',
    {
      schema: {
        tags,
        summary:
          "Dims the order's lamp modules to 100 % for two minutes, then back to the level each one's program asks. `confirmed` only when every controller acknowledged.",
        params: z.strictObject({ id: idSchema }),
        body: z.strictObject({}).optional(),
        response: { 200: testAnswer, ...errorResponses },
      },
      config: { access: { area: orders.area, action: 'edit', groupOwned: true } },
    },
    async (req) => ({
      error: false as const,
      result: await testSwitches.testSwitch(req.caller, req.params.id, requestLanguage(req)),
    }),
  );
}
