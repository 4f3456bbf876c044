import { isWorkOrderLate, type Entity } from '@sl/domain';

/** How a list row stands out for what it says: a work order past its due date and not yet done. */
export function rowTone(e: Entity, record: Record<string, unknown>, now: Date) {
  if (e.name === 'WorkOrders' && isWorkOrderLate(record, now))
    return { bgcolor: 'rgba(211, 47, 47, 0.12)', '& td:first-of-type': { boxShadow: 'inset 4px 0 #d32f2f' } };
  return {};
}
