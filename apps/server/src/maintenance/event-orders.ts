import { entity, groupEvents, type OrderableEvent, type WorkOrderPriority } from '@sl/domain';
import type { Caller } from '../auth/caller.ts';
import type { EntityService } from '../entities/entity.service.ts';
import type { Raw } from '../field/offline-sweep.ts';
import { eventsOrdered } from './work-order-hooks.ts';

const orders = entity('WorkOrders');

/** An open event as ordering reads it. */
export type EventToOrder = Record<'_id' | 'type' | 'group' | 'support' | 'module' | 'controller', unknown> &
  Record<string, unknown>;

export type Ordered = { created: { _id: number; title: string; events: number }[]; alreadyOrdered: number[] };

const num = (v: unknown) => (v == null ? null : Number(v));

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

/**
 * Events made into work orders, one per event type, street and cabinet (issue 32: a storm of events becomes a few
 * orders); an event already in an order that is not over is left out and named. Orders are made as `caller`.
 */
export async function orderEvents(
  service: EntityService,
  raw: Raw,
  caller: Caller,
  events: EventToOrder[],
  opts: { priority?: WorkOrderPriority; crew?: number },
): Promise<Ordered> {
  const ids = events.map((e) => Number(e._id));
  const taken = new Set(await eventsOrdered(raw, ids));
  const places = await placesOf(raw, ids);
  const orderable: OrderableEvent[] = events
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
    const cabinetUid = batch.cabinet != null ? uidOf.get(batch.cabinet) : null;
    const title = [batch.street, cabinetUid].filter(Boolean).join(' · ') || batch.type;
    const row = await service.create(orders, caller, {
      title,
      eventType: batch.type,
      priority: opts.priority ?? 'MEDIUM',
      ...(opts.crew !== undefined && { crew: opts.crew }),
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
}

/** One ordering at a time in this process: two dispatchers (or a dispatcher and a rule) ordering the same events. */
export class OrderingQueue {
  private chain: Promise<unknown> = Promise.resolve();

  run<T>(job: () => Promise<T>): Promise<T> {
    const next = this.chain.then(job);
    this.chain = next.catch(() => undefined);
    return next;
  }
}
