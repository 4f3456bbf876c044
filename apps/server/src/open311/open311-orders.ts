import { entity, OPEN_WORK_ORDER_STATUSES, OPEN311_SERVICES, OUTAGE_EVENT_TYPES } from '@sl/domain';
import type { Caller } from '../auth/caller.ts';
import type { EntityService } from '../entities/entity.service.ts';
import type { Raw } from '../field/offline-sweep.ts';
import type { Clock } from '../lighting/program-service.ts';
import { orderEvents, type OrderingQueue } from '../maintenance/event-orders.ts';

const orders = entity('WorkOrders');

export type ReportToOrder = {
  id: number;
  support: number;
  serviceCode: string;
  group: number | null;
  description?: string;
};

/**
 * The work order a matched report is followed by: an open one on its mounting already, else one made of the open
 * events on the mounting (a dark lamp the console already knows of), else a new one for the report alone. The
 * report is not ordered twice: it joins what is there.
 */
export async function orderForReport(
  raw: Raw,
  service: EntityService,
  queue: OrderingQueue,
  clock: Clock,
  report: ReportToOrder,
): Promise<number> {
  const caller: Caller = { ...(report.group != null && { groupId: report.group }), allows: () => true };
  const order = await queue.run(async () => {
    const { rows: open } = await raw.query(
      `select _id from work_orders
      where deleted_at is null and status = any($1::text[]) and $2::bigint = any(supports) order by _id limit 1`,
      [OPEN_WORK_ORDER_STATUSES, report.support],
    );
    if (open[0]) return Number(open[0]._id);
    const service311 = OPEN311_SERVICES.find((s) => s.code === report.serviceCode);
    const types = [...OUTAGE_EVENT_TYPES, ...(service311?.eventType ? [service311.eventType] : [])];
    const { rows: events } = await raw.query(
      `select e._id from important_events e
      where e.deleted_at is null and e.status = 'OPEN' and e.type = any($1::text[]) and e.support = $2`,
      [types, report.support],
    );
    if (events.length) {
      const made = await orderEvents(
        service,
        raw,
        caller,
        events.map((e) => Number(e._id)),
        {},
        clock.now(),
      );
      if (made.created[0]) return made.created[0]._id;
    }
    const { rows: place } = await raw.query(
      `select uid, street, "group" from luminary_supports where _id = $1`,
      [report.support],
    );
    const support = place[0];
    const row = await service.create(orders, caller, {
      title: [support?.street, support?.uid].filter(Boolean).join(' · ') || `#${report.id}`,
      ...(service311?.eventType && { eventType: service311.eventType }),
      supports: [report.support],
      ...(support?.group != null && { group: Number(support.group) }),
      ...(report.description && { notes: report.description.slice(0, 4000) }),
    });
    return Number(row._id);
  });
  await raw.query(`update service_requests set work_order = $2, updated_at = now() where _id = $1`, [
    report.id,
    order,
  ]);
  return order;
}
