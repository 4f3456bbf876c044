import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contactorsClosed, decodeIo, idSchema } from '@sl/domain';
import { isCalendarDay, localDay, localTime, sunNight, zonedInstant } from '@sl/domain/astro';
import { onTheMinute } from '@sl/domain/lighting';
import { monthAndNext, scheduleNights, type ScheduleDay } from '@sl/domain/schedule';
import type { Db } from '../db/connect.ts';
import type { Clock } from '../lighting/program-service.ts';
import type { EntityService } from '../entities/entity.service.ts';
import { programNight } from './program-night.ts';
import { inversionOf } from './schedule-sender.ts';
import { Schedule, type ScheduleService } from './schedule.service.ts';
import { entityAccess } from '../entities/entity.routes.ts';
import { errorResponses } from '../entities/entity-schemas.ts';

const { config } = entityAccess(Schedule);
const HOUR = 3_600_000;
type Time = string | null;

/**
 * `GET /api/v2/controller-schedule/:controller/tonight`: when the cabinet switches on and off on a local night and
 * where that comes from: its schedule's row, or, with no row for the day, the fallback the controller then follows
 * (its lighting program's instants; a controller with no lamps, dusk to dawn on MID); and the cabinet's mode as
 * last reported: in MANUAL neither is followed.
 */
export function registerScheduleTonightRoutes(
  app: FastifyInstance,
  schedules: ScheduleService,
  clock: Clock,
  db: Db,
  service: EntityService,
) {
  const local = z.string().nullable();
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v2/controller-schedule/:controller/tonight',
    {
      schema: {
        tags: [Schedule.name],
        summary:
          'A cabinet controller’s switch-on and switch-off on the local night that starts on `date` (default: the night in progress), local HH:MM, and their `source`: `schedule` (its row) or `fallback` (no row), then `by` `program` (the lighting program’s instants) or `MID` (no lamps: dusk to dawn); `mode` as last reported (MANUAL: the cabinet ignores both) and whether each `contactors` is closed.',
        params: z.object({ controller: idSchema }),
        querystring: z.object({ date: z.string().refine(isCalendarDay, 'a day YYYY-MM-DD').optional() }),
        response: {
          200: z.object({
            error: z.literal(false),
            result: z.object({
              date: z.string(),
              timeZone: z.string(),
              source: z.enum(['schedule', 'fallback']),
              by: z.enum(['program', 'MID']).optional(),
              mode: z.enum(['AUTO', 'MANUAL']).nullable(),
              contactors: z
                .array(z.boolean())
                .nullable()
                .describe(
                  'per phase A..C, whether its contactor is closed now, as reported, with the cabinet’s inversion and the controller’s polarity',
                ),
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
      // the night's switch times as every screen says them (switchTimes: one source, one rounding)
      const at = (iso: string | Date | null | undefined) =>
        iso ? localTime(onTheMinute(new Date(iso)), timeZone) : null;
      const io = typeof ctl.iostate === 'number' ? ctl.iostate : undefined;
      const mode = io === undefined ? null : decodeIo(io).mode;
      const contactors =
        io === undefined
          ? null
          : contactorsClosed(io, Number(ctl.polarity ?? 0), await inversionOf(service, ctl));
      const answer = (result: {
        source: 'schedule' | 'fallback';
        by?: 'program' | 'MID';
        on: Time;
        off: Time;
      }) => ({
        error: false as const,
        result: { date, timeZone, mode, contactors, ...result },
      });
      if (night) {
        const dark = night.on === night.to;
        return answer({
          source: 'schedule',
          on: dark ? null : at(night.on),
          off: dark ? null : at(night.off),
        });
      }
      const program = await programNight(db, req.params.controller, date, timeZone);
      if (program)
        return answer({ source: 'fallback', by: 'program', on: at(program.on), off: at(program.off) });
      const mid = sunNight(place, date, timeZone).methods.MID;
      return answer({ source: 'fallback', by: 'MID', on: at(mid.on), off: at(mid.off) });
    },
  );
}
