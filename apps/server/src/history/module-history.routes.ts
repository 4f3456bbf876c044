import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import { entity, idSchema } from '@sl/domain';
import type { Db } from '../db/connect.ts';
import type { EntityService } from '../entities/entity.service.ts';
import { ApiError } from '../http/api-error.ts';
import { entityAccess } from '../entities/entity.routes.ts';
import { errorResponses } from '../entities/entity-schemas.ts';

const modules = entity('LuminaryModules');
const { config } = entityAccess(modules);
/** a chart needs no more points than it has pixels across */
const POINTS = 300;
const DAY_MS = 86_400_000;
/** the reading history keeps 90 days by default (HISTORY_DAYS) */
const SPAN_MAX_MS = 92 * DAY_MS;

const series = z.array(z.number().nullable());
const historyOut = z.object({
  bucketSeconds: z.number(),
  at: z.array(z.string()),
  pwm: series,
  pow: series,
  energy: series,
  temp: series,
  rssi: series,
});

/**
 * `GET /api/v2/lamp-modules/:id/history?from&to`: a module's readings over a range, averaged into at most 300
 * buckets (energy: the counter's highest value in each), in the units the module reports (energy in Wh).
 */
export function registerModuleHistoryRoutes(app: FastifyInstance, db: Db, service: EntityService) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v2/lamp-modules/:id/history',
    {
      schema: {
        tags: [modules.name],
        summary:
          'A control module’s level (%), power (W), energy counter (Wh), temperature (°C) and RSSI (dBm) between `from` and `to`, in at most 300 buckets.',
        params: z.object({ id: idSchema }),
        querystring: z.strictObject({
          from: z.iso.datetime({ offset: true }),
          to: z.iso.datetime({ offset: true }),
        }),
        response: { 200: z.object({ error: z.literal(false), result: historyOut }), ...errorResponses },
      },
      config: config('view'),
    },
    async (req) => {
      const from = new Date(req.query.from);
      const to = new Date(req.query.to);
      const span = to.getTime() - from.getTime();
      if (!(span > 0) || span > SPAN_MAX_MS) throw new ApiError('IsInvalidError', ['from', 'to']);
      const module = await service.get(modules, req.caller, req.params.id);
      const bucketSeconds = Math.max(60, Math.ceil(span / 1000 / POINTS));
      const result = await db.execute(sql`
        select date_bin(${`${bucketSeconds} seconds`}::interval, at, ${from.toISOString()}::timestamptz) as bucket,
          avg(pwm)::float8 as pwm, avg(pow)::float8 as pow, max(energy)::float8 as energy,
          avg(temp)::float8 as temp, avg(rssi)::float8 as rssi
        from module_readings
        where mac = ${module.mac as string} and at >= ${from.toISOString()} and at < ${to.toISOString()}
        group by 1 order by 1`);
      const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
      const num = (v: unknown) => (v == null ? null : Math.round(Number(v) * 100) / 100);
      const column = (name: string) => rows.map((r) => num(r[name]));
      return {
        error: false as const,
        result: {
          bucketSeconds,
          at: rows.map((r) => new Date(r.bucket as string).toISOString()),
          pwm: column('pwm'),
          pow: column('pow'),
          energy: column('energy'),
          temp: column('temp'),
          rssi: column('rssi'),
        },
      };
    },
  );
}
