import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { entity, groupEvents, idSchema, WORK_ORDER_PRIORITIES, type OrderableEvent } from '@sl/domain';
import type { EntityService } from '../entities/entity.service.ts';
import type { Raw } from '../field/offline-sweep.ts';
import { errorResponses } from '../entities/entity-schemas.ts';
import { eventsOrdered } from './work-order-hooks.ts';

const orders = entity('WorkOrders');
const events = entity('ImportantEvents');

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

/** Each event's street and cabinet: its mounting's, else its controller's cabinet's (by address). */
async function placesOf(raw: Raw, ids: number[]) {
  const { rows } = await raw.query(
    `select e._id, coalesce(nullif(trim(s.street), ''), nullif(trim(k.address), '')) as street,
      coalesce(e.cabinet, s.cabinet, c.cabinet) as cabinet,
      case when e.module is null and e.support is null then coalesce(e.cabinet, c.cabinet) end as own_cabinet,
      k.uid as cabinet_uid
    from important_events e
    left join luminary_supports s on s._id = e.support
    left join controllers c on c._id = e.controller
    left join cabinets k on k._id = coalesce(e.cabinet, s.cabinet, c.cabinet)
    where e._id = any($1::bigint[])`,
    [ids],
  );
  return new Map(rows.map((r) => [Number(r._id), r]));
}

const num = (v: unknown) => (v == null ? null : Number(v));

/**
 * Events made into work orders, one per event type, street and cabinet (issue 32: a storm of events becomes a few
 * orders); an event already in an order that is not over is left out and named.
 */
export function registerWorkOrderRoutes(app: FastifyInstance, service: EntityService, raw: Raw) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // one batch at a time in this process: two dispatchers ordering the same events make one order
  let chain: Promise<unknown> = Promise.resolve();
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
      const run = chain.then(async () => {
        const ids = [...new Set(req.body.events)];
        // the caller's own events only: one of another group is as if it were not there
        const found = (await service.byIds(events, req.caller, ids)).filter(
          (e) => !e.deletedAt && e.status === 'OPEN',
        );
        const taken = new Set(
          await eventsOrdered(
            raw,
            found.map((e) => Number(e._id)),
          ),
        );
        const places = await placesOf(
          raw,
          found.map((e) => Number(e._id)),
        );
        const orderable: OrderableEvent[] = found
          .filter((e) => !taken.has(Number(e._id)))
          .map((e) => {
            const place = places.get(Number(e._id));
            return {
              id: Number(e._id),
              type: String(e.type),
              group: num(e.group),
              support: num(e.support),
              module: num(e.module),
              controller: num(e.controller),
              cabinet: num(place?.cabinet),
              ownCabinet: num(place?.own_cabinet),
              street: (place?.street as string | null) ?? null,
            };
          });
        const uidOf = new Map([...places.values()].map((p) => [num(p.cabinet), p.cabinet_uid as string]));
        const created = [];
        for (const batch of groupEvents(orderable)) {
          const title =
            [batch.street, batch.cabinet != null ? uidOf.get(batch.cabinet) : null]
              .filter(Boolean)
              .join(' · ') || batch.type;
          const row = await service.create(orders, req.caller, {
            title,
            eventType: batch.type,
            priority: req.body.priority ?? 'MEDIUM',
            ...(req.body.crew !== undefined && { crew: req.body.crew }),
            ...(batch.street && { street: batch.street }),
            ...(batch.group != null && { group: batch.group }),
            events: batch.events,
            ...(batch.supports.length && { supports: batch.supports }),
            ...(batch.modules.length && { modules: batch.modules }),
            ...(batch.cabinets.length && { cabinets: batch.cabinets }),
          });
          created.push({ _id: Number(row._id), title, events: batch.events.length });
        }
        return { created, alreadyOrdered: [...taken].sort((a, b) => a - b) };
      });
      chain = run.catch(() => undefined);
      return { error: false as const, result: await run };
    },
  );
}
