import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DAY_TYPES, VALUE_MESSAGES } from '@sl/domain';
import { requestLanguage } from '../http/api-error.ts';
import { errorResponses } from '../entities/entity-schemas.ts';

/**
 * Spec §3 area `DateType`: the day types (spec §4) a calendar day or a politic's rule names, in the caller's
 * language. Which date has which type is the calendar's (`CalendarProfiles`).
 */
export function registerDateTypeRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v2/date-types',
    {
      schema: {
        tags: ['CalendarProfiles'],
        summary:
          'The day types of the calendar (workday, default, dayoff, weekend, holiday, events), each named.',
        response: {
          200: z.object({
            error: z.literal(false),
            result: z.array(z.object({ type: z.enum(DAY_TYPES), label: z.string() })),
          }),
          ...errorResponses,
        },
      },
      config: { access: { area: 'DateType', action: 'view', groupOwned: false } },
    },
    async (req) => {
      const labels = VALUE_MESSAGES[requestLanguage(req)];
      return { error: false as const, result: DAY_TYPES.map((type) => ({ type, label: labels[type] })) };
    },
  );
}
