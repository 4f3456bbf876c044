import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '@sl/domain';
import { isCalendarDay, localDay, localTime, sunNight, zonedInstant } from '@sl/domain/astro';
import { monthAndNext, scheduleNights, type ScheduleDay } from '@sl/domain/schedule';
import type { Clock } from '../lighting/program-service.ts';
import { Schedule, type ScheduleService } from '../schedule/schedule.service.ts';
import { entityAccess } from './entity.routes.ts';
import { errorResponses } from './entity-schemas.ts';

const { config } = entityAccess(Schedule);
const HOUR = 3_600_000;

/**
 * `GET /api/v2/controller-schedule/:controller/tonight`: when the cabinet switches on and off on a local night and
 * where that comes from: its schedule's row, or, with no row for the day, the fallback the controller then follows
 * (the lighting program's instants; without a program, dusk to dawn on MID, which is what is shown).
 */
export function registerScheduleTonightRoutes(
  app: FastifyInstance,
  schedules: ScheduleService,
  clock: Clock,
) {
  const local = z.string().nullable();
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v2/controller-schedule/:controller/tonight',
    {
      schema: {
        tags: [Schedule.name],
        summary:
          'A cabinet controller’s switch-on and switch-off on the local night that starts on `date` (default: the night in progress), local HH:MM, and their `source`: `schedule` (its row) or `fallback` (no row: the lighting program, dusk to dawn on MID shown).',
        params: z.object({ controller: idSchema }),
        querystring: z.object({ date: z.string().refine(isCalendarDay, 'a day YYYY-MM-DD').optional() }),
        response: {
          200: z.object({
            error: z.literal(false),
            result: z.object({
              date: z.string(),
              timeZone: z.string(),
              source: z.enum(['schedule', 'fallback']),
              on: local,
              off: local,
            }),
          }),
          ...errorResponses,
        },
      },
      config: config('view'),
    },
    async (req) => {
      const ctl = await schedules.controller(req.caller, req.params.controller);
      const { timeZone, place } = await schedules.site(ctl);
      // the night in progress began at the last local noon
      const date = req.query.date ?? localDay(new Date(clock.now().getTime() - 12 * HOUR), timeZone);
      const [month, next] = monthAndNext(date);
      const records = await schedules.monthsOf(req.caller, req.params.controller, undefined, month, next);
      const from = zonedInstant(date, '12:00', timeZone).toISOString();
      const night = scheduleNights(
        [...records].map(([m, r]) => ({ month: m, timeData: (r.timeData ?? []) as ScheduleDay[] })),
        timeZone,
      ).find((n) => n.from === from);
      const at = (iso: string | Date | null | undefined) => (iso ? localTime(new Date(iso), timeZone) : null);
      if (night && night.on !== night.to) {
        const result = { date, timeZone, source: 'schedule' as const, on: at(night.on), off: at(night.off) };
        return { error: false as const, result };
      }
      if (night)
        return {
          error: false as const,
          result: { date, timeZone, source: 'schedule' as const, on: null, off: null },
        };
      const mid = sunNight(place, date, timeZone).methods.MID;
      return {
        error: false as const,
        result: { date, timeZone, source: 'fallback' as const, on: at(mid.on), off: at(mid.off) },
      };
    },
  );
}
