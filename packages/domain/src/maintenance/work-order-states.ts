import type { ErrorCode } from '../errors.ts';

// A work order's life (issue 32): NEW → ASSIGNED → IN_PROGRESS → DONE → VERIFIED, or REOPENED with a reason, or
// CANCELLED with one.

export const WORK_ORDER_STATUSES = [
  'NEW',
  'ASSIGNED',
  'IN_PROGRESS',
  'DONE',
  'VERIFIED',
  'REOPENED',
  'CANCELLED',
] as const;
export type WorkOrderStatus = (typeof WORK_ORDER_STATUSES)[number];

/** An order in these is over: its devices and events may be ordered again. */
export const CLOSED_WORK_ORDER_STATUSES = [
  'VERIFIED',
  'CANCELLED',
] as const satisfies readonly WorkOrderStatus[];
export const OPEN_WORK_ORDER_STATUSES = WORK_ORDER_STATUSES.filter(
  (s) => !(CLOSED_WORK_ORDER_STATUSES as readonly string[]).includes(s),
);

/** The orders a crew has to go out for: on its field screen (issue 32). */
export const CREW_WORK_ORDER_STATUSES = [
  'ASSIGNED',
  'IN_PROGRESS',
  'REOPENED',
] as const satisfies readonly WorkOrderStatus[];

export const WORK_ORDER_PRIORITIES = ['URGENT', 'HIGH', 'MEDIUM', 'LOW'] as const;
export type WorkOrderPriority = (typeof WORK_ORDER_PRIORITIES)[number];

/** A fault kind's service level: the hours to repair, by the order's priority. */
export const SERVICE_HOURS_FIELDS: Record<WorkOrderPriority, string> = {
  URGENT: 'hoursUrgent',
  HIGH: 'hoursHigh',
  MEDIUM: 'hoursMedium',
  LOW: 'hoursLow',
};

// where an order may go from each state; a crew that is taken off an assigned order leaves it NEW again
const NEXT: Record<WorkOrderStatus, readonly WorkOrderStatus[]> = {
  NEW: ['ASSIGNED', 'CANCELLED'],
  ASSIGNED: ['NEW', 'IN_PROGRESS', 'CANCELLED'],
  IN_PROGRESS: ['ASSIGNED', 'DONE', 'CANCELLED'],
  DONE: ['VERIFIED', 'REOPENED'],
  REOPENED: ['ASSIGNED', 'IN_PROGRESS', 'CANCELLED'],
  VERIFIED: [],
  CANCELLED: [],
};

export const mayMoveWorkOrder = (from: WorkOrderStatus, to: WorkOrderStatus): boolean =>
  from === to || NEXT[from].includes(to);

const CREWED: readonly WorkOrderStatus[] = ['ASSIGNED', 'IN_PROGRESS', 'DONE'];
const REASONED: readonly WorkOrderStatus[] = ['REOPENED', 'CANCELLED'];

type OrderFacts = { status?: unknown; crew?: unknown; reason?: unknown };

/** What a stored order must hold in its state: a crew once assigned, a reason when reopened or cancelled. */
export function workOrderProblem(o: OrderFacts): { code: ErrorCode; fields: string[] } | undefined {
  const status = (o.status ?? 'NEW') as WorkOrderStatus;
  if (CREWED.includes(status) && o.crew == null) return { code: 'IsInvalidError', fields: ['crew'] };
  if (REASONED.includes(status) && !(typeof o.reason === 'string' && o.reason.trim()))
    return { code: 'IsInvalidError', fields: ['reason'] };
  return undefined;
}

/**
 * The state an order takes when only its crew is changed: a new order given a crew is assigned, an assigned order
 * whose crew is taken off is new again; a reopened order given a crew is assigned too.
 */
export function statusForCrew(status: WorkOrderStatus, crew: unknown): WorkOrderStatus {
  if (crew != null && (status === 'NEW' || status === 'REOPENED')) return 'ASSIGNED';
  if (crew == null && status === 'ASSIGNED') return 'NEW';
  return status;
}

/** When an order opened at `opened` is due under its fault kind's service level; none without one. */
export function workOrderDue(
  opened: Date,
  faultKind: Record<string, unknown> | undefined,
  priority: WorkOrderPriority,
): Date | undefined {
  const hours = faultKind?.[SERVICE_HOURS_FIELDS[priority]];
  if (typeof hours !== 'number' || !(hours > 0)) return undefined;
  return new Date(opened.getTime() + hours * 3_600_000);
}

/** Late: past its due date and not yet done. */
export const isWorkOrderLate = (o: { status?: unknown; dueDate?: unknown }, now: Date): boolean =>
  (['NEW', 'ASSIGNED', 'IN_PROGRESS', 'REOPENED'] as unknown[]).includes(o.status) &&
  o.dueDate != null &&
  new Date(o.dueDate as string).getTime() < now.getTime();
