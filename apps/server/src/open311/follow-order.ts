import type { WorkOrderStatus } from '@sl/domain';
import type { Raw } from '../field/offline-sweep.ts';

const CLOSING: Partial<Record<WorkOrderStatus, (reason: unknown) => { status: string; notes: string }>> = {
  VERIFIED: () => ({ status: 'closed', notes: 'Repaired, and the repair was checked through the night.' }),
  CANCELLED: (reason) => ({ status: 'closed', notes: String(reason ?? 'Closed.') }),
  REOPENED: (reason) => ({ status: 'open', notes: `Reopened: ${String(reason ?? '')}`.trim() }),
};

/** A citizen's report follows its work order: closed with the public note once it is verified or cancelled. */
export async function followOrder(raw: Raw, order: Record<string, unknown>) {
  const closing = CLOSING[order.status as WorkOrderStatus];
  if (!closing) return false;
  const { status, notes } = closing(order.reason);
  const { rows } = await raw.query(
    `update service_requests set status = $2, status_notes = $3, updated_at = now()
    where work_order = $1 and deleted_at is null returning _id`,
    [order._id, status, notes],
  );
  return rows.length > 0;
}
