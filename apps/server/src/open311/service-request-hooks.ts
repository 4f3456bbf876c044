import type { EntityHooks, EntityService } from '../entities/entity.service.ts';
import type { Raw } from '../field/offline-sweep.ts';
import type { Clock } from '../lighting/program-service.ts';
import type { OrderingQueue } from '../maintenance/event-orders.ts';
import { orderForReport } from './open311-orders.ts';

/** A report in triage that a dispatcher places on its mounting is followed by a work order at once. */
export function serviceRequestHooks(
  raw: Raw,
  service: EntityService,
  queue: OrderingQueue,
  clock: Clock,
): EntityHooks {
  return {
    async afterUpdate(_caller, row) {
      if (row.support == null || row.workOrder != null || row.status !== 'open') return;
      await orderForReport(raw, service, queue, clock, {
        id: Number(row._id),
        support: Number(row.support),
        serviceCode: String(row.serviceCode),
        group: row.group == null ? null : Number(row.group),
        description: (row.description as string | null) ?? undefined,
      });
    },
  };
}
