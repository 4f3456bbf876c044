import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema, TWILIGHT_METHODS } from '@sl/domain';
import { addDays, isCalendarDay, sunNight, type SunNight } from '@sl/domain/astro';
import { twilightDays } from '@sl/domain/schedule';
import { ApiError } from '../http/api-error.ts';
import type { SunYears } from '../lighting/sun-years.ts';
import { Schedule, type ScheduleService } from './schedule.service.ts';
import { entityAccess } from '../entities/entity.routes.ts';
import { errorResponses } from '../entities/entity-schemas.ts';

const { config } = entityAccess(Schedule);
const DAY = z.string().refine(isCalendarDay, 'a day YYYY-MM-DD');
const offset = z.coerce.number().int().min(-240).max(240).default(0);
const MAX_DAYS = 366;

/**
 * `GET /api/v2/controller-schedule/:controller/twilight`: the days from..to filled from a twilight method plus
 * offsets, in the controller's city's local time, with sunrise and sunset: what the console's "fill from
 * twilight" puts in the table for the operator to adjust and save.
 */
export function registerScheduleTwilightRoutes(
  app: FastifyInstance,
  schedules: ScheduleService,
  suns: SunYears,
) {
  const local = z.string().optional();
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v2/controller-schedule/:controller/twilight',
    {
      schema: {
        tags: [Schedule.name],
        summary:
          'Days filled from twilight (issue 12): on = the evening crossing of `method` plus `onOffset` minutes, off = the morning crossing plus `offOffset`, in the city’s local time (HH:MM), with sunrise and sunset; at most 366 days.',
        params: z.object({ controller: idSchema }),
        querystring: z.object({
          from: DAY,
          to: DAY,
          method: z.enum(TWILIGHT_METHODS).default('MID'),
          onOffset: offset,
          offOffset: offset,
        }),
        response: {
          200: z.object({
            error: z.literal(false),
            result: z.object({
              timeZone: z.string(),
              days: z.array(
                z.object({ date: z.string(), off: local, on: local, sunrise: local, sunset: local }),
              ),
            }),
          }),
          ...errorResponses,
        },
      },
      config: config('view'),
    },
    async (req) => {
      const { from, to, method, onOffset, offOffset } = req.query;
      const days: string[] = [];
      for (let d = from; d <= to && days.length <= MAX_DAYS; d = addDays(d, 1)) days.push(d);
      if (!days.length || days.length > MAX_DAYS) throw new ApiError('IsInvalidError', ['from', 'to']);
      const site = await schedules.site(await schedules.controller(req.caller, req.params.controller));
      const nights = new Map<string, SunNight>();
      for (const year of new Set(days.map((d) => Number(d.slice(0, 4)))))
        for (const [d, n] of await suns.of(site.place, year, site.timeZone)) nights.set(d, n);
      const before = addDays(from, -1);
      nights.set(before, sunNight(site.place, before, site.timeZone));
      const filled = twilightDays(nights, days, method, { on: onOffset, off: offOffset }, site.timeZone);
      return { error: false as const, result: { timeZone: site.timeZone, days: filled } };
    },
  );
}
