import {
  entity,
  EventGrouping,
  statusForCrew,
  workOrderDue,
  workOrderProblem,
  type WorkOrderPriority,
} from '@sl/domain';
import { ApiError } from '../http/api-error.ts';
import type { Caller } from '../auth/caller.ts';
import type { EntityService } from '../entities/entity.service.ts';
import type { Raw } from '../field/offline-sweep.ts';
import { slicer } from '../map/sliced-work.ts';
import { assertCrewOfGroup, eventsOrdered, faultKindOf } from './work-order-hooks.ts';

const orders = entity('WorkOrders');

export type Ordered = { created: { _id: number; title: string; events: number }[]; alreadyOrdered: number[] };

const num = (v: unknown) => (v == null ? null : Number(v));

// the open events among the ids, in the group (none: every group), each with its street and cabinet: its mounting's,
// else its controller's cabinet's (by address)
const ORDERABLE = `
  select e._id, e.type, e."group", e.support, e.module, e.controller,
    coalesce(nullif(trim(s.street), ''), nullif(trim(k.address), '')) as street,
    coalesce(e.cabinet, s.cabinet, c.cabinet) as cabinet,
    case when e.module is null and e.support is null then coalesce(e.cabinet, c.cabinet) end as own_cabinet,
    k.uid as cabinet_uid
  from important_events e
  left join luminary_supports s on s._id = e.support
  left join controllers c on c._id = e.controller
  left join cabinets k on k._id = coalesce(e.cabinet, s.cabinet, c.cabinet)
  where e._id = any($1::bigint[]) and e.status = 'OPEN' and e.deleted_at is null
    and ($2::bigint is null or e."group" = $2)
  order by e._id`;

/**
 * Events made into work orders, one per event type, street and cabinet (issue 32: a storm of events becomes a few
 * orders): the open ones of `ids` in the caller's group; one already in an order that is not over is left out and
 * named. Every order is made in one transaction, as `caller`. Long loops give the thread back (`pause`): a storm of
 * a hundred thousand events must not hold the other requests.
 */
export async function orderEvents(
  service: EntityService,
  raw: Raw,
  caller: Caller,
  ids: number[],
  opts: { priority?: WorkOrderPriority; crew?: number },
  now: Date,
): Promise<Ordered> {
  const pause = slicer();
  const { rows: events } = await raw.query(ORDERABLE, [`{${ids.join(',')}}`, caller.groupId ?? null]);
  const taken = new Set(
    await eventsOrdered(
      raw,
      events.map((e) => Number(e._id)),
    ),
  );
  const grouping = new EventGrouping();
  const uidOf = new Map<number | null, string>();
  for (const e of events) {
    await pause();
    if (taken.has(Number(e._id))) continue;
    uidOf.set(num(e.cabinet), e.cabinet_uid as string);
    grouping.add({
      id: Number(e._id),
      type: String(e.type),
      group: num(e.group),
      support: num(e.support),
      module: num(e.module),
      controller: num(e.controller),
      cabinet: num(e.cabinet),
      ownCabinet: num(e.own_cabinet),
      street: (e.street as string | null) ?? null,
    });
  }
  const batches = grouping.batches();
  // what each order's hooks would ask, asked once for them all: the fault kind per type, the crew per group
  const kinds = new Map<string, Awaited<ReturnType<typeof faultKindOf>>>();
  for (const type of new Set(batches.map((b) => b.type)))
    kinds.set(type, await faultKindOf(raw, { eventType: type }));
  if (opts.crew !== undefined)
    for (const group of new Set(batches.map((b) => b.group))) await assertCrewOfGroup(raw, opts.crew, group);
  const priority = opts.priority ?? 'MEDIUM';
  const rows: (Record<string, unknown> & { title: string; events: number[] })[] = [];
  for (const batch of batches) {
    await pause();
    const cabinetUid = batch.cabinet != null ? uidOf.get(batch.cabinet) : null;
    const kind = kinds.get(batch.type);
    const row = {
      title: [batch.street, cabinetUid].filter(Boolean).join(' · ') || batch.type,
      status: statusForCrew('NEW', opts.crew),
      eventType: batch.type,
      priority,
      faultKind: kind?._id ?? null,
      dueDate: workOrderDue(now, kind, priority) ?? null,
      crew: opts.crew ?? null,
      street: batch.street,
      group: caller.groupId ?? batch.group,
      events: batch.events,
      supports: batch.supports.length ? batch.supports : null,
      modules: batch.modules.length ? batch.modules : null,
      cabinets: batch.cabinets.length ? batch.cabinets : null,
    };
    const problem = workOrderProblem(row);
    if (problem) throw new ApiError(problem.code, problem.fields);
    rows.push(row);
  }
  // every order in one transaction, each with its entry in the change log
  const made = await service.createMany(orders, caller, rows);
  const created = made.map((row, i) => ({
    _id: Number(row._id),
    title: rows[i]!.title,
    events: rows[i]!.events.length,
  }));
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
