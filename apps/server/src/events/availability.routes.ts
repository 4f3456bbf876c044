import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OUTAGE_EVENT_TYPES } from '@sl/domain';
import type { ReportService } from '../energy/report.service.ts';
import { availability } from './availability.ts';
import type { Clock } from '../lighting/program-service.ts';
import { errorResponses } from '../entities/entity-schemas.ts';
import { reportQuery } from '../energy/reports.routes.ts';

const query = reportQuery.pick({ start: true, end: true, group: true, city: true });

/** Analytics (issue 14): how much of the period the caller's lamps could give light. */
export function registerAvailabilityRoutes(app: FastifyInstance, reports: ReportService, clock: Clock) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v2/reports/availability',
    {
      schema: {
        tags: ['energy'],
        summary:
          'The share of lamp-hours from `start` to `end` (never past now) in which the lamps were available: a lamp ' +
          `(a luminaire with a control module, counted from its installation date, else from when it was entered) is ` +
          `unavailable while an event of type ${OUTAGE_EVENT_TYPES.join(', ')} of its module is open, overlapping ` +
          'events counted once. Scope: the caller’s group (an admin: `group`, else all); `city` gives the clock ' +
          '(installation dates, the default range: today so far). `availability` is null with no lamp-hours.',
        querystring: query,
        response: {
          200: z.object({
            error: z.literal(false),
            result: z.object({
              type: z.string(),
              groupType: z.string(),
              start: z.string(),
              end: z.string(),
              city: z.object({ _id: z.number(), timezone: z.string(), currency: z.string().nullable() }),
              lamps: z.number(),
              lampHours: z.number(),
              outageHours: z.number(),
              availability: z.number().nullable(),
            }),
          }),
          ...errorResponses,
        },
      },
      config: { access: { area: 'LuminaryModules', action: 'view', groupOwned: true } },
    },
    async (req) => ({
      error: false as const,
      result: await availability(reports, req.caller, req.query, clock.now()),
    }),
  );
}
