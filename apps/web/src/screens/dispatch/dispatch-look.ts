import type { WorkOrderStatus } from '@sl/domain';

/** An open order's marker colour by its state; an order past its due date is ringed in LATE_COLOUR. */
export const STATE_COLOURS = {
  NEW: '#1976d2',
  ASSIGNED: '#7b1fa2',
  IN_PROGRESS: '#ed6c02',
  REOPENED: '#00897b',
} as const satisfies Partial<Record<WorkOrderStatus, string>>;
export const OTHER_STATE_COLOUR = '#9e9e9e';
// the list's late tint (rowTone) is of the same red
export const LATE_COLOUR = '#d32f2f';

export const stateColour = (status: WorkOrderStatus): string =>
  (STATE_COLOURS as Partial<Record<WorkOrderStatus, string>>)[status] ?? OTHER_STATE_COLOUR;
