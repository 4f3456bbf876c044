import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { entity } from '@sl/domain';
import type { Db } from '../db/connect.ts';
import { tableOf } from '../db/tables.ts';
import type { EntityRepository } from '../entities/entity.repository.ts';
import { errorResponses } from '../entities/entity-schemas.ts';

const Controllers = entity('Controllers');
const Cities = entity('Cities');

const cityOnline = z.object({
  city: z.object({ _id: z.number(), name: z.unknown() }).nullable(),
  controllers: z.number(),
  connected: z.number(),
});

/**
 * Spec §3 area `CitiesOnline`: how much of each city's network is online now, by its controllers (those of the
 * caller's group; a group's cities without a controller are listed with none).
 */
export function registerCitiesOnlineRoutes(app: FastifyInstance, db: Db, repo: EntityRepository) {
  const C = tableOf(Controllers);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v2/cities/online',
    {
      schema: {
        tags: ['Cities'],
        summary:
          'Per city, the caller’s controllers there and how many of them are connected now; `city` null for controllers placed in no city.',
        response: {
          200: z.object({ error: z.literal(false), result: z.array(cityOnline) }),
          ...errorResponses,
        },
      },
      config: { access: { area: 'CitiesOnline', action: 'view', groupOwned: true } },
    },
    async (req) => {
      const { groupId, cityIds } = req.caller;
      const counts = await db
        .select({
          city: C.city,
          controllers: count(),
          connected: sql<number>`count(*) filter (where ${C.connected})`.mapWith(Number),
        })
        .from(C)
        .where(and(isNull(C.deletedAt), groupId === undefined ? undefined : eq(C.group, groupId)))
        .groupBy(C.city);
      const byCity = new Map(counts.map((c) => [c.city as number | null, c]));
      const ids = [
        ...new Set([...(cityIds ?? []), ...counts.flatMap((c) => (c.city == null ? [] : [c.city]))]),
      ];
      const cities = (await repo.byIds(Cities, {}, ids)).filter((c) => c.deletedAt == null);
      const result = cities
        .map((c) => ({
          city: { _id: c._id, name: c.name },
          controllers: byCity.get(c._id)?.controllers ?? 0,
          connected: byCity.get(c._id)?.connected ?? 0,
        }))
        .sort((a, b) => a.city._id - b.city._id);
      const nowhere = byCity.get(null);
      if (nowhere)
        result.push({ city: null as never, controllers: nowhere.controllers, connected: nowhere.connected });
      return { error: false as const, result };
    },
  );
}
